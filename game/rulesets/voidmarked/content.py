"""Voidmarked content: archetypes, races, conditions, weapons, voidcalls, units and squads from TOML.

Each kind of entry is a schema (types, ranges, choices, checks within one entry); the loader adds
the references between files and dual-wield legality. A problem is a UserError naming the file,
the entry and the key. Adding a weapon needs no code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from game.core.content import Schema, decode, decode_entries, entry_error, invalid, load_toml
from game.errors import UserError

DATA_DIR = Path(__file__).resolve().parent / "data"
DamageType = Literal["physical", "fire", "void"]
DAMAGE_TYPES: tuple[str, ...] = DamageType.__args__  # type: ignore[attr-defined]
TriggerOn = Literal["hit", "moderate+", "high", "crit"]
TRIGGER_ON: tuple[str, ...] = TriggerOn.__args__  # type: ignore[attr-defined]
TriggerEffect = Literal["condition", "damage", "ve"]
TRIGGER_EFFECTS: tuple[str, ...] = TriggerEffect.__args__  # type: ignore[attr-defined]
AbilityWhen = Literal["attacked", "turn_start"]
ABILITY_WHEN: tuple[str, ...] = AbilityWhen.__args__  # type: ignore[attr-defined]
AbilityEffect = Literal["ve", "heal"]
ABILITY_EFFECTS: tuple[str, ...] = AbilityEffect.__args__  # type: ignore[attr-defined]
WeaponTrait = Literal["silenced", "armour_piercing"]
WEAPON_TRAITS: tuple[str, ...] = WeaponTrait.__args__  # type: ignore[attr-defined]
REQUIRED_CONDITIONS = ("bleeding", "burning", "withered", "in_melee", "stealthed", "grasping")
DEFAULT_BANDS = (4, 8)


def Range(lo: int, hi: int) -> Meta:  # noqa: N802 - reads as part of a type
    """An inclusive integer range."""
    return Meta(ge=lo, le=hi)


Stat = Annotated[int, Range(-5, 10)]
Modifier = Annotated[int, Range(-10, 10)]
Magnitude = Annotated[int, Range(0, 50)]
Damage = Annotated[tuple[int, int, int], Meta(description="three whole numbers [Low, Moderate, High]")]
Bands = Annotated[tuple[int, int],
                  Meta(description="two whole numbers [last Low value, last Moderate value]")]


def _check_damage(damage: tuple[int, int, int] | None) -> None:
    if damage is not None and (min(damage) < 0 or not damage[0] <= damage[1] <= damage[2]):
        raise invalid("damage", "should be non-negative and rising: Low <= Moderate <= High")


def _check_bands(bands: tuple[int, int]) -> None:
    if not 1 <= bands[0] < bands[1] <= 13:
        raise invalid("bands", "needs 1 <= Low limit < Moderate limit <= 13")


class Trigger(Schema, frozen=True, kw_only=True):
    """A weapon or voidcall trigger: when the damage reaches `on`, apply `effect` (VM-TRIGGER)."""

    on: TriggerOn
    effect: TriggerEffect
    condition: str = ""
    amount: Magnitude = 0
    type: DamageType = "physical"
    optional: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        if self.effect in ("damage", "ve") and self.amount <= 0:
            raise invalid("amount", "needs an amount above 0")

    def label(self) -> str:
        """How the log names it."""
        return self.name or (self.condition.replace("_", " ").title() if self.condition else self.effect)


class Ability(Schema, frozen=True, kw_only=True):
    """A unit's ability trigger: fires on `when` without costing an action."""

    when: AbilityWhen
    effect: AbilityEffect
    amount: Annotated[int, Range(1, 50)]
    name: str = ""


