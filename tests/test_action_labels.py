"""What players read of an action: every ruleset words a destination by distance and direction from
the actor (game.core.wording), never by grid coordinates, and no two legal moves read the same."""

from __future__ import annotations

import re
from collections import Counter

import esper
import pytest

from game.ai.moves import label_of
from game.core import ruleset as registry
from game.core.action import Action
from game.core.components import Position
from game.core.match import Match, load_board_for
from game.core.wording import offset_words
from game.sim import default_scenario

#: "(3, 4)", "3,4", "#12": coordinates and entity ids, names no player sees on the board
INTERNAL = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\b\d+,\d+\b|#\d")
RULESETS = ["tokens", "voidmarked", "casket", "varium", "saves"]


def _first_moves(rid: str) -> tuple[Match, list[Action]]:
    """A default skirmish's first legal list that holds moves: set-up decisions are answered with
    their defaults and a side that must first pick a unit (casket) picks the first one."""
    scenario = default_scenario(rid, None, 1)
    match = Match(registry.get(rid), scenario, load_board_for(scenario))
    for _ in range(100):
        decision = match.pending_decision
        if decision is not None:
            match.answer(decision.default or decision.keys()[0])
            continue
        legal = match.legal()
        moves = [a for a in legal if a.cell is not None or a.path]
        if moves:
            return match, moves
        match.submit(legal[0])
    raise AssertionError(f"{rid}: no move among the first legal lists")


@pytest.mark.parametrize("rid", RULESETS)
def test_default_start_move_labels_are_unique_and_worded(rid):
    match, moves = _first_moves(rid)
    labels = [a.label for a in moves]
    doubled = [lab for lab, n in Counter(labels).items() if n > 1]
    assert not doubled, f"{rid}: {doubled[:5]}"
    assert len(moves) >= 10, f"{rid}: only {len(moves)} moves, the check would say little"
    for action in moves:
        assert action.label and not INTERNAL.search(action.label), action.label
    # the words are the shared helper's, from the mover's own cell
    with match.world:
        for action in moves:
            here = esper.component_for_entity(action.actor, Position).cell
            dest = action.path[-1] if action.path else action.cell
            unit = "" if rid in ("tokens", "casket") else "square"
            words = offset_words(match.board.grid, here, dest, unit)
            assert words in action.label, (here, dest, action.label)


def test_label_of_falls_back_on_words_without_ids_or_coordinates():
    assert label_of(Action("attack", 12, target=7, cell=(3, 4))) == "Attack a unit at a chosen place"
    assert label_of(Action("long_jump", 3, cell=(3, 4))) == "Long jump to a chosen place"
    assert label_of(Action("end")) == "End"
    assert label_of(Action("move", 5, cell=(1, 2), label="Move 2 squares north")) == "Move 2 squares north"
    for text in (label_of(Action("attack", 12, target=7, cell=(3, 4))), label_of(Action("x", 9, target=44))):
        assert not re.search(r"\d", text), text
