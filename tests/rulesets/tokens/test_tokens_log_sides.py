"""Whose line is it: every tokens log line carries the side of the unit it is about (the log panel
colours it by that side), since the shipped squads share unit names (a Gunner on both sides) - and
a line told to a side a hidden unit hides from never carries the hidden unit's side."""

from __future__ import annotations

from test_tokens_told import silent_shot
from tokens_helpers import act, end_turn, events, make_match, place

from game.ai.controller import BaselineAI
from game.core.components import Name, Side
from game.core.match import Match, load_board_for
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.kinds import Ev
from game.sim import default_scenario


def named(m: Match, name: str, side: str) -> int:
    with m.world:
        return next(e for e, (n, s) in m.units(Name, Side) if n.text == name and s.side == side)


def test_each_sides_gunner_moves_in_a_line_of_its_own_side():
    m = make_match("wardens", "nightfall")
    ours, theirs = named(m, "Gunner", "p1"), named(m, "Gunner", "p2")
    act(m, "move", actor=ours)
    end_turn(m)
    act(m, "move", actor=theirs)
    moves = events(m, Ev.MOVE)
    assert [e.text.split(" ")[0] for e in moves] == ["Gunner", "Gunner"]
    assert [(e.data["unit"], e.side) for e in moves] == [(ours, "p1"), (theirs, "p2")]


def test_a_hit_reads_weapon_first_and_is_the_hit_units_line_the_attack_the_attackers():
    m = make_match("wardens", "brood")
    gunner, brute = named(m, "Gunner", "p1"), named(m, "Brute 1", "p2")
    place(m, gunner, (5, 5))
    place(m, brute, (7, 5))
    since = len(m.log)
    act(m, "attack", actor=gunner, target=brute)
    attack = next(e for e in m.log[since:] if e.kind == Ev.ATTACK)
    hit = next(e for e in m.log[since:] if e.kind == Ev.DAMAGE)
    assert attack.side == "p1" and attack.text.startswith("Gunner attacks Brute 1 with Carbine")
    assert hit.side == "p2" and hit.text.startswith("Carbine: Brute 1 takes "), hit.text
    assert "(target)" not in hit.text


def test_every_line_of_a_played_game_carries_a_side():
    scenario = default_scenario("tokens", None, 3)
    m = Match(RULESET, scenario, load_board_for(scenario), {"p1": BaselineAI(1), "p2": BaselineAI(2)})
    m.play()
    kinds = {v for k, v in vars(Ev).items() if not k.startswith("_") and isinstance(v, str)}
    ours = [e for e in m.log if e.kind in kinds]
    assert len({e.kind for e in ours}) >= 4
    # only an unnamed copy may go without (it names no unit of the reader's it could be about)
    assert [e.text for e in ours if e.side not in ("p1", "p2") and not e.data.get("unnamed")] == []
    assert {e.side for e in ours} >= {"p1", "p2"}


def test_a_silent_shot_tells_the_target_side_its_own_lines_never_the_shooters_side():
    m, _shade, _target, since = silent_shot((4, 10))
    told = [e for e in m.log[since:] if e.visible_to("p2")]
    assert [e.kind for e in told][:2] == [Ev.ATTACK, Ev.DAMAGE]
    assert {e.side for e in told} == {"p2"}  # about its Marksman; nothing names p1
    own = [e for e in m.log[since:] if e.visible_to("p1")]
    assert own[0].side == "p1" and own[0].text.startswith("Shade 1 attacks Marksman")
