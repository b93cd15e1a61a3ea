"""core.cards: every card in exactly one zone, who may see what, and the exact next-draw odds."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import (
    BLACK_JOKER,
    RED_JOKER,
    CardError,
    Cards,
    card_label,
    card_suit,
    card_value,
    standard_deck,
)
from game.core.chance import Chance

ZONES = ("deck", "discard", "table", "hand:p1", "hand:p2")


def _shared_deck(seed: int = 1) -> tuple[Cards, Chance]:
    """voidmarked's shape: one shuffled deck, a side hand each, a discard and the table."""
    chance = Chance(seed)
    cards = Cards(zones={"deck": standard_deck()},
                  visibility={"deck": "none", "hand:p1": "p1", "hand:p2": "p2", "discard": "all",
                              "table": "all"})
    cards.shuffle(chance)
    return cards, chance


def _assert_conserved(cards: Cards, expected: Counter[str]) -> None:
    assert cards.all_cards() == expected
    for card in expected:
        holders = [z for z, pile in cards.zones.items() if card in pile]
        assert len(holders) == 1, (card, holders)
        assert cards.where(card) == holders[0]


def test_standard_deck_and_values():
    deck = standard_deck()
    assert len(deck) == 54 and len(set(deck)) == 54
    assert len(standard_deck(jokers=False)) == 52
    assert card_value("AS") == 1 and card_value("10H") == 10 and card_value("JD") == 11
    assert card_value("QC") == 12 and card_value("KS") == 13
    assert card_value(RED_JOKER) == 14 and card_value(BLACK_JOKER) == 0
    assert card_suit("10H") == "H" and card_suit(RED_JOKER) is None
    assert card_label("QS") == "Q♠" and card_label(BLACK_JOKER) == "Black Joker"
    assert sum(card_value(c) for c in deck) == 4 * sum(range(1, 14)) + 14


operation = st.one_of(
    st.tuples(st.just("draw"), st.sampled_from(["table", "hand:p1", "hand:p2"])),
    st.tuples(st.just("forced"), st.integers(0, 53), st.sampled_from(["table", "hand:p1"])),
    st.tuples(st.just("move"), st.sampled_from(ZONES), st.sampled_from(ZONES), st.integers(0, 60)),
    st.tuples(st.just("move_all"), st.sampled_from(["table", "hand:p1", "hand:p2"]),
              st.just("discard")),
    st.tuples(st.just("reshuffle")),
)


@given(st.integers(0, 2**32), st.lists(operation, max_size=120))
@settings(max_examples=120, deadline=None)
def test_cards_are_conserved_under_any_sequence(seed, ops):
    cards, chance = _shared_deck(seed)
    expected = Counter(standard_deck())
    reshuffles = 0
    for op in ops:
        kind = op[0]
        if kind == "draw":
            before = len(cards.zone("deck")) + len(cards.zone("discard"))
            card = cards.draw(chance, dst=op[1])
            if before == 0:
                assert card is None
            else:
                assert card is not None and cards.where(card) == op[1]
                if len(cards.zone("deck")) + len(cards.zone("discard")) + 1 != before:
                    raise AssertionError("a draw must take exactly one card from deck + discard")
        elif kind == "forced":
            wanted = standard_deck()[op[1]]
            was_in_deck = wanted in cards.zone("deck")
            chance.force("card", wanted)
            card = cards.draw(chance, dst=op[2])
            if was_in_deck:
                assert card == wanted and cards.where(wanted) == op[2]
            chance.forced("card")  # drop an unused forced card so it cannot leak into later draws
        elif kind == "move":
            _, src, dst, idx = op
            pile = cards.zone(src)
            if pile:
                card = pile[idx % len(pile)]
                cards.move(card, src, dst)
                assert cards.where(card) == dst
        elif kind == "move_all":
            moved = cards.move_all(op[1], op[2])
            assert all(cards.where(c) == op[2] for c in moved)
        else:
            cards.reshuffle(chance)
            reshuffles += 1
            assert cards.zone("discard") == []
        _assert_conserved(cards, expected)
    assert cards.reshuffles >= reshuffles


def test_draw_reshuffles_an_empty_deck_and_stops_when_all_is_out():
    chance = Chance(4)
    cards = Cards(zones={"deck": ["AS", "2S"], "discard": ["3S"]})
    assert cards.draw(chance) == "2S"  # the top is the end of the list
    assert cards.draw(chance) == "AS"
    assert cards.draw(chance) == "3S"  # deck empty: the discard is reshuffled in first
    assert cards.reshuffles == 1
    assert cards.draw(chance) is None
    assert cards.zone("table") == ["2S", "AS", "3S"]


def test_forced_draw_pulls_the_card_from_inside_the_deck():
    cards, chance = _shared_deck(8)
    chance.force("card", "QS", RED_JOKER)
    top = cards.zone("deck")[-1]
    assert cards.draw(chance, dst="hand:p1") == "QS"
    assert cards.draw(chance, dst="table") == RED_JOKER
    assert cards.zone("deck")[-1] == top  # the rest of the deck keeps its order
    _assert_conserved(cards, Counter(standard_deck()))


def test_forced_card_held_elsewhere_is_not_stolen():
    cards, chance = _shared_deck(8)
    cards.move("KH", "deck", "hand:p2")
    chance.force("card", "KH")
    drawn = cards.draw(chance)
    assert drawn != "KH" and cards.where("KH") == "hand:p2"
    _assert_conserved(cards, Counter(standard_deck()))


