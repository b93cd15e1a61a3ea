"""Saves components: ability scores, gear, per-turn state. Prefixed Sv (snapshot names are global).

Shared components carry the rest: Health (Hit Points), Conditions (blinded, hidden, invisible,
stunned, unconscious, prone, critical, tended, paralysed, catatonic), Status (active, down, dead,
fled).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import esper

from game.core.components import Conditions, Health, Name, Position, Side, Status
from game.core.world import component


@component
@dataclass
class SvScores:
    """STR, DEX, WIL now and at the start; role ('pc', 'hireling', 'opponent'); morale flags; the
    damage kinds it resists or is vulnerable to."""

    strength: int
    dex: int
    wil: int
    strength_max: int
    dex_max: int
    wil_max: int
    speed: int = 8
    role: str = "opponent"
    leader: bool = False
    mindless: bool = False
    fearless: bool = False
    resist: list[str] = field(default_factory=list)  # damage kinds it resists (SV-IMPAIR)
    vulnerable: list[str] = field(default_factory=list)  # damage kinds it is vulnerable to

    def get(self, score: str) -> int:
        """A score by its name (STR, DEX, WIL)."""
        return {"STR": self.strength, "DEX": self.dex, "WIL": self.wil}[score]

    def set(self, score: str, value: int) -> None:
        """Set a score by its name."""
        setattr(self, {"STR": "strength", "DEX": "dex", "WIL": "wil"}[score], value)


@component
@dataclass
class SvGear:
    """Weapons in hand (one or two), stowed weapons, armour and shield ids, items, uses spent."""

    held: list[str]
    stowed: list[str] = field(default_factory=list)
    armour: str = "none"
    shield: str = ""
    items: list[str] = field(default_factory=list)
    spent: dict[str, int] = field(default_factory=dict)
    bonus: list[int] = field(default_factory=list)


@component
@dataclass
class SvTurn:
    """This turn: moved (or swapped items instead); whether it may act in the surprise turn."""

    moved: bool = False
    swapped: bool = False


#: a component of an entity (inside `with match.world`): esper's own lookup, called directly
#: (the AI asks it millions of times a game; esper reads the current world at each call)
get: Any = esper.component_for_entity
_component = esper.component_for_entity

#: the last unit list esper returned, and it sorted: esper keeps that list object until a
#: component is added or removed (in any world), and then makes a new one
_units_seen: list[Any] = [None, []]


def units() -> list[int]:
    """Every saves unit, ascending id."""
    found = esper.get_component(SvScores)
    if found is not _units_seen[0]:
        _units_seen[0], _units_seen[1] = found, sorted(e for e, _ in found)
    return list(_units_seen[1])


_rows_seen: list[Any] = [None, []]


def unit_rows() -> list[tuple[int, Side, Status, Conditions, Position, SvScores, SvGear]]:
    """Every saves unit with the components the AI reads in its inner loops, ascending id (kept,
    like `units`, while esper's list is unchanged; the components are the live objects)."""
    found = esper.get_components(SvScores, Side, Status, Conditions, Position, SvGear)
    if found is not _rows_seen[0]:
        rows = sorted(found, key=lambda row: row[0])
        _rows_seen[0], _rows_seen[1] = found, [(e, s, st, c, p, sc, g) for e, (sc, s, st, c, p, g) in rows]
    return _rows_seen[1]


def side_of(ent: int) -> str:
    """The unit's side."""
    return _component(ent, Side).side


def name_of(ent: int) -> str:
    """The unit's display name."""
    return get(ent, Name).text


def conditions(ent: int) -> Conditions:
    """The unit's conditions."""
    return _component(ent, Conditions)


def has(ent: int, condition: str) -> bool:
    """Whether the unit has the condition."""
    return condition in _component(ent, Conditions).active


def is_standing(ent: int) -> bool:
    """In the fight (Status active): not dead, down, routed or fled."""
    return _component(ent, Status).state == "active"


def can_act(ent: int) -> bool:
    """Standing and not Stunned (SV-STUNNED) nor Unconscious."""
    return is_standing(ent) and not has(ent, "stunned") and not has(ent, "unconscious")


def hp(ent: int) -> Health:
    """Hit Points."""
    return get(ent, Health)
