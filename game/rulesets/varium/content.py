"""Varium content from TOML as msgspec schemas (core `Schema`): weapons, unit kinds (card-based
character sheets) and squads, validated on load with one error line naming the file, the entry and the key.

Cross references (a unit's weapon, a squad's unit kind) are checked after decoding.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from game.core.content import Schema, decode_entries, entry_error, load_toml
from game.errors import UserError

DATA_DIR = Path(__file__).resolve().parent / "data"
DEFAULT_ACCURACY = 20
DEFAULT_CRIT = 30

Stat = Annotated[int, msgspec.Meta(ge=0, le=80)]


class WeaponDef(Schema):
    """A weapon: hit-check limits, damage, the melee Risk (bet cap), ammunition and reload."""

    id: str
    name: str
    kind: Literal["melee", "ranged"]
    family: str
    damage: Annotated[int, msgspec.Meta(ge=0, le=60)]
    accuracy: Annotated[int, msgspec.Meta(ge=1, le=60)] = DEFAULT_ACCURACY
    crit: Annotated[int, msgspec.Meta(ge=1, le=200)] = DEFAULT_CRIT
    crit_bonus: Literal["ignore_armour", "double_damage"] = "ignore_armour"
    range: Annotated[int, msgspec.Meta(ge=1, le=40)] = 1
    risk: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0
    ammo: Annotated[int, msgspec.Meta(ge=0, le=60)] = 0
    reload: Annotated[int, msgspec.Meta(ge=0, le=12)] = 0
    damage_type: Literal["blunt", "edge", "pierce", "ballistic"] = "blunt"

    @property
    def ranged(self) -> bool:
        """A weapon fired from a distance (cover counts against it)."""
        return self.kind == "ranged"


class UnitDef(Schema):
    """A unit kind's character sheet."""

    id: str
    name: str
    might: Stat
    agility: Stat
    reflexes: Stat
    perception: Stat
    speed: Annotated[int, msgspec.Meta(ge=1, le=12)]
    health: Annotated[int, msgspec.Meta(ge=1, le=500)]
    armour: Annotated[int, msgspec.Meta(ge=0, le=60)] = 0
    proficiency: dict[str, Stat] = {}
    weapons: list[str] = []
    kits: Annotated[int, msgspec.Meta(ge=0, le=9)] = 0
    kit_heal: Annotated[int, msgspec.Meta(ge=0, le=200)] = 0
    resist: dict[str, Annotated[float, msgspec.Meta(ge=0.0, le=4.0)]] = {}

    def prof(self, key: str) -> int:
        """A proficiency (0 when the sheet has none)."""
        return int(self.proficiency.get(key, 0))


class SquadUnit(Schema):
    """One unit of a squad."""

    name: str
    kind: str


class SquadDef(Schema):
    """A squad: 4-6 units, whether weapons start drawn, its surrender threshold."""

    id: str
    name: str
    description: str
    units: Annotated[list[SquadUnit], msgspec.Meta(min_length=1, max_length=6)]
    drawn: bool = False
    surrender: Annotated[float, msgspec.Meta(ge=0.0, lt=1.0)] = 0.0


@dataclass(frozen=True)
class Content:
    """Everything varium reads from data."""

    weapons: dict[str, WeaponDef]
    units: dict[str, UnitDef]
    squads: dict[str, SquadDef]


def load(files: list[Path]) -> Content:
    """Merge and validate the data files, then check references."""
    schemas: dict[str, type] = {"weapon": WeaponDef, "unit": UnitDef, "squad": SquadDef}
    tables: dict[str, dict[str, Any]] = {name: {} for name in schemas}
    where: dict[str, Path] = {}
    for path in files:
        doc = load_toml(path)
        for top in doc:
            if top not in tables:
                raise UserError(f"unknown table [{top}] (known: weapon, unit, squad)", str(path))
        for name, schema in schemas.items():
            for key, entry in decode_entries(doc, name, schema, path, required=False).items():
                if key in tables[name]:
                    raise entry_error(path, f"{name}.{key}", "defined twice")
                tables[name][key] = entry
                where[f"{name}.{key}"] = path
    content = Content(tables["weapon"], tables["unit"], tables["squad"])
    for uid, unit in content.units.items():
        for i, w in enumerate(unit.weapons):
            if w not in content.weapons:
                raise entry_error(
                    where[f"unit.{uid}"], f"unit.{uid}", f"unknown weapon {w!r}", f"weapons.{i + 1}"
                )
    for sid, squad in content.squads.items():
        place = f"squad.{sid}"
        if not 4 <= len(squad.units) <= 6 and not sid.startswith("duel_"):
            raise entry_error(
                where[place], place, f"a squad fields 4-6 units, found {len(squad.units)}", "units"
            )
        for i, u in enumerate(squad.units):
            if u.kind not in content.units:
                raise entry_error(where[place], place, f"unknown unit kind {u.kind!r}", f"units.{i + 1}.kind")
    return content


@lru_cache(maxsize=1)
def shipped() -> Content:
    """The shipped data files."""
    return load(sorted(DATA_DIR.glob("*.toml")))
