"""The battle screen moved to `game.ui.battle` (one idea per module); this name stays for callers."""

from game.ui.battle import BattleScene, health_label, is_end, split_labels

__all__ = ["BattleScene", "health_label", "is_end", "split_labels"]
