"""No peeking: states that differ only in what a side cannot see get the same decisions."""

from __future__ import annotations

import esper
import pytest
from toyrules import toy_match

from game.ai.levels import make_level
from game.core.cards import Cards
from game.core.chance import Chance
from game.core.components import Position


def _cards(match) -> Cards:
    with match.world:
        return next(c for _, c in esper.get_component(Cards))


CLOSE = {2: (1, 1), 3: (1, 5), 4: (6, 1), 5: (6, 5)}


def _close_in(match) -> None:
    """Put the units within a move of each other, so attacks come into every lookahead."""
    with match.world:
        for ent, cell in CLOSE.items():
            esper.component_for_entity(ent, Position).cell = cell


def _twin(seed: int):
    """The same match twice; in the second the opponent's hand, the deck order and the future
    of the match's chance are different, all of which p1 cannot see."""
    a, b = toy_match(seed), toy_match(seed)
    _close_in(a)
    _close_in(b)
    cards = _cards(b)
    hand, deck = cards.zones["hand_p2"], cards.zones["deck"]
    hand[:], deck[:len(hand)] = deck[:len(hand)], list(hand)
    deck.reverse()
    b.chance = Chance(seed + 12345)
    assert a.state_hash() != b.state_hash()
    return a, b


def _play_p1_turns(a, b, level: str, turns: int = 6) -> list[str]:
    """Drive both matches with twin AIs for p1 and the same scripted p2; return p1's choices."""
    ai_a, ai_b = make_level(level, 7, **({"samples": 4, "budget": 30.0} if level == "hard" else {})), \
        make_level(level, 7, **({"samples": 4, "budget": 30.0} if level == "hard" else {}))
    chosen = []
    for _ in range(turns):
        if a.over or b.over or a.current().side != "p1":
            break
        la, lb = a.legal(), b.legal()
        assert [x.to_json() for x in la] == [x.to_json() for x in lb]
        xa, xb = ai_a.choose(a, la), ai_b.choose(b, lb)
        assert xa.to_json() == xb.to_json()
        assert ai_a.last_explanation == ai_b.last_explanation
        chosen.append(xa.label)
        if xa.kind != "move":
            break  # an attack draws hidden cards: the twins' futures part here
        a.submit(xa)
        b.submit(xb)
    return chosen


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_visible_state_same_choice(level):
    for seed in (1, 2, 3):
        a, b = _twin(seed)
        assert _play_p1_turns(a, b, level)
        a.close()
        b.close()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_visible_state_same_answer(level):
    """The cheat decision depends on p1's own hand (visible to p1), not on the opponent's."""
    a, b = _twin(9)
    for m in (a, b):
        cards = _cards(m)
        cards.zones["hand_p1"] = ["2S", "KH", "7D"]
    from game.core.action import Decision, Option

    decision = Decision("p1", "cheat", "Cheat?", (Option("pass", "keep"), Option("2S", "2S"),
                                                  Option("KH", "KH"), Option("7D", "7D")),
                        default="pass", context={"need": 12, "attack": 3, "flip": "4C"})
    ai_a, ai_b = make_level(level, 3), make_level(level, 3)
    assert ai_a.decide(a, decision) == ai_b.decide(b, decision) == "KH"
    a.close()
    b.close()
