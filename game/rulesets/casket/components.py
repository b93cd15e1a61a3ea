"""Casket components: frame, wound deck, SP, heat, component damage, threads, motion, tempo.

The structure deck is the core `Cards` component (zones deck / hand / discard / lost); the pilot's
wound deck is `CasketWounds`, a `Cards` of its own (zones deck face down, up face up).
Class names carry the ruleset's prefix because component names are global to snapshots.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

import esper

from game.core.cards import Cards
from game.core.components import Facing, Name, Position, Side, Status
from game.core.world import component, world_tables

if TYPE_CHECKING:
    from game.core.match import Match

C = TypeVar("C")

LOCATIONS = ("head", "right_arm", "left_arm", "chassis", "legs")
LOCATION_NAMES = {"head": "Head", "right_arm": "Right Arm", "left_arm": "Left Arm",
                  "chassis": "Chassis", "legs": "Legs"}
THRESHOLDS = {"head": 3, "right_arm": 4, "left_arm": 4, "chassis": 5, "legs": 6}
THREADS = ("right_thumb", "right_index", "right_middle", "left_thumb", "left_index", "pinkies")
THREAD_NAMES = {"right_thumb": "Right Thumb", "right_index": "Right Index", "right_middle": "Right Middle",
                "left_thumb": "Left Thumb", "left_index": "Left Index", "pinkies": "Head Control (Pinkies)"}
#: threads that an exposed component can snap
THREADS_OF = {"head": ("pinkies",), "right_arm": ("right_thumb", "right_index"),
              "left_arm": ("left_thumb", "left_index")}


@component
@dataclass
class Casket:
    """What a casket was built from: frame, faction, deck list, pilot stats."""

    chassis: str
    weight: str
    faction: str
    deck_id: str
    base_sp: int
    start_deck: list[str] = field(default_factory=list)
    pilot: str = ""
    grit: int = 2
    repair: int = 0


@component
@dataclass
class CasketWounds(Cards):
    """The pilot's wound deck: 'deck' face down, 'up' face up (permanent)."""


@component
@dataclass
class CasketSP:
    """Structure points left this activation."""

    sp: int = 0


@component
@dataclass
class CasketHeat:
    """Heat; never below 0."""

    value: int = 0


@component
@dataclass
class CasketFrame:
    """Component damage per location; `triggered` remembers one-time pilot-damage triggers."""

    damage: dict[str, int] = field(default_factory=lambda: {loc: 0 for loc in LOCATIONS})
    triggered: list[str] = field(default_factory=list)

    def destroyed(self, loc: str) -> bool:
        """At or past the location's threshold."""
        return self.damage[loc] >= THRESHOLDS[loc]


@component
@dataclass
class CasketThreads:
    """Neural threads: snapped, field-repaired (fragile), and severed for the mission."""

    snapped: list[str] = field(default_factory=list)
    fragile: list[str] = field(default_factory=list)
    severed: list[str] = field(default_factory=list)

    def working(self, thread: str) -> bool:
        """Whether the thread's function is available."""
        return thread not in self.snapped

    def intact(self) -> list[str]:
        """Threads that can still snap."""
        return [t for t in THREADS if t not in self.snapped]


@component
@dataclass
class CasketPilot:
    """Pilot state beyond the wound deck."""

    broken_type: str = ""
    skip_next: bool = False
    dead: bool = False


@component
@dataclass
class CasketMotion:
    """Hexes entered this activation and in the last one; free one-side turns earned by moving."""

    moved_this: int = 0
    moved_last: int = 0
    free_turns: int = 0


@component
@dataclass
class CasketTempo:
    """This activation's modifiers, and the jam penalty waiting for the next attack."""

    boost: int = 0
    no_attack: bool = False
    jam_penalty: int = 0
    fresh: bool = True
    dissociated: bool = False


@component
@dataclass
class CasketRevealed:
    """Hand cards another side has seen (Sensor Sweep), by side."""

    by_side: dict[str, list[str]] = field(default_factory=dict)


def get(ent: int, cls: type[C]) -> C:
    """A component of an entity (inside `with match.world`): `esper.component_for_entity`
    without its call, the AI reads components a million times a ladder run."""
    return esper._entities[ent][cls]  # type: ignore[no-any-return] # noqa: SLF001


def caskets(match: Match) -> list[int]:
    """Every casket entity, ascending id (`match.units(Casket)`, sorted once per world change)."""
    found = esper.get_components(Casket)
    # kept with the world (`world_tables`): esper's own cached (entity, components) list and its
    # ids sorted; esper hands out the same list object until an entity or component is added or removed
    tables = world_tables()
    kept = tables.get("casket_sorted")
    if kept is None or kept[0] is not found:
        kept = tables["casket_sorted"] = (found, sorted(e for e, _ in found))
    return list(kept[1])


def side_of(ent: int) -> str:
    """The controlling side."""
    return get(ent, Side).side


def cell_of(ent: int) -> tuple[int, int]:
    """The hex the casket stands on."""
    return get(ent, Position).cell


def facing_of(ent: int) -> int:
    """The hex side the casket faces."""
    return get(ent, Facing).direction


def name_of(ent: int) -> str:
    """Display name."""
    return get(ent, Name).text


def is_active(ent: int) -> bool:
    """Still in the fight (not destroyed, pilot alive)."""
    return get(ent, Status).state == "active"


def structure(ent: int) -> Cards:
    """The structure deck."""
    return get(ent, Cards)
