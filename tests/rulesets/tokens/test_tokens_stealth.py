"""Sneak, Observe, the adjacency spot, Silent weapons, and what the other side may know."""

from __future__ import annotations

import pytest
from tokens_helpers import (
    H,
    T,
    act,
    comp,
    end_turn,
    events,
    find,
    hold,
    hp,
    legal_kinds,
    make_match,
    place,
    set_hp,
    tokens,
    unit,
)

from game.core.board import Board
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.components import TkStealth, TkUnit
from game.rulesets.tokens.odds import observe_chance


def dark_board() -> Board:
    b = Board.blank("square", 16, 12)
    for x in range(3, 8):
        for y in range(6, 12):
            b.set((x, y), light="dark")
    return b


def sneaker(force=(H, H, T)):
    m = make_match("nightfall", "wardens", board=dark_board())
    s = unit(m, "Shade 1")
    place(m, s, (4, 8))
    m.chance.force("coin", *force)
    act(m, "sneak", actor=s, option=str(len(force)))
    return m, s


@pytest.mark.rule("TK-SNEAK")
def test_sneak_flips_its_tokens_and_the_heads_are_the_stealth_value():
    m, s = sneaker()
    st = comp(m, s, TkStealth)
    assert st.hidden and st.value == 2
    assert s in RULESET.hidden_units(m, "p2") and not RULESET.hidden_units(m, "p1")
    assert RULESET.unit_view(m, s, "p2") == {"hidden": True, "last_seen": (4, 8), "tags": ["unseen"]}
    assert events(m, "sneak")[0].visible == "p1"


@pytest.mark.rule("TK-SNEAK")
def test_sneak_needs_low_light_or_invisible_and_no_enemy_near_or_watching():
    m = make_match("wardens", "nightfall", board=dark_board())
    v = unit(m, "Vanguard 1")  # not Invisible
    place(m, v, (10, 8))  # lit tile
    assert "sneak" not in legal_kinds(m, v)
    place(m, v, (4, 8))  # dark tile, enemies far
    assert "sneak" in legal_kinds(m, v)
    foe = unit(m, "Pyro")
    place(m, foe, (5, 9))  # adjacent
    assert "sneak" not in legal_kinds(m, v)
    place(m, foe, (6, 10))  # two away: sees a dark tile within 2
    assert "sneak" not in legal_kinds(m, v)
    place(m, foe, (8, 11))  # three away in the dark: unseen
    assert "sneak" in legal_kinds(m, v)


def watched(at):
    """p2's turn: Vanguard 1 on a dark tile, p1's Shade 1 hidden (stealth 1) on `at`."""
    m = make_match("nightfall", "wardens", board=dark_board())
    s = unit(m, "Shade 1")
    place(m, s, (4, 8))
    m.chance.force("coin", H)
    act(m, "sneak", actor=s, option="1")
    place(m, s, at)  # it crept on, unseen
    end_turn(m)
    v = unit(m, "Vanguard 1")
    place(m, v, (6, 10))
    return m, s, v


@pytest.mark.rule("TK-SNEAK")
def test_a_sneak_next_to_or_watched_by_a_hidden_enemy_fails_and_spends_its_tokens():
    # offered on what p2 sees (no enemy in sight), resolved on the truth: the shade is adjacent,
    # or two tiles away with the dark tile in its vision
    for at in ((5, 9), (6, 8)):
        m, s, v = watched(at)
        assert "sneak" in legal_kinds(m, v)
        before = tokens(m, v).move
        act(m, "sneak", actor=v, option="2")  # no coin is forced: none may be flipped
        assert not comp(m, v, TkStealth).hidden
        assert tokens(m, v).move == before - 2
        assert comp(m, s, TkStealth).hidden  # the watcher is not given away to p2 either
        ev = events(m, "sneak")[-1]
        assert "unseen enemy is watching" in ev.text and ev.visible == "p2" and not ev.chance
    m, s, v = watched((3, 6))  # four tiles off: the dark tile is out of its vision
    m.chance.force("coin", H, T)
    act(m, "sneak", actor=v, option="2")
    assert comp(m, v, TkStealth).hidden and comp(m, v, TkStealth).value == 1


@pytest.mark.rule("TK-SNEAK")
def test_one_attack_a_turn_gains_the_stealth_value_and_reveals_a_loud_attacker():
    m, s = sneaker()
    t = unit(m, "Marksman")
    place(m, t, (5, 9))
    set_hp(m, t, 9, 9)
    hold(m, s, "knife")
    with m.world:
        from game.rulesets.tokens.components import TkGear, get

        get(s, TkGear).weapons = ["knife"]
    # the knife is Silent: +2 from stealth, the shade stays hidden
    act(m, "attack", actor=s, target=t)
    assert hp(m, t) == 9 - (2 + 2 - 1)  # flak physical(1)
    assert comp(m, s, TkStealth).hidden


