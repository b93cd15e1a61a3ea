"""Varium in the window as a newcomer meets it (issue #33): the check prompts' default, the keys
they name, undo after a move, the help, the action buttons and hover reasons, the log's words,
the header during the AI's initiative, 150 %, and initiative drawn for the player."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rulesets" / "varium"))

from varium_helpers import act, ents, force, make  # noqa: E402

from game.rulesets.varium import RULESET  # noqa: E402
from game.ui.battle.prompt_parts import shown_default  # noqa: E402
from game.ui.rulesets import varium as ui  # noqa: E402, F401 - registers varium's prompt parts
from game.ui.scenes.battle import BattleScene  # noqa: E402
from game.ui.session import Session  # noqa: E402


def _scene(app, m) -> BattleScene:
    scene = BattleScene(app, Session(m, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    for _ in range(2):
        app.step(block=False)
    return scene


def _low_card_attack():
    """Guard Hale's baton on Tally after a 2: standing on 2 is worth nothing, another card far more."""
    m = make()
    guard, shooter = ents(m)
    force(m, "5H", "4C", "2S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    d = m.pending_decision
    assert d is not None and d.kind == "stack"
    return m, d


def test_a_check_prompts_default_is_the_answer_worth_most(app, driver) -> None:
    m, d = _low_card_attack()
    worths = RULESET.advise(m, d)
    best = max(worths, key=lambda k: worths[k])
    assert best != "stand" and d.default == "stand"  # the ruleset's own default is Stand
    scene = _scene(app, m)
    assert shown_default(m, d) == best
    outlined = [i for i, b in enumerate(scene.modal_buttons) if b.selected]
    assert outlined == [d.keys().index(best)]
    driver.key(pygame.K_RETURN)
    assert m.inputs[-1] == {"t": "answer", "key": best}


def test_the_prompts_hint_names_the_keys_its_buttons_show(app) -> None:
    m, d = _low_card_attack()
    scene = _scene(app, m)
    keys = [b.hotkey for b in scene.modal_buttons]
    assert keys[:2] == ["S", "H"] and "1–" not in scene.prompt_hint
    assert f"{keys[-2]} or {keys[-1]}" in scene.prompt_hint and keys[0] in scene.prompt_hint


@pytest.mark.parametrize("kind", ["run", "dash"])
def test_u_takes_back_a_move_no_card_was_drawn_for(app, driver, kind) -> None:
    from game.core.components import Position

    m = make(cells={"p1": [(1, 1)], "p2": [(10, 8)]})
    guard, _ = ents(m)
    scene = _scene(app, m)
    move = next(a for a in m.legal() if a.kind == kind)
    scene.submit(move)
    with m.world:
        import esper

        assert esper.component_for_entity(guard, Position).cell == move.cell
    log = len(m.log)
    driver.key(pygame.K_u, unicode="u")
    with m.world:
        assert esper.component_for_entity(guard, Position).cell == (1, 1)
    assert len(m.log) < log and scene.toast is not None and "undone" in scene.toast[0]


def test_a_move_the_foe_answered_cannot_be_taken_back() -> None:
    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, shooter = ents(m)
    from varium_helpers import place

    place(m, shooter, (5, 5))
    act(m, "end", actor=guard)
    act(m, "dash", actor=shooter, cell=(4, 5))
    assert m.pending_decision is not None and m.pending_decision.kind == "leave"
    m.answer("let")
    assert not m.can_undo


def test_f1_lists_varium_prompt_keys_and_no_hand(app) -> None:
    m, _d = _low_card_attack()
    scene = _scene(app, m)
    rows = dict(scene.help_rows())
    text = " ".join(rows.values())
    assert "hand" not in text  # varium deals no hands: no hand strip, no cards in the AI's hand
    assert "S / H" in rows and "stand" in rows["S / H"] and "C / N" in rows and "S / G / L" in rows
    assert "piles" in rows["H"]


def _melee(app):
    """Rook next to Guard Hale: a click on the guard opens a chooser (attacks, shove, grapple)."""
    m = make("street_gang", "city_guard", cells={"p1": [(5, 5), (1, 1), (1, 2), (1, 3), (1, 4)],
                                                 "p2": [(6, 5), (10, 1), (10, 2), (10, 3)]})
    return m, _scene(app, m)


def test_every_chooser_option_says_something_on_hover(app) -> None:
    _m, scene = _melee(app)
    foe = next(u for u in scene.units if u.ent in scene.target_actions)
    scene.click_cell(foe.cell, foe)
    app.step(block=False)
    assert scene.chooser and len(scene.modal_buttons) >= 3
    for b in scene.modal_buttons:
        assert b.preview is not None or b.tooltip, b.label


def test_attack_buttons_name_the_weapon_not_a_shared_part_of_the_targets_names(app) -> None:
    """Two guards in reach: one button per weapon and lethality, each in players' words."""
    m = make("street_gang", "city_guard", cells={"p1": [(5, 5), (1, 1), (1, 2), (1, 3), (1, 4)],
                                                 "p2": [(6, 5), (5, 6), (10, 2), (10, 3)]})
    with m.world:
        from game.rulesets.varium.components import VariumState, get

        for e in ents(m):
            get(e, VariumState).drawn = True
    scene = _scene(app, m)
    labels = [g.label for g in scene.groups]
    assert len(labels) == len(set(labels)), labels
    rook = scene.unit_by_ent[scene.turn.unit].name
    assert rook == "Rook"
    for want in ("Knife attack", "Knife attack (non-lethal)", "Unarmed strike", "Unarmed strike (non-lethal)",
                 "Shove", "Grapple"):
        assert want in labels, labels
    assert not any("Guard" in x or "!nl" in x or "knife)" in x for x in labels), labels


def test_hovering_a_foe_out_of_reach_says_why(app) -> None:
    """Rook (a knife) far from every guard; Tally (a pistol, not drawn) likewise."""
    m = make("street_gang", "city_guard", cells={"p1": [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5)],
                                                 "p2": [(10, 1), (10, 2), (10, 3), (10, 4)]})
    scene = _scene(app, m)
    foe = next(u for u in scene.units if u.side == "p2")
    why = scene.model.why_not(foe.ent)
    assert "out of reach" in why and "9 squares away" in why and "next square" in why
    from varium_helpers import data

    vex = next(u.ent for u in scene.units if u.name == "Tally")
    data(m)["order"] = [vex] + [e for e in ents(m) if e != vex]
    from game.rulesets.varium.turns import start_turn

    with m.world:
        for _ in start_turn(m, vex):
            pass
    scene.refresh()
    why = scene.model.why_not(foe.ent)
    assert "Pistol is not drawn" in why, why


