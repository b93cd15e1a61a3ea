"""The action, event and decision kinds of saves, named once for its rules, AI, UI and log."""

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


#: the kinds that move the actor to a cell (`Ruleset.move_kinds`: the UI's reach)
MOVE_KINDS: Final = frozenset({Kind.MOVE})


class Ev:
    """Event kinds (`Event.kind`) this ruleset writes to the match log."""

    ATTACK: Final = "attack"
    CONDITION: Final = "condition"
    COUNTER: Final = "counter"
    DAMAGE: Final = "damage"
    DECLARE: Final = "declare"
    FLEE: Final = "flee"
    INITIATIVE: Final = "initiative"
    MOVE: Final = "move"
    OUT: Final = "out"
    REVEAL: Final = "reveal"
    SAVE: Final = "save"
    SCORE: Final = "score"
    SNATCH: Final = "snatch"
    SWAP: Final = "swap"
    TEND: Final = "tend"
    TURN: Final = "turn"


class Ask:
    """Decision kinds (`Decision.kind`) this ruleset raises: the questions a side's controller answers."""

    DEFEND: Final = "defend"