@pytest.mark.rule("TK-SNEAK")
def test_an_adjacent_enemy_spots_a_sneaker_on_heads_whatever_its_stealth():
    m, s = sneaker((H, H, H))
    end_turn(m)
    v = unit(m, "Vanguard 1")
    place(m, v, (6, 8))
    m.chance.force("coin", H)
    act(m, "move", actor=v, cell=(5, 8))
    assert not comp(m, s, TkStealth).hidden and events(m, "reveal")


@pytest.mark.rule("TK-OBSERVE")
def test_observe_reveals_a_sneaker_in_vision_when_heads_reach_its_stealth():
    m, s = sneaker()  # stealth 2
    end_turn(m)
    v = unit(m, "Vanguard 1")
    place(m, v, (6, 10))  # two tiles from the dark tile: in vision
    m.chance.force("coin", H, T)
    act(m, "observe", actor=v, option="2")
    assert comp(m, s, TkStealth).hidden  # 1 < 2
    m.chance.force("coin", H, H)
    act(m, "observe", actor=v, option="2")
    assert not comp(m, s, TkStealth).hidden
    assert observe_chance(2, 2) == 0.25


@pytest.mark.rule("TK-OBSERVE")
def test_passive_observe_flips_at_the_start_of_the_watchers_turn():
    m, s = sneaker((H,))  # stealth 1
    with m.world:
        from game.rulesets.tokens.components import get

        get(unit(m, "Vanguard 1"), TkUnit).observe = 1
    place(m, unit(m, "Vanguard 1"), (6, 9))
    m.chance.force("coin", H)
    end_turn(m)
    assert any("keeps watch" in e.text for e in events(m, "observe"))
    assert not comp(m, s, TkStealth).hidden


def test_coin_flips_read_in_words_with_counts_as_players_say_them():
    """The log words flips as heads/tails and counts without "(s)": a new player reads the math."""
    m, s = sneaker((H, T))
    assert events(m, "sneak")[0].text == (
        "Shade 1 sneaks with 2 tokens (hides on any heads: 75%): heads, tails — stealth 1.")
    assert events(m, "sneak")[0].math[0] == "flips: heads, tails"
    with m.world:
        from game.rulesets.tokens.components import get

        get(unit(m, "Vanguard 1"), TkUnit).observe = 1
    place(m, unit(m, "Vanguard 1"), (6, 9))
    m.chance.force("coin", H)
    end_turn(m)
    watch = [e.text for e in events(m, "observe") if "keeps watch" in e.text]
    assert "Vanguard 1 keeps watch with 1 token: heads — 1 success." in watch
    every = " ".join(e.text + " " + " ".join(e.math) for e in m.log)
    assert "(s)" not in every and "(es)" not in every and " H " not in every


@pytest.mark.rule("TK-SILENT")
def test_silent_attacks_keep_sneak_and_later_ones_on_the_same_target_reveal_on_heads():
    m, s = sneaker()
    t = unit(m, "Marksman")
    place(m, t, (5, 9))
    set_hp(m, t, 20, 20)
    hold(m, s, "knife")
    act(m, "attack", actor=s, target=t)
    assert comp(m, s, TkStealth).hidden
    m.chance.force("coin", T)
    act(m, "attack", actor=s, target=t)
    assert comp(m, s, TkStealth).hidden
    m.chance.force("coin", H)
    act(m, "attack", actor=s, target=t)
    assert not comp(m, s, TkStealth).hidden


@pytest.mark.rule("TK-SNEAK")
def test_a_loud_weapon_reveals_the_attacker():
    m, s = sneaker()
    t = unit(m, "Marksman")
    place(m, t, (4, 11))
    set_hp(m, t, 20, 20)
    hold(m, s, "flashbang")
    act(m, "attack", actor=s, target=t)
    assert not comp(m, s, TkStealth).hidden


def test_the_enemy_cannot_target_or_place_a_hidden_unit():
    m, s = sneaker()
    end_turn(m)
    targets = {a.target for a in m.legal() if a.kind == "attack"}
    assert s not in targets
    find(m, "end")


@pytest.mark.rule("TK-SNEAK", "TK-AOO")
def test_a_hidden_mover_provokes_nothing_and_its_move_is_logged_for_its_side_only():
    m, s = sneaker()
    foe = unit(m, "Vanguard 1")
    place(m, foe, (5, 9))  # next to the shade; nobody has flipped for it yet
    m.chance.force("coin", T)  # leaving next to it: the adjacency spot misses
    act(m, "move", actor=s, cell=(3, 8))
    assert m.pending_decision is None and not events(m, "aoo")
    assert events(m, "move")[-1].visible == "p1"
    assert comp(m, s, TkStealth).hidden
