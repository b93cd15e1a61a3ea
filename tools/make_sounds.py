"""Generate the game's short sound effects (flip, roll, hit, miss, click) as 16-bit mono WAVs.

Pure standard library (wave + math): noise comes from a fixed linear congruential generator so
the files are identical on every run. Usage: python tools/make_sounds.py [OUT_DIR]
"""

from __future__ import annotations

import math
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


class Noise:
    """Deterministic white noise in [-1, 1] (a 32-bit LCG; no random module)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFF

    def __call__(self) -> float:
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return self.state / 0x7FFFFFFF - 1.0


def render(seconds: float, fn: Callable[[float], float]) -> list[float]:
    """Samples of fn(t) over a duration."""
    return [fn(i / RATE) for i in range(int(seconds * RATE))]


def lowpass(samples: list[float], k: float) -> list[float]:
    """One-pole low-pass filter (k in 0..1, smaller is darker)."""
    out, y = [], 0.0
    for s in samples:
        y += k * (s - y)
        out.append(y)
    return out


def flip() -> list[float]:
    """A card snapped onto the table: a bright noise tick with a fast decay."""
    n = Noise(1)
    raw = render(0.09, lambda t: n() * math.exp(-t * 60))
    body = lowpass(raw, 0.55)
    return [
        b + 0.25 * math.sin(2 * math.pi * 1800 * i / RATE) * math.exp(-i / RATE * 90)
        for i, b in enumerate(body)
    ]


def roll() -> list[float]:
    """Dice tumbling: a few clicks of decreasing strength."""
    n = Noise(2)
    out = [0.0] * int(0.42 * RATE)
    for k, (start, amp) in enumerate(((0.0, 1.0), (0.07, 0.8), (0.15, 0.7), (0.22, 0.5), (0.3, 0.35))):
        freq = 900 + 300 * k
        base = int(start * RATE)
        for i in range(int(0.05 * RATE)):
            t = i / RATE
            env = amp * math.exp(-t * 110)
            if base + i < len(out):
                out[base + i] += env * (0.6 * n() + 0.5 * math.sin(2 * math.pi * freq * t))
    return lowpass(out, 0.7)


def hit() -> list[float]:
    """A thump: a falling low tone with a burst of noise on top."""
    n = Noise(3)
    phase = 0.0
    out = []
    for i in range(int(0.25 * RATE)):
        t = i / RATE
        freq = 50 + 110 * math.exp(-t * 25)
        phase += 2 * math.pi * freq / RATE
        out.append(math.sin(phase) * math.exp(-t * 14) + 0.35 * n() * math.exp(-t * 45))
    return lowpass(out, 0.5)


def miss() -> list[float]:
    """A whoosh: filtered noise swelling and fading."""
    n = Noise(4)
    dur = 0.3
    raw = render(dur, lambda t: n() * math.sin(math.pi * t / dur) ** 2)
    return lowpass(raw, 0.18)


def click() -> list[float]:
    """A soft interface tick."""
    return render(0.03, lambda t: math.sin(2 * math.pi * 1400 * t) * math.exp(-t * 160))


def write(path: Path, samples: list[float], gain: float = 0.8) -> None:
    """Normalise and write 16-bit mono PCM."""
    peak = max(1e-9, max(abs(s) for s in samples))
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s / peak * gain)) * 32767)) for s in samples)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(frames)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "flip": flip,
    "roll": roll,
    "hit": hit,
    "miss": miss,
    "click": click,
}


def main(argv: list[str]) -> int:
    """Write every sound into the output folder."""
    out = Path(argv[0]) if argv else OUT
    out.mkdir(parents=True, exist_ok=True)
    for name, fn in SOUNDS.items():
        write(out / f"{name}.wav", fn())
        print(f"wrote {out / (name + '.wav')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
