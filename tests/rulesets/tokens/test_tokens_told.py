"""What each side's log reads about a hidden unit's doings: twins that differ only in where a hidden
unit truly stands give the sides it hides from the same log, while its own side reads the whole
line (who, with what, the math)."""

from __future__ import annotations

import pytest
from test_tokens_no_peeking import TRUE_A, TRUE_B, twin
from test_tokens_stealth import dark_board
from tokens_helpers import H, T, act, answer, comp, hold, hp, make_match, place, set_hp, unit

from game.core.components import Position
from game.core.match import Match
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.components import TkStealth, get
from game.rulesets.tokens.telling import NOBODY


def read(m: Match, side: str, since: int) -> list[dict]:
    """Every event `side` may read from log index `since` on, all of it (text, math, data)."""
    return [e.to_json() for e in m.log[since:] if e.visible_to(side)]


def words(m: Match, side: str, since: int) -> str:
    return "\n".join(" ".join([e["text"], *e["math"]]) for e in read(m, side, since))


def hide(m: Match, ent: int) -> None:
    """`ent` sneaked earlier (stealth 1), never seen by the other side."""
    with m.world:
        st = get(ent, TkStealth)
        st.hidden, st.value = True, 1


def silent_shot(at: tuple[int, int]) -> tuple[Match, int, int, int]:
    """p1's Shade 1 sneaks (stealth 2), creeps to `at` next to p2's Marksman and knifes it."""
    m = make_match("nightfall", "wardens", board=dark_board())
    s, t = unit(m, "Shade 1"), unit(m, "Marksman")
    place(m, s, (4, 8))
    m.chance.force("coin", H, H)
    act(m, "sneak", actor=s, option="2")
    place(m, s, at)  # it crept on, unseen
    place(m, t, (5, 9))
    set_hp(m, t, 9, 9)
    hold(m, s, "knife")
    since = len(m.log)
    act(m, "attack", actor=s, target=t)
    return m, s, t, since


@pytest.mark.rule("TK-SILENT")
def test_a_silent_shot_tells_the_target_side_it_was_hit_never_by_whom_or_from_where():
    a, s, t, since = silent_shot((4, 10))
    b, _, _, since_b = silent_shot((6, 8))
    assert comp(a, s, TkStealth).hidden and comp(b, s, TkStealth).hidden
    assert a.state_hash() != b.state_hash() and since == since_b
    # p2 reads the same, to the last byte of data, whichever tile the shade struck from
    assert read(a, "p2", since) == read(b, "p2", since)
    told = words(a, "p2", since)
    assert "Marksman is hit by an unseen attacker: takes 3 (4 physical before defense)" in told
    assert hp(a, t) == 9 - 3
    for leak in ("Shade", "Knife", "sneak", "(4, 10)", "4, 10"):
        assert leak not in told
    assert all(e["data"].get("attacker") is None and e["data"].get("unit") != s for e in read(a, "p2", since))
    # p1 reads who struck, with what and the whole math (the +2 from stealth among it)
    own = words(a, "p1", since)
    assert "Shade 1 attacks Marksman with Knife" in own
    assert "Knife: 2 physical +2 sneak" in own and "Marksman takes 3" in own
    assert RULESET.unit_view(a, s, "p2") == RULESET.unit_view(b, s, "p2")
    # the results still credit the shade with the damage, once
    dealt = [e for e in a.log[since:] if e.data.get("attacker") == s]
    assert [e.data["damage"] for e in dealt] == [3]


@pytest.mark.rule("TK-SILENT")
def test_a_silent_shot_that_reveals_on_its_coin_names_the_attacker_from_then_on():
    m, s, t, _ = silent_shot((4, 10))
    set_hp(m, t, 20, 20)
    m.chance.force("coin", H)
    since = len(m.log)
    act(m, "attack", actor=s, target=t)
    assert not comp(m, s, TkStealth).hidden
    assert "Shade 1 is revealed (Marksman traced the shots)" in words(m, "p2", since)


@pytest.mark.rule("TK-SNEAK")
def test_a_loud_shot_from_hiding_still_names_the_attacker_to_everyone():
    m = make_match("nightfall", "wardens", board=dark_board())
    s, t = unit(m, "Shade 1"), unit(m, "Marksman")
    place(m, s, (4, 8))
    m.chance.force("coin", H)
    act(m, "sneak", actor=s, option="1")
    place(m, t, (4, 11))
    set_hp(m, t, 20, 20)
    hold(m, s, "flashbang")
    since = len(m.log)
    act(m, "attack", actor=s, target=t)
    told = words(m, "p2", since)
    assert "Shade 1 attacks Marksman" in told and "Shade 1 is revealed (it attacked)" in told


