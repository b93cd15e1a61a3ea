"""Voidmarked content: archetypes, races, conditions, weapons, voidcalls, units and squads from TOML.

Every entry is checked on load (types, ranges, references between files, dual-wield legality);
a problem is a UserError naming the file, the entry and the key. Adding a weapon needs no code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game.core.content import Fields, entries, load_toml
from game.errors import UserError

DATA_DIR = Path(__file__).resolve().parent / "data"
DAMAGE_TYPES = ("physical", "fire", "void")
TRIGGER_ON = ("hit", "moderate+", "high", "crit")
TRIGGER_EFFECTS = ("condition", "damage", "ve")
ABILITY_WHEN = ("attacked", "turn_start")
ABILITY_EFFECTS = ("ve", "heal")
WEAPON_TRAITS = ("silenced", "armour_piercing")
REQUIRED_CONDITIONS = ("bleeding", "burning", "withered", "in_melee", "stealthed", "grasping")
DEFAULT_BANDS = (4, 8)


@dataclass(frozen=True)
class Trigger:
    """A weapon or voidcall trigger: when the damage reaches `on`, apply `effect` (VM-TRIGGER)."""

    on: str
    effect: str
    condition: str = ""
    amount: int = 0
    type: str = "physical"
    optional: bool = False
    name: str = ""

    def label(self) -> str:
        """How the log names it."""
        return self.name or (self.condition.replace("_", " ").title() if self.condition else self.effect)


@dataclass(frozen=True)
class Ability:
    """A unit's ability trigger: fires on `when` without costing an action."""

    when: str
    effect: str
    amount: int
    name: str


@dataclass(frozen=True)
class Weapon:
    """A weapon's game data."""

    id: str
    name: str
    kind: str  # melee | ranged
    hands: int
    wclass: str  # standard | automatic | heavy
    range_ft: int
    damage: tuple[int, int, int]
    bands: tuple[int, int]
    bonus: int
    type: str
    shots: int
    extra_targets: int
    sweep_ft: int
    traits: tuple[str, ...]
    triggers: tuple[Trigger, ...]

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


