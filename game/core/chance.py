"""The one seeded source of chance a match owns: dice, coins, d20, shuffles, forced outcomes.

The generator is SplitMix64: its whole state is one integer, so it snapshots to JSON exactly and a
match replays from seed + decisions. Tests force outcomes (`force`) instead of patching modules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


@dataclass(frozen=True)
class Die:
    """A die with named faces; `values` maps a face to its number (custom faces allowed)."""

    name: str
    faces: tuple[str, ...]
    values: tuple[int, ...]

    @staticmethod
    def numeric(sides: int) -> Die:
        """A plain dN whose faces are 1..N."""
        labels = tuple(str(i) for i in range(1, sides + 1))
        return Die(f"d{sides}", labels, tuple(range(1, sides + 1)))

    def value_of(self, face: str) -> int:
        """The number a face counts as."""
        return self.values[self.faces.index(face)]

    def distribution(self) -> Distribution:
        """Every face with its exact probability."""
        return Distribution.uniform(self.faces)


COIN = Die("coin", ("heads", "tails"), (1, 0))
D20 = Die.numeric(20)
D6 = Die.numeric(6)


class Distribution:
    """A finite distribution: outcome -> exact probability (Fractions summing to 1)."""

    __slots__ = ("probs",)

    def __init__(self, probs: dict[Any, Fraction]) -> None:
        self.probs = {k: v for k, v in probs.items() if v}

    @staticmethod
    def uniform(outcomes: Iterable[Hashable]) -> Distribution:
        """Every listed outcome equally likely (repeats weigh more)."""
        counts = Counter(outcomes)
        total = sum(counts.values())
        return Distribution({k: Fraction(n, total) for k, n in counts.items()})

    @staticmethod
    def certain(outcome: Hashable) -> Distribution:
        """A single sure outcome."""
        return Distribution({outcome: Fraction(1)})

    def map(self, fn: Any) -> Distribution:
        """The distribution of fn(outcome)."""
        out: dict[Any, Fraction] = {}
        for k, p in self.probs.items():
            key = fn(k)
            out[key] = out.get(key, Fraction(0)) + p
        return Distribution(out)

    def combine(self, other: Distribution, fn: Any) -> Distribution:
        """The distribution of fn(a, b) for independent a ~ self, b ~ other."""
        out: dict[Any, Fraction] = {}
        for a, pa in self.probs.items():
            for b, pb in other.probs.items():
                key = fn(a, b)
                out[key] = out.get(key, Fraction(0)) + pa * pb
        return Distribution(out)

    def prob(self, pred: Any) -> Fraction:
        """P(pred(outcome))."""
        return sum((p for k, p in self.probs.items() if pred(k)), Fraction(0))

    def expect(self, fn: Any = None) -> Fraction:
        """E[fn(outcome)] (E[outcome] without fn)."""
        f = fn or (lambda k: k)
        return sum((p * f(k) for k, p in self.probs.items()), Fraction(0))

    def total(self) -> Fraction:
        """Sum of probabilities (1 for a proper distribution)."""
        return sum(self.probs.values(), Fraction(0))

    def items(self) -> list[tuple[Any, Fraction]]:
        """Outcomes sorted by their repr, for stable display."""
        return sorted(self.probs.items(), key=lambda kv: repr(kv[0]))

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {float(p):.4f}" for k, p in self.items())
        return f"Distribution({{{body}}})"


def sum_of(dice: Sequence[Die]) -> Distribution:
    """Exact distribution of the sum of the dice's values."""
    dist = Distribution.certain(0)
    for die in dice:
        dist = dist.combine(die.distribution().map(die.value_of), lambda a, b: a + b)
    return dist


class Chance:
    """The seeded source stored with a match. Every random draw in the game goes through one."""

    def __init__(self, seed: int, state: int | None = None, draws: int = 0) -> None:
        self.seed = seed
        self.state = (seed * _GAMMA + 0x632BE59BD9B4E019) & _MASK if state is None else state
        self.draws = draws
        self._forced: dict[str, list[Any]] = {}

    # -- generator -----------------------------------------------------------------------------
    def next_u64(self) -> int:
        """The next raw 64-bit output (SplitMix64)."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        self.draws += 1
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), unbiased by rejection."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    # -- forcing (tests, scripted scenarios, the seed's worked examples) --------------------------
    def force(self, channel: str, *outcomes: Any) -> None:
        """Queue outcomes the next draws on `channel` return (a die name, 'shuffle', a deck id)."""
        self._forced.setdefault(channel, []).extend(outcomes)

    def forced(self, channel: str) -> tuple[bool, Any]:
        """Pop a queued forced outcome for `channel` if any."""
        queue = self._forced.get(channel)
        if queue:
            return True, queue.pop(0)
        return False, None

    # -- events --------------------------------------------------------------------------------
    def roll(self, die: Die) -> str:
        """Roll a die; returns the face."""
        hit, face = self.forced(die.name)
        if hit:
            if face not in die.faces:
                face = die.faces[die.values.index(face)]
            return face
        return die.faces[self.below(len(die.faces))]

    def roll_value(self, die: Die) -> int:
        """Roll a die; returns its value."""
        return die.value_of(self.roll(die))

    def d20(self) -> int:
        """A d20 roll."""
        return self.roll_value(D20)

    def coin(self) -> bool:
        """A token flip: True on heads."""
        return self.roll(COIN) == "heads"

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def pick(self, items: Sequence[T]) -> T:
        """One item uniformly."""
        return items[self.below(len(items))]

    # -- persistence ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, int]:
        """Exact state (forced queues are a test device and are not saved)."""
        return {"seed": self.seed, "state": self.state, "draws": self.draws}

    @staticmethod
    def from_json(data: dict[str, int]) -> Chance:
        """Restore exactly."""
        return Chance(int(data["seed"]), int(data["state"]), int(data.get("draws", 0)))

    def copy(self) -> Chance:
        """An independent copy (AI lookahead)."""
        return Chance(self.seed, self.state, self.draws)
