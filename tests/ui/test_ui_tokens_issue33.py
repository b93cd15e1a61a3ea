"""Issue #33, item 13: the tokens battle screen's frictions - the mover stays selected after its
move, the attack tooltip names the property choice of each line, the Cleave/Clustershot choice is
asked before anything is spent, routine watches stay off the board, an Observe that finds nobody
says so, and a unit that cannot Await is told why."""

from __future__ import annotations

import pygame
import pytest
from test_ui_tokens import draw, hotseat, place, scene_for

from game.core.action import Action
from game.rulesets.tokens.components import TkGear, TkTokens, get
from game.ui.battle.model import BattleModel
from game.ui.rulesets import tokens as tk_ui


def test_after_a_move_the_mover_stays_selected_while_it_has_tokens():
    session = hotseat("wardens", "brood")
    v = place(session, "Gunner", (6, 5))
    place(session, "Brute 1", (7, 5))
    model = BattleModel(session, "p1")
    model.read()
    model.selected = v
    model.read()
    move = next(a for a in session.legal() if a.actor == v and a.kind == "move" and a.option == ""
                and a.path[-1] == (5, 5))
    session.submit(move)
    model.read()
    assert session.decision is not None and session.decision.kind == "aoo"
    session.answer("pass")
    model.read()
    with session.match.world:
        assert get(v, TkTokens).move > 0
    assert model.selected == v


def test_after_a_move_the_mover_stays_selected_on_the_screen(app):
    session = hotseat("wardens", "brood")
    v = place(session, "Gunner", (6, 5))
    place(session, "Brute 1", (7, 5))
    scene = scene_for(app, session)
    scene.selected = v
    scene.refresh()
    move = next(a for a in session.legal() if a.actor == v and a.kind == "move" and a.option == ""
                and a.path[-1] == (5, 5))
    scene.submit(move)
    if scene.handoff:
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    scene.answer("pass")
    if scene.handoff:
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    draw(app, scene)
    assert scene.selected == v


def scattergun_scene(app):
    """The Breacher, Scattergun in hand (Cleave or Clustershot), two Brutes in reach, one of them
    beside a Vanguard (Cleave would hit it too)."""
    session = hotseat("wardens", "brood")
    breacher = place(session, "Breacher", (4, 5))
    brute = place(session, "Brute 1", (6, 5))
    place(session, "Vanguard 1", (6, 6))
    place(session, "Brute 2", (7, 5))
    with session.match.world:
        get(breacher, TkGear).held = "scattergun"
    session.match.touch()
    session.refresh()
    scene = scene_for(app, session)
    scene.selected = breacher
    scene.refresh()
    attack = next(a for a in scene.target_actions[brute] if a.kind == "attack")
    return session, scene, breacher, brute, attack


def test_the_attack_tooltip_says_which_choice_each_outcome_belongs_to(app):
    _session, scene, _b, _brute, attack = scattergun_scene(app)
    p = scene.preview(attack)
    names = [name for name, _ in p.outcomes]
    assert len(names) == len(set(names)), names
    assert any("Cleave" in n for n in names) and any("Clustershot" in n for n in names)


def key(scene, k: int, text: str = "") -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text))


