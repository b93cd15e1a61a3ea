"""The action, event and decision kinds of voidmarked, named once for its rules, AI, UI and log."""

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


#: the kinds that move the actor to a cell (`Ruleset.move_kinds`: the UI's reach)
MOVE_KINDS: Final = frozenset({Kind.MOVE})


class Ev:
    """Event kinds (`Event.kind`) this ruleset writes to the match log."""

    ATTACK: Final = "attack"
    CHEAT: Final = "cheat"
    CHECK: Final = "check"
    CONDITION: Final = "condition"
    DAMAGE: Final = "damage"
    DAMAGE_FLIP: Final = "damage_flip"
    DASH: Final = "dash"
    DEATH: Final = "death"
    DOWN: Final = "down"
    DRY: Final = "dry"
    HEAL: Final = "heal"
    INITIATIVE: Final = "initiative"
    INSTABILITY: Final = "instability"
    MOVE: Final = "move"
    RELOAD: Final = "reload"
    REVIVE: Final = "revive"
    ROUND: Final = "round"
    SETUP: Final = "setup"
    SPOT: Final = "spot"
    STEALTH: Final = "stealth"
    SWEEP: Final = "sweep"
    TRIGGER: Final = "trigger"
    TURN: Final = "turn"
    VOIDCALL: Final = "voidcall"


class Ask:
    """Decision kinds (`Decision.kind`) this ruleset raises: the questions a side's controller answers."""

    CHEAT: Final = "cheat"
    TRIGGER: Final = "trigger"
