"""Varium's own UI: the check table in its check prompts (`checktable`), the odds of the free
shove or grapple when a unit leaves a shared square (`leave`), letter hotkeys for its choices,
and the grapple track drawn between the two units that share it (`grapples`).

Loaded when a varium match opens (`game.ui.battle.extensions`). Every number shown is in the
decision's context (`game.rulesets.varium.table`, the odds functions the AI uses): the window only
lays them out. The target's face-down cards are drawn as card backs; which cards they are is
never in the context (the reveal's chance popup turns them over after the last attack).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rulesets.varium.kinds import Ask, Kind
from game.ui.battle.extensions import MarksLayer, register_hooks, register_layer
from game.ui.battle.prompt_parts import (
    register_default,
    register_hotkeys,
    register_kind,
    register_part,
    register_short_labels,
)
from game.ui.rulesets.varium.checktable import (
    DASH,
    KEY,
    grid_columns,
    grid_note,
    heads_of,
    odds_cells,
    short_label,
    table_part,
    table_rows,
)
from game.ui.rulesets.varium.grapples import GRIP_COLOURS, paint_grapples
from game.ui.rulesets.varium.leave import LEAVE_KEY, leave_cells, leave_part

__all__ = ["DASH", "GRIP_COLOURS", "KEY", "LEAVE_KEY", "VariumLayer", "grid_columns", "grid_note", "heads_of",
           "leave_cells", "leave_part", "odds_cells", "paint_grapples", "table_part", "table_rows"]

CHECK_KINDS = (Ask.STACK, Ask.ACE, Ask.BUST)
#: letter hotkeys: H another card, S stand, A aim, B bet (the smallest bet), N / P a new stack
#: (split the Ace), C count it 14; leaving: S shove, G grapple, L let go
HOTKEYS = {
    Ask.STACK: {"h": "hit", "s": "stand", "a": "aim", "b": "bet:"},
    Ask.ACE: {"n": "split", "p": "split", "c": "count"},
    Ask.BUST: {"a": "aim"},
    Ask.LEAVE: {"s": "shove", "g": "grapple", "l": "let"},
}


def best_answer(match: Any, decision: Any) -> str | None:
    """A check prompt's default: the answer worth most as the ruleset values it (`advise`, the
    numbers the AI plays by and the table's worth column shows); a tie keeps the decision's own
    default, then the first option."""
    worths = match.ruleset.advise(match, decision)
    keys = [k for k in decision.keys() if k in worths]
    if not keys:
        return None
    own = decision.default
    return max(keys, key=lambda k: (worths[k], k == own, -keys.index(k)))


#: the prompt keys F1 lists (beside the generic keys)
HELP_ROWS: list[tuple[str, str]] = [
    ("S / H", "in a check: stand / another card (an open prompt's letters win over the board's)"),
    ("A / B", "in a check: aim (redeal, ½ turn) / bet 1 chip; a bigger bet: its button's number"),
    ("C / N", "an Ace: count it 14 / start a new stack with it"),
    ("S / G / L", "a foe leaves your square: shove / grapple / let it go"),
    ("D", "initiative: draw for all my fighters (each card the choice worth most)"),
]


def help_rows() -> list[tuple[str, str]]:
    """Varium's prompt keys for the help (F1)."""
    return list(HELP_ROWS)


#: what hovering an action without an odds preview says, by kind
NO_ODDS = {
    Kind.SHOVE: "Opposed Might checks, dealt once you choose it: the check table shows the odds of "
                "every card.",
    Kind.GRAPPLE: "Opposed grappling checks, dealt once you choose it: the check table shows the odds "
                  "of every card.",
}


def no_odds(action: Any) -> list[str]:
    """Why a shove or grapple shows no odds before it starts."""
    text = NO_ODDS.get(action.kind)
    return [text] if text else []


def auto_setup() -> tuple[str, str, tuple[str, ...]]:
    """The initiative checks played for the player: every card as the table's best choice."""
    return ("Draw for all my fighters",
            "every initiative card of all your fighters played as the choice worth most (cards still shown)",
            CHECK_KINDS)


class VariumLayer(MarksLayer):
    """Varium's board layer: the grapple bands over the tokens; events keep the generic pace (each
    dealt card is a chance popup the AI waits for)."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """The grapple bands."""
        paint_grapples(self.scene, surface)


register_part(KEY, table_part)
register_part(LEAVE_KEY, leave_part)
for _kind in CHECK_KINDS:
    register_kind(_kind, (KEY,))
    register_short_labels(_kind, short_label)
    register_default(_kind, best_answer)
register_kind(Ask.LEAVE, (LEAVE_KEY,))
for _kind, _letters in HOTKEYS.items():
    register_hotkeys(_kind, _letters)
register_layer("varium", VariumLayer)
register_hooks("varium", help_rows=help_rows, no_odds=no_odds, auto_setup=auto_setup)