def test_cleave_or_clustershot_is_asked_before_anything_is_spent_and_esc_takes_it_back(app):
    from game.rulesets.tokens.combat import expected
    from game.rulesets.tokens.hover import attack_modes

    session, scene, breacher, brute, attack = scattergun_scene(app)
    with session.match.world:
        before = (get(breacher, TkTokens).attack, dict(get(breacher, TkGear).loaded))
        worth = [expected(plan, "p1") for _mode, plan in attack_modes(session.match, attack)]
    best = max(range(len(worth)), key=lambda i: (worth[i], -i))
    assert best == 1, worth  # Clustershot: Cleave would hit the Vanguard too
    logged = len(session.match.log)
    scene.click_cell(scene.unit_by_ent[brute].cell)
    assert scene.chooser is not None and [a.label for a in scene.chooser] == ["Cleave", "Clustershot"]
    assert scene.model.chooser_default == best  # the choice worth most, by the ruleset's own odds
    assert session.decision is None and len(session.match.log) == logged
    with session.match.world:
        assert (get(breacher, TkTokens).attack, dict(get(breacher, TkGear).loaded)) == before
    draw(app, scene)
    key(scene, pygame.K_ESCAPE)
    assert scene.chooser is None and scene.overlay is None and len(session.match.log) == logged
    with session.match.world:
        assert (get(breacher, TkTokens).attack, dict(get(breacher, TkGear).loaded)) == before
    # asked again, Enter takes the default: one input, no prompt left open, that choice resolved
    scene.click_cell(scene.unit_by_ent[brute].cell)
    key(scene, pygame.K_RETURN, "\r")
    assert session.decision is None and scene.chooser is None
    with session.match.world:
        assert get(breacher, TkTokens).attack < before[0]
    chosen = ["Cleave", "Clustershot"][best]
    assert any(e.kind == "attack" and f"({chosen})" in e.text for e in session.match.log[logged:])
    assert session.match.inputs[-1] == {"t": "answer", "key": str(best)} or any(
        i.get("key") == str(best) for i in session.match.inputs[-2:])


def test_the_rounds_routine_watches_stay_in_the_log_not_over_the_board():
    from game.ui.app import App
    from game.ui.settings import Settings

    a = App((1280, 720), Settings(anim_speed="normal"))
    try:
        session = hotseat("wardens", "brood")
        with session.match.world:
            from game.rulesets.tokens.components import TkUnit

            for _e, (u,) in session.match.units(TkUnit):
                u.observe = 1  # every unit keeps watch at its side's turn start
        scene = scene_for(a, session)
        logged = len(session.match.log)
        scene.submit(Action("end", None))
        watches = [e for e in session.match.log[logged:] if "keeps watch" in e.text]
        assert watches, "the next side's units keep watch as its turn starts"
        assert not any("keeps watch" in p.event.text for p in scene.fx.popups)
        assert any("keeps watch" in e.text for e in scene.log.events)  # still read in the log
    finally:
        pygame.quit()


def test_an_observe_that_finds_nobody_says_so(app):
    session = hotseat("wardens", "brood")
    v = place(session, "Vanguard 1", (4, 4))
    scene = scene_for(app, session)
    scene.selected = v
    scene.refresh()
    observe = next(a for a in session.legal() if a.kind == "observe" and a.actor == v)
    scene.submit(observe)
    assert scene.toast is not None and "nobody" in scene.toast[0] and "Vanguard 1" in scene.toast[0]


