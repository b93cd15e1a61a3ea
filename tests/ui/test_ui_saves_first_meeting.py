"""Saves for a player meeting it the first time (issue #33): the defence prompt's answers on one
footing and why a counter-attack is missing, the attack headline after the defender's best answer,
the camera kept on the map, one unit's actions and details at a time, undo named for what it takes
back, and the real path of a move with its cost."""

from __future__ import annotations

import pytest
from test_ui_saves_board import answer_prompt, attack, contact, flat, record

from game.rulesets.saves import ai
from game.rulesets.saves.combat import Group, defence_answers
from game.ui.app import build_session
from game.ui.panels import preview_rows
from game.ui.scenes.battle import BattleScene
from game.ui.widgets import percent


@pytest.fixture
def hotseat(app):
    """A hot-seat saves battle, the sides in contact, p1 to declare (as in test_ui_saves_board)."""
    s = build_session("saves", None, 3, "human", "human", options={"surprise": "p1"})
    mine, theirs = contact(s)
    scene = BattleScene(app, s)
    app.switch(scene)
    scene.refresh()
    return scene, mine, theirs


def _defend(scene, driver):
    scene.submit(next(a for a in scene.session.legal() if a.kind == "end"))
    answer_prompt(scene, driver)
    d = scene.session.decision
    assert d is not None and d.kind == "defend"
    return d


def test_the_dodge_and_counter_lines_say_what_you_take_on_the_same_footing(hotseat, app, driver, monkeypatch):
    scene, mine, theirs = hotseat
    attack(scene, mine[0], theirs[0])
    d = _defend(scene, driver)
    m = scene.match
    with m.world:
        ctx = d.context
        g = Group(int(ctx["target"]), list(ctx["attackers"]), {int(k): v for k, v in ctx["options"].items()},
                  ctx["score"])
        answers = {a.key: a for a in defence_answers(m, g)}
        full = g.harm(m).expected
    seen = record(app, monkeypatch)
    scene.draw(app.screen)
    text = flat(seen)
    detail = {o.key: o.detail for o in d.options}
    dodge = answers["dodge"]
    # every answer opens with what the defender takes on average, the dodge's failed save counted in
    for key, a in answers.items():
        assert detail[key].startswith(f"you take {a.taken:.1f} on average"), detail[key]
        assert detail[key][:30] in text
    # and the dodge also gives the full figure a failed save takes, as the counter-attack's line does
    assert f"a failed save takes {full:.1f}" in detail["dodge"]
    assert dodge.taken < full
    counter = next(k for k in answers if k.startswith("counter:"))
    assert f"you take {full:.1f} on average" in detail[counter]


def test_the_prompt_says_why_a_counter_attack_is_not_offered(hotseat, app, driver, monkeypatch):
    scene, mine, theirs = hotseat
    bow = mine[3]
    attack(scene, bow, theirs[1])  # a shot from 3 squares: only a ranged weapon can answer it
    d = _defend(scene, driver)
    assert d.keys() == ["dodge"]
    seen = record(app, monkeypatch)
    scene.draw(app.screen)
    text = flat(seen)
    name = scene.unit_by_ent[bow].name
    assert f"No counter-attack on {name}: only a ranged weapon answers a shot" in text


def test_the_attack_headline_is_after_the_defenders_best_answer(hotseat, app, monkeypatch):
    scene, mine, theirs = hotseat
    m = scene.match
    checked = dodged = 0
    for a in [a for a in scene.session.legal() if a.kind == "attack"]:
        p = scene.preview(a)
        with m.world:  # the AI's own price of the attack: the defender's best answer to the group
            best = ai.group_outcome(m, ai.group_for(m, a, True), ai.knockdowns_on(m, a.target))
        headline = preview_rows(p)[0][0]
        crit = percent(best.taken_out - best.taken_dead)
        assert headline == (f"Hit {percent(1 - best.dodge)} · Crit {crit}"
                            f" · Kill {percent(best.taken_out)} · Expected damage {best.taken:.2f}")
        assert any("best answer" in line for line in p.lines)
        checked += 1
        if best.key == "dodge" and best.dodge > 0:
            # the target dodges: the attack does not land every time (the old headline said Hit 100 %)
            assert p.hit < 1 and dict(p.outcomes)["dodged"] == best.dodge
            dodged += 1
    assert checked and dodged
