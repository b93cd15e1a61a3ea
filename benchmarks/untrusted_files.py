"""Time and memory to load valid and hostile saves, replays and settings (issue #23).

Prints one line per input: what it is, how the game answered (loaded / the refusal), wall time
and the peak of Python allocations (tracemalloc) while reading it. Never asserts: the targets
("every command finishes or refuses within seconds", "never a traceback") are read here.

    python benchmarks/untrusted_files.py
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _run(fn: Callable[[], Any]) -> str:
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the answer is what is measured
        return f"{type(exc).__name__}: {exc}"
    return "loaded"


def measure(label: str, fn: Callable[[], Any]) -> None:
    """Wall time of a plain run (tracemalloc slows Python down several times), then the peak of
    Python allocations in a second, traced run."""
    start = time.perf_counter()
    answer = _run(fn)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    _run(fn)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{label:42} {seconds * 1000:8.1f} ms {peak / 2**20:7.1f} MiB  {answer[:110]}")


def main() -> None:
    from game.core.match import new_match
    from game.sim import default_scenario, play_game, replay_data, run_replay
    from game.ui.saves import load_game, save_game
    from game.ui.session import Session
    from game.ui.settings import load_settings as _load_settings
    from game.ui.settings import settings_notice

    def load_settings(path: Path) -> None:
        """Defaults plus a notice is how settings refuse: report the notice as the answer."""
        _load_settings(path)
        if settings_notice():
            raise ValueError(f"defaults used: {settings_notice()}")

    tmp = Path(tempfile.mkdtemp(prefix="skirmish-bench-"))
    os.environ["XDG_DATA_HOME"] = str(tmp / "xdg")

    saves: dict[str, Path] = {}
    for rid, seed in (("voidmarked", 3), ("casket", 1)):
        session = Session(new_match(default_scenario(rid, None, seed)), {"p1": "baseline", "p2": "baseline"})
        while not session.over:
            session.step_ai()
        saves[rid] = save_game(session, f"{rid}-finished", tmp)
        match = play_game(default_scenario(rid, None, seed))
        replay = tmp / f"{rid}-replay.json"
        replay.write_text(json.dumps(replay_data(match, "baseline", "baseline")))
        saves[f"{rid} replay"] = replay

    print(f"{'input':42} {'time':>11} {'peak':>11}  answer")
    for rid in ("voidmarked", "casket"):
        size = saves[rid].stat().st_size
        measure(f"{rid} finished save ({size // 1024} KiB)", lambda p=saves[rid]: load_game(p))
        measure(f"{rid} replay", lambda p=saves[f"{rid} replay"]: run_replay(p))

    base = json.loads(saves["voidmarked"].read_text())

    def variant(name: str, edit: Callable[[dict[str, Any]], Any] | None = None,
                raw: bytes | None = None) -> Path:
        path = tmp / f"{name}.json"
        if raw is not None:
            path.write_bytes(raw)
        else:
            data = json.loads(json.dumps(base))
            assert edit is not None
            edit(data)
            path.write_text(json.dumps(data))
        return path

    ghost = {"Name": {"text": "ghost", "kind": ""}}
    deep = b"[" * 100_000 + b"]" * 100_000

    def pad(value: Any) -> Callable[[dict[str, Any]], Any]:
        return lambda d: d.__setitem__("pad", value)

    def world(edit: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], Any]:
        return lambda d: edit(d["snapshot"]["world"])

    hostile = {
        "save: entity id 100000000": variant("ids", world(lambda w: w.__setitem__("100000000", ghost))),
        "save: nested 100,000 deep": variant("deep", raw=b'{"snapshot": ' + deep + b"}"),
        "save: log nested 100,000 deep": variant("deeplog", raw=json.dumps(base).replace(
            '"log": [', '"log": [' + deep.decode() + ", ", 1).encode()),
        "save: seed of 5,000 digits": variant("digits", raw=json.dumps(base).replace(
            '"seed": 3', '"seed": ' + "9" * 5000, 1).encode()),
        "save: 15 MiB of padding": variant("big", pad("x" * (15 << 20))),
        "save: 2 M one-letter strings": variant("strings", pad(["a"] * (2 << 20))),
        "save: 7 M escapes in one string": variant("escapes", pad("\n" * (7 << 20))),
        "save: 1 M small lists": variant("lists", pad([[1]] * (1 << 20))),
        "save: 17 MiB (over the limit)": variant("huge", pad("x" * (17 << 20))),
        "save: Health -999": variant("hp", world(lambda w: w["3"]["Health"].__setitem__("current", -999))),
    }
    for label, path in hostile.items():
        measure(label, lambda p=path: load_game(p))
    measure("replay: /dev/zero", lambda: run_replay(Path("/dev/zero")))
    if hasattr(os, "mkfifo"):
        fifo = tmp / "fifo.json"
        os.mkfifo(fifo)
        measure("replay: a FIFO with no writer", lambda: run_replay(fifo))
        measure("settings: a FIFO", lambda: load_settings(fifo))
    deep_settings = variant("settings", raw=b"[" * 100_000 + b"]" * 100_000)
    measure("settings: nested 100,000 deep", lambda: load_settings(deep_settings))
    squad_files(tmp)


def squad_files(tmp: Path) -> None:
    """Squad files (TOML, game.core.tomlfile): hostile ones, and the costliest shapes found for
    tomllib within the checks, at the size limit."""
    from game.core.tomlfile import MAX_KEY_PARTS
    from game.rulesets.tokens.squadbuild import FILE_LIMIT, read_squad

    key = ".".join(["a"] * (MAX_KEY_PARTS - 1))

    def fill(unit: str) -> bytes:
        return (unit * (FILE_LIMIT // len(unit))).encode()[:FILE_LIMIT]

    def lines(make: Callable[[int], str]) -> bytes:
        """Distinct lines (make(i)) up to the size limit, whole lines only."""
        out: list[str] = []
        size = 0
        for i in range(FILE_LIMIT):
            line = make(i)
            if size + len(line) > FILE_LIMIT:
                break
            out.append(line)
            size += len(line)
        return "".join(out).encode()

    deep = "[" * 14 + "1" + "]" * 14
    shapes = {
        "nested 5,000 deep": b"x = " + b"[" * 5_000 + b"]" * 5_000,
        "a dotted key of 20,000 parts": (".".join(["a"] * 20_000) + " = 1").encode(),
        "a 5,000-digit number": b"x = " + b"9" * 5_000,
        "worst: array tables + dotted keys": fill(f"[[x]]\n{key}.y = 1\n"),
        "worst: array tables of long names": fill(f"[[{key}.y]]\n"),
        "worst: quoted dotted keys": lines(lambda i: f'"k{i}"."q".x = 1\n'),
        "worst: dotted keys, distinct": lines(lambda i: f"{key}.k{i} = 1\n"),
        "worst: arrays 15 deep": lines(lambda i: f"k{i} = [{deep}]\n"),
        "many keys": lines(lambda i: f"k{i} = {i}\n"),
    }
    for label, data in shapes.items():
        path = tmp / "squad.toml"
        path.write_bytes(data)
        measure(f"squad ({len(data) >> 10} KiB): {label}", lambda p=path: read_squad(p))
    if hasattr(os, "mkfifo"):
        fifo = tmp / "fifo.toml"
        os.mkfifo(fifo)
        measure("squad: a FIFO", lambda: read_squad(fifo))
    measure("squad: /dev/zero", lambda: read_squad(Path("/dev/zero")))


if __name__ == "__main__":
    main()