def test_the_log_words_a_move_from_where_it_began() -> None:
    m = make(cells={"p1": [(1, 1)], "p2": [(10, 8)]})
    run = next(a for a in m.legal() if a.kind == "run" and a.cell == (4, 3))
    m.submit(run)
    moved = [e.text for e in m.log if e.kind == "move"]
    assert moved and moved[-1].endswith("moves 3 east, 2 south"), moved
    assert "(" not in moved[-1]


def test_the_header_names_the_side_whose_initiative_is_dealt(app) -> None:
    from game.ui.app import build_session

    session = build_session("varium", None, 4, "human", "human")
    scene = BattleScene(app, session)
    app.switch(scene)
    m = session.match
    while m.pending_decision is not None and m.pending_decision.side == "p1":
        scene.answer("stand" if "stand" in m.pending_decision.keys() else m.pending_decision.keys()[0])
    assert m.setting_up and m.pending_decision is not None and m.pending_decision.side == "p2"
    assert m.current().side == "p1"  # the table's turn is nobody's yet: it still reads p1
    app.step(block=False)
    assert scene.bar_side() == "p2"


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("width", [330, 400, 480, 560])
def test_the_initiative_table_keeps_every_column_in_a_narrow_prompt(scale, width) -> None:
    """A prompt beside the unit at 150 % is narrow: the titles wrap, no column is left out."""
    from game.ui.app import build_session
    from game.ui.battle.prompt_parts import parts_for
    from game.ui.theme import Fonts, palette

    pygame.init()

    session = build_session("varium", None, 4, "human", "human")
    d = session.match.pending_decision
    assert d is not None and d.kind == "stack"
    table = d.context[ui.KEY]
    f = Fonts(scale)
    shown = ui.heads_of(table)
    assert "Exp. total" in shown
    label_w, cols, titles = ui.grid_columns(f, table, width - 2 * f.px(12))
    assert len(cols) == len(shown)
    assert label_w + sum(cols) <= width - 2 * f.px(12), (label_w, cols)
    bold = f.font(Fonts.SMALL, True)
    assert all(bold.size(t)[0] <= c for ts, c in zip(titles, cols, strict=True) for t in ts)
    assert [" ".join(t) for t in titles] == list(shown)
    pics = parts_for(d, f, palette("okabe-ito"), width - 2 * f.px(12))
    assert pics and all(p.get_width() <= width - 2 * f.px(12) for p in pics)


