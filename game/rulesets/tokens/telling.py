"""Log lines about a hidden unit's doings, told per side (TK-SNEAK, TK-SILENT).

A unit hiding from the other sides may still act on them: a Silent shot, an Observe that reveals
someone, an adjacent spot. Its own side reads the whole line (who, with what, the math); every
side it hides from reads a line that says what happened to its own units and nothing of who did
it or from where ("Wren is hit by an unseen attacker: ..."). The log panel, chance popups and the
hot-seat hand-off all filter on `Event.visible`, so one event per audience is all it takes:
`audiences` says which sides read the whole line and which the unnamed one, and the caller emits
each (its event kind named at the call, as every emit in a ruleset does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.tokens.components import TkStealth, get, side_of, table

if TYPE_CHECKING:
    from game.core.match import Match

#: `Event.visible` for an event no side may read (only an omniscient observer: a spectator or a
#: replay shown to no side) - a coin two hidden units flipped unseen by either side
NOBODY = "none"

#: how a side names a unit it cannot see
UNSEEN = "an unseen enemy"


def unseen(ent: int | None) -> bool:
    """Whether `ent` is hiding from the other sides now."""
    return ent is not None and get(ent, TkStealth).hidden


def audiences(match: Match, *, by: int | None, hidden: bool, about: int | None = None
              ) -> tuple[list[str], list[str]]:
    """(who reads the whole line, the sides that read the unnamed one), as `Event.visible` values.

    Everyone reads the whole line (`["all"]`) unless: `hidden` - the unit `by` acts unseen - then
    its own side reads it and each side it hides from reads the unnamed line; or the unit the line
    is `about` (the one hit) is hiding - then only its own side reads anything, the rest do not
    know it is there. A line no side reads in full still goes to an omniscient observer (`NOBODY`).
    """
    own = side_of(by) if hidden and by is not None else None
    keep = side_of(about) if unseen(about) else None
    if own is None and keep is None:
        return ["all"], []
    readers = [s for s in table(match).sides if keep is None or s == keep]
    full = [s for s in readers if own is None or s == own]
    return full or [NOBODY], [s for s in readers if s not in full]
