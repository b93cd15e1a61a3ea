"""The replay viewer's layout at 100 % and 150 % UI scale in 1280x720 and 1600x900 windows: the
timeline bar keeps to two rows with nothing overlapping or cut, both hands of the all-revealed
view are drawn whole inside the board, a short map sits above the hand strip, the F1 help fits,
a round can be typed to jump to it, and a damaged file in the Replays list is drawn dimmed."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pygame
import pytest

from game.sim import default_scenario, play_game, replay_data
from game.ui.app import App
from game.ui.replay import open_viewer
from game.ui.replay.list_scene import ReplaysScene
from game.ui.replay.scene import ReplayScene
from game.ui.settings import Settings
from game.ui.theme import Fonts

SIZES = [(1.0, (1280, 720)), (1.5, (1280, 720)), (1.0, (1600, 900)), (1.5, (1600, 900))]


@functools.cache
def _replay_text(ruleset: str, seed: int) -> str:
    match = play_game(default_scenario(ruleset, None, seed), "ai:easy", "ai:easy")
    text = json.dumps(replay_data(match, "ai:easy", "ai:easy"))
    match.close()
    return text


def _viewer(tmp_path: Path, ruleset: str, scale: float, size: tuple[int, int], seed: int = 11):
    path = tmp_path / f"{ruleset}-{seed}.json"
    path.write_text(_replay_text(ruleset, seed))
    app = App(size, Settings(ui_scale=scale, anim_speed="instant"))
    app.fps = 0
    scene = open_viewer(app, path)
    assert isinstance(scene, ReplayScene)
    return app, scene


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def _bar_problems(scene: ReplayScene) -> list[str]:
    """Everything wrong with the bar as drawn: rows, overlaps, pieces outside it, cut labels."""
    f = scene.fonts
    out = []
    pieces = scene.bar_pieces
    bar = scene.timeline_rect
    rows = sorted({r.y for r in pieces.values()})
    if len(rows) > 2:
        out.append(f"{len(rows)} rows of buttons")
    names = list(pieces)
    for i, a in enumerate(names):
        if not bar.contains(pieces[a]):
            out.append(f"{a} outside the bar")
        for b in names[i + 1:]:
            if pieces[a].colliderect(pieces[b]):
                out.append(f"{a} overlaps {b}")
    font = f.font(Fonts.BODY)
    for b in scene.bar_buttons:
        if font.size(b.label)[0] > b.rect.w - f.px(8) - f.px(6):
            out.append(f"label {b.label!r} cut")
        if "_" in b.label.rstrip("_") or "p1" in b.label or "p2" in b.label:
            out.append(f"internal name in {b.label!r}")
    for rect, text in scene.bar_captions:
        if font.size(text)[0] > rect.w:
            out.append(f"caption {text!r} cut")
    status_bottom = scene.status_y + 3 * f.line_height(Fonts.SMALL)
    if status_bottom > scene.track_rect.top or not bar.contains(scene.track_rect):
        out.append("status lines or scrubber out of place")
    if scene.timeline_rect.top != scene.board_rect.bottom or bar.bottom > scene.size[1]:
        out.append("bar not under the board")
    return out


@pytest.mark.parametrize(("scale", "size"), SIZES)
@pytest.mark.parametrize("ruleset", ["casket", "voidmarked"])
def test_bar_keeps_to_two_rows_with_nothing_cut(tmp_path, ruleset, scale, size):
    app, scene = _viewer(tmp_path, ruleset, scale, size)
    scene.seek(scene.timeline.round_start(3))
    for _ in range(len(scene.session.sides) + 1):  # every view: its label changes the button
        scene.draw(app.screen)
        assert _bar_problems(scene) == [], (scene.view_label(), scale, size)
        scene.toggle_view()
    # the board keeps more than half the window's height under a two-row bar
    assert scene.board_rect.h > 0.5 * size[1]
    # a long side name is cut short on the button (in full in its tooltip); still two rows
    side = scene.session.sides[1]
    scene.side_names[side] = "The Exceedingly Long-Named Free Company of the Western Marches"
    while scene.viewer != side:
        scene.toggle_view()
    scene.layout_rects(size)
    scene.draw(app.screen)
    assert _bar_problems(scene) == []
    view = next(b for b in scene.bar_buttons if b.rect == scene.bar_pieces["view"])
    assert view.label.endswith("…") and "Western Marches" in view.tooltip[0]
    # playing: the Pause label keeps every button in its place
    before = dict(scene.bar_pieces)
    scene.toggle_play()
    scene.draw(app.screen)
    assert scene.bar_pieces == before


@pytest.mark.parametrize(("scale", "size"), SIZES)
def test_both_hands_of_the_all_revealed_view_are_drawn_whole(tmp_path, scale, size):
    app, scene = _viewer(tmp_path, "voidmarked", scale, size)
    tl = scene.timeline
    # the point of the game where the two hands hold the most cards
    best, most = 0, -1
    for i in range(0, tl.length, 4):
        scene.seek(i)
        held = [len(p.cards or ()) for p in scene.shown_hands()]
        if len(held) == 2 and min(held) > 0 and sum(held) > most:
            best, most = i, sum(held)
    scene.seek(best)
    scene.draw(app.screen)
    hands = scene.shown_hands()
    assert len(hands) == 2 and scene._strip_rect is not None
    cards = scene.strip_cards
    assert len(cards) == sum(len(p.cards or ()) for p in hands) == most
    strip = scene._strip_rect
    assert scene.board_rect.contains(strip)
    for i, r in enumerate(cards):
        assert strip.contains(r)
        assert r.h >= scene.fonts.px(40)  # shrunk, never to a speck
        assert not any(r.colliderect(o) for o in cards[i + 1:])
    # the strip takes under half the board's height
    assert strip.h < 0.5 * scene.board_rect.h


def test_a_map_shorter_than_the_board_sits_above_the_hand_strip(tmp_path):
    app, scene = _viewer(tmp_path, "casket", 1.5, (1280, 720))
    scene.seek(scene.timeline.round_start(3))
    scene.draw(app.screen)
    cam, board = scene.camera, scene.board_rect
    reserve = scene._strip_reserve()
    map_h = cam.map_size[1] * cam.zoom
    top = cam.to_screen((0, 0))[1]
    assert reserve > 0 and map_h < board.h
    if map_h + reserve <= board.h:
        assert top + map_h <= board.bottom - reserve
    else:
        assert top == board.top
    # hiding the strip (H) centres the map again
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    scene.draw(app.screen)
    assert abs(cam.to_screen((0, 0))[1] - (board.top + (board.h - map_h) / 2)) <= 1


def _key(scene: ReplayScene, key: int, mod: int = 0) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def test_typing_a_round_jumps_to_it(tmp_path):
    app, scene = _viewer(tmp_path, "voidmarked", 1.0, (1280, 720))
    tl = scene.timeline
    assert tl.rounds >= 4
    _key(scene, pygame.K_g)
    _key(scene, pygame.K_3)
    assert scene.round_entry == "3"
    scene.draw(app.screen)
    goto = next(b for b in scene.bar_buttons if b.rect == scene.bar_pieces["goto"])
    assert goto.label == "Round: 3_" and goto.selected
    assert scene.status_lines()[1].startswith("Go to round")
    _key(scene, pygame.K_RETURN)
    assert scene.round_entry is None and tl.round == 3 and tl.pos == tl.round_start(3)
    # a digit alone opens the entry; Backspace and the keypad work
    _key(scene, pygame.K_1)
    _key(scene, pygame.K_BACKSPACE)
    _key(scene, pygame.K_KP_2)
    _key(scene, pygame.K_KP_ENTER)
    assert tl.round == 2 and tl.pos == tl.round_start(2)
    # past the last round: the last one, said so
    for k in (pygame.K_g, pygame.K_9, pygame.K_9, pygame.K_RETURN):
        _key(scene, k)
    assert tl.round == tl.rounds and scene.toast and f"1 to {tl.rounds}" in scene.toast[0]
    # Esc cancels without moving (and opens no menu); another key closes it and does its work
    pos = tl.pos
    _key(scene, pygame.K_g)
    _key(scene, pygame.K_1)
    _key(scene, pygame.K_ESCAPE)
    assert scene.round_entry is None and tl.pos == pos and scene.overlay is None
    _key(scene, pygame.K_2)
    _key(scene, pygame.K_LEFT)
    assert scene.round_entry is None and tl.pos == pos - 1
    # the bar's button opens it too
    scene.draw(app.screen)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.bar_pieces["goto"].center, button=1))
    assert scene.round_entry == ""


@pytest.mark.parametrize(("scale", "size"), SIZES)
def test_the_viewers_help_lists_the_round_entry_and_fits_the_window(tmp_path, scale, size):
    app, scene = _viewer(tmp_path, "voidmarked", scale, size)
    keys = dict(scene.help_lines)
    assert any(k.startswith("G") and "round" in v for k, v in keys.items())
    f = scene.fonts
    key_w = max(f.font(Fonts.BODY, True).size(k)[0] for k in keys) + f.px(24)
    text_w = max(f.font(Fonts.BODY).size(v)[0] for v in keys.values())
    assert key_w + text_w + f.px(40) <= size[0] - 20
    assert (f.line_height(Fonts.BODY) + f.px(4)) * (len(keys) + 3) <= size[1]


def test_a_damaged_replay_is_drawn_dimmed_with_its_reason(app, tmp_path):
    good = tmp_path / "voidmarked-11.json"
    good.write_text(_replay_text("voidmarked", 11))
    (tmp_path / "broken.json").write_text("{not json")
    scene = ReplaysScene(app, tmp_path)
    app.switch(scene)
    scene.draw(app.screen)
    pal = app.palette
    enabled = [item[2] for item in scene.column.items]
    assert enabled[:2] == [False, True] or enabled[:2] == [True, False]
    bad = scene.column.buttons[enabled.index(False)]
    ok = scene.column.buttons[enabled.index(True)]

    def text_pixels(rect: pygame.Rect, colour) -> int:  # noqa: ANN001
        return sum(1 for x in range(rect.x + 2, rect.right - 2) for y in range(rect.y + 2, rect.bottom - 2)
                   if tuple(app.screen.get_at((x, y)))[:3] == tuple(colour))

    assert text_pixels(bad.rect, pal.text) == 0 and text_pixels(bad.rect, pal.dim) > 0
    assert text_pixels(ok.rect, pal.text) > 0
    assert tuple(app.screen.get_at((bad.rect.x + 4, bad.rect.centery)))[:3] == tuple(pal.panel)
    assert "broken.json" in scene.column.details[enabled.index(False)]


def test_a_replay_that_fails_to_open_is_then_listed_as_damaged(app, tmp_path):
    data = json.loads(_replay_text("voidmarked", 11))
    data["inputs"][3] = {"t": "answer", "key": "nope"}
    path = tmp_path / "voidmarked-bad.json"
    path.write_text(json.dumps(data))
    scene = ReplaysScene(app, tmp_path)
    app.switch(scene)
    assert scene.column.items[0][2]  # the header reads: it can be tried
    scene.open(path)
    assert app.scene is scene
    # one line naming the file (not its folder), the input and the problem
    assert scene.error.startswith("voidmarked-bad.json: inputs[3]: ") and str(tmp_path) not in scene.error
    assert not scene.column.items[0][2] and scene.column.details[0] == scene.error
    scene.draw(app.screen)
    bad = scene.column.buttons[0]
    assert not any(tuple(app.screen.get_at((x, bad.rect.centery - 4)))[:3] == tuple(app.palette.text)
                   for x in range(bad.rect.x + 2, bad.rect.right - 2))
