"""Exact odds, one formula each, shared by resolution, the preview and the AI.

Token flips are fair coins (heads succeeds): n flips give a binomial count. Attacks hit unless the
attacker is blinded (TK-BLIND: a coin); Penetrate goes on on coins (TK-PENETRATE). Damage after
defense and shields is deterministic: `damage_after` is the one function that computes it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from game.core.chance import COIN, Distribution, sum_of
from game.rulesets.tokens.content import Defense

HALF = Fraction(1, 2)


@lru_cache(maxsize=64)
def heads(n: int) -> Distribution:
    """Number of heads among n token flips (binomial n, 1/2)."""
    return sum_of([COIN] * n) if n > 0 else Distribution.certain(0)


def health_from_heads(tokens: int, flips_heads: int, player: bool) -> int:
    """TK-HEALTH: a player unit gets 1 + a flip per token (tokens + heads); others 1 + the heads."""
    return tokens + flips_heads if player else 1 + flips_heads


def health_distribution(tokens: int, player: bool) -> Distribution:
    """The exact spread of a unit's rolled health."""
    return heads(tokens).map(lambda h: health_from_heads(tokens, h, player))


def half_tokens(n: int) -> int:
    """TK-ZERO: at exactly 0 health a unit uses half its tokens, rounded down."""
    return n // 2


def reduce_damage(
    damage: int, dtype: str, defenses: tuple[Defense, ...] | list[Defense]
) -> tuple[int, list[str]]:
    """TK-TYPES / TK-DEFENSE: damage after defense, with the breakdown (`_reduced`, worked out once
    per damage, type and armour: the AI asks for every attack it weighs; the breakdown is the
    caller's own list)."""
    out, lines = _reduced(damage, dtype, tuple(defenses))
    return out, list(lines)


@lru_cache(maxsize=4096)
def _reduced(damage: int, dtype: str, defenses: tuple[Defense, ...]) -> tuple[int, tuple[str, ...]]:
    """`reduce_damage`, its breakdown as a tuple (kept: the answer never changes)."""
    out, lines = _reduce(damage, dtype, defenses)
    return out, tuple(lines)


def _reduce(damage: int, dtype: str, defenses: tuple[Defense, ...]) -> tuple[int, list[str]]:
    """TK-TYPES / TK-DEFENSE: damage after defense, with the breakdown.

    Untyped damage ignores defense. Universal damage is reduced by the one entry of any type that
    leaves the least damage. Typed damage is reduced by every entry of its type: normal entries
    add up and never take damage below 1, then plus entries add up and may take it to 0 (the
    catalog's reading).
    """
    if damage <= 0:
        return 0, [f"{damage} damage: nothing to reduce"]
    if dtype == "untyped" or not defenses:
        return damage, [
            f"{damage} {dtype} damage" + (" (untyped: no defense applies)" if dtype == "untyped" else "")
        ]
    if dtype == "universal":
        # the entry that leaves the least damage (its size alone misleads: a normal entry stops
        # at 1 where a smaller plus one reaches 0); ties go to the first written
        best = min(defenses, key=lambda d: _apply(damage, [d])[0])
        out, lines = _apply(damage, [best])
        return out, [f"{damage} universal damage: the best single entry is {best}"] + lines[1:]
    chosen = [d for d in defenses if d.type == dtype]
    if not chosen:
        return damage, [f"{damage} {dtype} damage, no {dtype} defense"]
    out, lines = _apply(damage, chosen)
    lines[0] = f"{damage} {dtype} damage"
    return out, lines


def _apply(damage: int, chosen: list[Defense]) -> tuple[int, list[str]]:
    """Damage after the chosen entries: normal ones first (never below 1), then plus ones."""
    normal = sum(d.amount for d in chosen if not d.plus)
    plus = sum(d.amount for d in chosen if d.plus)
    out = damage
    lines = [f"{damage} damage"]
    if normal:
        out = max(1, out - normal)
        lines.append(f"normal defense -{normal} (minimum 1) -> {out}")
    if plus:
        out = max(0, out - plus)
        lines.append(f"plus defense -{plus} (minimum 0) -> {out}")
    return out, lines


def absorb(damage: int, charges: int) -> tuple[int, int]:
    """TK-SHIELD: (absorbed by shield tokens, left for health); defense came first."""
    taken = min(damage, max(0, charges))
    return taken, damage - taken


def hit_chance(blinded: bool) -> Fraction:
    """TK-ATTACK / TK-BLIND: attacks hit automatically; a blinded attacker misses on a coin."""
    return HALF if blinded else Fraction(1)


def penetration_chances(behind: int, deep: bool) -> list[Fraction]:
    """TK-PENETRATE: chance that each of the `behind` next targets on the line is hit, given the
    first target was. Penetrate: 1/2 for the first, none further. Deep Penetrate: the first is
    certain, each further one needs another heads."""
    out: list[Fraction] = []
    for k in range(behind):
        if deep:
            out.append(HALF**k)
        else:
            out.append(HALF if k == 0 else Fraction(0))
    return out


def observe_chance(observe_tokens: int, stealth: int) -> Fraction:
    """TK-OBSERVE: chance that n observe flips give heads >= the sneaker's stealth value."""
    return heads(observe_tokens).prob(lambda h: h >= stealth)


def observe_chance_unknown(observe_tokens: int, sneak_tokens: int) -> Fraction:
    """The same when only the number of sneak tokens flipped is known (both binomial)."""
    both = heads(observe_tokens).combine(heads(sneak_tokens), lambda o, s: o >= s)
    return both.prob(lambda ok: ok)


def attacks_of_opportunity(attack_tokens: int, cost: int, loaded: int | None = None) -> int:
    """TK-AOO: how many times a provoked enemy strikes: half its attack tokens spent on its
    weapon's attacks (`cost` each), at least once if it can pay for one; never more than the
    rounds `loaded` (None: the weapon needs none)."""
    if attack_tokens < max(1, cost):
        return 0
    n = max(1, (attack_tokens // 2) // max(1, cost))
    return n if loaded is None else min(n, max(0, loaded))
