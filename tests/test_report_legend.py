"""Issue #33, item 14: the report's first-player legend speaks players' words, not seat ids."""

from __future__ import annotations

import inspect

import pytest

from game.report.stats import Rate


def test_the_first_player_legend_and_caption_never_say_p1_seat():
    pytest.importorskip("matplotlib")
    from game.report import page, plots

    rate = Rate(3, 2, 1)
    svg = plots.first_player([("all", rate, rate)])
    assert "p1 seat" not in svg and "Player 1" in svg
    assert "p1 seat" not in inspect.getsource(page)