def test_a_unit_that_cannot_await_is_told_why(app):
    session = hotseat("wardens", "brood")
    m = place(session, "Marksman", (4, 4))
    scene = scene_for(app, session)
    scene.selected = m
    scene.refresh()
    assert not any(a.kind == "await" and a.actor == m for a in session.legal())
    notes = scene.model.action_notes()
    assert any(n.startswith("Await") and "Rail Rifle" in n and "at most 1" in n for n in notes), notes
    draw(app, scene)
    # a unit that can await gets no such note
    g = place(session, "Gunner", (6, 6))
    scene.selected = g
    scene.refresh()
    assert any(a.kind == "await" and a.actor == g for a in session.legal())
    assert not any(n.startswith("Await") for n in scene.model.action_notes())


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_token_counts_and_the_watch_badge_leave_every_units_letter_and_health_bar_clear(scale):
    from game.ui.app import App
    from game.ui.settings import Settings
    from game.ui.tokens import mark_ink

    a = App((1280, 720), Settings(anim_speed="instant", ui_scale=scale))
    try:
        session = hotseat("wardens", "brood")
        for name, cell in [("Vanguard 1", (1, 7)), ("Vanguard 2", (2, 7)), ("Marksman", (1, 8)),
                           ("Breacher", (2, 8)), ("Gunner", (1, 9))]:
            place(session, name, cell)
        gunner = place(session, "Gunner", (1, 9))
        with session.match.world:
            get(gunner, TkTokens).reserved = 2
        session.match.touch()
        session.refresh()
        scene = scene_for(a, session)
        checked = 0
        for zoom in range(6):
            if zoom:
                scene.camera.zoom_by(1, None)
                scene.camera.centre_on(scene.layout.centre((1, 8)))
            draw(a, scene)
            places = scene.token_places()
            bars = []  # the health bars under the tokens (TokenArt)
            for e in places:
                bx, by, bd = tk_ui.screen_of(scene, places, e)
                bars.append(pygame.Rect(bx - bd // 2, by + bd // 2 + 2, bd, max(3, bd // 9)))
            for ent, rects in scene.tokens_pools_drawn.items():
                x, y, d = tk_ui.screen_of(scene, places, ent)
                ink = mark_ink(scene.fonts, scene.unit_by_ent[ent].mark, d).move(x, y)
                for i, r in enumerate(rects):
                    assert not r.colliderect(ink), (zoom, scene.unit_by_ent[ent].name, r, ink)
                    assert r.collidelist(rects[i + 1:]) < 0, (zoom, rects)  # the badge clear of the pools
                    assert r.collidelist(bars) < 0, (zoom, r, bars)  # and of every health bar
                    checked += 1
        assert checked > 10
    finally:
        pygame.quit()


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_boards_odds_boxes_overlap_neither_each_other_nor_the_hovered_attacks_box(scale):
    from game.ui.app import App
    from game.ui.settings import Settings

    a = App((1280, 720), Settings(anim_speed="instant", ui_scale=scale))
    try:
        _session, scene, _b, brute, _attack = scattergun_scene(a)
        cell = scene.unit_by_ent[brute].cell
        x, y = scene.camera.to_screen(scene.layout.centre(cell))
        scene.mouse = (round(x), round(y))
        scene.hover_cell = cell
        scene.model.hover_unit = brute
        draw(a, scene)
        boxes = scene.board_boxes
        assert len(boxes) >= 3  # Brute 1, Brute 2, the Vanguard beside them
        for i, r in enumerate(boxes):
            assert r.collidelist(boxes[i + 1:]) < 0, (r, boxes)
            assert not r.colliderect(scene.hover_box), (r, scene.hover_box)
    finally:
        pygame.quit()


def test_the_odds_box_footer_stays_inside_its_box():
    from game.core.records import Preview
    from game.ui.app import App
    from game.ui.panels import draw_preview
    from game.ui.settings import Settings

    a = App((1280, 720), Settings(anim_speed="instant", ui_scale=1.5))
    try:
        footer = "Hits 9 cells, allies inside: Vanguard 1 · Click: Breacher: Scattergun at Brute 1 (2 tokens)"
        a.screen.fill((0, 0, 0))
        rect = draw_preview(a.screen, a.fonts, a.palette, Preview("Odds", [("hit", 1.0)]), (10, 10),
                            footer=footer)
        beside = [a.screen.get_at((x, y))[:3] for x in range(rect.right, min(1280, rect.right + 120))
                  for y in range(rect.top, rect.bottom)]
        assert all(px == (0, 0, 0) for px in beside)  # nothing of the footer spills out of the box
    finally:
        pygame.quit()


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_property_chooser_leaves_every_odds_box_in_sight_and_its_labels_whole(scale):
    from game.ui.app import App
    from game.ui.settings import Settings

    a = App((1280, 720), Settings(anim_speed="instant", ui_scale=scale))
    try:
        _session, scene, _b, brute, _attack = scattergun_scene(a)
        scene.click_cell(scene.unit_by_ent[brute].cell)
        assert scene.chooser is not None
        draw(a, scene)
        assert len(scene.prompt_keep) >= 3
        assert scene.modal_area.collidelist([r.inflate(4, 4) for r in scene.prompt_keep]) < 0
        assert all(not b.cut for b in scene.modal_buttons)
    finally:
        pygame.quit()
