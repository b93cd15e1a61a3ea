"""The action, event and decision kinds of casket, named once for its rules, AI, UI and log."""

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


#: the kinds that move the actor to a cell (`Ruleset.move_kinds`: the UI's reach)
MOVE_KINDS: Final = frozenset({Kind.MOVE})


class Ev:
    """Event kinds (`Event.kind`) this ruleset writes to the match log."""

    ACTIVATE: Final = "activate"
    AIM: Final = "aim"
    ATTACK: Final = "attack"
    CARD: Final = "card"
    COMPONENT: Final = "component"
    COMPONENT_DESTROYED: Final = "component_destroyed"
    DEFENSE: Final = "defense"
    DESTROYED: Final = "destroyed"
    DISSOCIATION: Final = "dissociation"
    DRAW: Final = "draw"
    EXECUTION: Final = "execution"
    EXPOSURE: Final = "exposure"
    GRIT: Final = "grit"
    HEAT: Final = "heat"
    INITIATIVE: Final = "initiative"
    JAM: Final = "jam"
    LOSE: Final = "lose"
    MOVE: Final = "move"
    OVERHEAT: Final = "overheat"
    PAIN: Final = "pain"
    PILOT_DEAD: Final = "pilot_dead"
    REACTION: Final = "reaction"
    REPAIR: Final = "repair"
    RESHUFFLE: Final = "reshuffle"
    REVEAL: Final = "reveal"
    THREAD: Final = "thread"
    TURN: Final = "turn"
    WOUND: Final = "wound"


class Ask:
    """Decision kinds (`Decision.kind`) this ruleset raises: the questions a side's controller answers."""

    ALLY: Final = "ally"
    DAMAGE_SOURCE: Final = "damage_source"
    DISCARD: Final = "discard"
    FACE: Final = "face"
    REACTION: Final = "reaction"
