"""The action, event and decision kinds of tokens, named once for its rules, AI, UI and log."""

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


#: the kinds that move the actor to a cell (`Ruleset.move_kinds`: the UI's reach)
MOVE_KINDS: Final = frozenset({Kind.MOVE, Kind.SPRINT})


class Ev:
    """Event kinds (`Event.kind`) this ruleset writes to the match log."""

    AOO: Final = "aoo"
    APPLY: Final = "apply"
    ATTACK: Final = "attack"
    AWAIT: Final = "await"
    BLEED: Final = "bleed"
    BLIND: Final = "blind"
    BLINDED: Final = "blinded"
    BLOCKED: Final = "blocked"
    DAMAGE: Final = "damage"
    DISABLE: Final = "disable"
    DOT: Final = "dot"
    DRAW: Final = "draw"
    HANDOFF: Final = "handoff"
    HEALTH: Final = "health"
    MOVE: Final = "move"
    OBSERVE: Final = "observe"
    PENETRATE: Final = "penetrate"
    RELOAD: Final = "reload"
    REVEAL: Final = "reveal"
    SHIELD: Final = "shield"
    SILENT: Final = "silent"
    SNEAK: Final = "sneak"
    SPOT: Final = "spot"
    STATUS: Final = "status"
    STUMBLE: Final = "stumble"


class Ask:
    """Decision kinds (`Decision.kind`) this ruleset raises: the questions a side's controller answers."""

    AOO: Final = "aoo"
    MODE: Final = "mode"
    OVERWATCH: Final = "overwatch"
