"""A rules option changes a real outcome: crit_against read from the scenario."""

from __future__ import annotations

import pytest
from vm_helpers import act, conds, events, hp, make_turn, park_others, place, set_hand, stack, unit

from game.core.board import Board
from game.core.match import Match, Scenario
from game.rulesets.voidmarked import RULESET
from game.rulesets.voidmarked.content import content
from game.rulesets.voidmarked.odds import CRIT, HIT

C = content()
FLAYED_HP = C.max_health(C.units["flayed"])
MAUL = C.weapons["shock_maul"].damage


def duel(options: dict) -> tuple[Match, int, int]:
    """Sergeant Hale (attack +4) next to The Flayed (Defence 4) under the given options."""
    scenario = Scenario("voidmarked", "blank", {"p1": "vanguard", "p2": "void_cult"}, 1, options)
    m = Match(RULESET, scenario, Board.blank("square", 16, 12), {})
    hale, flayed = unit(m, "hale"), unit(m, "flayed")
    park_others(m, [hale, flayed])
    place(m, hale, (5, 5))
    place(m, flayed, (6, 5))
    make_turn(m, hale)
    set_hand(m, "p1", [])
    set_hand(m, "p2", [])
    return m, hale, flayed


@pytest.mark.rule("VM-CRIT")
@pytest.mark.parametrize("reading, result, damage", [(None, HIT, MAUL[0]), ("total", HIT, MAUL[0]),
                                                     ("stat", CRIT, MAUL[2])])
def test_crit_against_decides_whether_nine_against_defence_four_is_critical(reading, result, damage):
    # 5 + 4 = 9 against Ace + 4 = 5: under "total" 9 < 10, a hit with a damage flip (2: Low);
    # under "stat" 9 >= 2 x Defence 4, a critical (High, no damage flip)
    m, hale, flayed = duel({} if reading is None else {"rules": {"crit_against": reading}})
    stack(m, "5S", "AH", "2C")
    act(m, "attack", hale, target=flayed, option="main")
    assert events(m, "attack")[-1].data["result"] == result
    assert hp(m, flayed) == FLAYED_HP - damage
    assert bool(events(m, "damage_flip")) == (result == HIT)


def hidden_wren(options: dict) -> tuple[Match, int, int]:
    """A Cult Gunner (Perception 1) about to shoot Wren (Stealth 3), who is stealthed."""
    scenario = Scenario("voidmarked", "blank", {"p1": "void_cult", "p2": "vanguard"}, 1, options)
    m = Match(RULESET, scenario, Board.blank("square", 16, 12), {})
    gunner, wren = unit(m, "cult_gunner"), unit(m, "wren")
    park_others(m, [gunner, wren])
    place(m, gunner, (2, 5))
    place(m, wren, (7, 5))
    make_turn(m, gunner)
    set_hand(m, "p1", [])
    set_hand(m, "p2", [])
    with m.world:
        from game.rulesets.voidmarked.query import conditions

        conditions(wren).active["stealthed"] = {"turns": 0}
    return m, gunner, wren


@pytest.mark.rule("VM-STEALTH")
@pytest.mark.parametrize("reading, found", [(None, False), ("hider", False), ("seeker", True)])
def test_perception_ties_decides_who_a_tied_search_favours(reading, found):
    # Perception 6 + 1 = 7 against Stealth 4 + 3 = 7: a tie; then the shot 9 + 3 against 2 + 3
    m, gunner, wren = hidden_wren({} if reading is None else {"rules": {"perception_ties": reading}})
    stack(m, "6S", "4H", "9S", "2H", "3C")
    act(m, "attack", gunner, target=wren, option="main")
    spot = events(m, "spot")[-1]
    assert ("spots" in spot.text) == found
    assert bool(events(m, "attack")) == found
    assert ("stealthed" in conds(m, wren)) != found


@pytest.mark.rule("VM-STEALTH")
def test_perception_ties_moves_the_odds_the_ai_and_preview_use_by_the_chance_of_a_tie():
    from game.rulesets.voidmarked.expectation import pool
    from game.rulesets.voidmarked.squares import spot_chance

    chances = {}
    for reading in ("hider", "seeker"):
        m, gunner, wren = hidden_wren({"rules": {"perception_ties": reading}})
        with m.world:
            chances[reading] = spot_chance(m, pool(m, "p1"), gunner, wren)
    assert 0 < chances["hider"] < chances["seeker"] < 1


def test_perception_ties_is_a_declared_option_with_the_catalog_default():
    from game.core.options import declared, parse_assignments

    opt = declared(RULESET)["perception_ties"]
    assert opt.default == C.rules.perception_ties == "hider"
    assert parse_assignments(RULESET, ["perception_ties=seeker"]) == {"perception_ties": "seeker"}
