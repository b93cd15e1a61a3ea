"""Two per square, leaving melee, Shove, Get up, the grapple track, Dodge, jumps, Assist, the deck."""

from __future__ import annotations

import pytest
from varium_helpers import act, answer, cell, data, ents, force, hp, make, place, state, zones

from game.core.board import Board
from game.core.cards import standard_deck
from game.rulesets.varium.bodies import restrained, track
from game.rulesets.varium.components import in_melee


@pytest.mark.rule("VC-SQUARES")
def test_two_per_square_and_in_melee_when_foes_share_one() -> None:
    m = make(
        "street_gang", "duel_guard", cells={"p1": [(5, 5), (4, 5), (1, 1), (1, 2), (1, 3)], "p2": [(6, 5)]}
    )
    rook, vex = ents(m)[:2]
    guard = ents(m)[-1]
    act(m, "dash", actor=rook, cell=(6, 5))
    with m.world:
        assert in_melee(m, rook) and in_melee(m, guard) and not in_melee(m, vex)
    act(m, "end", actor=rook)
    m.table.data["order"] = [vex, guard]
    with m.world:
        from game.rulesets.varium.turns import start_turn

        list(start_turn(m, vex))
    assert (6, 5) not in {a.cell for a in m.legal() if a.kind == "dash"}  # full: two bodies


@pytest.mark.rule("VC-LEAVE", "VC-SHOVE")
def test_leaving_a_shared_square_gives_the_foe_a_free_shove() -> None:
    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, shooter = ents(m)
    place(m, shooter, (5, 5))
    act(m, "end", actor=guard)
    force(m, "10H", "5S")
    act(m, "dash", actor=shooter, cell=(4, 5))
    d = m.pending_decision
    assert d is not None and d.kind == "leave" and d.side == "p1"
    m.answer("shove")
    answer(m, "stack", "stand")  # the guard's Might check: 10
    answer(m, "stack", "stand")  # the shooter's: 5
    assert state(m, shooter).prone and cell(m, shooter) != (4, 5)
    assert cell(m, shooter) == (6, 5)  # knocked one square back, away from the guard
    # letting go: the move goes ahead
    m2 = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    g2, s2 = ents(m2)
    place(m2, s2, (5, 5))
    act(m2, "end", actor=g2)
    act(m2, "dash", actor=s2, cell=(4, 5))
    answer(m2, "leave", "let")
    assert cell(m2, s2) == (4, 5)


@pytest.mark.rule("VC-LEAVE", "VC-GETUP")
def test_no_free_attack_after_a_successful_shove_and_getting_up_takes_a_turn() -> None:
    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, shooter = ents(m)
    place(m, shooter, (5, 5))
    force(m, "KH", "2S")
    act(m, "shove", actor=guard, target=shooter)
    answer(m, "stack", "stand")
    answer(m, "stack", "stand")
    assert state(m, shooter).prone
    assert guard in state(m, guard).broke or shooter in state(m, guard).broke
    place(m, shooter, (5, 5))
    act(m, "dash", actor=guard, cell=(4, 4))
    assert m.pending_decision is None and cell(m, guard) == (4, 4)
    act(m, "end", actor=guard)
    assert not [a for a in m.legal() if a.kind in ("dash", "run")]  # prone: no moving
    act(m, "getup", actor=shooter)
    assert not state(m, shooter).prone and state(m, shooter).halves == 0


