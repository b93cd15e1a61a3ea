"""Tokens content from TOML: weapons (with property combos), fuels, items, armour, shields, unit
kinds and squads, validated on load (msgspec schemas; one-line errors naming file, entry, key).

The gear rules (TK-GEAR: 4 primary slots, 6 secondary, one armour, Bulky takes two) and the
squad's wealth budget (TK-WEALTH) are checked here, so a shipped or hand-written squad that breaks
them never loads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta
from msgspec.structs import force_setattr

from game.core.content import Schema, decode_entries, entry_error, invalid, load_toml
from game.errors import UserError
from game.rulesets.tokens import gearrules
from game.rulesets.tokens.gearrules import PRIMARY_SLOTS, SECONDARY_SLOTS, Loadout  # noqa: F401 - re-exported

DATA_DIR = Path(__file__).resolve().parent / "data"
TABLES = ("weapon", "fuel", "item", "armour", "shield", "unit", "squad")

DamageType = Literal["universal", "untyped", "flame", "ice", "physical", "electric", "acid"]
DAMAGE_TYPES: tuple[str, ...] = DamageType.__args__  # type: ignore[attr-defined]
#: the seed's own other names for a damage type: its defense example writes `Fire(2)` for flame
TYPE_ALIASES = {"fire": "flame"}
PROPERTIES = (
    "penetrate",
    "deep_penetrate",
    "cleave",
    "greater_cleave",
    "greatest_cleave",
    "clustershot",
    "tripleshot",
    "stumbling",
    "disabling",
    "blinding",
    "gibbing",
    "dot",
    "silent",
)
#: a property and the one it needs on the same weapon (the catalog's "Requires")
REQUIRES = {
    "deep_penetrate": "penetrate",
    "greater_cleave": "cleave",
    "greatest_cleave": "greater_cleave",
    "clustershot": "cleave",
}
_DEFENSE = re.compile(r"^([a-z]+)\s*(\+?)\s*\(\s*(\d+)\s*\)$")


def Range(lo: int, hi: int) -> Meta:  # noqa: N802 - reads as part of a type
    """An inclusive integer range."""
    return Meta(ge=lo, le=hi)


def damage_type(text: str) -> str | None:
    """A damage type as content writes it (any case, the seed's aliases), or None if unknown."""
    low = text.strip().lower()
    low = TYPE_ALIASES.get(low, low)
    return low if low in DAMAGE_TYPES else None


def property_name(text: str) -> str:
    """A property as the seed writes it ("Deep Penetrate", "DoT") in the form the rules use."""
    return "_".join(text.strip().lower().replace("-", " ").split())


@lru_cache(maxsize=1024)
def parse_combos(text: str) -> tuple[tuple[str, ...], ...]:
    """`"a+b,c"` -> (("a", "b"), ("c",)): each group is used together, one group per attack (kept:
    the AI reads a weapon's choices for every attack it weighs)."""
    if not text.strip():
        return ((),)
    return tuple(tuple(property_name(p) for p in group.split("+")) for group in text.split(","))


def _type_field(entry: msgspec.Struct) -> None:
    """Check an entry's damage type and keep it in the rules' form (`fire` is stored as flame)."""
    text = entry.type  # type: ignore[attr-defined]
    found = damage_type(text)
    if found is None:
        raise invalid("type", f"unknown damage type {text!r} (known: {', '.join(DAMAGE_TYPES)}; "
                              "fire is read as flame)")
    force_setattr(entry, "type", found)


@dataclass(frozen=True)
class Defense:
    """One defense entry: `physical(2)` (normal: never below 1) or `ice+(2)` (plus: down to 0);
    read in any case and with the seed's names (`Fire(2)` is flame)."""

    type: str
    amount: int
    plus: bool

    @staticmethod
    def parse(text: str) -> Defense | None:
        """The entry as written in the rules, or None when it does not read as one."""
        m = _DEFENSE.match(text.strip().lower())
        dtype = damage_type(m.group(1)) if m is not None else None
        if m is None or dtype is None:
            return None
        return Defense(dtype, int(m.group(3)), m.group(2) == "+")

    def __str__(self) -> str:
        return f"{self.type.capitalize()}{'+' if self.plus else ''}({self.amount})"


class WeaponDef(Schema, frozen=True, kw_only=True):
    id: str
    name: str
    cost: Annotated[int, Range(1, 6)]
    damage: Annotated[int, Range(0, 12)]
    type: str
    range: Annotated[int, Range(1, 20)] = 1
    ammo: Annotated[int, Range(0, 20)] = 0
    properties: str = ""
    fuel: str = ""
    slot: Literal["primary", "secondary"] = "primary"
    bulky: bool = False
    wealth: Annotated[int, Range(0, 50)] = 0

    def __post_init__(self) -> None:
        _type_field(self)
        flat = {p for g in parse_combos(self.properties) for p in g}
        for prop in sorted(flat):
            if prop not in PROPERTIES:
                raise invalid("properties", f"unknown property {prop!r} (known: {', '.join(PROPERTIES)})")
        for prop, need in REQUIRES.items():
            if prop in flat and need not in flat:
                raise invalid("properties", f"{prop} requires {need}")
        if "dot" in flat and not self.fuel:
            raise invalid("fuel", "a DoT weapon names the fuel that sets its damage and duration")

    @property
    def combos(self) -> tuple[tuple[str, ...], ...]:
        """The alternatives: one is chosen per attack (TK-COMBO)."""
        return parse_combos(self.properties)


class FuelDef(Schema, frozen=True, kw_only=True):
    id: str
    name: str
    damage: Annotated[int, Range(1, 6)]
    rounds: Annotated[int, Range(1, 6)]
    type: str

    def __post_init__(self) -> None:
        _type_field(self)


class ItemDef(Schema, frozen=True, kw_only=True):
    id: str
    name: str
    #: what using it does, in players' words (the hover text of Apply and Hand off)
    description: Annotated[str, Meta(min_length=12)]
    heal: Annotated[int, Range(0, 10)] = 0
    harm: Annotated[int, Range(0, 6)] = 0
    rounds: Annotated[int, Range(0, 6)] = 0
    bulky: bool = False
    wealth: Annotated[int, Range(0, 50)] = 0

    def __post_init__(self) -> None:
        if not self.heal and not self.harm:
            raise invalid("heal", "an item heals or harms")


class ArmourDef(Schema, frozen=True, kw_only=True):
    id: str
    name: str
    defense: tuple[str, ...]
    wealth: Annotated[int, Range(0, 50)] = 0

    def __post_init__(self) -> None:
        for text in self.defense:
            if Defense.parse(text) is None:
                raise invalid("defense", f"{text!r} is not a defense entry like Fire(2) or ice+(1)")

    @property
    def entries(self) -> tuple[Defense, ...]:
        """The parsed defense entries."""
        return _entries(self.defense)


@lru_cache(maxsize=1024)
def _entries(defense: tuple[str, ...]) -> tuple[Defense, ...]:
    """`ArmourDef.entries` of its written entries (kept: every hit weighed reads them)."""
    return tuple(d for d in (Defense.parse(t) for t in defense) if d is not None)


class ShieldDef(Schema, frozen=True, kw_only=True):
    id: str
    name: str
    charges: Annotated[int, Range(1, 10)]
    recharge: Annotated[int, Range(0, 10)] = 1
    overcharge_rounds: Annotated[int, Range(1, 5)] = 1
    bulky: bool = False
    wealth: Annotated[int, Range(0, 50)] = 0


class UnitDef(Schema, frozen=True, kw_only=True):
    id: str
    name: str
    move: Annotated[int, Range(1, 12)]
    attack: Annotated[int, Range(0, 12)]
    health: Annotated[int, Range(1, 12)]
    observe: Annotated[int, Range(0, 6)] = 0
    invisible: bool = False
    weapons: tuple[str, ...]
    items: tuple[str, ...] = ()
    armour: str = ""
    shield: str = ""

    def __post_init__(self) -> None:
        if not self.weapons:
            raise invalid("weapons", "a unit carries at least one weapon")


class SquadDef(Schema, frozen=True, kw_only=True):
    id: str
    name: str
    description: str = ""
    player: bool = True
    wealth: Annotated[int, Range(0, 200)]
    units: Annotated[tuple[str, ...], Meta(min_length=1, max_length=8)]


@dataclass
class Content:
    """Every validated entry by id."""

    weapons: dict[str, WeaponDef] = field(default_factory=dict)
    fuels: dict[str, FuelDef] = field(default_factory=dict)
    items: dict[str, ItemDef] = field(default_factory=dict)
    armours: dict[str, ArmourDef] = field(default_factory=dict)
    shields: dict[str, ShieldDef] = field(default_factory=dict)
    units: dict[str, UnitDef] = field(default_factory=dict)
    squads: dict[str, SquadDef] = field(default_factory=dict)

    def unit_wealth(self, unit: UnitDef) -> int:
        """What a unit's gear costs in wealth tokens."""
        return gearrules.wealth(self, Loadout.of(unit))

    def slots(self, unit: UnitDef) -> tuple[int, int]:
        """(primary, secondary) slots the unit's gear fills; Bulky counts two (TK-GEAR)."""
        return gearrules.slots(self, Loadout.of(unit))


def check_gear(content: Content, unit: UnitDef, file: Path | str) -> None:
    """TK-GEAR (gearrules, shared with squad files and the builder): references exist and the gear
    fits 4 primary and 6 secondary slots (armour has its own)."""
    for w in unit.weapons:
        fuel = content.weapons[w].fuel if w in content.weapons else ""
        if fuel and fuel not in content.fuels:
            raise entry_error(file, f"weapon.{w}", f"unknown fuel {fuel!r}", "fuel")
    for p in gearrules.gear_problems(content, Loadout.of(unit)):
        raise entry_error(file, f"unit.{unit.id}", p.text, p.field)


def check_squad(content: Content, squad: SquadDef, file: Path | str) -> None:
    """Units exist and their gear fits the squad's wealth budget (TK-WEALTH), by the same function
    the squad builder and squad files use (each kind's gear was checked by check_gear)."""
    units = [Loadout.of(content.units[u]) if u in content.units else Loadout(u) for u in squad.units]
    for p in gearrules.squad_problems(content, units, squad.wealth, gear=False):
        key = f"units[{p.unit + 1}]" if p.unit is not None else p.field
        raise entry_error(file, f"squad.{squad.id}", p.text, key)


def load_content(files: list[Path]) -> Content:
    """Load and validate content from the given TOML files (tables may sit in any of them)."""
    content = Content()
    squads_from: dict[str, str] = {}
    units_from: dict[str, str] = {}
    schemas = {
        "weapon": (WeaponDef, content.weapons),
        "fuel": (FuelDef, content.fuels),
        "item": (ItemDef, content.items),
        "armour": (ArmourDef, content.armours),
        "shield": (ShieldDef, content.shields),
        "unit": (UnitDef, content.units),
        "squad": (SquadDef, content.squads),
    }
    for path in files:
        doc = load_toml(path)
        for name in doc:
            if name not in TABLES:
                raise UserError(f"unknown table [{name}] (expected one of {', '.join(TABLES)})", str(path))
        for name, (schema, into) in schemas.items():
            for key, entry in decode_entries(doc, name, schema, path, False).items():
                if key in into:
                    raise UserError(f"{name} {key!r} is defined twice", str(path), f"{name}.{key}")
                into[key] = entry  # type: ignore[assignment]
                if name == "squad":
                    squads_from[key] = str(path)
                elif name == "unit":
                    units_from[key] = str(path)
    for key, unit in content.units.items():
        check_gear(content, unit, units_from[key])
    for key, squad in content.squads.items():
        check_squad(content, squad, squads_from[key])
    if not content.squads:
        raise UserError("no [squad] entries", str(files[0]) if files else str(DATA_DIR))
    return content


def data_files(folder: Path = DATA_DIR) -> list[Path]:
    """The shipped data files, in name order."""
    return sorted(folder.glob("*.toml"))


@lru_cache(maxsize=1)
def shipped() -> Content:
    """The shipped content (loaded once)."""
    return load_content(data_files())
