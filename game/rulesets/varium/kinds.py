"""The action, event and decision kinds of varium, named once for its rules, AI, UI and log."""

from __future__ import annotations

from typing import Final

from game.core.kinds import END as _END


class Kind:
    """Action kinds (`Action.kind`) this ruleset offers."""

    ASSIST: Final = "assist"
    ATTACK: Final = "attack"
    BLOCK: Final = "block"
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


#: the kinds that move the actor to a cell (`Ruleset.move_kinds`: the UI's reach); a long jump's
#: landing cell is offered as a target of its own, not as reach
MOVE_KINDS: Final = frozenset({Kind.DASH, Kind.RUN})


class Ev:
    """Event kinds (`Event.kind`) this ruleset writes to the match log."""

    AIM: Final = "aim"
    ASSIST: Final = "assist"
    BET: Final = "bet"
    BLOCK: Final = "block"
    BUSY: Final = "busy"
    CARD: Final = "card"
    CHECK: Final = "check"
    DEAD: Final = "dead"
    DODGE: Final = "dodge"
    DOWN: Final = "down"
    EVASION: Final = "evasion"
    GETUP: Final = "getup"
    GRAPPLE: Final = "grapple"
    HEAL: Final = "heal"
    HIDE: Final = "hide"
    HIT: Final = "hit"
    INITIATIVE: Final = "initiative"
    INTERACT: Final = "interact"
    INTERRUPT: Final = "interrupt"
    JUMP: Final = "jump"
    MELEE: Final = "melee"
    MISS: Final = "miss"
    MOVE: Final = "move"
    RELOAD: Final = "reload"
    REVEAL: Final = "reveal"
    SHOVE: Final = "shove"
    TURN: Final = "turn"


class Ask:
    """Decision kinds (`Decision.kind`) this ruleset raises: the questions a side's controller answers."""

    ACE: Final = "ace"
    BLOCK: Final = "block"
    BUST: Final = "bust"
    LEAVE: Final = "leave"
    STACK: Final = "stack"
    TIE: Final = "tie"
