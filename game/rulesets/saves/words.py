"""Names players read in the log: a side by its squad's name, never its id."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.saves.content import shipped

if TYPE_CHECKING:
    from game.core.match import Match


def side_label(match: Match, side: str) -> str:
    """The side's squad name ("Raider warband"); sides fielding the same squad are numbered."""
    squads = match.scenario.squads
    sid = squads.get(side, "")
    known = shipped().squads.get(sid)
    name = known.name if known is not None else f"Side {sorted(squads).index(side) + 1}" if side in squads \
        else side
    if sid and list(squads.values()).count(sid) > 1:
        name = f"{name} {sorted(squads).index(side) + 1}"
    return name
