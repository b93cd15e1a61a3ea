"""Issue #33, item 14: unit letters unambiguous at a glance in every ruleset (one letter per kind
across the board, numbered within a side), chooser titles, headings, cut labels, the first view."""

from __future__ import annotations

import re

import pytest

from game.core import ruleset as registry
from game.core.match import Match, load_board_for
from game.sim import default_scenario
from game.ui.view import read_units


def kind_of(name: str) -> str:
    """Units of one kind: the name without its number (\"Vanguard 2\")."""
    return re.sub(r"\s+\d+$", "", name)


def letters_of(rid: str, squads: tuple[str, str] | None = None):
    sc = default_scenario(rid, None, 1, squads)
    match = Match(registry.get(rid), sc, load_board_for(sc))
    return read_units(match, None)


@pytest.mark.parametrize(("rid", "squads"), [
    ("saves", ("party", "warband")), ("tokens", ("wardens", "nightfall")), ("casket", None),
    ("voidmarked", None), ("varium", None), ("voidmarked", ("vanguard", "iron_syndicate")),
])
def test_each_kind_has_its_own_letter_and_no_side_repeats_a_mark(rid, squads):
    units = letters_of(rid, squads)
    by_letter: dict[str, set[str]] = {}
    for u in units:
        by_letter.setdefault(u.mark[0], set()).add(kind_of(u.name))
    assert all(len(kinds) == 1 for kinds in by_letter.values()), by_letter
    for side in {u.side for u in units}:
        marks = [u.mark for u in units if u.side == side]
        assert len(marks) == len(set(marks)), marks


def test_the_reported_clashes_are_gone():
    saves = {u.name: u.mark for u in letters_of("saves", ("party", "warband"))}
    assert saves["Chieftain Grell"] == "C" and not saves["Crossbowman"].startswith("C")
    tokens = [(u.side, u.name, u.mark) for u in letters_of("tokens", ("wardens", "nightfall"))]
    grenadier = next(m for _s, n, m in tokens if n == "Grenadier")
    gunners = {m for _s, n, m in tokens if n == "Gunner"}
    assert gunners == {"G"} and not grenadier.startswith("G")  # the same kind: one letter


def test_a_chooser_title_has_one_colon():
    from game.core.action import Action
    from game.ui.battle.labels import split_labels

    labels = ["Oriel Quickhand: hide in the shadows", "Oriel Quickhand: aim"]
    common, rests = split_labels(labels)
    assert f"{common}: choose one" == "Oriel Quickhand: choose one"
    assert rests == ["hide in the shadows", "aim"]
    assert Action("hide", 1, label=labels[0]).label.startswith(common)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_unit_panels_heading_wraps_instead_of_being_cut(scale):
    import pygame

    from game.ui.app import App
    from game.ui.scenes.battle import BattleScene
    from game.ui.session import Session
    from game.ui.settings import Settings
    from game.ui.theme import Fonts

    a = App((1280, 720), Settings(anim_speed="instant", ui_scale=scale))
    try:
        sc = default_scenario("saves", None, 1, ("party", "warband"))
        match = Match(registry.get("saves"), sc, load_board_for(sc))
        scene = BattleScene(a, Session(match, {"p1": "human", "p2": "human"}))
        a.switch(scene)
        mags = next(u for u in scene.units if u.name == "Mags the Alchemist")
        width = scene.panel_rect.w - 2 * a.fonts.px(10) - a.fonts.px(16)
        lines = scene.unit_title_lines(mags, width)
        assert " ".join(" ".join(lines).split()) == "Mags the Alchemist (Adventuring party)"
        assert all(a.fonts.font(Fonts.BODY, True).size(line)[0] <= width for line in lines)
        scene.inspected = scene.selected = mags.ent
        scene._panel_surface = None
        a.screen.fill((0, 0, 0))
        scene.draw(a.screen)
    finally:
        pygame.quit()


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_cut_action_label_is_read_whole_on_hover(scale):
    import pygame

    from game.ui.app import App
    from game.ui.scenes.battle import BattleScene
    from game.ui.session import Session
    from game.ui.settings import Settings

    a = App((1280, 720), Settings(anim_speed="instant", ui_scale=scale))
    try:
        sc = default_scenario("voidmarked", None, 1)
        match = Match(registry.get("voidmarked"), sc, load_board_for(sc))
        scene = BattleScene(a, Session(match, {"p1": "ai:easy", "p2": "human"}))  # p2 acts first
        a.switch(scene)
        a.screen.fill((0, 0, 0))
        scene.draw(a.screen)
        dash = next(b for b in scene.buttons if b.label.startswith("Second Move"))
        assert dash.label.endswith("(gives up the Action)")
        scene.mouse = dash.rect.center
        scene.hover_box = None
        scene.draw(a.screen)
        if scale > 1:
            assert dash.cut  # too long for the panel at 150 %: the button shows it cut short
        if dash.cut:  # ...and the hover box gives it whole
            assert scene.hover_box is not None
    finally:
        pygame.quit()


@pytest.mark.parametrize(("size", "scale", "ai_first"), [((1280, 720), 1.0, False), ((1280, 720), 1.5, False),
                                                      ((1600, 1000), 1.0, False), ((1280, 720), 1.5, True)])
def test_caskets_first_view_shows_every_hex_whole_and_clear_of_the_hand(size, scale, ai_first):
    import pygame

    from game.ui.app import App
    from game.ui.scenes.battle import BattleScene
    from game.ui.session import Session
    from game.ui.settings import Settings

    a = App(size, Settings(anim_speed="instant", ui_scale=scale))
    try:
        sc = default_scenario("casket", None, 1)
        match = Match(registry.get("casket"), sc, load_board_for(sc))
        # seed 1: the Hold Guard (p2) activates first; with p2 the AI, the person's hand comes later
        people = {"p1": "human", "p2": "ai:easy"} if ai_first else {"p1": "ai:easy", "p2": "human"}
        scene = BattleScene(a, Session(match, people))
        a.switch(scene)
        a.screen.fill((0, 0, 0))
        scene.draw(a.screen)
        if ai_first:
            while scene.session.waiting_for_ai:
                scene.apply_step(scene.session.step_ai())
            scene.draw(a.screen)
        strip = scene._strip_rect
        for cell in match.board.cells():
            pts = [scene.camera.to_screen(p) for p in scene.layout.outline(cell)]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            hexagon = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            assert scene.board_rect.contains(hexagon), (cell, hexagon, scene.board_rect)
            assert strip is None or not hexagon.colliderect(strip), (cell, hexagon, strip)
    finally:
        pygame.quit()
