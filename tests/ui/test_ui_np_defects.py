"""Defects a new player found playing from the window alone (np_report): ending the side's turn
in tokens with units that never acted, and others of the battle screen's text and boxes."""

from __future__ import annotations

import pygame
from test_ui_tokens import hotseat, place, scene_for

from game.ui.theme import Fonts


def key(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_tokens_e_with_units_not_yet_acted_asks_before_ending_the_sides_turn(app):
    session = hotseat("wardens", "brood")
    place(session, "Gunner", (4, 4))
    scene = scene_for(app, session)
    side = session.match.current().side
    before = len(session.match.inputs)
    key(scene, pygame.K_e)
    # nothing sent: the toast names who has not acted and how to end anyway
    assert len(session.match.inputs) == before and session.match.current().side == side
    assert scene.toast is not None and "not acted yet" in scene.toast[0] and "again" in scene.toast[0]
    key(scene, pygame.K_e)
    assert len(session.match.inputs) == before + 1
    assert session.match.current().side != side


def _log(rows_shown: int = 4):
    from game.ui.logpanel import LogPanel
    from game.ui.theme import palette

    f = Fonts(1.0)
    log = LogPanel(f, palette("okabe-ito"))
    log.set_rect(pygame.Rect(0, 0, 600, f.px(30) + rows_shown * f.line_height(Fonts.SMALL)))
    return log, f


def _ev(text: str, math: list[str] | None = None):
    from game.core.events import Event

    return Event("note", text, math or [], {}, 1, "p1", False, "all")


def _shown(log) -> list[str]:
    log.draw(pygame.Surface((800, 600)))
    return list(dict.fromkeys(log.events[i].text for _r, i in log._row_hits))


def test_the_log_never_scrolls_past_its_oldest_line_and_follows_the_newest(app):
    log, f = _log(4)
    log.set_events([_ev(f"line {i}") for i in range(8)])
    log.scroll_by(3)  # the player wheels up once over a short log
    assert log.scroll == 3
    # the log grows (the unit card above it shrank): the view is not left past the oldest line
    log.set_rect(pygame.Rect(0, 0, 600, f.px(30) + 20 * f.line_height(Fonts.SMALL)))
    shown = _shown(log)
    assert shown[-1] == "line 7" and shown[0] == "line 0"
    assert log.scroll == 0
    # back at the bottom: a new line is followed
    log.set_rect(pygame.Rect(0, 0, 600, f.px(30) + 4 * f.line_height(Fonts.SMALL)))
    log.add([_ev("my attack hits")])
    assert _shown(log)[-1] == "my attack hits" and log.scroll == 0


def test_a_log_scrolled_up_keeps_its_view_and_counts_the_newer_lines(app):
    log, _f = _log(4)
    log.set_events([_ev(f"line {i}") for i in range(8)])
    log.draw(pygame.Surface((800, 600)))
    log.scroll_by(2)
    before = _shown(log)
    log.add([_ev("new a"), _ev("new b")])
    assert _shown(log) == before and log.scroll == 4
    log.scroll_by(-10)
    assert not log.held
    log.add([_ev("new c")])
    assert _shown(log)[-1] == "new c"


def test_an_entry_opened_in_the_log_stays_in_view_math_included(app):
    log, _f = _log(5)
    events = [_ev(f"line {i}") for i in range(10)]
    events[6] = _ev("attack", [f"math {k}" for k in range(3)])
    log.set_events(events)
    log.draw(pygame.Surface((800, 600)))
    head = next(r for r, i in log._row_hits if i == 6)
    assert log.click(head.center)
    log.draw(pygame.Surface((800, 600)))
    texts = [log.rows[log.first_shown + k].text for k in range(len(log._row_hits))]
    assert any("attack" in t for t in texts) and texts[-1].strip() == "math 2"



def test_the_unit_card_at_150_percent_shows_whole_lines_and_says_press_i_for_the_rest(monkeypatch):
    from test_ui_layout150 import battle

    import game.ui.battle.unitpanel as unitpanel

    a, scene = battle("voidmarked")
    long = [f"Line {i}: Strength 3, Dexterity 2, Physique 4, Intelligence 0, moves 0, quick action yes"
            for i in range(8)]
    monkeypatch.setattr(scene, "unit_lines", lambda u: list(long))
    drawn: list[tuple[list[str], int, int, int | None]] = []
    real = unitpanel.text_block

    def spy(surf, f, lines, pos, width, *args, max_y=None, **kw):
        drawn.append((list(lines), pos[1], width, max_y))
        return real(surf, f, lines, pos, width, *args, max_y=max_y, **kw)

    monkeypatch.setattr(unitpanel, "text_block", spy)
    scene._panel_surface = None
    scene.draw(a.screen)
    lines, top, width, max_y = next(d for d in drawn if d[3] is not None and d[0] and "Line 0" in d[0][0])
    f = scene.fonts
    rows = sum(len(f.wrap(line, width, Fonts.SMALL)) for line in lines)
    # every line it starts is drawn whole (no "quick action" without its "yes")...
    assert top + rows * f.line_height(Fonts.SMALL) <= max_y
    # ...and what did not fit is named
    assert lines[-1].endswith("more: press I") and str(len(long) - len(lines) + 1) in lines[-1]


def test_a_long_action_label_drops_its_bracketed_remark_before_cutting_words():
    from game.ui.widgets import fit_label

    pygame.init()
    font = Fonts(1.5).font(Fonts.SMALL)
    label = "Second Move: 6 more squares (gives up the Action)"
    room = font.size("Second Move: 6 more squares (gives")[0]
    assert fit_label(label, font, room) == "Second Move: 6 more squares"
    assert fit_label(label, font, font.size(label)[0]) == label
    cut = fit_label(label, font, font.size("Second Move: 6 mo")[0])
    assert cut.endswith("…") and cut[:-1] in ("Second Move: 6", "Second Move:", "Second Move")


def test_an_action_tooltip_covers_none_of_the_other_buttons(app):
    from test_ui_layout150 import battle

    a, scene = battle("voidmarked")
    buttons = list(scene.panel_buttons)
    assert len(buttons) >= 2
    hot = next(b for b in buttons if b.tooltip or b.help)
    scene.mouse = hot.rect.center
    scene.hover_box = None
    a.screen.fill((0, 0, 0))
    scene.draw(a.screen)
    box = scene.hover_box
    assert box is not None
    assert not any(box.colliderect(b.rect) for b in buttons), (box, [b.rect for b in buttons])


def test_rules_option_entries_have_one_colon_and_their_choices_one_spelling(app):
    from game.core import ruleset as registry
    from game.ui.scenes.launcher import LauncherScene

    scene = LauncherScene(app)
    for rid in ("voidmarked", "casket", "saves", "tokens", "varium"):
        scene._menu_changed(scene.rs_menu, rid)
        for opt in registry.get(rid).rule_options():
            shown = [o[0] if isinstance(o, tuple) else o for o in scene.option_menus[opt.name].options_list]
            for text in shown:
                assert text.count(":") == 1, text  # not "Who acts first: unclear: DEX saves"
            words = {w.strip(",.'s") for text in shown for w in text.split(": ", 1)[1].split()}
            # a game term is written one way in every choice ("defence total" / "Defence stat")
            assert not {w for w in words if w.lower() in words and w != w.lower()}, (rid, shown)


def test_a_typed_seed_is_offered_again_on_coming_back_to_the_launcher(app):
    import pygame_gui

    from game.ui.scenes.launcher import LauncherScene

    scene = LauncherScene(app)
    app.switch(scene)
    scene.seed_entry.set_text("4242")
    typed = pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=scene.seed_entry, text="4242")
    scene.on_event(typed)
    scene.start()
    assert app.scene is not scene and app.scene.session.match.scenario.seed == 4242
    app.to_launcher()
    back = app.scene
    assert isinstance(back, LauncherScene) and back.seed == 4242
    assert back.seed_entry.get_text() == "4242"
    # "New seed" asks for a random one: that is not kept as typed
    back.on_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=back.new_seed))
    assert app.typed_seed is None


