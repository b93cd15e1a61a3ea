"""Voidmarked's content schemas: one per kind of entry (types, ranges, choices and the checks
within one entry). `content.py` loads the files through them and checks the references between
entries.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from game.core.content import Schema, invalid

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
    #: what casting it does, in players' words (its button's hover text)
    description: Annotated[str, Meta(min_length=12)]
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