@dataclass(frozen=True)
class Voidcall:
    """A voidcall's game data (VM-VOID)."""

    id: str
    name: str
    cost: int
    kind: str  # attack | heal
    range_ft: int
    radius: int
    affects: str  # enemies | all
    cover_applies: bool
    damage: tuple[int, int, int] | None
    bands: tuple[int, int]
    type: str
    bonus: int
    condition: str
    triggers: tuple[Trigger, ...]
    instability_below: int
    instability_damage: int

    @property
    def range_sq(self) -> int:
        """Range in squares."""
        return max(1, self.range_ft // 5)


@dataclass(frozen=True)
class ConditionDef:
    """A condition's magnitudes (VM-CONDITIONS)."""

    id: str
    name: str
    damage: int
    type: str
    turns: int
    hit: int
    defence: int
    derived: bool
    description: str


@dataclass(frozen=True)
class Race:
    """A race and its Void Energy base."""

    id: str
    name: str
    void_base: int


@dataclass(frozen=True)
class Archetype:
    """An archetype and its Health scaling per level."""

    id: str
    name: str
    role: str
    health_scaling: int
    description: str


@dataclass(frozen=True)
class UnitDef:
    """One unit type as written in units.toml."""

    id: str
    name: str
    archetype: str
    race: str
    level: int
    strength: int
    dexterity: int
    physique: int
    intelligence: int
    foresight: int
    perception: int
    stealth: int
    resilience: int
    speed: int
    weapon: str
    offhand: str
    voidcaller: bool
    voidcalls: tuple[str, ...]
    resist: tuple[str, ...]
    status_resist: tuple[str, ...]
    ordinary: bool
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class SquadDef:
    """A squad: units in deployment order."""

    id: str
    name: str
    description: str
    units: tuple[str, ...]


@dataclass(frozen=True)
class Rules:
    """The configurable readings (data/rules.toml)."""

    crit_against: str
    hand_base: int
    speed: int
    grasp_tn: int
    grasp_fails: int
    resist_tn: int
    overkill_percent: int
    perception_ties: str


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


# -- parsing -------------------------------------------------------------------------------------
def _damage(f: Fields, key: str, required: bool = True) -> tuple[int, int, int] | None:
    value = f.get(key, list) if required else f.get(key, list, None)
    if value is None:
        return None
    if len(value) != 3 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise f.fail("should be three whole numbers [Low, Moderate, High]", key)
    if min(value) < 0 or not value[0] <= value[1] <= value[2]:
        raise f.fail("should be non-negative and rising: Low <= Moderate <= High", key)
    return (value[0], value[1], value[2])


def _bands(f: Fields) -> tuple[int, int]:
    value = f.get("bands", list, list(DEFAULT_BANDS))
    if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise f.fail("should be two whole numbers [last Low value, last Moderate value]", "bands")
    lo, mo = value
    if not 1 <= lo < mo <= 13:
        raise f.fail("needs 1 <= Low limit < Moderate limit <= 13", "bands")
    return (lo, mo)


def _triggers(f: Fields, key: str, conditions: dict[str, ConditionDef]) -> tuple[Trigger, ...]:
    raw = f.get(key, list, [])
    out = []
    for i, item in enumerate(raw):
        t = Fields(item, f.file, f"{f.place}.{key}[{i + 1}]")
        trig = Trigger(
            on=t.choice("on", TRIGGER_ON), effect=t.choice("effect", TRIGGER_EFFECTS),
            condition=t.get("condition", str, ""), amount=t.int_in("amount", 0, 50, 0),
            type=t.choice("type", DAMAGE_TYPES, "physical"), optional=t.get("optional", bool, False),
            name=t.get("name", str, ""))
        t.no_extras()
        if trig.effect == "condition" and trig.condition not in conditions:
            raise t.fail(f"unknown condition {trig.condition!r}", "condition")
        if trig.effect in ("damage", "ve") and trig.amount <= 0:
            raise t.fail("needs an amount above 0", "amount")
        out.append(trig)
    return tuple(out)


def _load_rules(folder: Path) -> Rules:
    path = folder / "rules.toml"
    doc = load_toml(path)
    f = Fields(doc.get("rules"), path, "rules")
    rules = Rules(
        crit_against=f.choice("crit_against", ("total", "stat")),
        hand_base=f.int_in("hand_base", 0, 20), speed=f.int_in("speed", 1, 20),
        grasp_tn=f.int_in("grasp_tn", 1, 30), grasp_fails=f.int_in("grasp_fails", 1, 10),
        resist_tn=f.int_in("resist_tn", 1, 30), overkill_percent=f.int_in("overkill_percent", 1, 1000),
        perception_ties=f.choice("perception_ties", ("hider", "seeker")))
    f.no_extras()
    return rules


def load_content(folder: Path = DATA_DIR) -> Content:
    """Load and cross-check every data file; UserError names the first problem found."""
    rules = _load_rules(folder)

    path = folder / "archetypes.toml"
    archetypes = {}
    for key, f in entries(load_toml(path), "archetype", path):
        archetypes[key] = Archetype(key, f.get("name", str), f.get("role", str, ""),
                                    f.int_in("health_scaling", 0, 20), f.get("description", str, ""))
        f.no_extras()

    path = folder / "races.toml"
    races = {}
    for key, f in entries(load_toml(path), "race", path):
        races[key] = Race(key, f.get("name", str), f.int_in("void_base", -50, 100))
        f.no_extras()

    path = folder / "conditions.toml"
    conditions = {}
    for key, f in entries(load_toml(path), "condition", path):
        conditions[key] = ConditionDef(
            key, f.get("name", str), f.int_in("damage", 0, 50, 0), f.choice("type", DAMAGE_TYPES, "physical"),
            f.int_in("turns", 0, 50, 0), f.int_in("hit", -10, 10, 0), f.int_in("defence", -10, 10, 0),
            f.get("derived", bool, False), f.get("description", str, ""))
        f.no_extras()
    for need in REQUIRED_CONDITIONS:
        if need not in conditions:
            raise UserError(f"missing condition {need!r} (the rules use it)", str(path))

    path = folder / "weapons.toml"
    weapons = {}
    for key, f in entries(load_toml(path), "weapon", path):
        kind = f.choice("kind", ("melee", "ranged"))
        wclass = f.choice("class", ("standard", "automatic", "heavy"), "standard")
        if kind == "melee" and wclass != "standard":
            raise f.fail("a melee weapon cannot be automatic or heavy", "class")
        w = Weapon(
            id=key, name=f.get("name", str), kind=kind, hands=f.int_in("hands", 1, 2), wclass=wclass,
            range_ft=f.int_in("range_ft", 5, 500), damage=_damage(f, "damage"),  # type: ignore[arg-type]
            bands=_bands(f), bonus=f.int_in("bonus", -10, 10, 0), type=f.choice("type", DAMAGE_TYPES),
            shots=f.int_in("shots", 0, 100, 0), extra_targets=f.int_in("extra_targets", 0, 10, 0),
            sweep_ft=f.int_in("sweep_ft", 0, 100, 0), traits=tuple(f.str_list("traits", [])),
            triggers=_triggers(f, "triggers", conditions))
        f.no_extras()
        for tr in w.traits:
            if tr not in WEAPON_TRAITS:
                raise f.fail(f"unknown trait {tr!r} (known: {', '.join(WEAPON_TRAITS)})", "traits")
        if kind == "ranged" and w.shots < 1:
            raise f.fail("a ranged weapon needs at least 1 shot", "shots")
        if kind == "melee" and w.shots:
            raise f.fail("a melee weapon has no shots", "shots")
        if w.extra_targets and wclass != "automatic":
            raise f.fail("only automatic weapons take extra targets", "extra_targets")
        weapons[key] = w

    path = folder / "voidcalls.toml"
    voidcalls = {}
    for key, f in entries(load_toml(path), "voidcall", path):
        vkind = f.choice("kind", ("attack", "heal"))
        inst = f.sub("instability", {})
        below = inst.int_in("below", 0, 14, 0)
        backlash = inst.int_in("damage", 0, 50, 0)
        inst.no_extras()
        v = Voidcall(
            id=key, name=f.get("name", str), cost=f.int_in("cost", 0, 100), kind=vkind,
            range_ft=f.int_in("range_ft", 5, 500), radius=f.int_in("radius", 0, 5, 0),
            affects=f.choice("affects", ("enemies", "all"), "enemies"),
            cover_applies=f.get("cover_applies", bool, False), damage=_damage(f, "damage", False),
            bands=_bands(f), type=f.choice("type", DAMAGE_TYPES, "void"), bonus=f.int_in("bonus", -10, 10, 0),
            condition=f.get("condition", str, ""), triggers=_triggers(f, "triggers", conditions),
            instability_below=below, instability_damage=backlash)
        f.no_extras()
        if v.condition and v.condition not in conditions:
            raise f.fail(f"unknown condition {v.condition!r}", "condition")
        if v.damage is None and not v.condition:
            raise f.fail("needs damage or a condition (or both)", "damage")
        if vkind == "heal" and (v.damage is None or v.radius):
            raise f.fail("a heal needs damage bands (the amounts healed) and no radius", "damage")
        voidcalls[key] = v

    path = folder / "units.toml"
    units = {}
    for key, f in entries(load_toml(path), "unit", path):
        abilities = []
        for i, item in enumerate(f.get("abilities", list, [])):
            a = Fields(item, path, f"unit.{key}.abilities[{i + 1}]")
            abilities.append(Ability(a.choice("when", ABILITY_WHEN), a.choice("effect", ABILITY_EFFECTS),
                                     a.int_in("amount", 1, 50), a.get("name", str, "")))
            a.no_extras()
        u = UnitDef(
            id=key, name=f.get("name", str), archetype=f.choice("archetype", archetypes),
            race=f.choice("race", races), level=f.int_in("level", 1, 20),
            strength=f.int_in("strength", -5, 10, 0), dexterity=f.int_in("dexterity", -5, 10, 0),
            physique=f.int_in("physique", -5, 10, 0), intelligence=f.int_in("intelligence", -5, 10, 0),
            foresight=f.int_in("foresight", -5, 10, 0), perception=f.int_in("perception", -5, 10, 0),
            stealth=f.int_in("stealth", -5, 10, 0), resilience=f.int_in("resilience", -5, 10, 0),
            speed=f.int_in("speed", 1, 20, rules.speed), weapon=f.choice("weapon", weapons),
            offhand=f.get("offhand", str, ""), voidcaller=f.get("voidcaller", bool, False),
            voidcalls=tuple(f.str_list("voidcalls", [])), resist=tuple(f.str_list("resist", [])),
            status_resist=tuple(f.str_list("status_resist", [])), ordinary=f.get("ordinary", bool, False),
            abilities=tuple(abilities))
        f.no_extras()
        _check_unit(u, f, weapons, voidcalls, conditions)
        units[key] = u

    path = folder / "squads.toml"
    squads = {}
    for key, f in entries(load_toml(path), "squad", path):
        members = f.str_list("units")
        if not 1 <= len(members) <= 8:
            raise f.fail(f"a squad has 1..8 units, found {len(members)}", "units")
        for m in members:
            if m not in units:
                raise f.fail(f"unknown unit {m!r}", "units")
        squads[key] = SquadDef(key, f.get("name", str), f.get("description", str, ""), tuple(members))
        f.no_extras()
    if len(squads) < 2:
        raise UserError("at least two squads are needed", str(path))
    return Content(rules, archetypes, races, conditions, weapons, voidcalls, units, squads)


def _check_unit(u: UnitDef, f: Fields, weapons: dict[str, Weapon], voidcalls: dict[str, Voidcall],
                conditions: dict[str, ConditionDef]) -> None:
    if u.offhand:
        if u.offhand not in weapons:
            raise f.fail(f"unknown weapon {u.offhand!r}", "offhand")
        main, off = weapons[u.weapon], weapons[u.offhand]
        # VM-DUAL: two one-handed weapons, never a two-hander or a Heavy weapon.
        for w, k in ((main, "weapon"), (off, "offhand")):
            if w.hands != 1:
                raise f.fail(f"dual wielding needs one-handed weapons; {w.name} is two-handed", k)
            if w.wclass == "heavy":
                raise f.fail(f"dual wielding cannot use a Heavy weapon ({w.name})", k)
    for v in u.voidcalls:
        if v not in voidcalls:
            raise f.fail(f"unknown voidcall {v!r}", "voidcalls")
    if u.voidcalls and not u.voidcaller:
        raise f.fail("only voidcaller units can know voidcalls (set voidcaller = true)", "voidcalls")
    for t in u.resist:
        if t not in DAMAGE_TYPES:
            raise f.fail(f"unknown damage type {t!r}", "resist")
    for c in u.status_resist:
        if c not in conditions:
            raise f.fail(f"unknown condition {c!r}", "status_resist")


@lru_cache(maxsize=1)
def content() -> Content:
    """The shipped content, loaded once."""
    return load_content(DATA_DIR)
