"""The action kinds of casket, named once: its actions, resolution and AI use these names."""

from __future__ import annotations

from typing import Final

from game.core.kinds import END as _END
from game.core.kinds import MOVE as _MOVE


class Kind:
    """Action kinds (`Action.kind`) this ruleset offers."""

    ACTIVATE: Final = "activate"
    CARD: Final = "card"
    END: Final = _END
    MOVE: Final = _MOVE
    REPAIR: Final = "repair"
    TURN: Final = "turn"
