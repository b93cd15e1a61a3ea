"""The combat log: events that carry their math (every card, die, modifier and total)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.kinds import DATA_ACTION, DATA_ATTACKER, DATA_DAMAGE, DATA_TARGET


@dataclass
class Event:
    """One log line; `math` holds the expandable breakdown lines."""

    kind: str
    text: str
    math: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    round: int = 0
    side: str = ""
    chance: bool = False
    #: "all", or the only side that may read this event (hidden information stays hidden)
    visible: str = "all"

    def visible_to(self, viewer: str | None) -> bool:
        """Whether `viewer` may read the event (None = an omniscient observer).

        An event marked `unnamed` is the copy of a line told to a side that cannot see who acted;
        an omniscient observer reads the full line instead, so it skips the copy.
        """
        if viewer is None:
            return not self.data.get("unnamed", False)
        return self.visible in ("all", viewer)

    def to_json(self) -> dict[str, Any]:
        """Plain data for saves."""
        return {"kind": self.kind, "text": self.text, "math": self.math, "data": self.data,
                "round": self.round, "side": self.side, "chance": self.chance, "visible": self.visible}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Event:
        """Inverse of to_json."""
        return Event(**data)


def damage_data(attacker: int | None, target: int, damage: int | float,
                action: dict[str, Any] | None = None) -> dict[str, Any]:
    """A damage event's data (keys `game/core/kinds.py` DATA_*): `match.emit(..., **damage_data(...))`.

    `action` ({"kind", "actor", "option"}) is given only when the action that dealt the damage is not
    the input being resolved (see DATA_ACTION).
    """
    out: dict[str, Any] = {DATA_ATTACKER: attacker, DATA_TARGET: target, DATA_DAMAGE: damage}
    if action is not None:
        out[DATA_ACTION] = action
    return out
