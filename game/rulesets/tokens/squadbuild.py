"""Building a tokens squad: a wealth budget spent on units and their gear (TK-GEAR, TK-WEALTH).

`SquadBuilder` is the model the squad-builder screen reads (it never judges a rule itself): unit
kinds and gear to choose from, the squad being built with each unit's slots, live totals, and
every rule it breaks in players' words - all judged by `gearrules`, the functions shipped squads
are loaded with. A built squad is saved as a small TOML file (`SquadFile`, checked on load with
one line naming file, entry and field) and travels inside a scenario as plain data, so saves and
replays play without the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from game.core.content import Schema, decode
from game.errors import UserError
from game.rulesets.tokens import gearrules
from game.rulesets.tokens.catalog import GearInfo, KindInfo, gear_catalog, kind_catalog  # noqa: F401 - re-exported
from game.rulesets.tokens.content import Content, UnitDef, shipped
from game.rulesets.tokens.gearrules import MAX_UNITS, Loadout, Problem

FORMAT = 1
DEFAULT_BUDGET = 60  # the shipped squads' budget
BUDGET_RANGE = (10, 200)
BUDGET_STEP = 5
NAME_LENGTH = 40
FILE_LIMIT = 64 << 10  # bytes: a full squad is under 2 KiB
Id = Annotated[str, Meta(min_length=1, max_length=60, pattern=r"^[a-z0-9_]+$")]


class UnitEntry(Schema, frozen=True, kw_only=True):
    """One unit in a squad file: its kind and its gear (ids from the tokens data)."""

    kind: Id
    weapons: Annotated[tuple[Id, ...], Meta(max_length=12)] = ()
    items: Annotated[tuple[Id, ...], Meta(max_length=12)] = ()
    armour: Annotated[str, Meta(max_length=60)] = ""
    shield: Annotated[str, Meta(max_length=60)] = ""


class SquadFile(Schema, frozen=True, kw_only=True):
    """A built squad as saved (and as a scenario stores it)."""

    format: Literal[1] = FORMAT
    ruleset: Literal["tokens"] = "tokens"
    name: Annotated[str, Meta(min_length=1, max_length=NAME_LENGTH)]
    wealth: Annotated[int, Meta(ge=BUDGET_RANGE[0], le=BUDGET_RANGE[1])]
    player: bool = True
    units: Annotated[tuple[UnitEntry, ...], Meta(min_length=1, max_length=MAX_UNITS)]

    @property
    def loadouts(self) -> list[Loadout]:
        return [
            Loadout(
                u.kind, u.weapons, u.items, (u.armour,) if u.armour else (), (u.shield,) if u.shield else ()
            )
            for u in self.units
        ]


def slug(name: str) -> str:
    """A file and squad id from a name: `Night Raiders` -> `night_raiders`."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:NAME_LENGTH] or "squad"


def _place(p: Problem, place: str) -> str:
    return f"{place}.units[{p.unit + 1}].{p.field}" if p.unit is not None else f"{place}.{p.field}"


def check_data(data: Any, file: str, content: Content | None = None, place: str = "squad") -> SquadFile:
    """Plain data (a parsed file, or a scenario's stored squad) as a checked SquadFile: the schema,
    then the same gear and wealth rules as shipped squads. UserError names file, entry and field."""
    content = content or shipped()
    squad: SquadFile = decode(data, SquadFile, file, place)
    if not squad.name.strip() or not squad.name.isprintable():
        raise UserError("the name must be printable text", file, f"{place}.name")
    for p in gearrules.squad_problems(content, squad.loadouts, squad.wealth):
        raise UserError(p.text, file, _place(p, place))
    return squad


def read_squad(path: Path, content: Content | None = None) -> SquadFile:
    """A squad file, read within the bounds of every file the game reads (a FIFO or device
    refused before reading, size, depth, key parts: game.core.tomlfile) and checked; one-line
    UserError naming the file."""
    import os

    from game.core.tomlfile import read_toml

    if not os.path.lexists(path):
        raise UserError("no such squad file", str(path))
    return check_data(read_toml(path, FILE_LIMIT), str(path), content)


