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


def test_a_long_hand_shrinks_then_wraps_and_every_card_stays_on_the_board(monkeypatch):
    import pygame

    from game.ui.app import App
    from game.ui.settings import Settings

    match = mini_match(size=(6, 6))
    shown = {"n": 0}
    names = ["Second Wind", "Iron Resolve", "Sidestep", "Brace", "Feint", "Rally", "Earthshaker",
             "Quick Draw", "Parry", "Riposte", "Lunge", "Hold Fast", "Taunt", "Focus"]

    def hand_view(m, side):
        return [{"name": n, "cost": 1, "playable": i % 2 == 0, "text": "", "kind": "trick", "why": "no"}
                for i, n in enumerate(names[:shown["n"]])]

    monkeypatch.setattr(match.ruleset, "hand_view", hand_view, raising=False)
    for scale, size, count in ((1.0, (1280, 720), 5), (1.5, (1280, 720), 5), (1.5, (1280, 720), 14),
                               (1.0, (1600, 900), 14)):
        app = App(size, Settings(ui_scale=scale, anim_speed="instant"))
        shown["n"] = count
        scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
        app.switch(scene)
        scene.draw(app.screen)
        hits = [r for r, _e in scene.hand_hits]
        assert len(hits) == len(hand_view(match, "p1")), (scale, size)
        strip = scene._strip_rect
        assert strip is not None and scene.board_rect.contains(strip)
        for i, r in enumerate(hits):
            assert strip.contains(r) and r.h >= scene.fonts.px(40)
            assert not any(r.colliderect(o) for o in hits[i + 1:])
        if count == 5:  # a short hand keeps its full-size cards on one row
            assert len({r.y for r in hits}) == 1
            assert hits[0].h == min(scene._strip_room()[1], scene.fonts.px(66))
        elif scale == 1.5:  # fourteen cards cannot share one row of a 1280 px window at 150 %
            assert len({r.y for r in hits}) == 2
        pygame.quit()


def test_a_heading_wider_than_the_strip_splits_between_its_parts(app):
    from game.ui.battle.handstrip import _head_lines
    from game.ui.theme import Fonts

    f = app.fonts
    head = "Sister Agnes's hand  ·  nothing playable now  ·  deck 24, discard 0, lost 0"
    width = f.font(Fonts.SMALL).size(head)[0]
    assert _head_lines(f, head, width) == [head]
    lines = _head_lines(f, head, width * 2 // 3)
    assert lines == ["Sister Agnes's hand  ·  nothing playable now", "deck 24, discard 0, lost 0"]
    assert all(f.font(Fonts.SMALL).size(t)[0] <= 60 for t in _head_lines(f, head, 60))