def hidden_observer(at: tuple[int, int]) -> tuple[Match, int, int, int]:
    """p2's Vanguard 1 hides (stealth 1) at `at` and observes p1's sneaking Shade 1 out of hiding."""
    m = make_match("nightfall", "wardens", board=dark_board())
    s = unit(m, "Shade 1")
    place(m, s, (4, 8))
    m.chance.force("coin", H)
    act(m, "sneak", actor=s, option="1")
    act(m, "end")
    v = unit(m, "Vanguard 1")
    hide(m, v)
    place(m, v, at)  # crept on, unseen by p1, in sight of the shade's dark tile
    since = len(m.log)
    m.chance.force("coin", H)
    act(m, "observe", actor=v, option="1")
    return m, s, v, since


@pytest.mark.rule("TK-OBSERVE")
def test_a_hidden_observer_is_not_named_to_the_side_it_reveals():
    a, s, v, since = hidden_observer((6, 8))
    b, _, _, since_b = hidden_observer((5, 10))
    for m in (a, b):
        assert not comp(m, s, TkStealth).hidden and comp(m, v, TkStealth).hidden
    assert a.state_hash() != b.state_hash() and since == since_b
    assert read(a, "p1", since) == read(b, "p1", since)
    told = words(a, "p1", since)
    assert "Shade 1 is revealed (an unseen enemy's observe 1 >= stealth 1)" in told
    assert "Vanguard" not in told
    assert "Shade 1 is revealed (Vanguard 1's observe 1 >= stealth 1)" in words(a, "p2", since)


def spotted_by_a_hidden_watcher(at: tuple[int, int], coins: tuple[str, ...]) -> tuple[Match, int, int, int]:
    """p1's hidden Shade 1 steps to (5, 8), next to p2's Vanguard 1 hiding on `at`."""
    m = make_match("nightfall", "wardens", board=dark_board())
    s, v = unit(m, "Shade 1"), unit(m, "Vanguard 1")
    place(m, s, (4, 8))
    m.chance.force("coin", H)
    act(m, "sneak", actor=s, option="1")
    hide(m, v)
    place(m, v, at)
    since = len(m.log)
    m.chance.force("coin", *coins)
    act(m, "move", actor=s, cell=(5, 8))
    return m, s, v, since


@pytest.mark.rule("TK-SNEAK")
def test_a_hidden_watcher_that_spots_a_sneaker_is_not_named_to_the_spotted_side():
    a, s, v, since = spotted_by_a_hidden_watcher((6, 7), (H, T))
    b, _, _, _ = spotted_by_a_hidden_watcher((6, 9), (H, T))
    for m in (a, b):
        assert not comp(m, s, TkStealth).hidden and comp(m, v, TkStealth).hidden
    assert read(a, "p1", since) == read(b, "p1", since)
    told = words(a, "p1", since)
    assert "Shade 1 is revealed (spotted by an unseen enemy)" in told and "Vanguard" not in told
    assert "Shade 1 is revealed (spotted by adjacent Vanguard 1)" in words(a, "p2", since)


@pytest.mark.rule("TK-SNEAK")
def test_two_hidden_units_side_by_side_that_miss_each_other_tell_neither_side():
    a, s, v, since = spotted_by_a_hidden_watcher((6, 7), (T, T))
    b, _, _, _ = spotted_by_a_hidden_watcher((6, 9), (T, T))
    for m in (a, b):
        assert comp(m, s, TkStealth).hidden and comp(m, v, TkStealth).hidden
    spots = [e for e in a.log[since:] if e.kind == "spot"]
    assert len(spots) == 2 and all(e.visible == NOBODY for e in spots)
    for side in ("p1", "p2"):
        assert read(a, side, since) == read(b, side, since)
    assert "Vanguard" not in words(a, "p1", since) and "Shade" not in words(a, "p2", since)


