"""The action kinds of tokens, named once: its actions, resolution and AI use these names."""

from __future__ import annotations

from typing import Final

from game.core.kinds import END as _END
from game.core.kinds import MOVE as _MOVE


class Kind:
    """Action kinds (`Action.kind`) this ruleset offers."""

    APPLY: Final = "apply"
    ATTACK: Final = "attack"
    AWAIT: Final = "await"
    DRAW: Final = "draw"
    END: Final = _END
    HANDOFF: Final = "handoff"
    MOVE: Final = _MOVE
    OBSERVE: Final = "observe"
    OVERCHARGE: Final = "overcharge"
    RELOAD: Final = "reload"
    SNEAK: Final = "sneak"
    SPRINT: Final = "sprint"
