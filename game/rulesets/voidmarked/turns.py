"""Initiative (VM-INIT), whose turn it is, the end of a turn and the passage to the next unit.

Initiative = flip + Intelligence / 2 (rounded down), highest first. Units of the same type on a
side share one flip (the seed's group flip). Ties: higher Foresight, then a coin toss made at
set-up between the sides, then the side's own deployment order (its standing choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.core.cards import card_label, card_value
from game.core.sides import side_name
from game.rulesets.voidmarked.components import VmMarks
from game.rulesets.voidmarked.conditions import refresh_engagement, start_of_turn
from game.rulesets.voidmarked.flips import Asking, clear_table, flip
from game.rulesets.voidmarked.kinds import Ev
from game.rulesets.voidmarked.query import (
    conditions,
    current_actor,
    name_of,
    order,
    side_of,
    stats,
    status,
    table,
    turn_state,
    units,
)
from game.rulesets.voidmarked.stealth import can_hide

if TYPE_CHECKING:
    from game.core.match import Match


def roll_initiative(match: Match) -> list[int]:
    """VM-INIT: flip per unit type and side, add Intelligence / 2, sort. Returns the order."""
    flips: dict[tuple[str, str], str] = {}
    turned: list[str] = []
    totals: dict[int, int] = {}
    math = []
    for ent in units():
        key = (side_of(ent), stats(ent).unit)
        if key not in flips:
            f = flip(match, side_of(ent))  # flipped at set-up: nobody is asked to cheat
            flips[key] = f.kept
            turned += f.shown()
        card = flips[key]
        half = stats(ent).intelligence // 2
        totals[ent] = card_value(card) + half
        math.append(f"{name_of(ent)}: {card_label(card)} + Int/2 {half} = {totals[ent]}")
    clear_table(match)
    toss_p1 = match.chance.coin()
    first_side = "p1" if toss_p1 else "p2"
    ranked = sorted(totals, key=lambda e: (-totals[e], -stats(e).foresight,
                                           0 if side_of(e) == first_side else 1, stats(e).order, e))
    o = order(match)
    o.order = ranked
    o.index = 0
    o.initiative = {str(e): totals[e] for e in ranked}
    math.append(f"ties: Foresight, then {side_name(match, first_side)} (won the toss), then deployment order")
    match.emit(Ev.INITIATIVE, "Initiative: " + ", ".join(f"{name_of(e)} {totals[e]}" for e in ranked) + ".",
               math, chance=True, cards=turned, order=list(ranked))
    return ranked


def begin(match: Match, ent: int) -> Asking:
    """Start `ent`'s turn: the start-of-turn window, then its Move, Action and Quick Action."""
    yield from start_of_turn(match, ent)
    ts = turn_state(match)
    ts.actor = ent
    ts.moves_left = 1
    ts.moved = ts.action_used = ts.quick_used = ts.ran = ts.attacked = False


def end_turn(match: Match, round_cap: int, decided: object) -> Asking:
    """End the current unit's turn and run the order on to the next unit able to act.

    A unit that ends its turn without attacking, moving or having been targeted since its last
    turn, hidden from every enemy, slips into stealth (VM-STEALTH).
    """
    ent = current_actor(match)
    ts = turn_state(match)
    if ent is not None and status(ent).state == "active":
        marks = _marks(ent)
        conds = conditions(ent)
        if (not ts.attacked and not ts.moved and not marks.targeted and not conds.has("stealthed")
                and can_hide(match, ent)):
            conds.active["stealthed"] = {"turns": 0}
            match.emit(Ev.STEALTH, f"{name_of(ent)} stays still and slips into stealth.", side=side_of(ent))
        marks.targeted = False
        match.emit(Ev.TURN, f"{name_of(ent)} ends their turn.", side=side_of(ent))
    o = order(match)
    tab = table(match)
    for _ in range(2 * len(o.order) + 2):
        o.index += 1
        if o.index >= len(o.order):
            o.index = 0
            tab.round += 1
            if tab.round > round_cap:
                return
            match.emit(Ev.ROUND, f"Round {tab.round}.")
        nxt = o.order[o.index]
        if status(nxt).state == "dead":
            continue
        yield from begin(match, nxt)
        if status(nxt).state == "active":
            tab.actor = nxt
            tab.turn_side = side_of(nxt)
            return
        if decided():  # type: ignore[operator]
            return


def first_turn(match: Match) -> None:
    """Set the first unit going at set-up (nothing can ask a question yet: no conditions exist)."""
    o = order(match)
    ent = o.order[0]
    gen = begin(match, ent)
    for _ in gen:  # pragma: no cover - start-of-turn with no conditions never asks
        raise RuntimeError("a decision at set-up")
    tab = table(match)
    tab.actor = ent
    tab.turn_side = side_of(ent)
    refresh_engagement(match)


def _marks(ent: int) -> VmMarks:
    return esper.component_for_entity(ent, VmMarks)