@pytest.mark.rule("TK-CLEAVE")
def test_a_cleave_that_hits_a_hidden_unit_tells_only_the_hidden_units_side():
    # p2's Breacher fires its cleaving scattergun at Shade 2; hidden Shade 1 stands in the ring
    # (TRUE_A) or out of it (TRUE_B): p2's log is the same
    logs = {}
    for at in (TRUE_A, TRUE_B):
        m, s = twin(at, 1)
        br, s2 = unit(m, "Breacher"), unit(m, "Shade 2")
        before = hp(m, s)
        since = len(m.log)
        act(m, "attack", actor=br, target=s2)
        answer(m, "mode", "0")  # Cleave
        logs[at] = read(m, "p2", since)
        if at == TRUE_A:
            assert hp(m, s) < before  # it was hit, and its own side reads it
            assert "Shade 1 takes" in words(m, "p1", since)
        m.close()
    assert logs[TRUE_A] == logs[TRUE_B]
    assert "Shade 1" not in "\n".join(e["text"] for e in logs[TRUE_A])


def hidden_vanguard() -> tuple[Match, int, int]:
    """p1's Vanguard 1 hiding (its own turn), Vanguard 2 hurt beside it."""
    m = make_match("wardens", "nightfall")
    v, v2 = unit(m, "Vanguard 1"), unit(m, "Vanguard 2")
    place(m, v, (5, 5))
    place(m, v2, (5, 6))
    set_hp(m, v2, 2)
    hide(m, v)
    return m, v, v2


@pytest.mark.rule("TK-AWAIT")
def test_a_hidden_units_own_doings_are_its_sides_to_read():
    m, v, v2 = hidden_vanguard()
    since = len(m.log)
    act(m, "overcharge", actor=v)
    act(m, "await", actor=v, option="2")
    kinds = [(e.kind, e.visible) for e in m.log[since:]]
    assert ("shield", "p1") in kinds and ("await", "p1") in kinds
    assert read(m, "p2", since) == []


@pytest.mark.rule("TK-APPLY")
def test_a_hidden_healer_is_not_named_to_the_other_side():
    m, v, v2 = hidden_vanguard()
    since = len(m.log)
    act(m, "apply", actor=v, target=v2)
    assert hp(m, v2) > 2
    told = words(m, "p2", since)
    assert told.startswith("Vanguard 2 is healed: health 2 -> ") and "Vanguard 1" not in told
    assert "Vanguard 1 applies" in words(m, "p1", since)


@pytest.mark.rule("TK-HANDOFF")
def test_a_hand_off_by_a_hidden_unit_is_its_sides_to_read():
    m, v, v2 = hidden_vanguard()
    since = len(m.log)
    act(m, "handoff", actor=v, target=v2)
    assert [e.visible for e in m.log[since:]] == ["p1"]


@pytest.mark.rule("TK-SNEAK")
def test_a_hidden_mover_that_runs_into_a_hidden_enemy_is_not_named_to_it():
    m = make_match("nightfall", "wardens", board=dark_board())
    s, v = unit(m, "Shade 1"), unit(m, "Vanguard 1")
    place(m, s, (4, 8))
    m.chance.force("coin", H)
    act(m, "sneak", actor=s, option="1")
    hide(m, v)
    place(m, v, (6, 8))
    line = ((5, 8), (6, 8), (7, 8))
    move = next(a for a in m.legal() if a.kind == "move" and a.actor == s and a.path == line)
    since = len(m.log)
    m.chance.force("coin", T, T)  # neither spots the other at (5, 8)
    m.submit(move)
    assert comp(m, s, TkStealth).hidden and not comp(m, v, TkStealth).hidden
    assert comp(m, s, Position).cell == (5, 8)  # stopped before it
    told = words(m, "p2", since)
    assert "An unseen enemy runs into Vanguard 1 and stops." in told
    assert "Vanguard 1 is revealed (an unseen enemy ran into it)" in told and "Shade" not in told
    assert "Shade 1 runs into a hidden enemy and stops." in words(m, "p1", since)


@pytest.mark.rule("TK-SILENT")
def test_an_all_seeing_viewer_reads_each_hidden_doing_once_in_full():
    """A spectator or a replay shown to no side reads the full lines, not also the unnamed copies."""
    m, s, t, since = silent_shot((4, 10))
    seen = [e.text for e in m.log[since:] if e.visible_to(None)]
    assert any(x.startswith("Shade 1 attacks Marksman with Knife") for x in seen)
    assert not any("unseen" in x for x in seen)
    assert len(seen) == len([e for e in m.log[since:] if e.visible_to("p1")])
    o, _, v, since = hidden_observer((6, 8))
    seen = [e.text for e in o.log[since:] if e.visible_to(None)]
    assert "Shade 1 is revealed (Vanguard 1's observe 1 >= stealth 1)." in seen
    assert not any("unseen" in x for x in seen)
