"""core.match with a tiny ruleset defined here: driving, decisions, undo, snapshots, replays."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

import esper
import pytest
from replay_feed import Feed

from game.ai.controller import RandomAI
from game.core.action import Action, Decision, Option
from game.core.board import Board
from game.core.chance import D6
from game.core.components import Health, Name, Position, Side, Status, Table
from game.core.match import HumanController, IllegalInput, Match, Need, Scenario
from game.core.ruleset import Outcome, Resolution, Ruleset, SquadInfo, Turn


class DuelRuleset(Ruleset):
    """One fighter a side on a 5x1 strip. Move once, then attack (d6, defender picks a stance)."""

    id: ClassVar[str] = "duel-test"
    name: ClassVar[str] = "Duel (test)"
    board_kind: ClassVar[str] = "square"
    round_cap: ClassVar[int] = 6
    undoable: ClassVar[frozenset[str]] = frozenset({"move", "taunt", "retreat"})

    def squads(self) -> dict[str, SquadInfo]:
        return {"solo": SquadInfo("solo", "Solo", "one fighter", ("fighter",))}

    def default_squads(self) -> tuple[str, str]:
        return ("solo", "solo")

    def setup(self, match: Match) -> None:
        for side, cell in (("p1", (0, 0)), ("p2", (4, 0))):
            esper.create_entity(Name(f"{side} fighter", "fighter"), Side(side), Position(cell),
                                Health(3, 3), Status())
        match.table.data.update(moved=False, taunted=False, glares=0)

    def _unit(self, side: str) -> int:
        return next(e for e, (s, st) in esper.get_components(Side, Status) if s.side == side)

    def turn(self, match: Match) -> Turn:
        side = match.table.turn_side
        return Turn(side, self._unit(side))

    def legal_actions(self, match: Match) -> list[Action]:
        turn = self.turn(match)
        me = esper.component_for_entity(turn.unit, Position).cell
        foe = self._unit("p2" if turn.side == "p1" else "p1")
        there = esper.component_for_entity(foe, Position).cell
        out = []
        if not match.table.data["moved"]:
            for dx in (-1, 1):
                cell = (me[0] + dx, 0)
                if cell in match.board and cell != there:
                    out.append(Action("move", turn.unit, cell=cell, path=(cell,), label=f"to {cell}"))
        if abs(me[0] - there[0]) == 1:
            out.append(Action("attack", turn.unit, target=foe))
            if not match.table.data["taunted"]:
                out.append(Action("taunt", turn.unit, target=foe))
            back = (me[0] - (there[0] - me[0]), 0)
            if back in match.board:
                out.append(Action("retreat", turn.unit, cell=back, path=(back,)))
        out.append(Action("end", turn.unit))
        return out

    def resolve(self, match: Match, action: Action) -> Resolution:
        if action.kind == "move":
            esper.component_for_entity(action.actor, Position).cell = action.cell
            match.table.data["moved"] = True
            match.emit("move", f"moves to {action.cell}")
            return
        if action.kind == "taunt":  # no chance, but the other side answers
            other = esper.component_for_entity(action.target, Side).side
            reply = yield Decision(other, "taunted", "Answer the taunt?",
                                   (Option("shrug", "Shrug"), Option("glare", "Glare")))
            match.table.data["taunted"] = True
            match.table.data["glares"] += reply == "glare"
            match.emit("taunt", f"taunted; the answer is a {reply}")
            return
        if action.kind == "retreat":  # no chance, and it ends the turn
            esper.component_for_entity(action.actor, Position).cell = action.cell
            match.emit("move", f"retreats to {action.cell}")
        if action.kind == "attack":
            defender = esper.component_for_entity(action.target, Side).side
            stance = yield Decision(defender, "stance", "Dodge or brace?",
                                    (Option("dodge", "Dodge", "hit on 4+ for 2"),
                                     Option("brace", "Brace", "hit on 2+ for 1")), default="brace")
            need, damage = (4, 2) if stance == "dodge" else (2, 1)
            roll = match.chance.roll_value(D6)
            match.emit("attack", f"rolls {roll} against {need}+", [f"d6 = {roll}"], chance=True)
            if roll >= need:
                hp = esper.component_for_entity(action.target, Health)
                hp.current -= damage
                if hp.current <= 0:
                    esper.component_for_entity(action.target, Status).state = "dead"
        table = match.table
        table.data.update(moved=False, taunted=False)
        if table.turn_side == "p2":
            table.round += 1
        table.turn_side = "p2" if table.turn_side == "p1" else "p1"

    def outcome(self, match: Match) -> Outcome | None:
        for side in ("p1", "p2"):
            if esper.component_for_entity(self._unit(side), Status).state != "active":
                return Outcome("p2" if side == "p1" else "p1", "the other fighter fell")
        return None

    def invariants(self, match: Match) -> list[str]:
        return [f"health {h.current} out of bounds" for _, h in esper.get_component(Health)
                if not -1 <= h.current <= h.maximum]


RULES = DuelRuleset()


def _match(seed: int = 1, controllers: dict[str, Any] | None = None) -> Match:
    scenario = Scenario(RULES.id, "strip", {"p1": "solo", "p2": "solo"}, seed)
    return Match(RULES, scenario, Board.blank("square", 5, 1), controllers)


class Scripted:
    """An AI controller that plays given choices and records what it was asked."""

    is_human = False

    def __init__(self, pick: Callable[[list[Action]], Action], answer: str = "brace") -> None:
        self.pick = pick
        self.answer = answer
        self.asked: list[Decision] = []

    def choose(self, match: Match, legal: list[Action]) -> Action:
        return self.pick(legal)

    def decide(self, match: Match, decision: Decision) -> str:
        self.asked.append(decision)
        return self.answer


def _kind(kind: str) -> Callable[[list[Action]], Action]:
    return lambda legal: next((a for a in legal if a.kind == kind), legal[-1])


def _feed_inputs(match: Match, inputs: list[dict[str, Any]]) -> None:
    for item in inputs:
        if item["t"] == "action":
            match.submit(Action.from_json(item["action"]))
        else:
            match.answer(item["key"])


# -- driving ---------------------------------------------------------------------------------------

def test_advance_waits_for_the_human_and_submit_moves_on():
    match = _match()
    need = match.advance()
    assert need is not None and need.side == "p1" and need.decision is None
    assert [a.kind for a in need.legal] == ["move", "end"]
    match.submit(Action("move", need.legal[0].actor, cell=(1, 0), path=((1, 0),)))
    need = match.advance()
    assert need.side == "p1" and [a.kind for a in need.legal] == ["end"]
    match.submit(Action("end", need.legal[0].actor))
    assert match.advance().side == "p2"
    assert [i["t"] for i in match.inputs] == ["action", "action"]
    assert match.inputs[0]["action"]["cell"] == [1, 0]


def test_human_controller_is_waited_for_like_no_controller():
    match = _match(controllers={"p1": HumanController(), "p2": Scripted(_kind("end"))})
    need = match.advance()
    assert need.side == "p1"
    match.submit(need.legal[-1])
    assert match.advance().side == "p1"  # p2's AI ended its turn at once; round 2
    assert match.round == 2


def test_illegal_input_is_rejected_and_nothing_changes():
    match = _match()
    match.advance()
    before, inputs = match.state_hash(), list(match.inputs)
    unit = match.current().unit
    with pytest.raises(IllegalInput):
        match.submit(Action("attack", unit, target=2))  # not adjacent
    with pytest.raises(IllegalInput):
        match.submit(Action("move", unit, cell=(3, 0), path=((3, 0),)))  # too far
    with pytest.raises(IllegalInput):
        match.submit(Action("end", unit + 1))  # not the acting unit
    with pytest.raises(IllegalInput):
        match.answer("brace")  # no decision pending
    assert match.state_hash() == before and match.inputs == inputs


def test_labels_do_not_matter_but_the_legal_action_is_recorded():
    match = _match()
    need = match.advance()
    match.submit(Action("move", need.legal[0].actor, cell=(1, 0), path=((1, 0),), label="whatever"))
    assert match.inputs[0]["action"]["label"] == "to (1, 0)"


def _adjacent_match(controllers: dict[str, Any] | None = None, seed: int = 1) -> Match:
    """p1 at 2, p2 at 3, p1 to act."""
    match = _match(seed, controllers)
    with match.world:
        esper.component_for_entity(1 + 1, Position).cell = (2, 0)
        esper.component_for_entity(1 + 2, Position).cell = (3, 0)
    return match


def test_decision_goes_to_the_defending_humans_side():
    match = _adjacent_match({"p1": Scripted(_kind("attack"))})
    need = match.advance()
    assert need.side == "p2" and need.decision is not None
    assert need.decision.kind == "stance" and need.decision.keys() == ["dodge", "brace"]
    assert match.pending_decision == need.decision
    with pytest.raises(IllegalInput):
        match.submit(Action("end", 3))  # a decision is pending
    with pytest.raises(IllegalInput):
        match.answer("run away")
    match.chance.force("d6", 2)
    match.answer("brace")
    assert match.pending_decision is None
    with match.world:
        assert esper.component_for_entity(3, Health).current == 2
    assert [i["t"] for i in match.inputs] == ["action", "answer"]
    assert match.log[-1].chance and match.log[-1].math == ["d6 = 2"]


def test_decisions_go_to_the_deciding_sides_ai():
    p1 = Scripted(_kind("attack"), answer="dodge")
    p2 = Scripted(_kind("attack"), answer="dodge")
    match = _adjacent_match({"p1": p1, "p2": p2})
    match.chance.force("d6", *[3] * 2 * RULES.round_cap)  # always dodged: nobody is ever hurt
    assert match.play().winner is None
    assert len(p1.asked) == len(p2.asked) == RULES.round_cap
    assert all(d.side == "p2" for d in p2.asked) and all(d.side == "p1" for d in p1.asked)
    assert [i["key"] for i in match.inputs if i["t"] == "answer"] == ["dodge"] * 2 * RULES.round_cap


def test_forced_outcomes_decide_the_fight():
    match = _adjacent_match({"p1": Scripted(_kind("attack")), "p2": Scripted(_kind("end"))})
    match.chance.force("d6", 6, 6, 6)
    result = match.play()
    assert result == Outcome("p1", "the other fighter fell")
    assert match.log[-1].kind == "end"
    with match.world:
        assert RULES.invariants(match) == []


# -- undo ------------------------------------------------------------------------------------------

def test_undo_takes_back_a_move_exactly():
    match = _match()
    need = match.advance()
    before = match.state_hash()
    log_len, inputs = len(match.log), list(match.inputs)
    match.submit(need.legal[0])
    assert match.state_hash() != before and match.can_undo
    assert match.undo() is True
    assert match.state_hash() == before
    assert len(match.log) == log_len and match.inputs == inputs
    assert not match.can_undo and match.undo() is False
    assert [a.kind for a in match.advance().legal] == ["move", "end"]


def test_no_undo_across_a_chance_event_or_a_committed_action():
    match = _adjacent_match()
    match.advance()
    match.submit(Action("move", 2, cell=(1, 0), path=((1, 0),)))
    match.submit(Action("end", 2))
    assert not match.can_undo  # ending the turn commits
    match.submit(Action("move", 3, cell=(2, 0), path=((2, 0),)))
    assert match.can_undo
    match.submit(Action("attack", 3, target=2))
    assert not match.can_undo  # a decision is pending
    match.answer("dodge")
    assert not match.can_undo and match.undo() is False  # the d6 was rolled


def test_no_undo_after_the_other_side_answered():
    match = _match(4)
    _closing_in(match)
    match.submit(Action("taunt", 2, target=3))
    assert match.pending_decision.side == "p2"
    match.answer("glare")
    assert not match.can_undo and match.undo() is False  # p2's answer stands
    with match.world:
        assert match.table.data["glares"] == 1


def test_private_events_and_their_round_trip():
    from game.core.events import Event

    match = _match()
    ev = match.emit("draw", "p1 draws the Queen of Spades into its hand", visible="p1")
    public = match.emit("draw", "p1 draws a card")
    assert ev.visible_to("p1") and not ev.visible_to("p2") and ev.visible_to(None)
    assert public.visible_to("p2")
    back = Match.from_snapshot(RULES, match.board, json.loads(json.dumps(match.snapshot())))
    assert [e.visible for e in back.log] == ["p1", "all"]
    old = ev.to_json()
    del old["visible"]  # saves written before the field existed
    assert Event.from_json(old).visible == "all"


def test_a_move_that_hands_the_turn_over_cannot_be_undone_by_the_next_side():
    match = _match(4)
    _closing_in(match)
    match.submit(Action("retreat", 2, cell=(1, 0), path=((1, 0),)))
    assert match.current().side == "p2"
    assert not match.can_undo and match.undo() is False


def test_the_humans_side_never_undoes_the_ais_move():
    ai = Scripted(_kind("retreat"))
    match = _match(4)
    _closing_in(match)
    match.controllers = {"p1": ai}
    need = match.advance()
    assert need.side == "p2" and match.inputs[-1]["action"]["kind"] == "retreat"
    assert not match.can_undo and match.undo() is False


def test_a_chance_event_clears_the_undo_stack():
    match = _match()
    need = match.advance()
    match.submit(need.legal[0])
    assert match.can_undo
    match.emit("note", "a card is flipped", chance=True)
    assert not match.can_undo


# -- snapshots -------------------------------------------------------------------------------------

def _random_game(seed: int) -> Match:
    match = _match(seed, {"p1": RandomAI(seed), "p2": RandomAI(seed + 100)})
    match.play()
    return match


def test_snapshot_round_trip_and_continuation():
    full = _random_game(5)
    cut = len(full.inputs) // 2
    while full.inputs[cut]["t"] == "answer":  # snapshots are taken between resolutions
        cut += 1
    live = _match(5)
    _feed_inputs(live, full.inputs[:cut])
    snap = json.loads(json.dumps(live.snapshot()))
    back = Match.from_snapshot(RULES, live.board, snap)
    assert back.state_hash() == live.state_hash()
    assert back.snapshot() == live.snapshot()
    assert [e.text for e in back.log] == [e.text for e in live.log]
    for m in (live, back):
        _feed_inputs(m, full.inputs[cut:])
        assert m.state_hash() == full.state_hash()
        assert m.result == full.result
    assert back.inputs == full.inputs


def test_snapshot_of_a_finished_match_keeps_the_result():
    full = _random_game(6)
    back = Match.from_snapshot(RULES, full.board, full.snapshot())
    assert back.over and back.result == full.result
    with pytest.raises(IllegalInput):
        back.submit(Action("end", 2))


def _closing_in(match: Match) -> None:
    """p1 to 1, p2 to 3, p1 to 2: adjacent, p1 to act."""
    for unit, cell in ((2, (1, 0)), (3, (3, 0)), (2, (2, 0))):
        match.submit(Action("move", unit, cell=cell, path=(cell,)))
        if unit == 3 or cell == (1, 0):
            match.submit(Action("end", unit))


def test_snapshot_with_a_pending_decision_resumes_it():
    match = _match(4)
    _closing_in(match)
    match.submit(Action("attack", 2, target=3))
    assert match.pending_decision is not None
    back = Match.from_snapshot(RULES, match.board, json.loads(json.dumps(match.snapshot())))
    assert back.pending_decision == match.pending_decision
    assert back.state_hash() == match.state_hash() and back.inputs == match.inputs
    assert back.advance() == match.advance()
    for m in (match, back):
        m.chance.force("d6", 1)
        m.answer("brace")
    assert back.state_hash() == match.state_hash()
    assert back.current() == match.current() == Turn("p2", 3)


def test_a_pending_snapshot_that_its_inputs_do_not_explain_is_refused():
    match = _adjacent_match()  # positions set by hand, not by inputs
    match.submit(Action("attack", 2, target=3))
    with pytest.raises(ValueError):
        Match.from_snapshot(RULES, match.board, match.snapshot())


def test_scratch_never_touches_the_live_match():
    inputs = _random_game(2).inputs
    cut = next(i for i in range(5, len(inputs)) if inputs[i]["t"] == "action")
    match = _match(2)
    _feed_inputs(match, inputs[:cut])
    before, snap = match.state_hash(), json.dumps(match.snapshot(), sort_keys=True)
    copy = match.scratch()
    assert copy.state_hash() == before
    assert copy.world.name != match.world.name
    copy.controllers = {"p1": RandomAI(7), "p2": RandomAI(8)}
    copy.play()
    assert copy.over and copy.state_hash() != before
    assert match.state_hash() == before
    assert json.dumps(match.snapshot(), sort_keys=True) == snap
    assert not match.over
    copy.close()


# -- replays ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_replaying_the_inputs_reproduces_the_final_hash(seed):
    full = _random_game(seed)
    feed = Feed(full.inputs)
    again = _match(seed, {"p1": feed, "p2": feed})
    again.play()
    assert feed.inputs == []
    assert again.state_hash() == full.state_hash()
    assert again.result == full.result
    assert [e.text for e in again.log] == [e.text for e in full.log]


def test_a_different_seed_is_a_different_game():
    hashes = {_random_game(s).state_hash() for s in range(10)}
    assert len(hashes) > 5


# -- end conditions --------------------------------------------------------------------------------

def test_round_cap_is_a_draw():
    passive = Scripted(_kind("end"))
    match = _match(controllers={"p1": passive, "p2": passive})
    result = match.play()
    assert result.winner is None and "round cap" in result.reason
    assert match.round == RULES.round_cap + 1
    assert len(match.inputs) == 2 * RULES.round_cap


def test_over_match_refuses_input_and_advance_returns_none():
    match = _random_game(3)
    assert match.over and match.advance() is None
    with pytest.raises(IllegalInput):
        match.submit(Action("end", 2))


def test_resolving_is_true_inside_a_resolution_only():
    match = _match(4)
    seen = []
    match.listeners.append(lambda ev: seen.append((ev.kind, match.resolving)))
    assert not match.resolving
    _closing_in(match)
    assert not match.resolving
    match.submit(Action("attack", 2, target=3))
    assert match.resolving  # waiting for p2's stance
    match.chance.force("d6", 1)
    match.answer("dodge")
    assert not match.resolving
    assert ("move", True) in seen and ("attack", True) in seen


def test_listeners_see_every_event():
    seen = []
    match = _match(controllers={"p1": Scripted(_kind("end")), "p2": Scripted(_kind("end"))})
    match.listeners.append(seen.append)
    match.play()
    assert seen == match.log and seen[-1].kind == "end"


def test_table_is_reachable_and_round_counts():
    match = _match()
    assert isinstance(match.table, Table) and match.round == 1
    assert match.current() == Turn("p1", 2)


# -- set-up decisions ------------------------------------------------------------------------------
class ParleyRuleset(DuelRuleset):
    """The duel, after a set-up parley: p2 chooses who moves first; p1 may then yield at once."""

    id: ClassVar[str] = "duel-parley"

    def setup_phase(self, match: Match) -> Resolution:
        first = yield Decision("p2", "first", "Who moves first?",
                               (Option("p1", "p1"), Option("p2", "p2")), default="p1")
        match.table.turn_side = first
        match.emit("parley", f"{first} moves first", chance=True)
        if (yield Decision("p1", "yield", "Yield?", (Option("no", "Fight"), Option("yes", "Yield")),
                           default="no")) == "yes":
            esper.component_for_entity(self._unit("p1"), Status).state = "fled"


def _parley(seed: int = 1, controllers: dict[str, Any] | None = None) -> Match:
    scenario = Scenario("duel-parley", "strip", {"p1": "solo", "p2": "solo"}, seed)
    return Match(ParleyRuleset(), scenario, Board.blank("square", 5, 1), controllers)


def test_without_a_setup_phase_nothing_waits_before_the_first_turn():
    m = _match()
    assert not m.resolving and not m.setting_up and m.pending_decision is None
    assert m.advance() == Need("p1", None, tuple(m.legal()))


def test_setup_decisions_wait_for_each_side_and_shape_the_game():
    m = _parley()
    assert m.resolving and m.setting_up and m.pending_decision is not None
    assert m.advance() == Need("p2", m.pending_decision)
    with pytest.raises(IllegalInput):
        m.answer("nobody")
    m.answer("p2")
    assert [e.kind for e in m.log] == ["parley"]
    need = m.advance()
    assert need is not None and need.decision is not None and need.side == "p1"
    m.answer("no")
    assert not m.resolving and not m.setting_up and m.current().side == "p2"
    assert m.inputs == [{"t": "answer", "key": "p2"}, {"t": "answer", "key": "no"}]


class Answers:
    """An AI controller that only answers, with a fixed key."""

    is_human = False

    def __init__(self, key: str) -> None:
        self.key = key

    def choose(self, match: Match, legal: list[Action]) -> Action:  # pragma: no cover - never asked
        raise AssertionError("no action is due during set-up")

    def decide(self, match: Match, decision: Decision) -> str:
        return self.key


def test_a_setup_decision_can_end_the_match():
    m = _parley(controllers={"p1": Answers("yes"), "p2": Answers("p1")})
    assert m.advance() is None
    assert m.result == Outcome("p2", "the other fighter fell")


def test_a_snapshot_between_setup_decisions_resumes_them():
    m = _parley()
    m.answer("p2")
    snap = json.loads(json.dumps(m.snapshot()))
    back = Match.from_snapshot(ParleyRuleset(), Board.blank("square", 5, 1), snap)
    assert back.pending_decision == m.pending_decision and back.state_hash() == m.state_hash()
    assert back.setting_up
    back.answer("no")
    m.answer("no")
    assert back.state_hash() == m.state_hash() and back.inputs == m.inputs
