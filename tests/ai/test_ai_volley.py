"""Hard's follow-up term for casket: every attack the SP left pays for (`volley`), not the best one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rulesets" / "casket"))

import casket_helpers as ck  # noqa: E402

THRUSTS = ["faithful_thrust", "faithful_thrust", "feint", "survey_the_field", "emergency_vent",
           "brace_for_impact"]


def _nearly_destroyed(m, ent, deck_left):
    """Leave the casket `deck_left` deck cards and no discard pile (the rest lost)."""
    from game.rulesets.casket.components import structure

    with m.world:
        pile = structure(ent)
        for zone in ("deck", "discard"):
            keep = deck_left if zone == "deck" else 0
            for card in list(pile.zones.get(zone, []))[keep:]:
                pile.move(card, zone, "lost")


def test_casket_volley_is_the_best_set_of_attacks_the_sp_pays_for():
    """Two thrusts when the SP pays for two, their damage convolved for the kill chance (a chance
    no single thrust has); one when it pays for one, or when the other is the card being played."""
    from game.rulesets.casket import ai
    from game.rulesets.casket.odds import attack_odds
    from game.rulesets.casket.tohit import attack_terms
    from game.rulesets.casket.view import structure_left

    m, a, b = ck.duel()
    ck.set_hand(m, a, THRUSTS)
    _nearly_destroyed(m, b, 1)
    here = (5, 5)
    with m.world:
        thrust = m.ruleset.content.card("faithful_thrust")
        ctx = ai.context(m, a)
        value, kill = ai.attack_value(m, a, b, thrust, None)
        terms = attack_terms(m, a, b, thrust)
        odds = attack_odds(terms.target, terms.base, terms.bonus, terms.bypass)
        left = structure_left(b)
        assert kill == 0.0 and max(odds.final) < left < 2 * max(odds.final)
        both = sum(p * q for d, p in odds.final.items() for e, q in odds.final.items() if d + e >= left)
        assert both > 0
        one = ai.volley(m, ctx, here, 0, 2)
        assert one == pytest.approx(value) == pytest.approx(ai.best_attack(m, ctx, here, 0, 2))
        assert ai.volley(m, ctx, here, 0, 3) == pytest.approx(one)
        assert ai.volley(m, ctx, here, 0, 4) == pytest.approx(2 * value + ai.KILL_WORTH * float(both))
        assert ai.volley(m, ctx, here, 0, 4, "faithful_thrust") == pytest.approx(one)
        # after one thrust on it, the other adds its value and the kill the two make together
        assert ai.volley(m, ctx, here, 0, 2, "faithful_thrust", b) == pytest.approx(
            value + ai.KILL_WORTH * float(both))
        assert ai.volley(m, ctx, here, 0, 1) == 0.0
        # out of reach after a step away: melee cards strike adjacent hexes only
        assert ai.volley(m, ctx, (4, 5), 1, 4) == 0.0


def test_casket_volley_after_each_action_uses_what_the_action_leaves():
    from game.rulesets.casket import ai
    from game.rulesets.casket.components import CasketSP, get
    from game.rulesets.casket.movement import route_cost

    m, a, b = ck.duel()
    ck.set_hand(m, a, THRUSTS)
    rs = m.ruleset
    legal = m.legal()
    with m.world:
        sp = get(a, CasketSP).sp
        ctx = ai.context(m, a)
        stay = (5, 5)
        attack = next(x for x in legal if x.kind == "card" and x.option.startswith("faithful_thrust@"))
        rest = ai.volley(m, ctx, stay, 0, sp - 2, "faithful_thrust", b)
        assert rs.volley_after(m, attack) == pytest.approx(rest)
        assert rest > 0.0
        step = next(x for x in legal if x.kind == "move" and len(x.path) == 1
                    and m.board.distance(tuple(x.path[-1]), (6, 5)) == 1)
        cost = route_cost(m, a, step.path, plain=True, steady=False)
        dest = tuple(step.path[-1])
        assert rs.volley_after(m, step) == pytest.approx(ai.volley(m, ctx, dest, 1, sp - cost))
        assert rs.volley_after(m, step) > 0.0
    end = next(x for x in legal if x.kind == "end")
    assert rs.volley_after(m, end) == 0.0


def test_hard_scores_what_follows_every_action_by_the_volley_and_normal_does_not():
    """Hard: attacks and moves alike carry the volley that follows them (a move loses its
    one-attack "potential" and lookahead follow-up); Normal keeps its own terms."""
    from game.ai.knowledge import Deadline
    from game.ai.search import HardAI
    from game.ai.terms import WEIGHTS
    from game.ai.utility import NormalAI

    m, a, b = ck.duel()
    ck.set_hand(m, a, THRUSTS)
    rs = m.ruleset
    legal = m.legal()
    hard = {r.action: r.terms for r in HardAI(1).normal.rank(m, legal, Deadline(5.0), lookahead=48)}
    normal = {r.action: r.terms for r in NormalAI(1).rank(m, legal, Deadline(5.0), lookahead=48)}
    attack = next(x for x in legal if x.kind == "card" and x.option.startswith("faithful_thrust@"))
    assert hard[attack]["volley"] == pytest.approx(WEIGHTS["followup"] * rs.volley_after(m, attack))
    assert "volley" not in normal[attack]
    step = next(x for x in legal if x.kind == "move" and len(x.path) == 1
                and m.board.distance(tuple(x.path[-1]), (6, 5)) == 1)
    assert hard[step]["volley"] == pytest.approx(WEIGHTS["followup"] * rs.volley_after(m, step))
    assert "potential" not in hard[step] and "followup" not in hard[step]
    assert "volley" not in normal[step] and ("potential" in normal[step] or "followup" in normal[step])
