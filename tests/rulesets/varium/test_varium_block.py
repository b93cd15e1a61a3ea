"""Block (the seed's "dodge or block action"): a Might check that stands in for the face-down
cards against melee attacks, chosen by the blocker's side before its cards are turned over, one
check a round; the `block` rules option reads it as covering every attack, or as absent."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from varium_helpers import act, answer, ents, force, hp, make, state

from game.core.options import RULES_KEY
from game.rulesets.varium import odds
from game.rulesets.varium.components import deck
from game.rulesets.varium.defence import block_stat


def _blocking_guard(reading: str | None = None):
    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    if reading:
        m.scenario.options[RULES_KEY] = {"block": reading}
    guard, shooter = ents(m)
    act(m, "block", actor=guard)
    act(m, "end", actor=guard)
    return m, guard, shooter


@pytest.mark.rule("VC-DODGE")
def test_block_is_offered_and_its_check_is_might_plus_the_melee_weapons_proficiency() -> None:
    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, _ = ents(m)
    assert "block" in {a.kind for a in m.legal()}
    with m.world:
        assert block_stat(guard) == (20 + 10, 5)  # Might 10; the baton's clubs 5
    m.scenario.options[RULES_KEY] = {"block": "none"}
    assert "block" not in {a.kind for a in m.legal()}


@pytest.mark.rule("VC-DODGE")
def test_the_blocker_chooses_before_its_cards_show_and_the_block_check_decides() -> None:
    def run(key: str) -> tuple[int, bool]:
        m, guard, shooter = _blocking_guard()
        force(m, "KH", "QC", "10S", "2D")  # face-down 25; knife 10; block 2 + clubs 5 = 7
        act(m, "attack", actor=shooter, target=guard, option="knife")
        answer(m, "stack", "stand")
        act(m, "end", actor=shooter)
        d = m.pending_decision
        assert d is not None and d.kind == "block" and d.side == "p1" and set(d.keys()) == {"block", "cards"}
        assert not [e for e in m.log if e.kind == "reveal"]  # the face-down cards are still down
        m.answer(key)
        if key == "block":
            answer(m, "stack", "stand")
        return hp(m, guard), state(m, guard).dodge_total == 7

    assert run("cards") == (70, False)  # 10 against the face-down 25: a miss
    assert run("block") == (70 - (10 + 3 - 4), True)  # 10 >= 7: the knife hits


@pytest.mark.rule("VC-DODGE", "VC-EVASION")
def test_a_block_leaves_shots_to_the_face_down_cards_unless_it_covers_every_attack() -> None:
    m, guard, shooter = _blocking_guard()
    force(m, "2H", "2C", "3S")
    act(m, "attack", actor=shooter, target=guard, option="pistol")
    answer(m, "stack", "stand")
    act(m, "end", actor=shooter)
    assert m.pending_decision is None or m.pending_decision.kind != "block"
    assert hp(m, guard) == 70 - int((3 + 5 + 5 - 4) * 1)  # 8 > 4: ballistic, not resisted
    # the log says why the block did nothing (a newcomer blocked and was shot: issue #33)
    assert any("stops blows, not shots" in getattr(e, "text", "") for e in m.log)
    m2, g2, s2 = _blocking_guard("all")
    force(m2, "2H", "2C", "3S")
    act(m2, "attack", actor=s2, target=g2, option="pistol")
    answer(m2, "stack", "stand")
    act(m2, "end", actor=s2)
    assert m2.pending_decision is not None and m2.pending_decision.kind == "block"


@pytest.mark.rule("VC-DODGE")
def test_the_block_prompts_worths_are_exact_and_the_ai_reads_them() -> None:
    m, guard, shooter = _blocking_guard()
    force(m, "5H", "4C", "10S")
    act(m, "attack", actor=shooter, target=guard, option="knife")
    answer(m, "stack", "stand")
    act(m, "end", actor=shooter)
    d = m.pending_decision
    assert d is not None and d.kind == "block"
    worths = m.ruleset.advise(m, d)
    with m.world:
        unseen = [odds.card_index(c) for c in deck(m).unseen_by("p1")]
    # the face-down pair stops the knife's 10 when it sums to 10 or more: by brute force
    pairs = list(combinations(unseen, 2))
    stop = Fraction(sum(1 for a, b in pairs if a + b >= 10), len(pairs))
    assert worths["cards"] == pytest.approx(float(stop) * (10 + 3 - 4))
    assert 0.0 < worths["block"] < 9.0
    assert f"{worths['cards']:.1f}" in dict(zip(d.keys(), [o.label for o in d.options], strict=True))["cards"]


@pytest.mark.rule("VC-DODGE")
def test_dodge_and_block_hovers_give_their_checks_odds() -> None:
    from varium_helpers import find

    from game.rulesets.varium.checks import pool_for
    from game.rulesets.varium.opposed import scores

    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, _ = ents(m)
    block = m.ruleset.preview(m, find(m, "block", actor=guard))
    dodge = m.ruleset.preview(m, find(m, "dodge", actor=guard))
    with m.world:
        pool = pool_for(m, "p1")
    for p, (limit, prof) in ((block, (30, 5)), (dodge, (28, 0))):
        bust = sum(w for s, w in scores(pool, limit, prof) if s == 0)
        assert p is not None and p.hit == pytest.approx(1.0 - bust) and 0.5 < p.hit < 1.0
