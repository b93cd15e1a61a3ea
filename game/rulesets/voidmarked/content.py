"""Voidmarked content: archetypes, races, conditions, weapons, voidcalls, units and squads from TOML.

Each kind of entry is a schema (`schemas.py`: types, ranges, choices, checks within one entry); the
loader here adds the references between files and dual-wield legality. A problem is a UserError
naming the file, the entry and the key. Adding a weapon needs no code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import msgspec

from game.core.content import decode, decode_entries, entry_error, load_toml
from game.errors import UserError
from game.rulesets.voidmarked.schemas import (
    Archetype,
    ConditionDef,
    Race,
    Rules,
    SquadDef,
    Trigger,
    UnitDef,
    Voidcall,
    Weapon,
)

DATA_DIR = Path(__file__).resolve().parent / "data"
REQUIRED_CONDITIONS = ("bleeding", "burning", "withered", "in_melee", "stealthed", "grasping")


@dataclass(frozen=True)
class Content:
    """Everything loaded from the data folder."""

    rules: Rules
    archetypes: dict[str, Archetype]
    races: dict[str, Race]
    conditions: dict[str, ConditionDef]
    weapons: dict[str, Weapon]
    voidcalls: dict[str, Voidcall]
    units: dict[str, UnitDef]
    squads: dict[str, SquadDef]

    def defence(self, u: UnitDef) -> int:
        """VM-DEF: (Physique + Dexterity) / 2, rounded down."""
        return defence_of(u.physique, u.dexterity)

    def max_health(self, u: UnitDef) -> int:
        """VM-HEALTH: 10 + Level x archetype scaling + Physique x 2."""
        return max_health_of(u.level, self.archetypes[u.archetype].health_scaling, u.physique)

    def max_ve(self, u: UnitDef) -> int:
        """VM-VOID: race base + Foresight x 5, never below 0."""
        return max_ve_of(self.races[u.race].void_base, u.foresight)


def defence_of(physique: int, dexterity: int) -> int:
    """VM-DEF reading: the half is rounded down."""
    return (physique + dexterity) // 2


def max_health_of(level: int, scaling: int, physique: int) -> int:
    """VM-HEALTH formula."""
    return 10 + level * scaling + physique * 2


def max_ve_of(void_base: int, foresight: int) -> int:
    """VM-VOID formula, floored at 0."""
    return max(0, void_base + foresight * 5)


# -- loading: schemas per file, then the references between entries --------------------------------
def _one_of(value: str, known: dict[str, object], file: Path, place: str, key: str) -> None:
    if value not in known:
        raise entry_error(file, place, f"{value!r} is not one of {', '.join(known)}", key)


def _check_triggers(triggers: tuple[Trigger, ...], conditions: dict[str, ConditionDef], file: Path,
                    place: str) -> None:
    for i, trig in enumerate(triggers):
        if trig.effect == "condition" and trig.condition not in conditions:
            raise entry_error(file, f"{place}.triggers[{i + 1}]", f"unknown condition {trig.condition!r}",
                              "condition")


def load_content(folder: Path = DATA_DIR) -> Content:
    """Load and cross-check every data file; UserError names the first problem found."""
    path = folder / "rules.toml"
    rules: Rules = decode(load_toml(path).get("rules"), Rules, path, "rules")

    path = folder / "archetypes.toml"
    archetypes = decode_entries(load_toml(path), "archetype", Archetype, path)
    path = folder / "races.toml"
    races = decode_entries(load_toml(path), "race", Race, path)

    path = folder / "conditions.toml"
    conditions = decode_entries(load_toml(path), "condition", ConditionDef, path)
    for need in REQUIRED_CONDITIONS:
        if need not in conditions:
            raise UserError(f"missing condition {need!r} (the rules use it)", str(path))

    path = folder / "weapons.toml"
    weapons = decode_entries(load_toml(path), "weapon", Weapon, path)
    for key, w in weapons.items():
        _check_triggers(w.triggers, conditions, path, f"weapon.{key}")

    path = folder / "voidcalls.toml"
    voidcalls = decode_entries(load_toml(path), "voidcall", Voidcall, path)
    for key, v in voidcalls.items():
        if v.condition and v.condition not in conditions:
            raise entry_error(path, f"voidcall.{key}", f"unknown condition {v.condition!r}", "condition")
        _check_triggers(v.triggers, conditions, path, f"voidcall.{key}")

    path = folder / "units.toml"
    units = decode_entries(load_toml(path), "unit", UnitDef, path)
    for key, u in units.items():
        place = f"unit.{key}"
        _one_of(u.archetype, archetypes, path, place, "archetype")
        _one_of(u.race, races, path, place, "race")
        _one_of(u.weapon, weapons, path, place, "weapon")
        _check_unit(u, path, place, weapons, voidcalls, conditions)
        if not u.speed:
            units[key] = msgspec.structs.replace(u, speed=rules.speed)

    path = folder / "squads.toml"
    squads = decode_entries(load_toml(path), "squad", SquadDef, path)
    for key, sq in squads.items():
        for m in sq.units:
            if m not in units:
                raise entry_error(path, f"squad.{key}", f"unknown unit {m!r}", "units")
    if len(squads) < 2:
        raise UserError("at least two squads are needed", str(path))
    return Content(rules, archetypes, races, conditions, weapons, voidcalls, units, squads)


def _check_unit(u: UnitDef, file: Path, place: str, weapons: dict[str, Weapon],
                voidcalls: dict[str, Voidcall], conditions: dict[str, ConditionDef]) -> None:
    if u.offhand:
        if u.offhand not in weapons:
            raise entry_error(file, place, f"unknown weapon {u.offhand!r}", "offhand")
        main, off = weapons[u.weapon], weapons[u.offhand]
        # VM-DUAL: two one-handed weapons, never a two-hander or a Heavy weapon.
        for w, k in ((main, "weapon"), (off, "offhand")):
            if w.hands != 1:
                raise entry_error(file, place, f"dual wielding needs one-handed weapons; {w.name} is "
                                  "two-handed", k)
            if w.wclass == "heavy":
                raise entry_error(file, place, f"dual wielding cannot use a Heavy weapon ({w.name})", k)
    for v in u.voidcalls:
        if v not in voidcalls:
            raise entry_error(file, place, f"unknown voidcall {v!r}", "voidcalls")
    for c in u.status_resist:
        if c not in conditions:
            raise entry_error(file, place, f"unknown condition {c!r}", "status_resist")


@lru_cache(maxsize=1)
def content() -> Content:
    """The shipped content, loaded once."""
    return load_content(DATA_DIR)