def _setup_scene(p2: str, speed: str = "normal"):
    from game.ui.app import App, build_session
    from game.ui.settings import Settings

    app = App((1280, 720), Settings(anim_speed=speed))
    app.fps = 0
    session = build_session("varium", None, 5, "human", p2)
    scene = BattleScene(app, session)
    app.switch(scene)
    return app, scene, session.match


def test_draw_for_me_plays_every_initiative_card_as_the_best_choice() -> None:
    app, scene, m = _setup_scene("human")
    d = m.pending_decision
    assert d is not None and d.side == "p1" and m.setting_up
    app.step(block=False)
    offered = [b for b in scene.modal_buttons if b.hotkey == "D"]
    assert offered and offered[0].label == "Draw for all my fighters"
    given = []
    real = scene.answer

    def answer(key):
        dd = scene.session.decision
        given.append((ui.best_answer(m, dd), key, dd.side))
        real(key)

    scene.answer = answer
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0))
    app.step(block=False)
    for _ in range(400):
        if m.pending_decision is None or m.pending_decision.side != "p1":
            break
        scene.update(0.05)
    assert len(given) >= 5  # one unit's check at least, for each of the five
    assert all(best == key and side == "p1" for best, key, side in given), given
    assert m.pending_decision is None or m.pending_decision.side == "p2" or m.pending_decision.kind == "tie"


def test_the_ais_initiative_cards_go_fast() -> None:
    """After the player's checks the AI deals its four units' initiative in well under a second of
    the game's clock (no half-second pause and no wait on each card's popup)."""
    app, scene, m = _setup_scene("ai:normal")
    while m.pending_decision is not None and m.pending_decision.side == "p1":
        scene.answer("stand" if "stand" in m.pending_decision.keys() else m.pending_decision.keys()[0])
    assert m.setting_up and scene.session.waiting_for_ai
    clock = 0.0
    dealt = len(m.log)
    while scene.session.waiting_for_ai and m.setting_up and clock < 30:
        scene.update(0.02)
        scene.wait_ai()
        clock += 0.02
    d = m.pending_decision
    assert d is None or d.side == "p1"  # done, or the player's tie order is asked
    assert len(m.log) > dealt + 8 and clock < 0.5, clock


def test_the_chooser_title_names_the_target_with_one_colon(app) -> None:
    _m, scene = _melee(app)
    foe = next(u for u in scene.units if u.ent in scene.target_actions)
    scene.click_cell(foe.cell, foe)
    app.step(block=False)
    assert scene.chooser_subject(scene.chooser, "") == foe.name
    assert scene.chooser_subject(scene.chooser, "Rook:") == "Rook"  # "Rook:: choose one" never