@pytest.mark.rule("VC-GRAPPLE")
def test_grapple_track_to_pinned_shared_and_lowered_first() -> None:
    m = make("duel_wrestler", "duel_guard", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    wrestler, guard = ents(m)
    place(m, guard, (5, 5))
    force(m, "KS", "QS", "5H")
    act(m, "grapple", actor=wrestler, target=guard)
    answer(m, "stack", "hit")
    answer(m, "stack", "stand")  # 25 + Grappling 12 = 37
    answer(m, "stack", "stand")  # guard 5 + 4 = 9
    with m.world:
        assert track(m, wrestler, guard) == 28 and track(m, guard, wrestler) == -28
        assert restrained(m, guard)
    assert "unarmed" in {a.option for a in m.legal() if a.kind == "attack"}  # Pinned: strikes allowed
    act(m, "end", actor=wrestler)
    assert not [a for a in m.legal() if a.kind in ("dash", "run")]  # Restrained
    force(m, "KH", "QH", "2C")
    act(m, "grapple", actor=guard, target=wrestler)
    answer(m, "stack", "hit")
    answer(m, "stack", "stand")  # 25 + 4 = 29
    answer(m, "stack", "stand")  # 2 + 12 = 14: excess 15 lowers the wrestler's hold first
    with m.world:
        assert track(m, wrestler, guard) == 13 and restrained(m, guard)
    assert data(m)["grapples"] == [{"a": wrestler, "b": guard, "adv": 13}]


@pytest.mark.rule("VC-GRAPPLE")
def test_below_pinned_no_strikes_and_controlled_allows_weapons() -> None:
    m = make("duel_guard", "duel_wrestler", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, wrestler = ents(m)
    place(m, wrestler, (5, 5))
    with m.world:
        from game.rulesets.varium.bodies import set_track

        set_track(m, guard, wrestler, 15)
    opts = {a.option for a in m.legal() if a.kind == "attack"}
    assert "unarmed" not in opts and "baton" not in opts
    with m.world:
        set_track(m, guard, wrestler, 30)
    assert {"unarmed", "baton"} <= {a.option for a in m.legal() if a.kind == "attack"}


@pytest.mark.rule("VC-DODGE")
def test_dodge_check_replaces_the_face_down_cards() -> None:
    def run(dodge_cards: tuple[str, ...]) -> int:
        m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
        guard, shooter = ents(m)
        m.table.data["order"] = [shooter, guard]
        m.table.actor = shooter
        state(m, shooter).halves = 2
        act(m, "dodge", actor=shooter)
        act(m, "end", actor=shooter)
        force(m, "KH", "KC", "10S", *dodge_cards)  # face-down 26 would stop a 15: the dodge decides
        act(m, "attack", actor=guard, target=shooter, option="baton")
        answer(m, "stack", "stand")
        act(m, "end", actor=guard)
        for i, _c in enumerate(dodge_cards):
            answer(m, "stack", "stand" if i == len(dodge_cards) - 1 else "hit")
        return hp(m, shooter)

    assert run(("KS",)) == 55 - 18  # 15 >= 13: hits
    assert run(("KS", "3D")) == 55  # 15 < 16: misses


@pytest.mark.rule("VC-DODGE")
def test_no_dodge_while_grappled_or_acting_last() -> None:
    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, shooter = ents(m)
    assert "dodge" in {a.kind for a in m.legal()}
    with m.world:
        from game.rulesets.varium.bodies import set_track

        set_track(m, shooter, guard, 5)
    assert "dodge" not in {a.kind for a in m.legal()}
    with m.world:
        set_track(m, shooter, guard, 0)
    act(m, "end", actor=guard)
    assert "dodge" not in {a.kind for a in m.legal()}  # the shooter acts last


@pytest.mark.rule("VC-JUMP")
def test_long_jump_dc_40_over_a_gap() -> None:
    def run(cards: tuple[str, ...], keys: tuple[str, ...]) -> tuple[tuple[int, int], bool]:
        board = Board.blank("square", 12, 10)
        board.set((6, 5), blocks_move=True)
        m = make("duel_gang", "duel_guard", cells={"p1": [(5, 5)], "p2": [(10, 9)]}, board=board)
        shooter, _ = ents(m)
        force(m, *cards)
        act(m, "ljump", actor=shooter, cell=(7, 5))
        for k in keys:
            d = m.pending_decision
            assert d is not None
            m.answer(k)
        return cell(m, shooter), state(m, shooter).prone

    # Agility limit 29: 25, an Ace starts a new stack, 13 + 2 = 40
    assert run(("KS", "QS", "AS", "KH", "2H"), ("hit", "hit", "split", "hit", "hit", "stand")) == (
        (7, 5),
        False,
    )
    assert run(("KS", "QS"), ("hit", "stand")) == ((5, 5), True)


@pytest.mark.rule("VC-ASSIST")
def test_assist_gives_a_free_aim() -> None:
    m = make(
        "street_gang", "duel_guard", cells={"p1": [(5, 5), (4, 5), (1, 1), (1, 2), (1, 3)], "p2": [(6, 5)]}
    )
    rook, vex = ents(m)[:2]
    guard = ents(m)[-1]
    act(m, "assist", actor=rook, target=vex)
    assert state(m, vex).advantage == 1
    m.table.data["order"] = [vex, guard]
    with m.world:
        from game.rulesets.varium.turns import start_turn

        list(start_turn(m, vex))
    place(m, vex, (5, 5))
    state(m, vex).halves = 1
    force(m, "2H", "2C", "5S", "QS", "3D")
    act(m, "attack", actor=vex, target=guard, option="unarmed")  # limit 13
    answer(m, "stack", "hit")
    d = m.pending_decision
    assert d is not None and d.kind == "bust" and "aim" in d.keys()  # no half-turn, but a free aim
    m.answer("aim")
    assert state(m, vex).advantage == 0
    answer(m, "stack", "stand")


@pytest.mark.rule("VC-DECK")
def test_one_deck_of_54_every_card_in_one_place_reshuffled_when_empty() -> None:
    m = make()
    guard, shooter = ents(m)
    z = zones(m)
    assert (
        sorted(c for cards in z.values() for c in cards) == sorted(standard_deck(True))
        and len(z["deck"]) == 54
    )
    with m.world:
        from game.rulesets.varium.components import deck

        d = deck(m)
        for c in list(d.zones["deck"])[:-1]:
            d.move(c, "deck", "discard")
    force(m, "KH")
    act(m, "attack", actor=guard, target=shooter, option="baton")  # two face-down cards: reshuffle
    z = zones(m)
    assert sorted(c for cards in z.values() for c in cards) == sorted(standard_deck(True))
    with m.world:
        from game.rulesets.varium.components import deck

        assert deck(m).reshuffles == 1
    assert hp(m, shooter) == 55


@pytest.mark.rule("VC-GRAPPLE", "VC-SHOVE")
def test_a_tie_gains_no_advantage_and_no_shove() -> None:
    m = make("duel_wrestler", "duel_guard", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    wrestler, guard = ents(m)
    force(m, "2S", "10H", "KD", "KH")
    act(m, "grapple", actor=wrestler, target=guard)
    answer(m, "stack", "stand")          # 2 + 12 = 14
    answer(m, "stack", "stand")          # 10 + 4 = 14: the same, nobody gains
    assert data(m)["grapples"] == []
    act(m, "shove", actor=wrestler, target=guard)
    answer(m, "stack", "stand")          # 13
    answer(m, "stack", "stand")          # 13: the guard stands firm
    assert not state(m, guard).prone and cell(m, guard) == (6, 5)


@pytest.mark.rule("VC-AIM", "VC-SHOVE", "VC-GRAPPLE")
def test_no_paid_aim_in_shove_grapple_or_jump_checks_only_an_assists_free_one() -> None:
    """The seed's Aim is for hit checks: a shove, grapple or jump check offers no Aim for a
    half-turn (an Assist's free aim still counts); the hit check keeps it."""
    m = make("duel_wrestler", "duel_guard", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    wrestler, guard = ents(m)
    force(m, "5S", "5H", "5C")
    act(m, "shove", actor=wrestler, target=guard)
    d = m.pending_decision
    assert d is not None and d.kind == "stack" and "aim" not in d.keys() and state(m, wrestler).halves == 1
    answer(m, "stack", "stand")
    answer(m, "stack", "stand")
    act(m, "grapple", actor=wrestler, target=guard)
    assert "aim" not in m.pending_decision.keys()
    answer(m, "stack", "stand")
    answer(m, "stack", "stand")
    m2 = make("duel_wrestler", "duel_guard", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    w2, g2 = ents(m2)
    state(m2, w2).advantage = 1
    act(m2, "grapple", actor=w2, target=g2)
    assert "aim" in m2.pending_decision.keys()  # the Assist's free aim
    board = Board.blank("square", 12, 10)
    board.set((6, 5), elevation=1)
    m4 = make("duel_gang", "duel_guard", cells={"p1": [(5, 5)], "p2": [(10, 9)]}, board=board)
    act(m4, "vjump", actor=ents(m4)[0], cell=(6, 5))
    assert state(m4, ents(m4)[0]).halves == 1 and "aim" not in m4.pending_decision.keys()
    m3 = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard3, shooter3 = ents(m3)
    act(m3, "attack", actor=guard3, target=shooter3, option="baton")
    assert "aim" in m3.pending_decision.keys()  # a hit check: Aim for a half-turn


@pytest.mark.rule("VC-DODGE")
def test_a_prone_unit_may_dodge() -> None:
    """The seed bars a dodge while stunned, incapacitated or grappled; prone is not among them."""
    m = make(cells={"p1": [(5, 5)], "p2": [(8, 5)]})
    guard, _shooter = ents(m)
    state(m, guard).prone = True
    assert "dodge" in {a.kind for a in m.legal()}


@pytest.mark.rule("VC-DODGE")
def test_one_dodge_check_a_round_every_later_attack_meets_the_same_total() -> None:
    """Two guards attack the dodger in turn: its one dodge check (13), made after the first
    guard's attack, stands against the second's too; no second dodge check is dealt."""
    m = make("city_guard", "duel_gang", cells={"p1": [(5, 5), (5, 6), (0, 0), (0, 1)], "p2": [(6, 5)]})
    g1, g2, _lune, _crane, shooter = ents(m)
    m.table.data["order"] = [shooter, g1, g2]
    m.table.actor = shooter
    state(m, shooter).halves = 2
    act(m, "dodge", actor=shooter)
    act(m, "end", actor=shooter)
    force(m, "2H", "2C", "KH", "KS", "3H", "3C", "2D")
    act(m, "attack", actor=g1, target=shooter, option="baton")
    answer(m, "stack", "stand")  # 13 + clubs 5 = 18
    act(m, "end", actor=g1)
    answer(m, "stack", "stand")  # the dodge check: 13; 18 >= 13 hits: 18 + 4 - 1 armour
    assert hp(m, shooter) == 55 - 21 and state(m, shooter).dodge_total == 13
    act(m, "attack", actor=g2, target=shooter, option="baton")
    answer(m, "stack", "stand")  # 2 + 5 = 7 < 13: misses
    act(m, "end", actor=g2)
    assert m.pending_decision is None or m.pending_decision.kind != "stack"  # no second dodge check
    assert hp(m, shooter) == 55 - 21
    assert len([t for t in [e.text for e in m.log if e.kind == "dodge"] if "dodges with" in t]) == 1
