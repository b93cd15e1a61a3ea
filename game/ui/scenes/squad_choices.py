"""The launcher's side of squad building: whether a ruleset has a builder, this user's saved squads
as squad choices, and a chosen one read into the scenario's options."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from game.errors import UserError

RULESET_ID = "tokens"
#: a squad choice naming a saved squad file rather than a shipped squad id
FILE_PREFIX = "file:"


def has_squad_builder(ruleset_id: str) -> bool:
    """Whether the launcher offers the builder for this ruleset."""
    return ruleset_id == RULESET_ID


def saved_squad_choices(ruleset_id: str) -> list[tuple[str, str]]:
    """This user's saved squads as launcher menu choices (label, value)."""
    if not has_squad_builder(ruleset_id):
        return []
    from game.rulesets.tokens.squadbuild import saved_squads

    return [(f"Mine: {sq.name}", f"{FILE_PREFIX}{path}") for sq, path in saved_squads()]


def damaged_squads_notice(ruleset_id: str) -> str:
    """One line naming the saved squads that were skipped as damaged ("" when none): the
    launcher shows it under its buttons when the ruleset is chosen."""
    if not has_squad_builder(ruleset_id):
        return ""
    from game.rulesets.tokens.squadbuild import read_saved_squads

    damaged = read_saved_squads()[1]
    if not damaged:
        return ""
    from game.core.wording import plural

    first = damaged[0]
    name = Path(first.file).name
    detail = ": ".join(p for p in (first.place, first.problem) if p)
    return f"Skipped {plural(len(damaged), 'damaged saved squad')}: {name}: {detail}"[:160]


def with_built_squads(
    rs: Any, squads: tuple[str, str], options: dict[str, Any]
) -> tuple[tuple[str, str], dict]:
    """The launcher's squad choices with saved squads read into the scenario options (a file
    that no longer loads raises UserError naming it)."""
    from game.core.options import BUILT_KEY

    built = {}
    for side, value in zip(("p1", "p2"), squads, strict=True):
        if value.startswith(FILE_PREFIX):
            built[side] = rs.read_squad_file(Path(value[len(FILE_PREFIX) :]))
    if built:
        options = {**options, BUILT_KEY: built}
    return squads, options


def built_squad_info(rs: Any, value: str) -> Any:
    """A saved squad's name and units for the launcher's description (None when it is not one or
    no longer loads: starting says why)."""
    if not value.startswith(FILE_PREFIX):
        return None
    try:
        info = rs.built_squad(
            rs.read_squad_file(Path(value[len(FILE_PREFIX) :])), value[len(FILE_PREFIX) :], "squad"
        )
    except UserError:
        return None
    return dataclasses.replace(info, description="your squad from the squad builder.")