def test_the_players_are_kept_when_the_ruleset_changes(app):
    from game.ui.launch_memory import memory_path
    from game.ui.scenes.launcher import LauncherScene

    # tokens was last started with the AI on both sides
    memory_path().write_text('{"ruleset": "voidmarked", "per": {"tokens": {"sides": {"p1": "ai:normal",'
                             ' "p2": "ai:hard"}}}}', encoding="utf-8")
    scene = LauncherScene(app)
    app.switch(scene)
    scene._menu_changed(scene.side_menus["p1"], "human")
    scene._menu_changed(scene.side_menus["p2"], "ai:easy")
    scene._menu_changed(scene.rs_menu, "tokens")
    assert scene.sides == {"p1": "human", "p2": "ai:easy"}
    shown = scene.side_menus["p1"].selected_option
    assert (shown[1] if isinstance(shown, tuple) else shown) in ("human", "Human")


def test_the_turn_order_does_not_shift_when_the_side_to_act_changes(app):
    from test_ui_layout150 import battle

    a, scene = battle("voidmarked", scale=1.0)
    xs = set()
    for side in scene.session.sides:
        scene.bar_side = lambda side=side: side  # the bar names this side
        scene._bar_surface = None
        scene._draw_bar(a.screen)
        xs.add(scene.bar_order_x)
    assert len(xs) == 1, xs


def test_a_log_following_the_newest_line_keeps_it_on_the_bottom_edge(app):
    log, f = _log(5)
    log.set_rect(pygame.Rect(0, 0, 300, f.px(30) + 5 * f.line_height(Fonts.SMALL)))
    long = ("Initiative: Tamsin Vire 14, Oriel Vast 13, Sergeant Hale 13, Wren 11, Void Priest Ashael 9, "
            "Lady Morrow 2")
    log.set_events([_ev(long), _ev("Void Cult cheats"), _ev("Tamsin Vire misses The Flayed."),
                    _ev("Wren moves.")])
    log.draw(pygame.Surface((800, 600)))
    last = log._row_hits[-1][0]
    # the newest line's row ends within a line of the log's foot: no empty space under it
    assert log.rect.bottom - last.bottom < 2 * f.line_height(Fonts.SMALL)
