"""The exact expectation of a strike from what a side knows: odds, damage, take-out chance.

The odds come from `odds.duel_odds` on the side's pool of unseen cards; damage per band,
resistance and on-hit trigger damage follow the same functions the resolution applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from game.rulesets.voidmarked.odds import (
    BAND_NAMES,
    CRIT,
    HIGH,
    LOW,
    MISS,
    MOD,
    ZERO,
    DuelOdds,
    Profile,
    band_odds,
    duel_odds,
    profile_of,
)
from game.rulesets.voidmarked.query import deck, health, stats, status
from game.rulesets.voidmarked.schemas import Trigger
from game.rulesets.voidmarked.strikes import Strike

if TYPE_CHECKING:
    from game.core.match import Match

KILL_WEIGHT = 8.0  # matches Assessment.score: a take-out is worth 8 points of damage


def pool(match: Match, side: str | None) -> Profile:
    """What `side` cannot see, as a value profile: where its next flips come from.

    When the deck is about to run out the discard will be shuffled in, so it joins the pool.
    """
    cards = deck(match)
    unseen = cards.unseen_by(side)
    if len(cards.zones.get("deck", [])) < 7:
        unseen = unseen + list(cards.zones.get("discard", []))
    return profile_of(unseen)


def fires(trigger: Trigger, band: int, crit: bool) -> bool:
    """VM-TRIGGER: does a damage trigger fire at this band? A critical (and so a natural Red
    Joker) meets every hit-based trigger (VM-REDJOKER)."""
    if crit:
        return True
    if trigger.on == "hit":
        return True
    if trigger.on == "moderate+":
        return band >= MOD
    if trigger.on == "high":
        return band == HIGH
    return False


def resisted_amount(amount: int, resisted: bool, crit: bool) -> int:
    """VM-RESIST: halved rounded up, unless a critical bypasses it (VM-CRIT)."""
    return (amount + 1) // 2 if resisted and not crit else amount


def base_damage(s: Strike, band: int, crit: bool) -> int:
    """The weapon's damage at a band before resistance (VM-CRIT: a critical is High)."""
    if s.damage is None:
        return 0
    if s.low_only:
        return s.damage[0]  # VM-DUAL: the off-hand only ever deals Low
    if crit:
        return s.damage[2]
    return s.damage[band - 1] if band >= LOW else 0


def damage_for(s: Strike, band: int, crit: bool, resist_types: list[str], need: int = 10**6) -> int:
    """Damage one hit does at a band: resisted base, plus trigger damage while the target still stands."""
    total = resisted_amount(base_damage(s, band, crit), s.resisted, crit)
    if total >= need:
        return total  # the target is down; its triggers do not fire
    for t in s.triggers:
        if t.effect == "damage" and fires(t, band, crit):
            total += resisted_amount(t.amount, t.type in resist_types, crit)
    return total


@dataclass(frozen=True)
class Expectation:
    """Exact natural outcome of a strike: odds, damage distribution, expected damage, take-out."""

    odds: DuelOdds
    rows: tuple[tuple[int, int, str], ...]  # (weight over odds.total, damage, label)
    damage_w: int  # sum of weight x damage
    kill_w: int

    @property
    def outcomes(self) -> tuple[tuple[Fraction, int, str], ...]:
        """(probability, damage, label) for each way the strike can end."""
        t = self.odds.total
        return tuple((Fraction(w, t), d, label) for w, d, label in self.rows)

    @property
    def expected_damage(self) -> Fraction:
        """E[damage]."""
        return Fraction(self.damage_w, self.odds.total) if self.odds.total else Fraction(0)

    @property
    def kill(self) -> Fraction:
        """P(the target is taken out: down from standing, or dead from grasping)."""
        return Fraction(self.kill_w, self.odds.total) if self.odds.total else Fraction(0)

    def floats(self) -> tuple[float, float]:
        """(expected damage, take-out chance) as floats."""
        t = self.odds.total
        return (self.damage_w / t, self.kill_w / t) if t else (0.0, 0.0)

    def value(self) -> float:
        """Worth to the attacker in Assessment units."""
        ev, kill = self.floats()
        return ev + KILL_WEIGHT * kill


_HIT_LABELS = tuple(f"hit, {name}" for name in BAND_NAMES)


def expect(match: Match, side: str | None, s: Strike, prof: Profile | None = None,
           nets: tuple[int, int] | None = None) -> Expectation:
    """The exact expectation of a strike from `side`'s knowledge.

    `nets` overrides the strike's (net_a, net_d): the AI values one strike from many squares
    and copying the dataclass for each would cost more than the look-up.
    """
    prof = pool(match, side) if prof is None else prof
    net_a, net_d = (s.net_a, s.net_d) if nets is None else nets
    odds = duel_odds(prof, net_a, net_d, s.rule, s.bands)
    resist = stats(s.target).resist
    hp = health(s.target).current
    down = status(s.target).state == "down"
    need = 1 if down else max(hp, 1)
    rows: list[tuple[int, int, str]] = [(odds.total - odds.hit_w, 0, "miss")]
    if s.low_only or s.damage is None:
        rows.append((odds.hit_w - odds.crit_w, damage_for(s, LOW, False, resist, need), "hit"))
    else:
        for b in (ZERO, LOW, MOD, HIGH):
            rows.append((odds.band_w[b], damage_for(s, b, False, resist, need), _HIT_LABELS[b]))
    rows.append((odds.crit_w, damage_for(s, HIGH, True, resist, need), "critical"))
    rows = [r for r in rows if r[0]]
    damage_w = sum(w * d for w, d, _ in rows)
    kill_w = 0 if s.damage is None else sum(w for w, d, _ in rows if d >= need and d > 0)
    return Expectation(odds, tuple(rows), damage_w, kill_w)


def result_value(match: Match, side: str, s: Strike, res: int, prof: Profile | None = None) -> float:
    """Worth to the attacker of a duel ending in `res`, with the damage flip still to come."""
    if res == MISS:
        return 0.0
    resist = stats(s.target).resist
    hp = health(s.target).current
    need = 1 if status(s.target).state == "down" else max(hp, 1)
    if res == CRIT or s.low_only or s.damage is None:
        d = damage_for(s, HIGH, res == CRIT, resist, need) if s.damage is not None else 0
        return d + (KILL_WEIGHT if s.damage is not None and d >= need else 0.0)
    prof = pool(match, side) if prof is None else prof
    total = 0.0
    for b, p in enumerate(band_odds(prof, 0, s.bands)):
        d = damage_for(s, b, False, resist, need)
        total += float(p) * (d + (KILL_WEIGHT if d >= need and d > 0 else 0.0))
    return total
