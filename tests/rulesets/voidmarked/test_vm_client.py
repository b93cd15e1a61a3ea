"""What the client is given: move routes, damage and card data in events, turn order, the own hand,
and the between-actions invariant on the table zone."""

from __future__ import annotations

import esper
import pytest
from vm_helpers import (
    act,
    events,
    hand_over,
    hp,
    make_turn,
    new_match,
    park_others,
    place,
    set_hand,
    set_hp,
    stack,
    unit,
)

from game.core.board import Board
from game.core.cards import card_label
from game.core.components import Position, Status
from game.rulesets.voidmarked import RULESET
from game.rulesets.voidmarked.components import VmOrder
from game.rulesets.voidmarked.conditions import apply_condition
from game.rulesets.voidmarked.content import content
from game.rulesets.voidmarked.query import deck

C = content()


def melee_duel(p1_hand=(), p2_hand=()):
    """Sergeant Hale (attack +4) next to The Flayed (Defence 4), Hale to act."""
    m = new_match()
    hale, flayed = unit(m, "hale"), unit(m, "flayed")
    park_others(m, [hale, flayed])
    place(m, hale, (5, 5))
    place(m, flayed, (6, 5))
    make_turn(m, hale)
    set_hand(m, "p1", list(p1_hand))
    set_hand(m, "p2", list(p2_hand))
    return m, hale, flayed


def submit(m, kind, actor, **what):
    """Submit a legal action and leave any decision pending."""
    found = next(a for a in m.legal() if a.kind == kind and a.actor == actor
                 and all(getattr(a, k) == v for k, v in what.items()))
    m.submit(found)
    return found


# -- 1. move routes --------------------------------------------------------------------------------
def test_a_move_carries_the_route_it_walks_around_a_wall():
    board = Board.blank("square", 16, 12)
    for y in (4, 5, 6):
        board.set((5, y), name="wall", blocks_move=True, blocks_los=True)
    m = new_match(board=board)
    hale, flayed = unit(m, "hale"), unit(m, "flayed")
    park_others(m, [hale, flayed])
    place(m, hale, (3, 5))
    place(m, flayed, (14, 10))
    make_turn(m, hale)
    moves = [a for a in m.legal() if a.kind == "move"]
    assert moves and all(a.path and a.path[-1] == a.cell for a in moves)
    to = next(a for a in moves if a.cell == (7, 5))
    steps = [(3, 5), *to.path]
    for a, b in zip(steps, steps[1:], strict=False):
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1, f"{a} -> {b} is not one step"
        assert board.passable(b), f"the route walks through the wall at {b}"
    assert len(to.path) == 4  # round the end of the wall: the shortest way, not the straight line
    act(m, "move", hale, cell=(7, 5))
    ev = events(m, "move")[-1]
    assert [tuple(c) for c in ev.data["path"]] == list(to.path)  # the resolution walks the same route
    with m.world:
        assert esper.component_for_entity(hale, Position).cell == (7, 5)


# -- 2. damage and cards in event data -------------------------------------------------------------
@pytest.mark.rule("VM-HIT", "VM-FLIP")
def test_attack_and_damage_events_name_the_cards_the_damage_and_who_dealt_it():
    m, hale, flayed = melee_duel()
    before = hp(m, flayed)
    stack(m, "9S", "7H", "8C")  # 13 against 11: a hit; damage flip 8
    act(m, "attack", hale, target=flayed, option="main")
    attack = events(m, "attack")[-1]
    assert attack.data["cards"] == ["9S", "7H"]
    assert attack.data["attacker"] == hale and attack.data["target"] == flayed
    assert events(m, "damage_flip")[-1].data["cards"] == ["8C"]
    dmg = events(m, "damage")[-1]
    assert dmg.data["damage"] == before - hp(m, flayed) > 0
    assert dmg.data["attacker"] == hale and dmg.data["target"] == flayed


