"""Defects a play check of tokens found in a real window: a built squad's name in the save list,
the save list's second line inside its button, the Await chooser's words, a dark wall's tile text."""

from __future__ import annotations

import pygame
import pytest

from game.core.board import Board
from game.core.match import Match, Scenario
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.hover import cell_info
from game.ui.battle.labels import split_labels
from game.ui.scenes.menus import ButtonColumn, save_summary
from game.ui.theme import Fonts


def test_the_save_list_names_a_built_squad_as_its_builder_named_it(tmp_path):
    from game.core.options import BUILT_KEY
    from game.rulesets.tokens.squadbuild import SquadBuilder
    from game.ui.app import build_session
    from game.ui.saves import save_game

    b = SquadBuilder.from_squad("brood")
    b.name = "Night Wardens"
    data = RULESET.read_squad_file(b.save(tmp_path))
    session = build_session("tokens", None, 2, "human", "ai:random", None, {BUILT_KEY: {"p1": data}})
    path = save_game(session, folder=tmp_path)
    session.match.close()
    summary = save_summary(path)
    assert summary is not None
    # not "Night wardens" (the file's slug, capitalised)
    assert summary.squads == "Night Wardens vs Nightfall Cell"


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_save_buttons_two_lines_sit_in_its_middle(app, scale):
    """The second (dim) line of a save's button was drawn 3 px above its bottom edge at 100 %: the
    focus outline cut its letters."""
    fonts = Fonts(scale)
    col = ButtonColumn(fonts, "Load game", [("Wardens vs Brood", lambda: None, True)], lambda: None,
                       ["Tokens · Freight Yard · round 3 · 2026-11-24 21:00"], 560)
    col.draw(pygame.Surface((1280, 720)), app.palette, pygame.Rect(0, 0, 1280, 720))
    button = col.buttons[0].rect
    head_y, sub_y = col.two_lines(button)
    top = head_y - button.top
    bottom = button.bottom - (sub_y + fonts.line_height(Fonts.SMALL))
    assert sub_y >= head_y + fonts.line_height(Fonts.BODY)
    assert bottom >= 5 and abs(top - bottom) <= 1

def test_the_await_chooser_counts_the_attack_tokens_it_reserves(app):
    from test_ui_tokens import hotseat

    session = hotseat("wardens", "brood")
    waits = [a for a in session.legal() if a.kind == "await"]
    most = max({a.actor for a in waits}, key=lambda e: sum(a.actor == e for a in waits))
    waits = [a for a in waits if a.actor == most]  # one unit's chooser
    assert len(waits) >= 2
    _common, rests = split_labels([a.label for a in waits])
    for a, rest in zip(waits, rests, strict=True):
        n = int(a.option)
        word = "attack token" if n == 1 else "attack tokens"
        assert rest.startswith(f"{n} {word}") and rest.endswith("(4 tokens)")


def test_a_dark_wall_is_not_offered_as_a_place_to_sneak():
    b = Board.blank("square", 6, 6)
    b.set((2, 2), light="dark")
    b.set((3, 3), light="dark", blocks_move=True, blocks_los=True)
    b.spawns = {"p1": [(0, r) for r in range(6)], "p2": [(5, r) for r in range(6)]}
    match = Match(RULESET, Scenario("tokens", "blank", {"p1": "wardens", "p2": "brood"}, 1, {}), b)
    with match.world:
        floor, wall = cell_info(match, (2, 2), "p1"), cell_info(match, (3, 3), "p1")
    assert any("can Sneak" in line for line in floor)
    assert "impassable" in wall and not any("Sneak" in line for line in wall)
    match.close()


def test_the_help_of_a_game_without_cards_lists_no_hand_key(app):
    from test_ui_tokens import hotseat, scene_for

    from game.ui.battle.overlays import HELP_LINES

    scene = scene_for(app, hotseat())
    assert not scene.hand and not scene.piles
    rows = scene.help_rows()
    assert "H" not in [k for k, _ in rows] and not any("cards" in w for _, w in rows)
    assert len(rows) == len(HELP_LINES) - 1


def test_the_replay_list_names_a_built_squad_as_its_builder_named_it(tmp_path):
    from game.core.options import BUILT_KEY
    from game.rulesets.tokens.squadbuild import SquadBuilder
    from game.ui.app import build_session
    from game.ui.replays import keep_replay, replay_summary

    b = SquadBuilder.from_squad("brood")
    b.name = "Night Wardens"
    data = RULESET.read_squad_file(b.save(tmp_path))
    session = build_session("tokens", None, 3, "ai:random", "ai:random", None, {BUILT_KEY: {"p1": data}})
    for _ in range(5000):
        if session.match.result is not None:
            break
        session.step_ai()
    assert session.match.result is not None
    path = keep_replay(session, folder=tmp_path, limit=5)
    session.match.close()
    assert path is not None
    summary = replay_summary(path)
    assert "Night Wardens" in str(summary) and "Night wardens" not in str(summary)