def squad_text(squad: SquadFile) -> str:
    """The squad as TOML (strings written as JSON strings, which TOML reads alike)."""
    import json

    def q(s: str) -> str:
        return json.dumps(s, ensure_ascii=False)

    def ids(xs: tuple[str, ...]) -> str:
        return "[" + ", ".join(q(x) for x in xs) + "]"

    lines = [
        "# A tokens squad built in Skirmish Table's squad builder (docs/rulesets/tokens.md).",
        f"format = {squad.format}",
        f"ruleset = {q(squad.ruleset)}",
        f"name = {q(squad.name)}",
        f"wealth = {squad.wealth}",
        f"player = {'true' if squad.player else 'false'}",
    ]
    for u in squad.units:
        lines += [
            "",
            "[[units]]",
            f"kind = {q(u.kind)}",
            f"weapons = {ids(u.weapons)}",
            f"items = {ids(u.items)}",
        ]
        if u.armour:
            lines.append(f"armour = {q(u.armour)}")
        if u.shield:
            lines.append(f"shield = {q(u.shield)}")
    return "\n".join(lines) + "\n"


def squads_dir() -> Path:
    """This user's saved tokens squads."""
    from game.paths import user_dir

    return user_dir("squads/tokens")


def read_saved_squads(folder: Path | None = None) -> tuple[list[tuple[SquadFile, Path]], list[UserError]]:
    """This user's saved squads that load, by name, and the problem of each one that does not
    (every file goes through the bounded reading layer: a FIFO or a hostile file is refused, never
    waited on or crashed on). Listing the folder opens no file."""
    try:
        folder = folder or squads_dir()
        paths = sorted(folder.glob("*.toml"))
    except (OSError, UserError):
        return [], []
    out: list[tuple[SquadFile, Path]] = []
    damaged: list[UserError] = []
    for p in paths:
        try:
            out.append((read_squad(p), p))
        except UserError as exc:
            damaged.append(exc)
    return sorted(out, key=lambda sp: sp[0].name.lower()), damaged


def saved_squads(folder: Path | None = None) -> list[tuple[SquadFile, Path]]:
    """This user's saved squads that load, by name (a damaged file is left out here; reading it
    names its problem)."""
    return read_saved_squads(folder)[0]


# -- the model -----------------------------------------------------------------------------------
@dataclass
class BuiltUnit:
    """A unit being built: its kind and its gear ids in the order added."""

    kind: str
    gear: list[str] = field(default_factory=list)


