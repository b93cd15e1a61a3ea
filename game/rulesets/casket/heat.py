"""Heat: gained from cards, defense dice and jams; vented by cards; overheating melts threads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.casket.components import CasketHeat, get, name_of
from game.rulesets.casket.dice import D6
from game.rulesets.casket.kinds import Ev
from game.rulesets.casket.status import has_wound

if TYPE_CHECKING:
    from game.core.match import Match

OVERHEAT = 10


def gain_heat(match: Match, ent: int, amount: int, why: str) -> int:
    """Add heat (Cracked Rib adds 1 more each time); returns the heat actually gained."""
    if amount <= 0:
        return 0
    extra = 1 if has_wound(ent, "cracked_rib") else 0
    heat = get(ent, CasketHeat)
    heat.value += amount + extra
    math = [f"{why}: +{amount}"] + (["Cracked Rib: +1"] if extra else []) + [f"heat now {heat.value}"]
    match.emit(Ev.HEAT, f"{name_of(ent)} gains {amount + extra} Heat ({why}).", math)
    return amount + extra


def vent_heat(match: Match, ent: int, amount: int, why: str) -> int:
    """Remove heat, never below 0; returns the heat removed."""
    heat = get(ent, CasketHeat)
    removed = min(amount, heat.value)
    heat.value -= removed
    match.emit(Ev.HEAT, f"{name_of(ent)} vents {removed} Heat ({why}).", [f"heat now {heat.value}"])
    return removed


def overheat_check(match: Match, ent: int) -> None:
    """At 10+ Heat, d6 at the start of the activation: on 6 a random thread melts."""
    heat = get(ent, CasketHeat).value
    if heat < OVERHEAT:
        return
    roll = match.chance.roll_value(D6)
    melts = roll == 6
    match.emit(Ev.OVERHEAT, f"{name_of(ent)} is overheating ({heat} Heat): d6 = {roll}"
               f"{' - a thread melts!' if melts else ''}.", [f"d6 {roll} (6 melts a thread)"], chance=True,
               dice=[str(roll)], die="d6")
    if melts:
        from game.rulesets.casket.pilot import snap_random

        snap_random(match, ent, None, 1, "overheating")
