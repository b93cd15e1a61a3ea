"""A map's XML kept parsed (game/core/tmx/xmltree.py, `python -m game`'s kept work) reads as
ElementTree's: every map test of test_tmx.py runs again here with each file's tree read back
from its kept form, and a kept file is not parsed again."""

from __future__ import annotations

import pytest

from game import codecache
from game.codecache import Kept
from game.core.tmx import files, load_board
from game.core.tmx.xmltree import node, plain
from game.paths import MAPS_DIR
from tests.core.test_tmx import *  # noqa: F403 - the same tests, on kept trees


@pytest.fixture(autouse=True)
def _kept_trees(monkeypatch):
    parse = files._parse_xml
    monkeypatch.setattr(files, "_parse_xml", lambda *a: node(plain(parse(*a))))


def test_a_kept_map_is_not_parsed_again_and_loads_alike(tmp_path, monkeypatch):
    kept = Kept("xml")
    kept.load(str(tmp_path))
    monkeypatch.setitem(codecache.STORES, "xml", kept)
    parse = files._parse_xml
    parsing = [True]

    def only_first(*args):
        assert parsing[0], "parsed again"
        return parse(*args)

    monkeypatch.setattr(files, "_parse_xml", only_first)
    for path in sorted(MAPS_DIR.glob("*/*.tmx")):
        parsing[0] = True
        first = load_board(path)
        parsing[0] = False
        again = load_board(path)
        assert type(again.grid) is type(first.grid) and vars(again.grid) == vars(first.grid)
        first.grid = again.grid
        assert again == first
