"""The hand strip from any ruleset's `hand_view`: shown for the side at the screen, a card a prompt
offers ("option") answers it, the others say why not."""

from __future__ import annotations

from miniset import mini_match

from game.ui.scenes.battle import BattleScene
from game.ui.session import Session


def test_a_card_the_open_prompt_offers_answers_it(app, driver, monkeypatch):
    match = mini_match(size=(6, 6))
    rs = match.ruleset

    def hand_view(m, side):
        d = m.pending_decision
        offered = d is not None and d.side == side and d.kind == "reflip"
        return [{"name": "Second Wind", "cost": 0, "playable": offered, "text": "flip again",
                 "kind": "trick", "option": "reflip", "why": "" if offered else "only when a flip is asked"},
                {"name": "Dud", "cost": 1, "playable": False, "text": "", "kind": "trick", "why": "never"}]

    monkeypatch.setattr(rs, "hand_view", hand_view, raising=False)
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    scene.draw(app.screen)
    assert [e["name"] for _, e in scene.hand_hits] == ["Second Wind", "Dud"]
    rect = scene.hand_hits[0][0]
    driver.click(rect.center)  # no prompt yet: the card says why it cannot be played
    assert scene.toast and "only when a flip is asked" in scene.toast[0]
    foe = next(u for u in scene.units if u.side == "p2")
    adjacent = next(c for c in scene.moves if match.board.distance(c, foe.cell) == 1)
    scene.submit(scene.moves[adjacent])
    scene.submit(scene.target_actions[foe.ent][0])
    assert scene.session.decision is not None and scene.session.decision.kind == "reflip"
    scene.draw(app.screen)
    rect, entry = scene.hand_hits[0]
    assert entry["playable"] and not scene.modal_area.collidepoint(rect.center)
    driver.click(rect.center)
    assert scene.session.decision is None
    assert [i for i in match.inputs if i["t"] == "answer"] == [{"t": "answer", "key": "reflip"}]