def test_at_150_percent_on_720_pixels_the_log_keeps_four_lines() -> None:
    from game.ui.app import App
    from game.ui.settings import Settings
    from game.ui.theme import Fonts

    app = App((1280, 720), Settings(ui_scale=1.5, anim_speed="instant"))
    app.fps = 0
    m = make("street_gang", "city_guard", cells={"p1": [(5, 5), (1, 1), (1, 2), (1, 3), (1, 4)],
                                                 "p2": [(9, 5), (10, 1), (10, 2), (10, 3)]})
    scene = _scene(app, m)
    assert scene.session.decision is None and scene.panel_buttons
    lh = app.fonts.line_height(Fonts.SMALL)
    assert scene.log.rect.h >= 5 * lh, (scene.log.rect.h, lh)
    assert scene.log.rect.bottom <= app.screen.get_height()
    assert len(scene.panel_buttons) >= 3  # and the actions keep a few buttons in sight


def test_at_150_percent_the_rules_list_shows_whole_section_titles() -> None:
    from game.ui.app import App
    from game.ui.scenes.rules import RulesScene
    from game.ui.settings import Settings
    from game.ui.theme import Fonts

    app = App((1280, 720), Settings(ui_scale=1.5, anim_speed="instant"))
    scene = RulesScene(app, RULESET)
    app.push(scene)
    body = app.fonts.font(Fonts.BODY)
    width = scene.section_list.rect.w
    assert scene.titles == [t for t, _ in scene.sections]  # none cut
    assert all(body.size(t)[0] <= width - app.fonts.px(20) for t in scene.titles)
    assert "python -m" not in " ".join(text for _t, text in scene.sections)  # no command lines
    assert scene.text_box.rect.right <= app.screen.get_width()


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_help_fits_a_1280_by_720_window(scale) -> None:
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App((1280, 720), Settings(ui_scale=scale, anim_speed="instant"))
    app.fps = 0
    m, _d = _low_card_attack()
    scene = _scene(app, m)
    scene.overlay = "help"
    scene.invalidate()
    app.step(block=False)
    screen = app.screen.get_rect()
    assert screen.contains(scene.help_rect), scene.help_rect
    _size, key_w, text_w, _lh, columns = scene.help_layout(screen.size)
    shown = [k for c in columns for k, _ in c]
    assert shown == [k for k, _ in scene.help_rows()]


def test_at_150_percent_the_chooser_leaves_the_acting_unit_in_sight() -> None:
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App((1280, 720), Settings(ui_scale=1.5, anim_speed="instant"))
    app.fps = 0
    m, scene = _melee(app)
    foe = next(u for u in scene.units if u.ent in scene.target_actions)
    scene.click_cell(foe.cell, foe)
    scene.invalidate()
    app.step(block=False)
    app.step(block=False)
    me = scene.unit_by_ent[scene.turn.unit]
    x, y = scene.camera.to_screen(scene.layout.centre(me.cell))
    assert scene.board_rect.collidepoint(x, y)
    assert not scene.modal_area.collidepoint(x, y), (scene.modal_area, (x, y))


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_two_letter_marks_stay_inside_small_tokens(scale) -> None:
    """Two units share a square: small tokens, whose "G1" stays inside the body."""
    from game.ui.theme import Fonts, palette
    from game.ui.tokens import TokenArt

    pygame.init()
    art = TokenArt(Fonts(scale), palette("okabe-ito"))
    for d in (12, 16, 20, 28):
        assert art.mark("G1", d, (0, 0, 0)).get_width() <= d * 0.8


