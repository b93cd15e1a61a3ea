"""What saves' battle-screen hooks read from the ruleset (no drawing here): the way a move walks
and its cost, whose actions are listed when nobody is picked.

The world is read between inputs, never while the AI's worker thread holds it (then the last
reading is returned).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.action import Action
from game.rulesets.saves import hover
from game.rulesets.saves.kinds import Kind
from game.ui.rulesets.readings_memo import memo

if TYPE_CHECKING:
    from game.core.geometry import Cell
    from game.ui.battle.model import BattleModel
    from game.ui.scenes.battle import BattleScene


def _memo(scene: Any, key: Any, read: Any) -> Any:
    """`read()` once per match state and viewer (`readings_memo.memo`)."""
    return memo(scene, "_saves_ui", key, read)


def walk(scene: Any, ent: int, dest: Cell, start: Cell | None = None) -> list[Cell]:
    """The squares `ent` walks through to `dest` (from `start`, else where it stands), `dest` last."""
    found = _memo(scene, ("walk", ent, dest, start),
                  lambda: hover.move_path(scene.match, ent, dest, start)[0])
    return list(found or [])


def move_path(scene: BattleScene, move: Action) -> list[Cell] | None:
    """The path preview's squares for a move (the generic preview draws a straight line)."""
    if move.kind != Kind.MOVE or move.actor is None or move.cell is None:
        return None
    return walk(scene, move.actor, move.cell) or None


def path_label(scene: BattleScene, move: Action) -> str | None:
    """The path preview's words: the move and what it costs of the unit's Speed."""
    if move.kind != Kind.MOVE or move.actor is None or move.cell is None:
        return None
    cost = _memo(scene, ("cost", move.actor, move.cell),
                 lambda: hover.path_words(scene.match, move.actor, move.cell))  # type: ignore[arg-type]
    label = move.label.split(": ", 1)[-1] if move.label else "walk"
    return f"{label}\n{cost}" if cost else label


def pick_unit(model: BattleModel) -> int | None:
    """Whose actions are listed on the side's declaring turn when none is picked: the first unit
    still to declare (one with an enemy in reach first: its choice shapes the others'), else the
    first with anything left to do. The list never mixes units' actions under one unit's name."""
    if model.turn is None or model.turn.unit is not None:
        return None
    legal = model.session.legal()
    actors = [u.ent for u in model.units if u.side == model.turn.side
              and any(a.actor == u.ent for a in legal)]
    if not actors:
        return None
    declared = {a.actor for a in legal if a.kind == Kind.CANCEL}
    armed = {a.actor for a in legal if a.kind == Kind.ATTACK}
    waiting = [e for e in actors if e not in declared]
    waiting.sort(key=lambda e: e not in armed)
    return (waiting or actors)[0]
