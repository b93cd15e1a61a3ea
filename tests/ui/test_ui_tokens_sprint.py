"""The tokens path preview of a sprint (TK-SPRINT): a tile only a sprint reaches shows the sprint's
own line, one-tile adjustments and all, with the ruleset's words for it."""

from __future__ import annotations

import pygame
import pytest
from test_ui_tokens import draw, hotseat, place, scene_for

from game.rulesets.tokens import hover
from game.ui.rulesets import tokens as tk_ui


@pytest.mark.rule("TK-SPRINT")
def test_hovering_a_tile_only_a_sprint_reaches_draws_the_sprint_line_and_its_words(app, monkeypatch):
    session = hotseat("wardens", "brood")
    v = place(session, "Vanguard 1", (2, 3))
    scene = scene_for(app, session)
    scene.selected = v
    scene.refresh()
    cell = (10, 5)  # 8 tiles east, 2 south: past the 4 move tokens' walk, a sprint's drift
    move = scene.moves[cell]
    assert move.kind == "sprint" and len(move.path) == 8 and move.path[-1] == cell
    assert move.path[:2] == ((3, 3), (4, 3))  # straight through its open start, then adjustments
    drawn: list[list[tuple[float, float]]] = []
    real = pygame.draw.lines
    monkeypatch.setattr(pygame.draw, "lines", lambda s, c, closed, pts, w=1: drawn.append(list(pts))
                        or real(s, c, closed, pts, w))
    scene.hover_cell = cell
    draw(app, scene)
    centre = scene.camera.to_screen
    want = [centre(scene.layout.centre(c)) for c in ((2, 3), *move.path)]
    assert want in drawn  # the line runs through every tile of the sprint
    with session.match.world:
        note = hover.path_note(session.match, move, scene.move_options[cell])
    assert tk_ui.path_words(scene, move) == "\n".join(note)
    assert note[0] == "Sprint 8 tiles: 4 of 4 move tokens"
