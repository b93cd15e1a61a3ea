"""Varium components and small accessors. Names carry the ruleset's prefix (snapshots are global).

The shared 54-card deck is a core `Cards` (zones: deck face down, discard and table face up, and
one face-down evasion zone `face-down:<target>` per target attacked this turn) on the table entity.
Grapples, the initiative order and the attacks waiting for their target's reveal live in the
table's `data` (str keys, plain lists).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import esper

from game.core.cards import Cards, standard_deck
from game.core.components import Health, Name, Position, Side, Status, Table
from game.core.world import component
from game.rulesets.varium.content import UnitDef, WeaponDef, shipped

if TYPE_CHECKING:
    from game.core.match import Match

C = TypeVar("C")
HALVES = 2  # half-turn actions in a turn


@component
@dataclass
class VariumState:
    """A unit's turn and body: half-turns left, the action in progress, weapon and ammunition,
    prone / hidden, initiative, dodge, free aims from an Assist, bets it may add back."""

    halves: int = 0
    busy: dict[str, Any] = field(default_factory=dict)  # {"kind", "left", "target"}
    drawn: bool = False  # every weapon in hand (a squad that starts drawn)
    weapon: str = ""
    ammo: dict[str, int] = field(default_factory=dict)
    prone: bool = False
    hidden: bool = False
    initiative: int = 0
    dodge_round: int = 0  # round in which it dodges or blocks (0: none)
    dodge_total: int = -1  # that round's one dodge or block check, once made (-1: not yet)
    advantage: int = 0  # free aims (Assist)
    owed: dict[str, int] = field(default_factory=dict)  # str(attacker) -> chips to add back
    broke: list[int] = field(default_factory=list)  # foes it shoved/grappled this turn
    kits: int = 0
    ambush: bool = False  # free half-turn from hiding used
    ready: list[str] = field(default_factory=list)  # weapons drawn since, one Interact each
    defence: str = "dodge"  # what it did in dodge_round: "dodge" or "block" (defence.py)


def in_hand(st: VariumState, wid: str) -> bool:
    """The weapon is drawn (VC-INTERACT: each Interact draws one weapon)."""
    return st.drawn or wid in st.ready


def get(ent: int, cls: type[C]) -> C:
    """A component of an entity (inside `with match.world`)."""
    return esper.component_for_entity(ent, cls)


def table(match: Match) -> Table:
    """The table record (inside the world)."""
    return esper.component_for_entity(match.table_entity, Table)


def deck(match: Match) -> Cards:
    """The shared deck (on the table entity)."""
    return esper.component_for_entity(match.table_entity, Cards)


def new_deck() -> Cards:
    """54 cards face down; discard and table face up."""
    return Cards(
        {"deck": standard_deck(True), "discard": [], "table": []},
        {"deck": "none", "discard": "all", "table": "all"},
    )


def sheet(ent: int) -> UnitDef:
    """The unit's character sheet."""
    return shipped().units[get(ent, Name).kind]


def weapon_def(wid: str) -> WeaponDef:
    """A weapon by id."""
    return shipped().weapons[wid]


# side_of, cell_of, name_of and active ask esper directly (not through `get`): every legal
# action list, move price and occupancy check calls them, hundreds of thousands of times a game
def side_of(ent: int) -> str:
    """The unit's side."""
    return esper.component_for_entity(ent, Side).side


def cell_of(ent: int) -> tuple[int, int]:
    """The unit's square."""
    return esper.component_for_entity(ent, Position).cell


def name_of(ent: int) -> str:
    """Display name."""
    return esper.component_for_entity(ent, Name).text


def active(ent: int) -> bool:
    """Still in the fight (not down, dead or fled)."""
    return esper.component_for_entity(ent, Status).can_act


def units(match: Match) -> list[int]:
    """Every unit, ascending id."""
    return sorted(e for e, _ in esper.get_component(VariumState))


def living(match: Match, side: str | None = None) -> list[int]:
    """Active units (of a side), ascending id. Asked for every legal action list, move and
    outcome: one esper query (cached by esper until components are added or removed)."""
    found = [
        e
        for e, (_st, status) in esper.get_components(VariumState, Status)
        if status.can_act and (side is None or side_of(e) == side)
    ]
    found.sort()
    return found


def occupants(match: Match, cell: tuple[int, int], but: int | None = None) -> list[int]:
    """Active units on a square (bodies that count towards the two per square)."""
    return [e for e in living(match) if e != but and cell_of(e) == cell]


def in_melee(match: Match, ent: int) -> bool:
    """A hostile unit shares its square."""
    return any(side_of(o) != side_of(ent) for o in occupants(match, cell_of(ent), ent))


def health(ent: int) -> Health:
    """Health component."""
    return get(ent, Health)
