"""Saves content from TOML: weapons, armour, shields, items and squads, validated with msgspec.

Each kind of entry is a frozen msgspec Struct (types, ranges, choices, unknown keys refused); the
loader checks the references between entries. A problem is one UserError naming the file, the
entry and the key.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from game.core.content import load_toml
from game.errors import UserError

DATA_DIR = Path(__file__).resolve().parent / "data"
Score = Literal["STR", "DEX", "WIL"]
Role = Literal["pc", "hireling", "opponent"]
ConditionName = Literal["blinded", "hidden", "invisible", "stunned", "unconscious", "prone"]
ItemEffect = Literal["invisible", "hidden", "wake"]
#: what a weapon's harm is made of: a unit may resist some kinds (Impaired) or be vulnerable to
#: some (Enhanced), SV-IMPAIR
DamageKind = Literal["blade", "pierce", "blunt", "fire", "venom", "mind"]
DieSize = Annotated[int, Meta(ge=4, le=12)]
AbilityScore = Annotated[int, Meta(ge=1, le=18)]
ARMOUR_CAP = 3  # SV-ARMOUR: total Armour never exceeds 3
DEFAULT_SCORE = 10  # SV-ASSUMED
DEFAULT_SPEED = 8


class Schema(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of content entries: immutable, typed, unknown keys refused (typos in content)."""


class Weapon(Schema, frozen=True, kw_only=True):
    """A weapon: its damage die and kind; range > 0 makes it ranged; blast > 0 rolls for every unit
    in reach."""

    id: str
    name: str
    damage: DieSize
    range: Annotated[int, Meta(ge=0, le=30)] = 0
    blast: Annotated[int, Meta(ge=0, le=3)] = 0
    uses: Annotated[int, Meta(ge=0, le=9)] = 0
    score: Score | None = None
    kind: DamageKind = "blunt"
    stun: bool = False
    blind: bool = False
    knockout: bool = False

    @property
    def ranged(self) -> bool:
        """Whether it shoots (and cannot be used while engaged in melee)."""
        return self.range > 0


class Protection(Schema, frozen=True, kw_only=True):
    """Armour or a shield: points subtracted from damage."""

    id: str
    name: str
    value: Annotated[int, Meta(ge=0, le=3)]


class Item(Schema, frozen=True, kw_only=True):
    """A usable item (an action): Invisible, Hidden, or wake an unconscious ally."""

    id: str
    name: str
    effect: ItemEffect
    #: what using it does, in players' words (its button's hover text)
    description: Annotated[str, Meta(min_length=12)]


class UnitSpec(Schema, frozen=True, kw_only=True):
    """One unit of a squad. Scores not listed are 10; `resist` / `vulnerable` name damage kinds."""

    name: str
    role: Role = "opponent"
    hp: Annotated[int, Meta(ge=0, le=30)]
    strength: AbilityScore = msgspec.field(default=DEFAULT_SCORE, name="str")
    dex: AbilityScore = DEFAULT_SCORE
    wil: AbilityScore = DEFAULT_SCORE
    speed: Annotated[int, Meta(ge=1, le=20)] = DEFAULT_SPEED
    held: list[str] = msgspec.field(default_factory=lambda: ["fists"])
    stowed: list[str] = msgspec.field(default_factory=list)
    armour: str = "none"
    shield: str = ""
    items: list[str] = msgspec.field(default_factory=list)
    bonus: Annotated[list[DieSize], Meta(max_length=2)] = msgspec.field(default_factory=list)
    conditions: list[ConditionName] = msgspec.field(default_factory=list)
    resist: list[DamageKind] = msgspec.field(default_factory=list)
    vulnerable: list[DamageKind] = msgspec.field(default_factory=list)
    leader: bool = False
    mindless: bool = False
    fearless: bool = False


class Squad(Schema, frozen=True, kw_only=True):
    """A squad: its units in deployment order; `party` marks player characters' squads."""

    id: str
    name: str
    description: str = ""
    party: bool = False
    units: Annotated[list[UnitSpec], Meta(min_length=1, max_length=8)]


