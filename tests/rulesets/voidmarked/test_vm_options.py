"""A rules option changes a real outcome: crit_against read from the scenario."""

from __future__ import annotations

import pytest
from vm_helpers import act, events, hp, make_turn, park_others, place, set_hand, stack, unit

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
