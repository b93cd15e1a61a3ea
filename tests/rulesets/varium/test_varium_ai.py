"""AI hooks and knowledge: exact odds, no peeking at face-down cards, whole games, content errors."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from varium_helpers import act, ents, force, make, zones

from game.ai.controller import BaselineAI, RandomAI
from game.core.board import Board
from game.core.match import Match, Scenario
from game.errors import UserError
from game.rulesets.varium import RULESET, odds
from game.rulesets.varium.content import load


@pytest.mark.rule("VC-HITCHECK", "VC-EVASION")
def test_beat_chance_is_exact_against_enumeration() -> None:
    cards = ["2H", "5C", "9S", "KD", "AS", "RJ", "QH"]
    pool = odds.profile(cards)
    for score in (3, 8, 15, 22, 30):
        pairs = list(combinations(cards, 2))
        want = sum(1 for a, b in pairs if odds.card_index(a) + odds.card_index(b) < score) / len(pairs)
        assert odds.beat_chance(pool, 2, score) == pytest.approx(want)


def _stack_decision_worths(m: Match) -> dict[str, float]:
    d = m.pending_decision
    assert d is not None and d.kind == "stack"
    return RULESET.advise(m, d)


@pytest.mark.rule("VC-HITCHECK")
def test_no_peeking_the_face_down_cards_do_not_change_the_advice() -> None:
    m = make()
    guard, shooter = ents(m)
    force(m, "2H", "3C", "9S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    before = _stack_decision_worths(m)
    with m.world:
        from game.rulesets.varium.components import deck

        d = deck(m)
        for low, high in (("2H", "KH"), ("3C", "KC")):  # swap the face-down cards for Kings
            d.move(low, f"face-down:{shooter}", "deck")
            d.move(high, "deck", f"face-down:{shooter}")
    assert sorted(zones(m)[f"face-down:{shooter}"]) == ["KC", "KH"]
    assert _stack_decision_worths(m) == before
    # the hit-check table (what a player sees) is the same too
    from game.rulesets.varium.table import table_odds

    d = m.pending_decision
    assert d is not None
    shown = d.context["hitcheck"]  # worked out when the decision was asked, before the swap
    assert shown["facedown"] == 2 and "KH" not in str(shown) and "2H" not in str(shown)
    with m.world:
        assert shown == table_odds(m, d)


@pytest.mark.rule("VC-HITCHECK")
def test_advice_stands_on_a_high_stack_and_takes_a_card_on_a_low_one() -> None:
    m = make()
    guard, shooter = ents(m)
    force(m, "2H", "3C", "2S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    w = _stack_decision_worths(m)
    assert w["hit"] > w["stand"]
    force(m, "KS")
    m.answer("hit")
    force(m, "5D")
    m.answer("hit")  # 2 + 13 + 5 = 20 of 21: only a Joker or an Ace is safe
    w = _stack_decision_worths(m)
    assert w["stand"] > w["hit"]


def test_baseline_plays_a_whole_game_to_a_result() -> None:
    board = Board.blank("square", 16, 12)
    results = []
    for seed in (1, 2):
        m = Match(
            RULESET,
            Scenario("varium", "blank", {"p1": "street_gang", "p2": "city_guard"}, seed),
            board,
            {"p1": BaselineAI(seed), "p2": BaselineAI(seed + 7)},
        )
        out = m.play()
        assert RULESET.invariants(m) == []
        results.append(out)
    assert all(r.winner is not None for r in results)


def test_random_play_keeps_invariants_after_every_input() -> None:
    board = Board.blank("square", 12, 10)
    m = Match(
        RULESET,
        Scenario("varium", "blank", {"p1": "wrestlers", "p2": "street_gang"}, 5),
        board,
        {"p1": RandomAI(1), "p2": RandomAI(2)},
    )
    broken: list[str] = []
    m.listeners.append(lambda _ev: broken.extend(RULESET.invariants(m)))
    out = m.play()
    assert broken == [] and RULESET.invariants(m) == []
    assert out is not None and len(m.inputs) > 50


def test_content_errors_name_file_entry_and_key(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[weapon.club]\nname = "Club"\nkind = "melee"\nfamily = "clubs"\ndamage = "lots"\n')
    with pytest.raises(UserError) as err:
        load([bad])
    assert (
        "bad.toml" in err.value.line() and "weapon.club" in err.value.line() and "damage" in err.value.line()
    )
    bad.write_text('[weapon.club]\nname = "Club"\nkind = "melee"\nfamily = "clubs"\ndamage = 3\nreach = 2\n')
    with pytest.raises(UserError, match="reach"):
        load([bad])
    bad.write_text(
        '[unit.x]\nname = "X"\nmight = 1\nagility = 1\nreflexes = 1\nperception = 1\nspeed = 3\n'
        'health = 9\nweapons = ["nothing"]\n'
    )
    with pytest.raises(UserError, match=r"unit\.x\.weapons\.1"):
        load([bad])


def test_three_squads_of_four_to_six() -> None:
    squads = [s for s in RULESET.content.squads.values() if not s.id.startswith("duel_")]
    assert len(squads) >= 3 and all(4 <= len(s.units) <= 6 for s in squads)


@pytest.mark.rule("VC-HITCHECK", "VC-DAMAGE")
def test_stand_worth_is_the_resolution_formula_on_the_unseen_pool() -> None:
    m = make()
    guard, shooter = ents(m)
    force(m, "2H", "3C", "9S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    w = _stack_decision_worths(m)
    with m.world:
        from game.rulesets.varium.components import deck

        pool = odds.profile(deck(m).unseen_by("p1"))
    assert sum(pool) == 53  # all but the 9 in view: the face-down cards included
    score = 9 + 5
    dmg, _ = odds.damage_of(score, odds.Strike(4, 1, 30, "ignore_armour"))
    assert w["stand"] == pytest.approx(odds.beat_chance(pool, 2, score) * dmg)
    preview = RULESET.preview(m, next(a for a in m.legal() if a.kind == "end"))
    assert preview is None


@pytest.mark.rule("VC-HITCHECK")
def test_attack_preview_gives_exact_odds_and_every_term() -> None:
    m = make()
    guard, shooter = ents(m)
    attack = next(a for a in m.legal() if a.kind == "attack" and a.option == "baton")
    p = RULESET.preview(m, attack)
    assert p is not None and 0.0 < p.hit < 1.0 and p.expected_damage > 0.0 and 0.0 <= p.kill <= p.hit
    assert any("accuracy (stack limit) 21" in line for line in p.lines)
    # standing on the first card is one play: the best play's hit chance is at least its chance
    with m.world:
        from game.rulesets.varium.components import deck

        pool = odds.profile(deck(m).unseen_by("p1"))
    from game.core.draws import without

    first = sum(c * odds.beat_chance(without(pool, v), 2, v + 5) for v, c in enumerate(pool) if c) / sum(pool)
    assert p.hit >= first - 1e-9
    with m.world:
        from game.core.components import Health
        from game.rulesets.varium.components import get

        get(shooter, Health).current = 3
    assert RULESET.preview(m, attack).kill == pytest.approx(RULESET.preview(m, attack).hit)


def test_generic_levels_play_it_on_a_shipped_map() -> None:
    from game.ai.levels import make_level
    from game.core.match import load_board_for

    maps = RULESET.maps()
    scenario = Scenario(
        "varium", str(maps[0].relative_to(maps[0].parents[1])), {"p1": "wrestlers", "p2": "street_gang"}, 4
    )
    m = Match(
        RULESET,
        scenario,
        load_board_for(scenario),
        {"p1": make_level("normal", 1), "p2": make_level("easy", 2)},
    )
    out = m.play()
    assert out is not None and RULESET.invariants(m) == []
    kinds = {i["action"]["kind"] for i in m.inputs if i["t"] == "action"}
    assert "attack" in kinds


def test_no_peeking_a_hidden_enemy_draws_no_approach() -> None:
    m = make(cells={"p1": [(1, 1)], "p2": [(9, 8)]})
    guard, shooter = ents(m)
    run = next(a for a in m.legal() if a.kind == "run" and a.cell == (5, 5))
    assert RULESET.assess(m, run).progress > 0
    from varium_helpers import state

    state(m, shooter).hidden = True
    m.touch()  # edited by hand, outside a resolution
    assert RULESET.assess(m, run).progress == 0
    assert not [a for a in m.legal() if a.target == shooter]


def test_the_ai_prices_cover_against_guns_when_moving() -> None:
    m = make("duel_guard", "duel_gang", cells={"p1": [(5, 5)], "p2": [(10, 5)]})
    guard, shooter = ents(m)
    m.board.set((8, 4), cover=3)
    behind = next(a for a in m.legal() if a.kind == "dash" and a.cell == (6, 4))
    open_ = next(a for a in m.legal() if a.kind == "dash" and a.cell == (6, 6))
    assert RULESET.assess(m, behind).exposure < RULESET.assess(m, open_).exposure


@pytest.mark.rule("VC-EVASION")
def test_face_down_sums_counted_by_value_match_every_multiset() -> None:
    import random

    from game.core.draws import sum_weights

    rng = random.Random(7)
    for _ in range(200):
        pool = tuple([0] + [rng.randint(0, 4) for _ in range(14)])
        k = rng.randint(1, 5)
        if sum(pool) < k:
            continue
        want, total = sum_weights(pool, k, odds.VALUES)
        got, got_total = odds._sum_weights(pool, k)
        assert got_total == total and got == {s: w for s, w in want.items() if w}


@pytest.mark.rule("VC-HITCHECK")
def test_scratch_copies_skip_the_persons_table_but_not_the_advice() -> None:
    # A scratch copy has no controllers, like a match a person plays, but only an AI's search
    # answers there: the hit-check table (a person's) is not worked out, the advice is the same.
    m = make()
    guard, shooter = ents(m)
    copy = m.scratch()
    assert copy.is_scratch and not m.is_scratch
    for match in (m, copy):
        force(match, "2H", "3C", "9S")
        act(match, "attack", actor=guard, target=shooter, option="baton")
    live, scratch = m.pending_decision, copy.pending_decision
    assert live is not None and scratch is not None
    assert "hitcheck" in live.context and "hitcheck" not in scratch.context
    assert _stack_decision_worths(copy) == _stack_decision_worths(m)
    copy.close()


def test_a_rebuilt_process_request_is_a_scratch_copy_too() -> None:
    from game.ai.remote import rebuild, request
    from game.core.control import Need

    m = make()
    need = Need("p1", None, tuple(m.legal()))
    copy = rebuild(request(m, need, BaselineAI(1), None), m.board)
    assert copy.is_scratch
    copy.close()


@pytest.mark.rule("VC-HITCHECK")
def test_without_aces_left_the_rule_drops_new_stacks_and_the_worths_stay_the_same() -> None:
    import random

    from game.core.stackplay import split_choice, stack_choice, stack_value
    from game.core.stacks import StackState

    rng = random.Random(3)
    for _ in range(60):
        pool = tuple([0] + [rng.randint(0, 4) for _ in range(13)] + [0])
        limit = rng.randint(5, 30)
        assert not odds.rule(limit, pool).splits and odds.rule(limit).splits
        a = odds.Attack(pool, limit, rng.randint(0, 3), rng.randint(0, 3),
                        odds.Strike(rng.randint(0, 6), rng.randint(0, 3), 25, "double_damage"), 12)
        state = StackState(rng.randint(0, limit), rng.choice((0, 9)), rng.randint(0, 2))
        for pay in (odds.payoff(a), odds.linear_payoff(limit, 1), odds.hit_payoff(a)):
            with_splits, without = odds.rule(limit), odds.rule(limit, pool)
            assert stack_choice(pool, state, without, pay, odds.HORIZON) == \
                stack_choice(pool, state, with_splits, pay, odds.HORIZON)
            assert stack_value(pool, StackState(), without, pay, odds.HORIZON) == \
                stack_value(pool, StackState(), with_splits, pay, odds.HORIZON)
            assert split_choice(pool, state, odds.ACE, without, pay, odds.HORIZON) == \
                split_choice(pool, state, odds.ACE, with_splits, pay, odds.HORIZON)
    assert odds.rule(20, tuple([0] * 14 + [1])).splits
