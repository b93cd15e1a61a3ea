"""Odds of varium's opposed checks (shove: Might against Might; grapple: grappling against
grappling) and of the free shove or grapple a foe may make when a unit leaves its square.

Each side's check is valued as played for the highest total within `odds.HORIZON` cards (the
look-ahead the AI and the previews use): its score distribution is exact for that play, from the
cards the deciding side cannot see. The second check is weighed on the same unseen pool as the
first (the few cards the first one shows shift it slightly; said in docs/rulesets/varium.md).
The leave prompt, the AI's answer to it and the check table of the side that starts an opposed
check all read these functions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.core.draws import Profile
from game.core.records import Preview
from game.core.stackbest import best_odds
from game.core.stackplay import Payoff
from game.rulesets.varium import odds
from game.rulesets.varium.kinds import Kind

if TYPE_CHECKING:
    from game.core.match import Match

#: (score, probability) ascending; score 0 is a bust
Scores = tuple[tuple[int, float], ...]


@lru_cache(maxsize=512)
def scores(pool: Profile, limit: int, prof: int) -> Scores:
    """An opposed check's score (total + proficiency, 0 on a bust) played for the highest total
    (the AI's `linear` payoff) taking at most `odds.HORIZON` cards: exact weights."""
    rule = replace(odds.rule(limit), max_cards=odds.HORIZON)
    dealt = best_odds(pool, rule, odds.linear_payoff(limit, prof))
    out: dict[int, float] = {0: dealt.bust_w / dealt.total} if dealt.bust_w else {}
    for total, w in dealt.totals:
        s = total + prof if total > 0 else 0
        out[s] = out.get(s, 0.0) + w / dealt.total
    return tuple(sorted(out.items()))


def below(dist: Scores, score: int) -> float:
    """P(a check of this distribution scores strictly below `score`)."""
    return sum(p for s, p in dist if s < score)


@lru_cache(maxsize=256)
def beat_payoff(pool: Profile, limit: int, prof: int, foe_limit: int, foe_prof: int) -> Payoff:
    """Worth of standing on each total = P(the foe's check, dealt next, scores below it): the
    chance the check that starts a shove or grapple succeeds (ties go to the foe)."""
    foe = scores(pool, foe_limit, foe_prof)
    return odds.table(below(foe, t + prof) if t > 0 else 0.0 for t in odds.totals(limit))


@dataclass(frozen=True)
class LeaveOdds:
    """A free shove or grapple on a unit leaving the square: each one's chance and effect."""

    shove: float  # the shove succeeds: the leaver is prone, one square back, and stays
    grapple: float  # the grapple gains any hold
    restrain: float  # the hold reaches Restrained afterwards: the leaver stays
    hold_now: int  # the grappler's advantage over the leaver before the check
    hold_after: float  # its expected advantage after the grapple
    shove_limits: tuple[int, int]  # (the shover's limit, the leaver's)
    grapple_limits: tuple[int, int]


def opposed(mine: Scores, theirs: Scores, before: int = 0, need: int = 1) -> tuple[float, float, float]:
    """(P(mine beats theirs), P(before + the excess reaches `need`), expected track after):
    the excess of a winning check moves the track; a lost or tied one leaves it."""
    win = reach = after = 0.0
    for a, pa in mine:
        for b, pb in theirs:
            p = pa * pb
            track = before + (a - b if a > b else 0)
            if a > b:
                win += p
            if track >= need:
                reach += p
            after += p * track
    return win, reach, after


#: what `leave_odds` is worked out from: the foe's pool, the shove's limits, the grapple's
#: (limit, proficiency) pairs and the hold before it
LeaveInputs = tuple[Profile, int, int, tuple[int, int], tuple[int, int], int]


def leave_inputs(match: Match, foe: int, leaver: int) -> LeaveInputs:
    """What `foe`'s shove or grapple on `leaver` is weighed on, read from the world now."""
    from game.rulesets.varium.bodies import grapple_stat, track
    from game.rulesets.varium.checks import pool_for
    from game.rulesets.varium.components import sheet, side_of

    return (pool_for(match, side_of(foe)), 20 + sheet(foe).might, 20 + sheet(leaver).might,
            grapple_stat(foe), grapple_stat(leaver), track(match, foe, leaver))


@lru_cache(maxsize=256)
def odds_of(inputs: LeaveInputs) -> LeaveOdds:
    """`leave_odds` from its inputs (no world needed). Memoised: the AI's look-ahead meets the
    same leave prompt (mover, foe, pool) after each move it tries that leaves that foe."""
    from game.rulesets.varium.bodies import RESTRAINED

    pool, s_lim, t_lim, (g_lim, g_prof), (d_lim, d_prof), before = inputs
    shove, _, _ = opposed(scores(pool, s_lim, 0), scores(pool, t_lim, 0))
    mine, theirs = scores(pool, g_lim, g_prof), scores(pool, d_lim, d_prof)
    grip, restrain, after = opposed(mine, theirs, before, RESTRAINED)
    return LeaveOdds(shove, grip, restrain, before, after, (s_lim, t_lim), (g_lim, d_lim))


def leave_odds(match: Match, foe: int, leaver: int) -> LeaveOdds:
    """What `foe`'s shove or grapple on `leaver` would do, from the cards `foe`'s side cannot see
    (inside the world): the free one on a unit leaving its square, and a unit's own shove or
    grapple (`contest_preview`)."""
    return odds_of(leave_inputs(match, foe, leaver))


#: what a hold short of Restrained is worth against stopping the leaver (it helps later grapples)
HOLD_WORTH = 0.3


def leave_worths(lo: LeaveOdds) -> dict[str, float]:
    """The AI's worth of each answer: the chance the leaver is stopped, plus a little for a hold
    that does not stop it (a free check costs nothing, so letting go is worth 0)."""
    return {
        "shove": lo.shove,
        "grapple": lo.restrain + HOLD_WORTH * max(0.0, lo.grapple - lo.restrain),
        "let": 0.0,
    }


class DeferredPreview(Preview):
    """A preview that deals no damage, its odds worked out when first read. The AI's terms ask a
    shove's preview for its damage (none) on every shove it could make, and an opposed check's
    odds cost milliseconds a pool: they wait for someone who reads them (the same numbers).
    Given fields instead of `make` (`dataclasses.replace`), an ordinary preview."""

    def __init__(self, title: str, make: Callable[[], Preview] | None = None, **fields: Any) -> None:
        if make is None:
            self.__dict__.update(vars(Preview(title, **fields)))
        else:
            self.__dict__.update(title=title, expected_damage=0.0, kill=0.0, crit=0.0, crits=False,
                                 _make=make)


def _deferred(name: str) -> property:
    def read(self: DeferredPreview) -> Any:
        got = self.__dict__
        if name not in got:
            got.update(vars(got.pop("_make")()))
        return got[name]

    return property(read)


#: the fields a deferred preview knows at once; every other one waits (`_deferred`)
_KNOWN = frozenset({"title", "expected_damage", "kill", "crit", "crits"})
for _field in fields(Preview):
    if _field.name not in _KNOWN:
        setattr(DeferredPreview, _field.name, _deferred(_field.name))


def contest_preview(match: Match, ent: int, target: int, kind: str) -> Preview:
    """A shove's or a grapple's odds before it is made (`leave_odds`, the numbers the leave prompt
    and the AI's answer to it weigh): the chance it succeeds, and for a grapple the hold. Read from
    the world now, worked out when first read (`DeferredPreview`)."""
    from game.rulesets.varium.components import name_of

    inputs = leave_inputs(match, ent, target)
    who = name_of(target)
    title = f"Shove {who}" if kind == Kind.SHOVE else f"Grapple {who}"
    return DeferredPreview(title, lambda: _contest(odds_of(inputs), who, kind))


def _contest(lo: LeaveOdds, who: str, kind: str) -> Preview:
    from game.rulesets.varium.bodies import RESTRAINED

    played = (f"Odds if each side takes cards (up to {odds.HORIZON}) to get as high as it can, dealt "
              "from the cards you have not seen.")
    if kind == Kind.SHOVE:
        mine, theirs = lo.shove_limits
        return Preview(
            f"Shove {who}",
            [(f"{who} falls prone, 1 square back", lo.shove), ("stands firm", 1.0 - lo.shove)],
            hit=lo.shove, crits=False,
            headline=f"Shove succeeds {100 * lo.shove:.0f}%: {who} falls prone, 1 square back",
            lines=[f"Your Might check (limit {mine}) against {who}'s (limit {theirs}); a tie is theirs.",
                   played],
        )
    mine, theirs = lo.grapple_limits
    return Preview(
        f"Grapple {who}",
        [("gains a hold", lo.grapple), (f"hold reaches +{RESTRAINED} (Restrained)", lo.restrain),
         ("no hold", 1.0 - lo.grapple)],
        hit=lo.grapple, crits=False,
        headline=f"Gains a hold {100 * lo.grapple:.0f}% · Restrained {100 * lo.restrain:.0f}%",
        lines=[f"Your grappling check (limit {mine}) against {who}'s (limit {theirs}); the margin of a win "
               "moves the hold; a tie gains nothing.",
               f"Hold now {lo.hold_now:+d}, expected after {lo.hold_after:+.1f}.", played],
    )
