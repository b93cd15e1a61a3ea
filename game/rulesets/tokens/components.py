"""Tokens components: the unit's make-up, its token pools, stealth, shield, gear state and effects.

Names carry the `Tk` prefix because component names are global to snapshots. Every field is JSON
data; dicts keyed by side or entity use string keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import esper

from game.core.components import Health, Name, Position, Side, Status, Table
from game.core.world import component

if TYPE_CHECKING:
    from game.core.match import Match

C = TypeVar("C")


@component
@dataclass
class TkUnit:
    """What a unit is: its kind, per-turn tokens, health tokens, passive Observe, player or not."""

    kind: str
    move: int
    attack: int
    health_tokens: int
    player: bool
    observe: int = 0
    invisible: bool = False
    armour: str = ""


@component
@dataclass
class TkTokens:
    """This turn's pools. `diagonals` counts diagonal steps this turn (TK-STEP's parity);
    `reserved` attack tokens wait for overwatch (TK-AWAIT); `move_debt`/`attack_debt` are tokens
    Stumbling or Disabling took that the pools did not hold (taken from the next turn)."""

    move: int = 0
    attack: int = 0
    diagonals: int = 0
    reserved: int = 0
    move_debt: int = 0
    attack_debt: int = 0
    sneak_bonus_used: bool = False


@component
@dataclass
class TkStealth:
    """Sneaking: the stealth value while hidden, the round it was last revealed, and where each
    other side last saw the unit (side -> [x, y] or None)."""

    hidden: bool = False
    value: int = 0
    revealed_round: int = 0
    last_seen: dict[str, Any] = field(default_factory=dict)
    #: targets (str ids) already attacked silently: later attacks on them may reveal (TK-SILENT)
    silent_on: list[str] = field(default_factory=list)


@component
@dataclass
class TkGear:
    """Carried gear: weapons (ids), the one in hand, rounds loaded per weapon, items."""

    weapons: list[str] = field(default_factory=list)
    held: str = ""
    loaded: dict[str, int] = field(default_factory=dict)
    items: list[str] = field(default_factory=list)


@component
@dataclass
class TkShield:
    """Shield tokens: `charges` now (overcharge included), the shield's own amount, the overcharge
    extra and the rounds it has left."""

    shield: str
    charges: int
    amount: int
    recharge: int
    over_rounds: int = 0
    over_extra: int = 0
    overcharge_for: int = 1


@component
@dataclass
class TkEffects:
    """Lasting effects: blinded rounds left, and DoTs [{damage, type, rounds, name, by, action}]
    (`by`: the unit that placed it; `action`: {kind, actor, option} it was placed with)."""

    blind: int = 0
    dots: list[dict[str, Any]] = field(default_factory=list)


def get(ent: int, cls: type[C]) -> C:
    """A component of an entity (inside `with match.world`)."""
    return esper.component_for_entity(ent, cls)


def units(match: Match) -> list[int]:
    """Every tokens unit, ascending id."""
    return [e for e, _ in match.units(TkUnit)]


def side_of(ent: int) -> str:
    return get(ent, Side).side


def cell_of(ent: int) -> tuple[int, int]:
    c = get(ent, Position).cell
    return (int(c[0]), int(c[1]))


def name_of(ent: int) -> str:
    return get(ent, Name).text


def is_active(ent: int) -> bool:
    return get(ent, Status).state == "active"


def on_board(ent: int) -> bool:
    """Standing units (active, or down and bleeding) occupy their tile; the dead do not."""
    return get(ent, Status).state in ("active", "down")


def health(ent: int) -> Health:
    return get(ent, Health)


def table(match: Match) -> Table:
    return get(match.table_entity, Table)


def enemies(match: Match, side: str) -> list[int]:
    """Standing units of other sides."""
    return [e for e in units(match) if side_of(e) != side and on_board(e)]


def audience(ent: int) -> str:
    """Who may read an event about `ent`'s own doings: its side alone while it is hidden."""
    return side_of(ent) if get(ent, TkStealth).hidden else "all"
