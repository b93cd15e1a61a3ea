"""#17 texts a player reads in casket: arcs from the attacker's view, moves without coordinates."""

from __future__ import annotations

import re

import pytest
from casket_helpers import act, answer, events, make_match, place, units

from game.core.geometry import HEX_DIRS
from game.rulesets.casket import RULESET
from game.rulesets.casket.movement import face_decision
from game.rulesets.casket.tohit import attack_terms

CENTER = (6, 5)


@pytest.mark.rule("CK-TOHIT")
@pytest.mark.parametrize("direction,line", [
    (3, "rear arc: easier to hit, −2 to the target number"),
    (2, "right flank arc: easier to hit, −1 to the target number"),
    (5, "shield side arc: harder to hit, +1 to the target number"),
    (0, "front arc: no change"),
])
def test_arc_lines_read_as_the_attackers_view(direction, line):
    m = make_match()
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    place(m, b, CENTER, 0)
    dq, dr = HEX_DIRS[direction]
    place(m, a, (CENTER[0] + 2 * dq, CENTER[1] + 2 * dr))
    with m.world:
        lines = attack_terms(m, a, b, RULESET.content.card("guided_psalm")).breakdown()
    assert line in lines
    assert not any(re.search(r": [+-]\d+$", x) for x in lines)  # no bare "+1" left to puzzle over


def test_the_facing_prompt_says_what_each_enemy_would_get():
    m = make_match()
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    place(m, a, CENTER, 0)
    dq, dr = HEX_DIRS[3]
    place(m, b, (CENTER[0] + 2 * dq, CENTER[1] + 2 * dr))  # behind a facing 0
    with m.world:
        d = face_decision(m, a)
    detail = next(o.detail for o in d.options if o.key == "0")
    assert "rear: easier to hit, −2 to the target number" in detail
    assert "to-hit -2" not in detail


def test_the_move_log_says_where_in_words_not_coordinates():
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    act(m, "activate", actor=a)
    move = next(x for x in m.legal() if x.kind == "move" and x.actor == a and len(x.path) == 2)
    m.submit(move)
    if m.pending_decision is not None and m.pending_decision.kind == "face":
        answer(m, "face", m.pending_decision.default)
    text = events(m, "move")[-1].text
    assert not re.search(r"\(\d+, \d+\)", text), text
    assert "moves 2 hexes (" in text and ", now " in text and " hexes from " in text


def test_the_initiative_log_names_the_squads():
    m = make_match(force=[("initiative", (6, 1))])
    text = events(m, "initiative")[-1].text
    names = {RULESET.squads()[q].name for q in m.scenario.squads.values()}
    assert "p1" not in text and "p2" not in text
    assert any(n in text for n in names), text


def test_facings_read_as_the_compass_words_of_move_labels():
    """Turn actions, the face prompt, the log and the unit's "facing" tag say "north-east", as move
    labels do ("2 hexes north-east"), never "NE"; the option keys stay the hex-side numbers."""
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    place(m, a, CENTER, 0)
    act(m, "activate", actor=a)
    turns = {x.option: x.label for x in m.legal() if x.kind == "turn" and x.actor == a}
    assert turns["5"].startswith("Turn to face north-east (") and turns["3"].startswith("Turn to face west (")
    assert RULESET.unit_view(m, a, "p1")["tags"][0] == "facing east"
    act(m, "turn", actor=a, option="5")
    assert events(m, "turn")[-1].text.endswith("turns to face north-east (1 side, 1 SP).")
    with m.world:
        d = face_decision(m, a)
    labels = {o.key: o.label for o in d.options}
    assert labels["5"] == "Face north-east (keep)" and labels["2"].startswith("Face south-west (")
    words = " ".join([*turns.values(), *labels.values()])
    assert not re.search(r"\b(N|S|E|W|NE|NW|SE|SW)\b", words), words
