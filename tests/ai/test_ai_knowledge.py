"""Determinization: AI samples re-deal only what the side cannot see, from what it has seen."""

from __future__ import annotations

from collections import Counter

import esper
from toyrules import toy_match

from game.ai import knowledge
from game.ai.knowledge import Sample, determinize
from game.ai.search import HardAI
from game.core.cards import Cards
from game.core.chance import Chance


def _cards(match) -> Cards:
    with match.world:
        return next(c for _, c in esper.get_component(Cards))


def _hide_differently(match) -> None:
    """Swap p2's hand with the top of the deck and reverse the deck: p1 cannot tell."""
    cards = _cards(match)
    hand, deck = cards.zones["hand_p2"], cards.zones["deck"]
    n = len(hand)
    hand[:], deck[-n:] = deck[-n:], list(hand)
    deck.reverse()


def test_determinize_keeps_what_the_side_sees_and_redeals_only_unseen_cards():
    match = toy_match(5)
    before = _cards(match)
    seen = {z: list(c) for z, c in before.zones.items() if before.visible_to(z, "p1")}
    hidden_sizes = {z: len(c) for z, c in before.zones.items() if not before.visible_to(z, "p1")}
    unseen = Counter(before.unseen_by("p1"))
    scratch = match.scratch()
    determinize(scratch, "p1", Chance(11))
    after = _cards(scratch)
    assert {z: c for z, c in after.zones.items() if after.visible_to(z, "p1")} == seen
    assert {z: len(c) for z, c in after.zones.items() if not after.visible_to(z, "p1")} == hidden_sizes
    assert Counter(after.unseen_by("p1")) == unseen
    # it did re-deal: the opponent's hand is not simply the real one
    assert after.zones["deck"] != before.zones["deck"]
    scratch.close()
    match.close()


def test_determinize_depends_only_on_what_the_side_knows():
    a, b = toy_match(5), toy_match(5)
    _hide_differently(b)
    assert _cards(a).zones["hand_p2"] != _cards(b).zones["hand_p2"]
    sa, sb = a.scratch(), b.scratch()
    determinize(sa, "p1", Chance(3))
    determinize(sb, "p1", Chance(3))
    assert _cards(sa).zones == _cards(sb).zones
    for m in (a, b, sa, sb):
        m.close()


def test_sample_leaves_the_live_match_alone_and_replaces_its_chance():
    match = toy_match(8)
    before = match.state_hash()
    draws = match.chance.draws
    with Sample(match, "p1", Chance(1)) as sample:
        sim = sample.reset()
        assert sim.chance.to_json() != match.chance.to_json()
        sim.submit(sim.legal()[0])
        sim = sample.reset()
        assert sim.world.snapshot() == sample.match.world.snapshot()
    assert match.state_hash() == before
    assert match.chance.draws == draws
    match.close()


def test_hard_samples_draw_only_cards_unseen_by_the_side(monkeypatch):
    match = toy_match(4)
    live = _cards(match)
    unseen = Counter(live.unseen_by("p1"))
    visible = {z: list(c) for z, c in live.zones.items() if live.visible_to(z, "p1")}
    live_chance = match.chance.to_json()
    seen_samples: list[tuple[dict, dict]] = []
    real_init = Sample.__init__

    def spy(self, live_match, side, chance):
        real_init(self, live_match, side, chance)
        zones = {z: list(c) for z, c in _cards(self.match).zones.items()}
        seen_samples.append((zones, self.match.chance.to_json()))

    monkeypatch.setattr(knowledge.Sample, "__init__", spy)
    ai = HardAI(seed=2, budget=30.0, samples=3)
    ai.choose(match, match.legal())
    assert seen_samples
    for zones, chance in seen_samples:
        assert chance != live_chance
        assert {z: c for z, c in zones.items() if live.visible_to(z, "p1")} == visible
        hidden = Counter(c for z, cs in zones.items() if not live.visible_to(z, "p1") for c in cs)
        assert hidden == unseen
    match.close()


def test_vitality_reads_health_else_the_unit_view():
    from toyrules import ToyRules

    from game.core.components import Health

    match = toy_match(1)
    assert match.ruleset.vitality(match, 2) == (9.0, 9.0)

    class Viewed(ToyRules):
        def unit_view(self, match, ent, side):
            return {"hp": 3, "hp_max": 12}

    with match.world:
        esper.remove_component(2, Health)
    assert Viewed().vitality(match, 2) == (3.0, 12.0)
    assert ToyRules().vitality(match, 2) is None
    match.close()


def test_evaluate_counts_strength_left_for_the_side():
    from game.core.components import Health

    match = toy_match(1)
    rs = match.ruleset
    assert rs.evaluate(match, "p1") == 0.0
    with match.world:
        esper.component_for_entity(4, Health).current = 6  # a p2 blade at half health
    assert rs.evaluate(match, "p1") == 0.5 == -rs.evaluate(match, "p2")
    match.close()