def test_moving_a_card_that_is_not_there_is_an_error():
    cards, _ = _shared_deck()
    cards.move("AS", "deck", "discard")
    with pytest.raises(CardError):
        cards.move("AS", "deck", "table")
    with pytest.raises(CardError):
        cards.move("AS", "nowhere", "table")


# -- knowledge -------------------------------------------------------------------------------------

def test_visibility_per_zone():
    cards, chance = _shared_deck()
    for _ in range(3):
        cards.draw(chance, dst="hand:p1")
        cards.draw(chance, dst="hand:p2")
    cards.draw(chance, dst="discard")
    assert cards.visible_to("hand:p1", "p1") and not cards.visible_to("hand:p1", "p2")
    assert not cards.visible_to("deck", "p1") and not cards.visible_to("deck", "p2")
    assert cards.visible_to("discard", "p2") and cards.visible_to("table", "p1")
    assert cards.visible_to("deck", None)  # the omniscient observer (replays, tests)
    fresh = Cards(zones={"deck": ["AS"], "pile": ["2S"]})
    # undeclared zones are hidden from every side (a forgotten declaration never leaks)
    assert not fresh.visible_to("deck", "p1") and not fresh.visible_to("pile", "p1")
    fresh.declare("pile", "all")
    assert fresh.visible_to("pile", "p2")


def test_unseen_by_is_the_deck_plus_hidden_hands():
    cards, chance = _shared_deck(3)
    for _ in range(6):
        cards.draw(chance, dst="hand:p1")
    for _ in range(5):
        cards.draw(chance, dst="hand:p2")
    for _ in range(2):
        cards.draw(chance, dst="discard")
    p1 = Counter(cards.unseen_by("p1"))
    assert p1 == Counter(cards.zone("deck")) + Counter(cards.zone("hand:p2"))
    assert not set(p1) & set(cards.zone("hand:p1")) and not set(p1) & set(cards.zone("discard"))
    assert Counter(cards.unseen_by("p2")) == Counter(cards.zone("deck")) + Counter(cards.zone("hand:p1"))
    assert cards.unseen_by(None) == []


def test_evasion_cards_face_down_for_everyone():
    # varium deals a target face-down evasion cards that neither side sees until the reveal.
    cards, chance = _shared_deck(6)
    cards.visibility["evasion:7"] = "none"
    for _ in range(3):
        cards.draw(chance, dst="evasion:7")
    hidden = cards.zone("evasion:7")
    assert all(c in cards.unseen_by("p1") and c in cards.unseen_by("p2") for c in hidden)
    cards.visibility["evasion:7"] = "all"
    assert not any(c in cards.unseen_by("p1") for c in hidden)


def _observations_after_deal(pool: list[str], seen_by: str) -> dict[tuple, Counter[str]]:
    """Brute force over every shuffle: what `seen_by` observes -> counts of the next top card."""
    table: dict[tuple, Counter[str]] = defaultdict(Counter)
    for perm in itertools.permutations(pool):
        cards = Cards(zones={"deck": list(perm)},
                      visibility={"hand:p1": "p1", "hand:p2": "p2", "discard": "all"})
        _deal(cards)
        seen = tuple(sorted((z, tuple(sorted(c))) for z, c in cards.zones.items()
                            if cards.visible_to(z, seen_by)))
        table[seen][cards.zone("deck")[-1]] += 1
    return table


def _deal(cards: Cards) -> None:
    chance = Chance(0)
    cards.draw(chance, dst="hand:p1")
    cards.draw(chance, dst="hand:p2")
    cards.draw(chance, dst="hand:p2")
    cards.draw(chance, dst="discard")


@pytest.mark.parametrize("side", ["p1", "p2"])
def test_next_draw_is_the_exact_conditional_distribution(side):
    pool = ["AS", "2S", "3S", "4S", "5S", "6S"]
    truth = _observations_after_deal(pool, side)
    # every possible deal: the side's distribution equals the brute-force conditional one
    for perm in itertools.permutations(pool):
        cards = Cards(zones={"deck": list(perm)},
                      visibility={"hand:p1": "p1", "hand:p2": "p2", "discard": "all"})
        _deal(cards)
        seen = tuple(sorted((z, tuple(sorted(c))) for z, c in cards.zones.items()
                            if cards.visible_to(z, side)))
        counts = truth[seen]
        total = sum(counts.values())
        expected = {c: Fraction(n, total) for c, n in counts.items()}
        assert cards.next_draw(side).probs == expected
    # an omniscient observer knows the deck's content but not its order
    assert cards.next_draw(None).probs == {c: Fraction(1, 2) for c in cards.zone("deck")}


def test_next_draw_from_an_empty_deck_is_the_reshuffled_discard():
    cards = Cards(zones={"deck": [], "discard": ["AS", "AS", "KD"], "hand:p1": ["2C"]},
                  visibility={"hand:p1": "p1"})
    assert cards.next_draw("p2").probs == {"AS": Fraction(2, 3), "KD": Fraction(1, 3)}


def test_next_draw_matches_drawing_frequencies():
    # the same exact odds the preview shows, checked against real draws from the seeded source
    hits = Counter()
    for seed in range(3000):
        cards, chance = _shared_deck(seed)
        for _ in range(6):
            cards.draw(chance, dst="hand:p1")
        hits[cards.draw(chance) == RED_JOKER] += 1
    assert 20 < hits[True] < 95  # 3000 / 54 ~ 56


def test_snapshot_of_cards_component_round_trips():
    from game.core.world import component_from_json, to_jsonable

    cards, chance = _shared_deck(2)
    cards.draw(chance, dst="hand:p1")
    cards.reshuffle(chance)
    back = component_from_json("Cards", to_jsonable(cards))
    assert back == cards
