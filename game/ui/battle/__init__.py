"""The battle screen, one idea per module; `BattleScene` assembles them, `BattleModel` holds what it
shows without pixels (importing the package or its model does not load pygame)."""

from typing import Any

from game.ui.battle.labels import describe, group_label, health_label, label_stem, split_labels
from game.ui.battle.model import BattleModel, Group, is_end, is_move, move_dest

__all__ = [
    "BattleModel",
    "BattleScene",
    "Group",
    "describe",
    "group_label",
    "health_label",
    "is_end",
    "is_move",
    "label_stem",
    "move_dest",
    "split_labels",
]


def __getattr__(name: str) -> Any:
    if name == "BattleScene":  # the scene needs pygame; the model and words do not
        from game.ui.battle.scene import BattleScene

        return BattleScene
    raise AttributeError(name)
