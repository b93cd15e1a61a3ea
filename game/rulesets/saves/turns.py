"""Side turns (SV-TURN): a side declares for all its units, then resolves; then the other side.

Table.turn_side is the side declaring; Table.data holds 'declared' (this turn's declarations),
'first_side' (the round turns over when it comes round again) and 'only' (the units allowed to act
in a surprise turn, SV-INIT; None when every unit may).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import Table
from game.rulesets.saves.components import SvTurn, conditions, get, has, is_standing, name_of, side_of, units
from game.rulesets.saves.kinds import Ev
from game.rulesets.saves.rules import clear_condition

if TYPE_CHECKING:
    from game.core.match import Match


def table(match: Match) -> Table:
    """The match record (inside `with match.world`)."""
    return get(match.table_entity, Table)


def next_side(match: Match, side: str) -> str:
    """The side after `side` in turn order."""
    sides = table(match).sides
    return sides[(sides.index(side) + 1) % len(sides)]


def may_act(match: Match, ent: int) -> bool:
    """The unit may declare this turn: its side's, standing, not Stunned, in the surprise list if any."""
    t = table(match)
    only = t.data.get("only")
    return (
        side_of(ent) == t.turn_side
        and is_standing(ent)
        and not has(ent, "stunned")
        and (only is None or ent in only)
    )


def begin_turn(match: Match, side: str) -> None:
    """A side's turn starts: its units may be attacked again (SV-GANG), the Prone stand up using
    their move, Stunned units lose this turn, or recover if they lost the last one (SV-STUNNED)."""
    t = table(match)
    t.turn_side = side
    t.data["declared"] = {}
    for ent in units():
        if side_of(ent) != side:
            continue
        turn = get(ent, SvTurn)
        turn.moved = turn.swapped = False
        clear_condition(ent, "attacked")
        if not is_standing(ent):
            continue
        if has(ent, "prone"):
            clear_condition(ent, "prone")
            turn.moved = True
            match.emit(Ev.CONDITION, f"{name_of(ent)} gets up (that is its move).", unit=ent)
        stun = conditions(ent).active.get("stunned")
        if stun is not None and stun.get("served"):
            # SV-STUNNED lasts from the blow through the turn it loses and the enemy's turn after
            # it, when attacks at it are Enhanced and its DEX saves at Disadvantage
            clear_condition(ent, "stunned")
            match.emit(Ev.CONDITION, f"{name_of(ent)} is no longer Stunned.", unit=ent)
        elif stun is not None:
            stun["served"] = True
            match.emit(Ev.CONDITION, f"{name_of(ent)} is Stunned and loses this turn.", unit=ent)
    from game.rulesets.saves.words import side_label

    text = f"{side_label(match, side)}'s turn (round {t.round}): declare, then resolve."
    match.emit(Ev.TURN, text, side=side)


def end_turn(match: Match) -> None:
    """After Resolve: the next side begins."""
    t = table(match)
    side = t.turn_side
    t.data["only"] = None
    nxt = next_side(match, side)
    if nxt == t.data.get("first_side"):
        t.round += 1
    begin_turn(match, nxt)
