"""The action kinds of saves, named once: its actions, resolution and AI use these names."""

from __future__ import annotations

from typing import Final

from game.core.kinds import END as _END
from game.core.kinds import MOVE as _MOVE


class Kind:
    """Action kinds (`Action.kind`) this ruleset offers."""

    ATTACK: Final = "attack"
    CANCEL: Final = "cancel"
    END: Final = _END
    FLEE: Final = "flee"
    MANEUVER: Final = "maneuver"
    MOVE: Final = _MOVE
    PARLEY: Final = "parley"
    SWAP: Final = "swap"
    TEND: Final = "tend"
    USE: Final = "use"
