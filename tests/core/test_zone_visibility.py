"""Zones are hidden unless declared visible: a zone a ruleset forgets to declare leaks nothing."""

from __future__ import annotations

from collections import Counter

import esper
import pytest

from game.core.cards import HIDDEN, VISIBLE, Cards, standard_deck
from game.core.chance import Chance
from game.sim import default_scenario, play_game


def test_an_undeclared_zone_is_seen_by_nobody():
    cards = Cards({"deck": standard_deck(False)}, {"deck": HIDDEN})
    cards.declare("table", VISIBLE)
    cards.declare("hand:p1", "p1")
    chance = Chance(3)
    cards.draw(chance, "deck", "table")
    cards.draw(chance, "deck", "hand:p1")
    secret = cards.draw(chance, "deck", "evasion")  # a new zone no one declared
    assert secret is not None and cards.zone_visibility("evasion") == HIDDEN
    for side in ("p1", "p2"):
        assert not cards.visible_to("evasion", side)
        assert secret in cards.unseen_by(side)
        assert secret in cards.next_draw(side).probs
    assert cards.visible_to("evasion", None)  # the omniscient observer (tests, hashes) still sees
    assert cards.visible_to("hand:p1", "p1") and not cards.visible_to("hand:p1", "p2")
    assert cards.visible_to("table", "p2")


def test_the_ui_shows_an_undeclared_zone_face_down():
    from game.core.board import Board
    from game.core.match import Match, Scenario
    from game.rulesets.voidmarked import RULESET
    from game.ui.view import read_piles

    m = Match(RULESET, Scenario("voidmarked", "blank", {"p1": "vanguard", "p2": "void_cult"}, 1),
              Board.blank("square", 16, 12), {})
    with m.world:
        (_, cards), = esper.get_component(Cards)
        cards.move(cards.zones["deck"][-1], "deck", "omen")
    shown = {p.zone: p for p in read_piles(m, "p1")}
    assert shown["omen"].cards is None and shown["omen"].visibility == HIDDEN
    m.close()


@pytest.mark.parametrize("ruleset", ["voidmarked", "casket", "varium"])
def test_the_shipped_rulesets_declare_every_zone_they_use(ruleset):
    match = play_game(default_scenario(ruleset, None, 5))
    with match.world:
        seen: Counter[str] = Counter()
        for ent in sorted(esper._entities):  # noqa: SLF001 - every deck family on every entity
            for comp in esper.components_for_entity(ent):
                if isinstance(comp, Cards):
                    for zone in comp.zones:
                        seen[zone] += 1
                        assert zone in comp.visibility, f"{ruleset} zone {zone!r} relies on the default"
    assert seen
    match.close()
