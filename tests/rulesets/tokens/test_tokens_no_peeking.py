"""No peeking at sneaking units: twins that differ only in where a hidden Shade truly stands give the
other side the same legal actions, the same previews and the same AI decisions at every level."""

from __future__ import annotations

import pytest
from test_tokens_stealth import dark_board, watched
from tokens_helpers import H, act, make_match, place, unit

from game.ai.levels import make_level
from game.rulesets.tokens import RULESET

TRUE_A, TRUE_B = (4, 10), (6, 7)  # both dark, both out of every p2 unit's sight


def twin(at, seed):
    m = make_match("nightfall", "wardens", board=dark_board(), seed=seed)
    s = unit(m, "Shade 1")
    place(m, s, (4, 8))
    m.chance.force("coin", H, H)
    act(m, "sneak", actor=s, option="2")
    place(m, s, at)  # it crept on, unseen
    # p2's Breacher can fire its cleaving scattergun at Shade 2, whose cleave ring holds TRUE_A
    place(m, unit(m, "Breacher"), (8, 11))
    place(m, unit(m, "Shade 2"), (5, 11))
    act(m, "end")
    return m, s


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_a_sneakers_true_position_changes_nothing_the_other_side_sees_or_decides(level):
    for seed in (1,) if level == "hard" else (1, 2):  # Hard searches: one state is enough
        a, s = twin(TRUE_A, seed)
        b, _ = twin(TRUE_B, seed)
        assert a.state_hash() != b.state_hash()
        la, lb = a.legal(), b.legal()
        assert [x.to_json() for x in la] == [x.to_json() for x in lb]
        assert s not in {x.target for x in la}
        assert any(x.kind == "attack" and x.target == unit(a, "Shade 2") for x in la)
        for x, y in zip(la, lb, strict=True):
            if x.kind == "attack":
                pa, pb = RULESET.preview(a, x), RULESET.preview(b, y)
                assert (pa.outcomes, pa.lines) == (pb.outcomes, pb.lines)
        assert RULESET.unit_view(a, s, "p2") == RULESET.unit_view(b, s, "p2")
        opts = (
            {"samples": 2, "budget": 30.0}
            if level == "hard"
            else {}
            if level == "random"
            else {"budget": 30.0}
        )
        ai_a, ai_b = make_level(level, 7, **opts), make_level(level, 7, **opts)
        xa, xb = ai_a.choose(a, la), ai_b.choose(b, lb)
        assert xa.to_json() == xb.to_json()
        assert getattr(ai_a, "last_explanation", None) == getattr(ai_b, "last_explanation", None)
        a.close()
        b.close()


def test_an_ai_copy_never_holds_the_sneakers_true_stealth_value():
    from game.core.chance import Chance
    from game.rulesets.tokens.components import TkStealth, get

    values = set()
    for at in (TRUE_A, TRUE_B):
        m, s = twin(at, 1)
        for seed in range(6):
            copy = m.scratch()
            RULESET.determinize(copy, "p2", Chance(seed))
            with copy.world:
                values.add((at, seed, get(s, TkStealth).value))
            copy.close()
        m.close()
    by_seed = {}
    for _at, seed, v in values:
        by_seed.setdefault(seed, set()).add(v)
    assert all(len(v) == 1 for v in by_seed.values())  # the same for both twins
    assert len({v for _a, _s, v in values}) > 1  # drawn, not the true 2 every time


@pytest.mark.rule("TK-SNEAK")
def test_a_hidden_watcher_does_not_show_by_taking_sneak_off_the_other_sides_options():
    # the hidden shade two tiles from the Vanguard's dark tile (watching it), or four (not)
    a, _s, v = watched((6, 8))
    b, _, _ = watched((3, 6))
    assert a.state_hash() != b.state_hash()
    la, lb = a.legal(), b.legal()
    assert [x.to_json() for x in la] == [x.to_json() for x in lb]
    assert any(x.kind == "sneak" and x.actor == v for x in la)
    a.close()
    b.close()
