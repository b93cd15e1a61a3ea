"""A scenario's rules options and player-character sides.

A ruleset declares the readings a player may choose (`Ruleset.rule_options`, none by default):
each a `RuleOption` with its allowed values, default and a one-line description. A scenario stores
the chosen ones under `options["rules"]` (only those that differ from nothing: an unset option
takes its default), and which sides field player characters under `options["player_characters"]`
(a list of side ids; unset means the ruleset's own default). Anything else is refused with one
line naming the option, so a save, a replay or a command line never carries a reading the rules
do not know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.errors import UserError

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset
    from game.core.scenario import Scenario

RULES_KEY = "rules"
PC_KEY = "player_characters"
#: the reading saves used before sides carried the flag ("p1", "p1,p2", "none"); still read
LEGACY_PC_KEY = "player_sides"
#: squads players built (a ruleset's squad builder), stored whole per side so saves and replays
#: play without the file; the ruleset checks them (Ruleset.built_squad)
BUILT_KEY = "built_squads"
SIDE_IDS = ("p1", "p2")


@dataclass(frozen=True)
class RuleOption:
    """One choosable reading: `values` lists the allowed values (all of one type: str, int or
    bool); `labels` gives each a player-facing name (the value itself where absent)."""

    name: str
    display: str
    values: tuple[str | int | bool, ...]
    default: str | int | bool
    description: str
    labels: tuple[str, ...] = ()

    def label(self, value: Any) -> str:
        """The player-facing name of a value."""
        if self.labels and value in self.values:
            return self.labels[self.values.index(value)]
        return str(value).lower() if isinstance(value, bool) else str(value)

    def parse(self, text: str) -> str | int | bool:
        """A value from text (command line), or UserError naming the allowed ones."""
        kind = type(self.default)
        value: Any = text
        if kind is bool:
            low = text.strip().lower()
            value = {"true": True, "yes": True, "on": True, "1": True,
                     "false": False, "no": False, "off": False, "0": False}.get(low, text)
        elif kind is int:
            try:
                value = int(text)
            except ValueError:
                value = text
        return self.check(value)

    def check(self, value: Any) -> str | int | bool:
        """The value itself if allowed, else UserError."""
        if type(value) is type(self.default) and value in self.values:
            return value
        allowed = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in self.values)
        raise UserError(f"option {self.name} cannot be {str(value)[:40]!r} (allowed: {allowed})")


def declared(rs: Ruleset) -> dict[str, RuleOption]:
    """The ruleset's options by name."""
    return {o.name: o for o in rs.rule_options()}


def _unknown(rs: Ruleset, name: str) -> UserError:
    known = ", ".join(declared(rs)) or "none"
    return UserError(f"{rs.name} has no option {name[:40]!r} (its options: {known})")


def parse_assignments(rs: Ruleset, texts: Iterable[str]) -> dict[str, Any]:
    """`key=value` texts (the command line's --option) as checked rules options."""
    out: dict[str, Any] = {}
    options = declared(rs)
    for text in texts:
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(f"option {text[:40]!r} is not key=value")
        if key not in options:
            raise _unknown(rs, key)
        parsed = options[key].parse(value.strip())
        if key in out and out[key] != parsed:
            raise UserError(f"--option {key} is given twice, as {out[key]} and as {parsed}: keep one")
        out[key] = parsed
    return out


def check_rules(rs: Ruleset, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """Stored rules options checked against the ruleset's declarations."""
    options = declared(rs)
    out: dict[str, Any] = {}
    for key, value in chosen.items():
        if key not in options:
            raise _unknown(rs, key)
        out[key] = options[key].check(value)
    return out


def parse_pc(texts: Iterable[str]) -> list[str] | None:
    """The command line's --pc values: side ids, or 'none' for no player characters."""
    out: list[str] = []
    given = False
    none = False
    for text in texts:
        given = True
        low = text.strip().lower()
        if low == "none":
            none = True
            continue
        if low not in SIDE_IDS:
            raise UserError(f"--pc {text[:20]!r} is not a side (p1, p2) or none")
        if low not in out:
            out.append(low)
    if none and out:
        raise UserError(f"--pc none and --pc {out[0]} contradict each other: give sides, or none alone")
    return sorted(out) if given else None


def scenario_options(rs: Ruleset, rules: Mapping[str, Any] | None = None,
                     pcs: list[str] | None = None, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A scenario's options dict with the chosen rules options and player-character sides."""
    out = dict(base or {})
    if rules:
        out[RULES_KEY] = check_rules(rs, rules)
    if pcs is not None:
        out[PC_KEY] = sorted(pcs)
    return out


def rule_value(scenario: Scenario, rs: Ruleset, name: str) -> Any:
    """The scenario's value of a declared option (its default when unset)."""
    chosen = scenario.options.get(RULES_KEY) or {}
    if name in chosen:
        return chosen[name]
    return declared(rs)[name].default


def chosen_rules(scenario: Scenario) -> dict[str, Any]:
    """The options the scenario sets (unset ones are left out)."""
    return dict(scenario.options.get(RULES_KEY) or {})


def player_character_sides(scenario: Scenario) -> list[str] | None:
    """The sides whose player characters are such, or None when the scenario leaves it to the
    ruleset. Old saves' `player_sides` text is read the same way."""
    flag = scenario.options.get(PC_KEY)
    if flag is not None:
        return sorted(str(s) for s in flag)
    legacy = scenario.options.get(LEGACY_PC_KEY)
    if legacy is None:
        return None
    text = str(legacy).strip().lower()
    if text in ("", "none"):
        return []
    return sorted(s.strip() for s in text.split(",") if s.strip())


def parse_squad_files(rs: Ruleset, texts: Iterable[str]) -> dict[str, Any]:
    """The command line's --squad SIDE=FILE values: each side's built squad, read and checked by
    the ruleset (a bad file is one line naming it)."""
    from pathlib import Path

    out: dict[str, Any] = {}
    for text in texts:
        side, sep, path = text.partition("=")
        side = side.strip().lower()
        if not sep or side not in SIDE_IDS or not path.strip():
            raise UserError(f"--squad {text[:40]!r} is not SIDE=FILE (side p1 or p2)")
        if side in out:
            raise UserError(f"--squad names {side} twice")
        out[side] = rs.read_squad_file(Path(path.strip()))
    return out


def built_squads(options: Mapping[str, Any]) -> dict[str, Any]:
    """Each side's built squad a scenario's options store (see BUILT_KEY)."""
    return dict(options.get(BUILT_KEY) or {})


def options_from_args(args: Any) -> dict[str, Any]:
    """The scenario options a command line's --option, --pc and --squad ask for (UserError naming
    the subcommand when the ruleset does not know one; a bad squad file names the file)."""
    from game.core import ruleset as registry

    rs = registry.get(args.ruleset)
    try:
        pcs = parse_pc(getattr(args, "pc", None) or [])
        if pcs is not None and not rs.uses_player_characters:
            raise UserError(f"{rs.name} has no player characters: --pc does not apply")
        out = scenario_options(rs, parse_assignments(rs, getattr(args, "option", None) or []), pcs)
    except UserError as exc:
        raise UserError(exc.line(), str(getattr(args, "command", "") or "")) from None
    try:
        built = parse_squad_files(rs, getattr(args, "squad", None) or [])
    except UserError as exc:
        raise UserError(exc.problem, exc.file or str(getattr(args, "command", "") or ""), exc.place) from None
    if built:
        out[BUILT_KEY] = built
    return out