class SquadBuilder:
    """A squad being built. Every figure and rule comes from `gearrules`."""

    def __init__(
        self,
        content: Content | None = None,
        budget: int = DEFAULT_BUDGET,
        name: str = "",
        player: bool = True,
    ) -> None:
        self.content = content or shipped()
        self.gear = gear_catalog(self.content)
        self.kinds = kind_catalog(self.content)
        self.budget = budget
        self.name = name
        self.player = player
        self.units: list[BuiltUnit] = []

    # -- changes -----------------------------------------------------------------------------
    def add_unit(self, kind: str, standard_gear: bool = True) -> int:
        """Add a unit of `kind` (with the gear it comes with); returns its index."""
        u = self.content.units[kind]
        lo = Loadout.of(u)
        gear = [*lo.weapons, *lo.shields, *lo.armours, *lo.items] if standard_gear else []
        self.units.append(BuiltUnit(kind, gear))
        return len(self.units) - 1

    def remove_unit(self, index: int) -> None:
        del self.units[index]

    def add_gear(self, index: int, gear_id: str) -> None:
        """Give unit `index` a piece of gear (a second armour is allowed here and reported)."""
        if gear_id not in self.gear:
            raise KeyError(gear_id)
        self.units[index].gear.append(gear_id)

    def remove_gear(self, index: int, gear_id: str) -> None:
        """Take one `gear_id` from unit `index`."""
        self.units[index].gear.remove(gear_id)

    def set_budget(self, budget: int) -> None:
        self.budget = max(BUDGET_RANGE[0], min(BUDGET_RANGE[1], budget))

    # -- reading -----------------------------------------------------------------------------
    def loadout(self, index: int) -> Loadout:
        u = self.units[index]
        by: dict[str, list[str]] = {"weapon": [], "item": [], "armour": [], "shield": []}
        for g in u.gear:
            by[self.gear[g].category].append(g)
        return Loadout(u.kind, *(tuple(by[c]) for c in ("weapon", "item", "armour", "shield")))

    def loadouts(self) -> list[Loadout]:
        return [self.loadout(i) for i in range(len(self.units))]

    def label(self, index: int) -> str:
        """The unit's name as deployment numbers it ("Vanguard 2" when there are several)."""
        kind = self.units[index].kind
        name = self.content.units[kind].name
        same = [i for i, u in enumerate(self.units) if u.kind == kind]
        return f"{name} {same.index(index) + 1}" if len(same) > 1 else name

    def slots(self, index: int) -> tuple[int, int, int]:
        """(primary, secondary, armour) slots unit `index` fills."""
        lo = self.loadout(index)
        p, s = gearrules.slots(self.content, lo)
        return p, s, len(lo.armours)

    def unit_wealth(self, index: int) -> int:
        return gearrules.wealth(self.content, self.loadout(index))

    @property
    def spent(self) -> int:
        return gearrules.squad_wealth(self.content, self.loadouts())

    @property
    def left(self) -> int:
        return self.budget - self.spent

    def problems(self) -> list[Problem]:
        """Every rule the squad breaks (the shipped squads' function), plus a missing name."""
        out = gearrules.squad_problems(self.content, self.loadouts(), self.budget)
        if not self.name.strip():
            out.append(Problem("", "name", "needs a name to be saved"))
        return out

    def messages(self) -> list[str]:
        """The problems in players' words, each naming the unit it concerns."""
        return [
            f"{self.label(p.unit) if p.unit is not None else 'The squad'}: {p.text}." for p in self.problems()
        ]

    @property
    def valid(self) -> bool:
        return not self.problems()

    # -- files -------------------------------------------------------------------------------
    def to_file(self) -> SquadFile:
        """The squad as saved; UserError while it breaks a rule."""
        msgs = self.messages()
        if msgs:
            raise UserError(
                f"cannot save: {msgs[0]}" + (f" (and {len(msgs) - 1} more)" if len(msgs) > 1 else "")
            )
        units = tuple(
            UnitEntry(
                kind=lo.kind,
                weapons=lo.weapons,
                items=lo.items,
                armour="".join(lo.armours),
                shield="".join(lo.shields),
            )
            for lo in self.loadouts()
        )
        return SquadFile(name=self.name.strip(), wealth=self.budget, player=self.player, units=units)

    def save(self, folder: Path | None = None) -> Path:
        """Write the squad to this user's folder (or `folder`) under its name, atomically."""
        from game.core.files import write_atomic

        squad = self.to_file()
        path = (folder or squads_dir()) / f"{slug(squad.name)}.toml"
        write_atomic(path, squad_text(squad))
        return path

    @staticmethod
    def from_file(squad: SquadFile, content: Content | None = None) -> SquadBuilder:
        b = SquadBuilder(content, squad.wealth, squad.name, squad.player)
        for u in squad.units:
            b.units.append(
                BuiltUnit(
                    u.kind,
                    [
                        *u.weapons,
                        *((u.shield,) if u.shield else ()),
                        *((u.armour,) if u.armour else ()),
                        *u.items,
                    ],
                )
            )
        return b

    @staticmethod
    def from_squad(squad_id: str, content: Content | None = None) -> SquadBuilder:
        """Start from a shipped squad."""
        c = content or shipped()
        sq = c.squads[squad_id]
        b = SquadBuilder(c, sq.wealth, f"{sq.name} (mine)", sq.player)
        for kind in sq.units:
            b.add_unit(kind)
        return b


def stored(squad: SquadFile) -> dict[str, Any]:
    """The plain data a scenario keeps for a built squad."""
    return msgspec.to_builtins(squad)  # type: ignore[no-any-return]


def built_units(content: Content, data: Any, file: str, place: str) -> tuple[SquadFile, list[UnitDef]]:
    """A scenario's stored squad, checked, and its units as unit definitions carrying their built
    gear (what deployment reads)."""
    squad = check_data(data, file, content, place)
    units = [
        msgspec.structs.replace(
            content.units[u.kind], weapons=u.weapons, items=u.items, armour=u.armour, shield=u.shield
        )
        for u in squad.units
    ]
    return squad, units
