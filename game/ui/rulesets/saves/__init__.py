"""Saves' own part of the battle screen (loaded when a saves match opens, see
`game.ui.battle.extensions`).

- Before Resolve, the declaring side's turn is drawn on the board: this turn's moves as arrows,
  each declared attack as an arrow to its target, the target ringed with the gang bonus it will
  receive, other declarations (knock down, snatch, flee, tend, items) tagged by their unit. The
  marks come from the ruleset's `declarations_view` (its own grouping and odds): nothing is worked
  out here.
- A resolution is played out one event at a time: each roll pops up with its dice and its line
  of the log (dice kept, armour, HP, STR, saves) appears with it; the board's health bars follow
  the log, and the attack being rolled is drawn as arrows. Prompts, hot-seat handovers and the AI
  wait until it has played out.
- A move's preview and this turn's moves follow the real way round walls, the preview with its
  cost of the unit's Speed; on the declaring turn one unit's actions are listed at a time.
- Surprise at the start, morale checks, routs and the end are announced in a banner.
"""

from game.ui.battle.extensions import register_hooks, register_layer
from game.ui.rulesets.saves.layer import SavesLayer
from game.ui.rulesets.saves.marks import ATTACK_RED, Mark, group_lines, marks_for
from game.ui.rulesets.saves.reading import move_path, path_label, pick_unit

__all__ = ["ATTACK_RED", "Mark", "SavesLayer", "group_lines", "marks_for"]

register_layer("saves", SavesLayer)
register_hooks("saves", path_label=path_label, move_path=move_path, auto_select=pick_unit)
