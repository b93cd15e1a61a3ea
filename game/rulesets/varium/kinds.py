"""The action kinds of varium, named once: its actions, resolution and AI use these names."""

from __future__ import annotations

from typing import Final

from game.core.kinds import END as _END


class Kind:
    """Action kinds (`Action.kind`) this ruleset offers."""

    ASSIST: Final = "assist"
    ATTACK: Final = "attack"
    DASH: Final = "dash"
    DODGE: Final = "dodge"
    DRAW: Final = "draw"
    END: Final = _END
    GETUP: Final = "getup"
    GRAPPLE: Final = "grapple"
    HEAL: Final = "heal"
    HIDE: Final = "hide"
    LJUMP: Final = "ljump"
    RELOAD: Final = "reload"
    RUN: Final = "run"
    SHOVE: Final = "shove"
    VJUMP: Final = "vjump"
