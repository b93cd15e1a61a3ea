"""Set-up decisions in the battle screen: the generic prompt answers them, the AI answers its own,
and a save taken while one is open loads with it open."""

from __future__ import annotations

from typing import ClassVar

import pygame
from miniset import MiniRuleset, mini_match

from game.core import ruleset as registry
from game.core.action import Decision, Option
from game.core.match import Match
from game.core.ruleset import Resolution
from game.ui.saves import load_game, save_game
from game.ui.scenes.battle import BattleScene
from game.ui.session import Session


class SetupMini(MiniRuleset):
    """The mini ruleset whose set-up asks each side how it opens the fight."""

    id: ClassVar[str] = "mini-setup"
    name: ClassVar[str] = "Mini with set-up decisions (UI test)"

    def setup_phase(self, match: Match) -> Resolution:
        stances: dict[str, str] = {}
        for side in ("p1", "p2"):
            key = yield Decision(side, "stance", f"{side}: how does your squad open the fight?",
                                 (Option("guard", "Guard", "wait for them"),
                                  Option("rush", "Rush", "close in")), default="guard")
            stances[side] = key
            match.emit("stance", f"{side} opens with {key}", side=side)
        match.table.data["stance"] = stances

    def advise(self, match: Match, decision: Decision) -> dict[str, float]:
        if decision.kind == "stance":
            return {"guard": 0.0, "rush": 1.0}
        return super().advise(match, decision)


def setup_match() -> Match:
    return mini_match(size=(6, 6), rs=SetupMini())


def test_the_battle_screen_answers_set_up_decisions_with_its_prompt(app, driver):
    s = Session(setup_match(), {"p1": "human", "p2": "human"})
    scene = BattleScene(app, s)
    app.switch(scene)
    app.step(block=False)
    assert s.decision is not None and (s.need.side, s.decision.kind) == ("p1", "stance")
    scene.draw(app.screen)  # the prompt draws before any turn
    labels = [b.label for b in scene.modal_buttons]
    assert labels[0].startswith("Guard") and labels[1].startswith("Rush")
    driver.key(pygame.K_2)  # p1 rushes
    assert s.match.inputs == [{"t": "answer", "key": "rush"}]
    assert s.decision is not None and s.need.side == "p2"
    assert scene.handoff == "p2"  # hot-seat: p2 takes the screen first
    driver.key(pygame.K_RETURN)
    assert scene.handoff is None
    driver.key(pygame.K_1)  # p2 guards
    assert s.decision is None and s.legal()  # the first turn
    assert s.match.table.data["stance"] == {"p1": "rush", "p2": "guard"}


def test_the_ai_answers_its_set_up_decision_in_the_battle_screen(app, driver):
    s = Session(setup_match(), {"p1": "human", "p2": "baseline"})
    scene = BattleScene(app, s)
    app.switch(scene)
    driver.key(pygame.K_1)  # p1 guards; p2's AI answers on its own
    for _ in range(20):
        if s.match.table.data.get("stance"):
            break
        scene.update(0.2)
    assert s.match.table.data["stance"] == {"p1": "guard", "p2": "rush"}
    assert s.waiting_for_human and s.decision is None


def test_a_save_with_a_set_up_prompt_open_loads_with_it_open(monkeypatch, tmp_path, mini_registered):
    monkeypatch.setitem(registry._cache, "mini", SetupMini())
    s = Session(setup_match(), {"p1": "human", "p2": "human"})
    s.answer("rush")
    assert s.decision is not None and s.need.side == "p2"
    loaded = load_game(save_game(s, "setup-prompt", tmp_path))
    assert loaded.decision is not None and loaded.need.side == "p2"
    assert loaded.decision.kind == "stance"
    assert loaded.match.state_hash() == s.match.state_hash()
    loaded.answer("guard")
    s.answer("guard")
    assert loaded.match.state_hash() == s.match.state_hash()
    assert loaded.match.table.data["stance"] == {"p1": "rush", "p2": "guard"}
