"""The action kinds of voidmarked, named once: its actions, resolution and AI use these names."""

from __future__ import annotations

from typing import Final

from game.core.kinds import END as _END
from game.core.kinds import MOVE as _MOVE


class Kind:
    """Action kinds (`Action.kind`) this ruleset offers."""

    ATTACK: Final = "attack"
    DASH: Final = "dash"
    END: Final = _END
    HIDE: Final = "hide"
    MOVE: Final = _MOVE
    RELOAD: Final = "reload"
    VOIDCALL: Final = "voidcall"
