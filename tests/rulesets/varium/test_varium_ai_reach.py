"""AI terms for closing in round walls, Dodge, and Hard's exposure and volley (approach.py,
exposure.py): they follow walking steps and half-turns, and read no face-down card."""

from __future__ import annotations

import pytest
from varium_helpers import act, ents, find, force, make, state, zones

from game.core.board import Board
from game.rulesets.varium import RULESET
from game.rulesets.varium.approach import dodge_worth, walk
from game.rulesets.varium.exposure import threat_on


def _walled() -> Board:
    """Column 4 walled from the top down to row 7: round it only by rows 8 and 9."""
    board = Board.blank("square", 12, 10)
    for y in range(8):
        board.set((4, y), blocks_move=True)
    return board


def test_walking_steps_go_round_a_wall() -> None:
    board = _walled()
    assert board.distance((3, 5), (5, 5)) == 2
    assert walk(board, (3, 5), [(5, 5)]) == 6  # by (3,6) (3,7) (4,8) (5,7) (5,6)
    assert walk(board, (3, 7), [(5, 5)]) == 4


def test_a_melee_unit_closes_round_the_wall_not_along_it() -> None:
    # straight-line distance is 2 from either square; only the way round the wall gains steps
    m = make("duel_guard", "duel_wrestler", cells={"p1": [(3, 5)], "p2": [(5, 5)]}, board=_walled())
    toward = find(m, "dash", cell=(3, 6))
    away = find(m, "dash", cell=(3, 4))
    assert RULESET.assess(m, toward).progress > 0 > RULESET.assess(m, away).progress


def test_dodge_is_worth_the_strikes_of_foes_still_to_act_and_in_reach() -> None:
    m = make("duel_guard", "duel_wrestler", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, wrestler = ents(m)
    with m.world:
        assert dodge_worth(m, guard) > 0.0  # the wrestler acts after it, next to it
    dodge = find(m, "dodge")
    assert RULESET.assess(m, dodge).expected_damage > 0.0
    from game.rulesets.varium.components import table

    with m.world:
        table(m).data["order"] = [wrestler, guard]  # it has acted this round: nothing to turn away
        assert dodge_worth(m, guard) == 0.0
    far = make("duel_guard", "duel_wrestler", cells={"p1": [(1, 1)], "p2": [(9, 8)]})
    g, _w = ents(far)
    with far.world:
        assert dodge_worth(far, g) == 0.0  # out of a step and a strike


def test_exposure_counts_two_strikes_beside_a_foe_one_a_step_away_none_beyond() -> None:
    m = make("duel_guard", "duel_wrestler", cells={"p1": [(3, 5)], "p2": [(8, 5)]})
    beside = RULESET.exposure_after(m, find(m, "run", cell=(7, 5)))
    step = RULESET.exposure_after(m, find(m, "run", cell=(6, 5)))
    far = RULESET.exposure_after(m, find(m, "run", cell=(5, 5)))
    assert beside is not None and step is not None
    assert beside == pytest.approx(2 * step) and step > 0.0 and far == 0.0
    assert RULESET.exposure_after(m, find(m, "end")) is None


def test_volley_counts_the_half_turns_left() -> None:
    m = make("duel_guard", "duel_wrestler", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    attack = find(m, "attack", option="baton")
    once = RULESET.volley_after(m, attack)
    assert once is not None and once > 0.0  # one more strike after this one
    assert RULESET.volley_after(m, find(m, "end")) == 0.0
    assert RULESET.volley_after(m, find(m, "run")) == 0.0  # a run takes the whole turn
    dash = find(m, "dash", cell=(4, 5))
    assert RULESET.volley_after(m, dash) == 0.0  # out of reach after the step


@pytest.mark.rule("VC-EVASION")
def test_no_peeking_exposure_and_volley_ignore_the_face_down_cards() -> None:
    m = make()  # a guard beside a gang shooter
    guard, shooter = ents(m)
    force(m, "2H", "3C", "9S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    with m.world:
        before = (threat_on(m, guard, (5, 5)), dodge_worth(m, guard))
        from game.rulesets.varium.components import deck

        d = deck(m)
        for low, high in (("2H", "KH"), ("3C", "KC")):  # swap the face-down cards for Kings
            d.move(low, f"face-down:{shooter}", "deck")
            d.move(high, "deck", f"face-down:{shooter}")
    assert sorted(zones(m)[f"face-down:{shooter}"]) == ["KC", "KH"]
    with m.world:
        assert (threat_on(m, guard, (5, 5)), dodge_worth(m, guard)) == before
    assert state(m, guard).halves == 1


def _hard_ranking(m):  # type: ignore[no-untyped-def]
    """Hard's ranking (its exact exposure and volley terms), before any playout."""
    from game.ai.knowledge import Deadline
    from game.ai.utility import NormalAI

    return NormalAI(0, budget=5.0, lookahead=48, exact=True).rank(m, m.legal(), Deadline(5.0))


def test_hard_strikes_the_foes_beside_it_rather_than_run_from_them() -> None:
    # three wrestlers beside the guard: running three squares off only puts the exchange off
    # (they run after it, and it strikes first, as it can now); counted in full, their blows made
    # a run worth more than two baton strikes
    m = make("duel_guard", "wrestlers",
             cells={"p1": [(5, 5)], "p2": [(6, 5), (4, 5), (5, 4), (11, 9), (10, 9)]})
    assert _hard_ranking(m)[0].action.kind == "attack"


def test_running_up_to_a_foe_still_costs_its_blows_in_full() -> None:
    # a foe newly in reach is not engaged yet: stopping beside it is priced as before
    m = make("duel_guard", "duel_wrestler", cells={"p1": [(3, 5)], "p2": [(8, 5)]})
    beside = RULESET.exposure_after(m, find(m, "run", cell=(7, 5)))
    guard, wrestler = ents(m)
    with m.world:
        assert beside == pytest.approx(threat_on(m, guard, (7, 5))) and beside > 0.0
    assert RULESET.exposure_now(m, guard) == 0.0


def test_an_engaged_foes_blows_count_at_a_share_where_the_unit_stands_and_moves() -> None:
    from game.rulesets.varium.exposure import ENGAGED

    m = make("duel_guard", "duel_wrestler", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, _wrestler = ents(m)
    with m.world:
        full = threat_on(m, guard, (5, 5))
        beside_too = threat_on(m, guard, (5, 6))
    assert RULESET.exposure_now(m, guard) == pytest.approx(ENGAGED * full)
    # a side step that stays beside it: the same share, not the full blows
    assert RULESET.exposure_after(m, find(m, "dash", cell=(5, 6))) == pytest.approx(ENGAGED * beside_too)
