"""The odds count the reshuffle: with the deck empty the next card comes from the discard, shuffled
back in, exactly as the deal does (issue #33, item 3)."""

from __future__ import annotations

import pytest
from varium_helpers import ents, find, force, make

from game.core.stacks import StackState, next_card
from game.rulesets.varium import odds
from game.rulesets.varium.checks import pool_for
from game.rulesets.varium.components import deck


def _empty_deck(m, keep: tuple[str, ...] = ()) -> None:
    with m.world:
        cards = deck(m)
        cards.move_all("deck", "discard")
        for c in keep:
            cards.move(c, "discard", "deck")


@pytest.mark.rule("VC-DECK")
def test_with_the_deck_empty_the_preview_weighs_the_discard_it_reshuffles() -> None:
    m = make()
    guard, shooter = ents(m)
    _empty_deck(m)
    action = find(m, "attack", actor=guard, target=shooter, option="baton")
    p = m.ruleset.preview(m, action)
    with m.world:
        discard = odds.profile(deck(m).zones["discard"])
        assert pool_for(m, "p1") == discard
        from game.rulesets.varium.ai import _attack_terms

        a, _ = _attack_terms(m, action)
    assert a.pool == discard and a.hidden is None  # the face-down cards come from it too
    hit, dmg, _kill = odds.attack_odds(a)
    assert p is not None and p.hit == pytest.approx(hit) and p.expected_damage == pytest.approx(dmg)
    assert 0.3 < p.hit < 1.0 and p.expected_damage > 1.0


@pytest.mark.rule("VC-DECK", "VC-HITCHECK")
def test_mid_check_the_next_card_is_the_discards_and_the_face_down_cards_the_unseen_ones() -> None:
    """Three cards left: two go face down, one to the guard; then the deck is empty. The next
    card's bust chance is the discard's; the face-down pair (the only unseen cards) sums to 9."""
    m = make()
    guard, shooter = ents(m)
    _empty_deck(m, ("5H", "4C", "10S"))
    force(m, "5H", "4C", "10S")
    m.submit(find(m, "attack", actor=guard, target=shooter, option="baton"))
    d = m.pending_decision
    assert d is not None and d.kind == "stack"
    rows = {r["key"]: r for r in d.context["hitcheck"]["rows"]}
    with m.world:
        discard = odds.profile(deck(m).zones["discard"])
    bust = float(next_card(discard, StackState(10, 0, 1), odds.rule(21, discard)).bust)
    assert bust > 0.1 and rows["hit"]["bust"] == pytest.approx(bust)
    assert rows["stand"]["chance"] == 1.0  # 10 + clubs 5 = 15 beats the unseen pair's 9


@pytest.mark.rule("VC-DECK", "VC-EVASION")
def test_a_deck_too_short_for_the_face_down_cards_deals_the_rest_from_the_discard() -> None:
    """One card left (5H) and two face-down cards to deal: one is the 5H, the other comes from the
    reshuffled discard, and so does every card of the check. Standing on 10 (+ clubs 5 = 15)
    hits when 5 + that card is below 15: by brute force over the discard."""
    m = make()
    guard, shooter = ents(m)
    _empty_deck(m, ("5H",))
    action = find(m, "attack", actor=guard, target=shooter, option="baton")
    with m.world:
        discard = [odds.card_index(c) for c in deck(m).zones["discard"]]
        from game.rulesets.varium.ai import _attack_terms

        a, _ = _attack_terms(m, action)
    assert a.pool == odds.profile(deck_cards(m, "discard"))
    exact = sum(1 for v in discard if 5 + v < 15) / len(discard)
    assert odds.hit_payoff(a).of(10) == pytest.approx(exact)
    p = m.ruleset.preview(m, action)
    assert p is not None and 0.3 < p.hit < 1.0


def deck_cards(m, zone: str) -> list[str]:
    """The cards of a zone."""
    with m.world:
        return list(deck(m).zones[zone])