class Weapon(Schema, frozen=True, kw_only=True):
    """A weapon's game data."""

    id: str
    name: str
    kind: Literal["melee", "ranged"]
    hands: Annotated[int, Range(1, 2)]
    wclass: Literal["standard", "automatic", "heavy"] = msgspec.field(default="standard", name="class")
    range_ft: Annotated[int, Range(5, 500)]
    damage: Damage
    bands: Bands = DEFAULT_BANDS
    bonus: Modifier = 0
    type: DamageType
    shots: Annotated[int, Range(0, 100)] = 0
    extra_targets: Annotated[int, Range(0, 10)] = 0
    sweep_ft: Annotated[int, Range(0, 100)] = 0
    traits: tuple[WeaponTrait, ...] = ()
    triggers: tuple[Trigger, ...] = ()

    def __post_init__(self) -> None:
        if self.kind == "melee" and self.wclass != "standard":
            raise invalid("class", "a melee weapon cannot be automatic or heavy")
        _check_damage(self.damage)
        _check_bands(self.bands)
        if self.kind == "ranged" and self.shots < 1:
            raise invalid("shots", "a ranged weapon needs at least 1 shot")
        if self.kind == "melee" and self.shots:
            raise invalid("shots", "a melee weapon has no shots")
        if self.extra_targets and self.wclass != "automatic":
            raise invalid("extra_targets", "only automatic weapons take extra targets")

    @property
    def ranged(self) -> bool:
        """Shoots rather than strikes."""
        return self.kind == "ranged"

    @property
    def range_sq(self) -> int:
        """Listed range (or melee reach) in 5 ft squares."""
        return max(1, self.range_ft // 5)

    @property
    def reload_cost(self) -> str:
        """'action' for heavy weapons, 'quick' otherwise (VM-RELOAD)."""
        return "action" if self.wclass == "heavy" else "quick"


class Instability(Schema, frozen=True, kw_only=True):
    """A voidcall's backlash: below this flip total the caster takes this damage."""

    below: Annotated[int, Range(0, 14)] = 0
    damage: Magnitude = 0


class Voidcall(Schema, frozen=True, kw_only=True):
    """A voidcall's game data (VM-VOID)."""

    id: str
    name: str
    cost: Annotated[int, Range(0, 100)]
    kind: Literal["attack", "heal"]
    range_ft: Annotated[int, Range(5, 500)]
    radius: Annotated[int, Range(0, 5)] = 0
    affects: Literal["enemies", "all"] = "enemies"
    cover_applies: bool = False
    damage: Damage | None = None
    bands: Bands = DEFAULT_BANDS
    type: DamageType = "void"
    bonus: Modifier = 0
    condition: str = ""
    triggers: tuple[Trigger, ...] = ()
    instability: Instability = Instability()

    def __post_init__(self) -> None:
        _check_damage(self.damage)
        _check_bands(self.bands)
        if self.damage is None and not self.condition:
            raise invalid("damage", "needs damage or a condition (or both)")
        if self.kind == "heal" and (self.damage is None or self.radius):
            raise invalid("damage", "a heal needs damage bands (the amounts healed) and no radius")

    @property
    def range_sq(self) -> int:
        """Range in squares."""
        return max(1, self.range_ft // 5)

    @property
    def instability_below(self) -> int:
        """Flip totals below this backlash (0: never)."""
        return self.instability.below

    @property
    def instability_damage(self) -> int:
        """What the backlash deals."""
        return self.instability.damage


class ConditionDef(Schema, frozen=True, kw_only=True):
    """A condition's magnitudes (VM-CONDITIONS)."""

    id: str
    name: str
    damage: Magnitude = 0
    type: DamageType = "physical"
    turns: Magnitude = 0
    hit: Modifier = 0
    defence: Modifier = 0
    derived: bool = False
    description: str = ""


class Race(Schema, frozen=True, kw_only=True):
    """A race and its Void Energy base."""

    id: str
    name: str
    void_base: Annotated[int, Range(-50, 100)]


class Archetype(Schema, frozen=True, kw_only=True):
    """An archetype and its Health scaling per level."""

    id: str
    name: str
    role: str = ""
    health_scaling: Annotated[int, Range(0, 20)]
    description: str = ""


class UnitDef(Schema, frozen=True, kw_only=True):
    """One unit type as written in units.toml (no `speed` in the file: the rules' speed)."""

    id: str
    name: str
    archetype: str
    race: str
    level: Annotated[int, Range(1, 20)]
    strength: Stat = 0
    dexterity: Stat = 0
    physique: Stat = 0
    intelligence: Stat = 0
    foresight: Stat = 0
    perception: Stat = 0
    stealth: Stat = 0
    resilience: Stat = 0
    speed: Annotated[int, Range(1, 20)] = 0
    weapon: str
    offhand: str = ""
    voidcaller: bool = False
    voidcalls: tuple[str, ...] = ()
    resist: tuple[DamageType, ...] = ()
    status_resist: tuple[str, ...] = ()
    ordinary: bool = False
    abilities: tuple[Ability, ...] = ()

    def __post_init__(self) -> None:
        if self.voidcalls and not self.voidcaller:
            raise invalid("voidcalls", "only voidcaller units can know voidcalls (set voidcaller = true)")


class SquadDef(Schema, frozen=True, kw_only=True):
    """A squad: units in deployment order."""

    id: str
    name: str
    description: str = ""
    units: tuple[str, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.units) <= 8:
            raise invalid("units", f"a squad has 1..8 units, found {len(self.units)}")


class Rules(Schema, frozen=True, kw_only=True):
    """The configurable readings (data/rules.toml)."""

    crit_against: Literal["total", "stat"]
    hand_base: Annotated[int, Range(0, 20)]
    speed: Annotated[int, Range(1, 20)]
    grasp_tn: Annotated[int, Range(1, 30)]
    grasp_fails: Annotated[int, Range(1, 10)]
    resist_tn: Annotated[int, Range(1, 30)]
    overkill_percent: Annotated[int, Range(1, 1000)]
    perception_ties: Literal["hider", "seeker"]


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
