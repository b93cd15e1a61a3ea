"""Hard AI's exact position term for saves (`Ruleset.exposure_now`, `exposure_after`).

Normal's safety term is `ai.threat_by`: per enemy that can reach the square next turn, the
expected damage of its best weapon's die, the same for every unit whatever its armour, its dodge
or its HP. The exposure here is what the side plan's reply already prices (`sideplan._threat`):
per enemy the side knows of, the best strike it can make on this unit on that square next turn
(its Speed plus the weapon's reach), after the unit's armour and its dodge, a take-out counted
as `ai.KILL` points, a ranged strike whose line from where the enemy stands crosses cover rolled
Impaired (a d4, SV-IMPAIR; it replaces Normal's cover term). An enemy Stunned and yet to lose its
turn strikes no one; the last enemy standing counts a third, as in `ai.threat_by`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.components import Health
from game.rulesets.saves.ai import FINISH, KILL
from game.rulesets.saves.combat import dodge_chance
from game.rulesets.saves.components import SvScores, conditions, get, has, is_standing, side_of, units
from game.rulesets.saves.kinds import Kind
from game.rulesets.saves.odds import damage_distribution, harm
from game.rulesets.saves.rules import armour_of, cell_of, held, save_mode

if TYPE_CHECKING:
    from game.core.match import Match

#: the die an Impaired attack rolls whatever the weapon (SV-IMPAIR)
IMPAIRED_DIE = 4


def exposure_at(match: Match, ent: int, cell: tuple[int, int]) -> float:
    """The enemies' expected strikes on unit `ent` standing on `cell` next turn (inside `with
    match.world`)."""
    from game.rulesets.saves.sideplan import _cover

    me = side_of(ent)
    foes = [e for e in units() if side_of(e) != me and is_standing(e)]
    s = get(ent, SvScores)
    hp, armour, mode = get(ent, Health).current, armour_of(ent), save_mode(ent, "STR")
    miss = 1.0 - dodge_chance(ent)
    dist = match.board.distance
    total = 0.0
    for e in foes:
        stun = conditions(e).active.get("stunned")
        if has(e, "hidden") or (stun is not None and not stun.get("served")):
            continue
        here = cell_of(e)
        d = dist(here, cell)
        speed = get(e, SvScores).speed
        best = 0.0
        for w in held(e):
            if w.blast or d > speed + (w.range or 1):
                continue
            die = IMPAIRED_DIE if w.ranged and _cover(match, here, cell) else w.damage
            h = harm(damage_distribution([die], 0, armour), hp, s.strength, None, 0, mode)
            best = max(best, float(h.expected) + KILL * float(h.out))
        total += miss * best
    return total / FINISH if len(foes) == 1 else total


def exposure_now(match: Match, ent: int) -> float:
    """`exposure_at` where the unit stands."""
    return exposure_at(match, ent, cell_of(ent))


def exposure_after(match: Match, action: Any) -> float | None:
    """`exposure_at` where a move leaves the unit; None for every other declaration."""
    if action.kind != Kind.MOVE or action.actor is None or action.cell is None:
        return None
    return exposure_at(match, action.actor, tuple(action.cell))