class Content(msgspec.Struct, frozen=True):
    """Everything the ruleset reads from data."""

    weapons: dict[str, Weapon]
    armour: dict[str, Protection]
    shields: dict[str, Protection]
    items: dict[str, Item]
    squads: dict[str, Squad]


_PATH = re.compile(r"^(.*?)(?: - at `\$(.*)`)?$", re.S)


def _decode(raw: Any, schema: type, file: Path, place: str) -> Any:
    try:
        return msgspec.convert(raw, schema, strict=True)
    except msgspec.ValidationError as exc:
        m = _PATH.match(str(exc))
        msg, path = (m[1], m[2] or "") if m else (str(exc), "")
        key = re.sub(r"\[(\d+)\]", lambda g: f"[{int(g[1]) + 1}]", path).lstrip(".")
        if f := re.match(r"Object missing required field `(.+)`", msg):
            key, msg = (f"{key}.{f[1]}" if key else f[1]), "missing"
        elif f := re.match(r"Object contains unknown field `(.+)`", msg):
            msg = f"unknown key {f[1]!r}"
        where = f"{place}.{key}" if key else place
        raise UserError(msg[:1].lower() + msg[1:], str(file), where) from None


def _entries(doc: dict[str, Any], table: str, schema: type, file: Path) -> dict[str, Any]:
    root = doc.get(table, {})
    if not isinstance(root, dict):
        raise UserError(f"[{table}] should be a table of entries", str(file))
    out = {}
    for key, raw in root.items():
        if not isinstance(raw, dict):
            raise UserError("expected a table", str(file), f"{table}.{key}")
        if "id" in raw:
            raise UserError("unknown key 'id'", str(file), f"{table}.{key}")
        out[key] = _decode({**raw, "id": key}, schema, file, f"{table}.{key}")
    return out


def load_content(files: list[Path]) -> Content:
    """Merge and validate every data file; cross references checked."""
    tables: dict[str, dict[str, Any]] = {k: {} for k in ("weapon", "armour", "shield", "item", "squad")}
    origin: dict[str, Path] = {}
    schemas = {"weapon": Weapon, "armour": Protection, "shield": Protection, "item": Item, "squad": Squad}
    for file in files:
        doc = load_toml(file)
        unknown = sorted(set(doc) - set(tables))
        if unknown:
            raise UserError(f"unknown table [{unknown[0]}]", str(file))
        for name, schema in schemas.items():
            for key, entry in _entries(doc, name, schema, file).items():
                if key in tables[name]:
                    raise UserError(f"{name} {key!r} is defined twice", str(file), f"{name}.{key}")
                tables[name][key] = entry
                origin[f"{name}.{key}"] = file
    content = Content(tables["weapon"], tables["armour"], tables["shield"], tables["item"], tables["squad"])
    for sid, squad in content.squads.items():
        file = origin[f"squad.{sid}"]
        for i, unit in enumerate(squad.units, 1):
            place = f"squad.{sid}.units[{i}]"
            for key, ids, known in (
                ("held", unit.held, content.weapons),
                ("stowed", unit.stowed, content.weapons),
                ("items", unit.items, content.items),
            ):
                for ref in ids:
                    if ref not in known:
                        raise UserError(
                            f"unknown {key.rstrip('s') if key == 'items' else 'weapon'} {ref!r}",
                            str(file),
                            f"{place}.{key}",
                        )
            if not 1 <= len(unit.held) <= 2:
                raise UserError("hold one or two weapons", str(file), f"{place}.held")
            if unit.armour not in content.armour:
                raise UserError(f"unknown armour {unit.armour!r}", str(file), f"{place}.armour")
            if unit.shield and unit.shield not in content.shields:
                raise UserError(f"unknown shield {unit.shield!r}", str(file), f"{place}.shield")
    return content


def data_files() -> list[Path]:
    """The shipped data files in a stable order."""
    return sorted(DATA_DIR.glob("*.toml"))


@lru_cache(maxsize=1)
def shipped() -> Content:
    """The shipped content (loaded once)."""
    return load_content(data_files())