@pytest.mark.rule("VM-CONDITIONS", "VM-START")
def test_damage_from_a_condition_is_credited_to_the_unit_that_imposed_it():
    m, hale, flayed = melee_duel()
    place(m, flayed, (12, 10))
    set_hp(m, flayed, 20)
    with m.world:
        for _ in apply_condition(m, flayed, "bleeding", had_flip=True, source="a test", by=hale):
            raise AssertionError("no question when the effect had a flip")
    hand_over(m, hale, flayed)
    bleed = [e for e in events(m, "damage") if e.data.get("target") == flayed][-1]
    assert bleed.data["attacker"] == hale and bleed.data["damage"] == C.conditions["bleeding"].damage


# -- 3. turn order and the hand --------------------------------------------------------------------
@pytest.mark.rule("VM-INIT")
def test_turn_order_is_initiative_from_the_acting_unit_on_without_the_dead():
    m = new_match()
    with m.world:
        ranked = list(esper.component_for_entity(m.table_entity, VmOrder).order)
    assert RULESET.turn_order(m) == ranked
    assert m.current().unit == ranked[0]
    act(m, "end", ranked[0])
    # the next unit is up; the one that acted goes to the back (it acts again next round)
    assert RULESET.turn_order(m) == ranked[1:] + ranked[:1]
    with m.world:
        esper.component_for_entity(ranked[3], Status).state = "dead"
    assert ranked[3] not in RULESET.turn_order(m)


@pytest.mark.rule("VM-CHEAT")
def test_hand_view_shows_the_own_hand_playable_only_when_a_cheat_is_asked():
    m, hale, flayed = melee_duel(p1_hand=["RJ", "3C"], p2_hand=["KD"])
    mine = RULESET.hand_view(m, "p1")
    assert {e["card"] for e in mine} == {"RJ", "3C"}
    assert all(e["name"] == card_label(e["card"]) for e in mine)
    assert all(e["kind"] == "card" and e["cost"] == 0 and not e["playable"] and e["why"] for e in mine)
    assert "value 14" in next(e["text"] for e in mine if e["card"] == "RJ")
    assert {e["card"] for e in RULESET.hand_view(m, "p2")} == {"KD"}  # never the other side's
    assert RULESET.hand_view(m, "spectator") == []
    stack(m, "2S", "9H")  # 6 against 13: a miss; p1 may cheat the Red Joker (3 would not help)
    submit(m, "attack", hale, target=flayed, option="main")
    d = m.pending_decision
    assert d is not None and d.kind == "cheat" and d.side == "p1"
    mine = {e["card"]: e for e in RULESET.hand_view(m, "p1")}
    assert mine["RJ"]["playable"] and mine["RJ"]["option"] in d.keys()
    assert not mine["3C"]["playable"]
    assert not any(e["playable"] for e in RULESET.hand_view(m, "p2"))
    m.answer(mine["RJ"]["option"])
    assert {e["card"] for e in RULESET.hand_view(m, "p1")} == {"3C"}  # cheated away, not replaced


# -- 5. no cards on the table between actions ------------------------------------------------------
@pytest.mark.rule("VM-DECK")
def test_the_invariants_catch_a_card_left_on_the_table_but_not_mid_resolution():
    m, hale, flayed = melee_duel(p1_hand=["RJ"])
    assert RULESET.invariants(m) == []
    stack(m, "2S", "9H")
    submit(m, "attack", hale, target=flayed, option="main")
    assert m.pending_decision is not None and m.resolving
    with m.world:
        assert sorted(deck(m).zones["table"]) == ["2S", "9H"]
    assert RULESET.invariants(m) == []  # flipped cards lie on the table while the duel runs
    m.answer("keep")
    assert not m.resolving and RULESET.invariants(m) == []
    with m.world:
        deck(m).move(deck(m).zones["deck"][0], "deck", "table")
    assert any("table" in p for p in RULESET.invariants(m))
