"""A ruleset with no UI module of its own plays to the end in the window through the generic parts:
its prompt of twelve options (context lines, odds lines per option) pages with 0, picks with 1-9."""

from __future__ import annotations

from typing import Any

import pygame
from miniset import MiniRuleset, mini_match

from game.core.action import Action, Decision, Option
from game.core.match import Match
from game.ui.battle.extensions import load_ruleset_ui
from game.ui.battle.prompt_parts import parts_for
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.results import ResultsScene
from game.ui.session import Session

AIMS = [f"a{i}" for i in range(1, 13)]


class AimRuleset(MiniRuleset):
    """The mini ruleset whose attacks first ask where to aim, out of twelve spots."""

    id = "aimtest"
    name = "Aim test"

    def resolve(self, match: Match, action: Action) -> Any:
        if action.kind == "attack":
            side = match.current().side
            options = tuple(Option(k, f"Spot {k[1:]}", f"aim at spot {k[1:]}") for k in AIMS)
            key = yield Decision(side, "aim", "Where do you aim?", options, default="a1",
                                 context={"lines": ["Twelve spots: 0 shows the next nine."],
                                          "odds": {k: f"hit {50 + i}%" for i, k in enumerate(AIMS)}})
            match.emit("aim", f"aimed at {key}", side=side)
        yield from super().resolve(match, action)


def test_a_ruleset_without_a_ui_module_plays_to_the_end_through_generic_prompts(app, driver):
    rs = AimRuleset()
    assert not load_ruleset_ui(rs.id)  # nothing of its own: only the generic parts
    match = mini_match(size=(5, 4), rs=rs)
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    app.step(block=False)
    paged = 0
    for _ in range(600):
        if isinstance(app.scene, ResultsScene):
            break
        s = scene.session
        if scene.handoff is not None:
            driver.key(pygame.K_RETURN)
            continue
        d = s.decision
        if d is not None and d.kind == "aim":
            scene.draw(app.screen)
            # the generic prompt: the first nine, numbered; the context's lines and odds shown
            assert [b.hotkey for b in scene.modal_buttons] == [str(n) for n in range(1, 10)]
            assert parts_for(d, scene.fonts, scene.pal, 300)  # the lines part drew
            driver.key(pygame.K_0)  # the next page: spots 10-12
            scene.draw(app.screen)
            assert [b.label for b in scene.modal_buttons][0].startswith("Spot 10")
            driver.key(pygame.K_2)  # spot 11
            assert any(i.get("key") == "a11" for i in match.inputs if i["t"] == "answer")
            paged += 1
            continue
        if d is not None:
            driver.key(pygame.K_1)
            continue
        if scene.target_actions:
            foe = scene.unit_by_ent[next(iter(scene.target_actions))]
            driver.click(scene.camera.to_screen(scene.layout.centre(foe.cell)))
            continue
        me = scene.unit_by_ent[scene.selected]
        foes = [u.cell for u in scene.units if u.alive and u.side != me.side]
        board = match.board
        closer = [c for c in scene.moves
                  if min(board.distance(c, f) for f in foes) < min(board.distance(me.cell, f) for f in foes)]
        if closer:
            driver.click(scene.camera.to_screen(scene.layout.centre(min(closer))))
        else:
            driver.key(pygame.K_e)
    assert isinstance(app.scene, ResultsScene) and match.result is not None
    assert paged >= 3  # at least three attacks went through the paged prompt