@pytest.mark.parametrize("at", [(1, 4), (1, 1), (5, 5), (9, 8), (2, 6)])
def test_at_150_percent_the_chooser_leaves_its_target_in_sight_too(at) -> None:
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App((1280, 720), Settings(ui_scale=1.5, anim_speed="instant"))
    app.fps = 0
    x0, y0 = at
    m = make("street_gang", "city_guard", cells={"p1": [(x0, y0), (0, 0), (0, 1), (0, 2), (0, 3)],
                                                 "p2": [(x0 + 1, y0), (11, 1), (11, 2), (11, 3)]})
    scene = _scene(app, m)
    foe = next(u for u in scene.units if u.ent in scene.target_actions)
    scene.click_cell(foe.cell, foe)
    scene.invalidate()
    app.step(block=False)
    x, y = scene.camera.to_screen(scene.layout.centre(foe.cell))
    assert not scene.modal_area.collidepoint(x, y), (scene.modal_area, (x, y))


def test_the_log_names_an_interrupted_action_in_players_words() -> None:
    from game.rulesets.varium.bodies import interrupt
    from game.rulesets.varium.components import VariumState, get

    m = make(cells={"p1": [(1, 1)], "p2": [(10, 8)]})
    guard, _ = ents(m)
    with m.world:
        get(guard, VariumState).busy = {"kind": "reload:crossbow", "left": 1, "target": -1}
        interrupt(m, guard, "a hit")
    text = m.log[-1].text
    assert "reload:" not in text and "reloading the Crossbow is interrupted" in text, text


@pytest.mark.parametrize("at", [(1, 4), (5, 5), (2, 6), (9, 2)])
def test_at_150_percent_a_hit_check_leaves_the_attacker_in_sight(at) -> None:
    """The whole map fits the board, so the camera cannot pan: the map moves aside for the prompt
    (and back once it closes)."""
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App((1280, 720), Settings(ui_scale=1.5, anim_speed="instant"))
    app.fps = 0
    x0, y0 = at
    m = make("street_gang", "city_guard", cells={"p1": [(x0, y0), (0, 0), (0, 1), (0, 2), (0, 3)],
                                                 "p2": [(x0 + 1, y0), (11, 1), (11, 2), (11, 3)]})
    scene = _scene(app, m)
    rook = scene.turn.unit
    foe = next(u.ent for u in scene.units if u.ent in scene.target_actions and u.side == "p2")
    force(m, "5H", "4C", "2S")
    scene.submit(next(a for a in m.legal() if a.kind == "attack" and a.target == foe))
    for _ in range(3):
        scene.invalidate()
        app.step(block=False)
    me = scene.unit_by_ent[rook]
    x, y = scene.camera.to_screen(scene.layout.centre(me.cell))
    assert scene.board_rect.collidepoint(x, y)
    assert not scene.modal_area.collidepoint(x, y), (scene.modal_area, (x, y))
    while m.pending_decision is not None:
        scene.answer("stand" if "stand" in m.pending_decision.keys() else m.pending_decision.keys()[0])
    scene.invalidate()
    app.step(block=False)
    assert scene.camera.slack == (0.0, 0.0)


def test_a_short_log_starts_at_an_events_first_line() -> None:
    from game.core.events import Event
    from game.ui.logpanel import LogPanel
    from game.ui.theme import Fonts, palette

    pygame.init()
    f = Fonts(1.5)
    log = LogPanel(f, palette("okabe-ito"))
    log.set_rect(pygame.Rect(0, 0, 500, f.px(30) + 4 * f.line_height(Fonts.SMALL)))
    long = "Vex's hit check on Guard Orsin (unarmed): dealt A of spades (14), and more words to wrap"
    events = [Event("card", f"{long} {i}", [], {}, 4, "p1", False, "all") for i in range(6)]
    events.append(Event("check", "Vex hits: 5", [], {}, 4, "p1", False, "all"))
    log.set_viewer(None, events)
    log.draw(pygame.Surface((600, 400)))
    rows = log.rows
    k = log.first_shown
    assert rows[k].indent == 0 and (k == 0 or rows[k - 1].index != rows[k].index)
