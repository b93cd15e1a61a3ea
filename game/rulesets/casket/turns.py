"""Rounds and activations: the initiative roll, alternating activations, activation start and end.

Table.data keeps 'activated' (caskets done this round), 'first'/'second' (this round's order);
Table.turn_side is the side to activate next and Table.actor the casket activating now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import Table
from game.core.sides import side_names
from game.core.wording import plural
from game.rulesets.casket.components import (
    CasketMotion,
    CasketPilot,
    CasketSP,
    CasketTempo,
    caskets,
    get,
    is_active,
    name_of,
    side_of,
)
from game.rulesets.casket.dice import D6, INITIATIVE_DIE
from game.rulesets.casket.heat import overheat_check
from game.rulesets.casket.kinds import Ev
from game.rulesets.casket.status import has_wound, sp_max, sp_max_lines
from game.rulesets.casket.structure import draw_up, lose_cards

if TYPE_CHECKING:
    from game.core.match import Match


def table(match: Match) -> Table:
    """The match record (inside `with match.world`)."""
    return get(match.table_entity, Table)


def other(match: Match, side: str) -> str:
    """The opposing side."""
    sides = table(match).sides
    return sides[1] if side == sides[0] else sides[0]


def ready(match: Match, side: str) -> list[int]:
    """Caskets of a side that still activate this round."""
    done = table(match).data.get("activated", [])
    return [e for e in caskets(match) if side_of(e) == side and is_active(e) and e not in done]


def roll_initiative(match: Match) -> str:
    """Each side rolls a d6; higher goes first; a tie goes to the side that went second last round
    (in the first round, with no last round, the sides roll again)."""
    t = table(match)
    a, b = t.sides
    last_second = t.data.get("second")
    while True:
        ra, rb = match.chance.roll_value(INITIATIVE_DIE), match.chance.roll_value(INITIATIVE_DIE)
        if ra != rb:
            first = a if ra > rb else b
            why = "higher roll"
            break
        if last_second:
            first = last_second
            why = "tie: the side that went second last round"
            break
        match.emit(Ev.INITIATIVE, f"Initiative tie ({ra}-{rb}) in the first round: roll again.", chance=True,
                   dice=[str(ra), str(rb)], die="d6")
    t.data["first"], t.data["second"] = first, (b if first == a else a)
    names = side_names(match)
    na, nb = names.get(a, a), names.get(b, b)
    match.emit(Ev.INITIATIVE,
               f"Round {t.round}: {na} rolls {ra}, {nb} rolls {rb} - {names.get(first, first)} "
               f"activates first ({why}).",
               [f"{na} d6 {ra}", f"{nb} d6 {rb}"], chance=True, first=first, dice=[str(ra), str(rb)],
               die="d6")
    return first


def start_round(match: Match, first_round: bool = False) -> None:
    """New round: roll initiative, then round-start wounds (Internal Bleeding)."""
    t = table(match)
    if not first_round:
        t.round += 1
    t.data["activated"] = []
    t.actor = None
    first = roll_initiative(match)
    for ent in caskets(match):
        if is_active(ent) and has_wound(ent, "internal_bleeding"):
            lose_cards(match, ent, 1, "Internal Bleeding")
    t.turn_side = first if ready(match, first) else other(match, first)


def begin_activation(match: Match, ent: int) -> None:
    """Start an activation: pain may skip it; refresh SP; overheating; Dissociation."""
    t = table(match)
    t.actor = ent
    pilot = get(ent, CasketPilot)
    motion = get(ent, CasketMotion)
    motion.moved_this = 0
    motion.free_turns = 0
    get(ent, CasketTempo).fresh = True
    if pilot.skip_next:
        pilot.skip_next = False
        match.emit(Ev.PAIN, f"{name_of(ent)}'s pilot is lost in pain: the activation is skipped.")
        end_activation(match, ent, draw=False)
        return
    sp = get(ent, CasketSP)
    sp.sp = sp_max(ent)
    match.emit(Ev.ACTIVATE, f"{name_of(ent)} activates with {sp.sp} SP.", sp_max_lines(ent))
    overheat_check(match, ent)
    if is_active(ent) and has_wound(ent, "dissociation"):
        roll = match.chance.roll_value(D6)
        lost = roll <= 2
        get(ent, CasketTempo).dissociated = lost
        if lost:
            sp.sp = max(0, sp.sp - 1)
        match.emit(Ev.DISSOCIATION,
                   f"Dissociation: d6 = {roll}" + (" - the pilot zones out, -1 SP." if lost else "."),
                   [f"d6 {roll} (1-2 loses 1 SP)"], chance=True, dice=[str(roll)], die="d6")
    if not is_active(ent):
        end_activation(match, ent, draw=False)


def end_activation(match: Match, ent: int, draw: bool = True) -> None:
    """End an activation: draw up to 6, remember the hexes moved, pass to the next side."""
    t = table(match)
    if draw and is_active(ent):
        got = draw_up(match, ent)
        if got:
            match.emit(Ev.DRAW, f"{name_of(ent)} draws {plural(len(got), 'card')} back up to its hand size.",
                       side=side_of(ent))
    motion = get(ent, CasketMotion)
    motion.moved_last = motion.moved_this
    motion.moved_this = 0
    motion.free_turns = 0
    tempo = get(ent, CasketTempo)
    tempo.boost = 0
    tempo.no_attack = False
    tempo.fresh = True
    tempo.dissociated = False
    t.data.setdefault("activated", []).append(ent)
    t.actor = None
    advance(match, side_of(ent))


def advance(match: Match, last: str) -> None:
    """Sides alternate; a side with no caskets left to activate is passed over; then a new round."""
    opp = other(match, last)
    if ready(match, opp):
        table(match).turn_side = opp
    elif ready(match, last):
        table(match).turn_side = last
    elif any(is_active(e) for e in caskets(match) if side_of(e) == opp) and \
            any(is_active(e) for e in caskets(match) if side_of(e) == last):
        start_round(match)


def activation_order(match: Match) -> list[int]:
    """The caskets still due this round in the order the sides alternate, the activating one first.

    Which of its ready caskets a side sends next is that side's choice, so within a side the
    order shown is by id; a side with none left is passed over, as `advance` does.
    """
    t = table(match)
    actor = t.actor
    queues = {s: [e for e in ready(match, s) if e != actor] for s in t.sides}
    out = [actor] if actor is not None else []
    side = other(match, side_of(actor)) if actor is not None else t.turn_side
    while any(queues.values()):
        if not queues.get(side):
            side = other(match, side)
        out.append(queues[side].pop(0))
        side = other(match, side)
    return out
