"""Hard AI: information-set Monte Carlo search on determinized scratch copies, anytime.

First Normal's utility ranks the legal actions with a much wider lookahead (every promising move
applied on a determinized copy and the best follow-up scored), within half the budget, pricing
position by the ruleset's exact exposure where it has one (`Scorer.exact`). Then
each sample is one world the side could be in given what it has seen (`knowledge.Sample`:
hidden cards re-dealt among the zones it cannot see, chance reseeded from the AI's own source).
On a sample, every candidate action (the best few) is played out: the action, the rest of
this side turn and the enemy's next turn with a fast greedy policy, then the leaf value
(`leaf_value`: the ruleset's `evaluate` and the pressure each side stands under).
All candidates share each sample (common random numbers), so their values are compared pairwise.
Samples continue until the time budget (per decision, and per side turn) or a sample cap runs
out; the search is anytime: whenever it stops, the best-supported candidate so far is chosen.
The wide-lookahead favourite stands unless another candidate beats it on the paired samples by
more than their noise, so thin evidence never overrules the heuristic.
"""

from __future__ import annotations

import gc

from game.ai.answers import decide_by_advice, default_answer
from game.ai.explain import Explanation, candidate, top
from game.ai.gate import ALPHA, MIN_GAIN, MIN_SAMPLES, Arm, paired, t_quantile
from game.ai.knowledge import Deadline, Sample, StepError, cpu, side_turn_key, step, units
from game.ai.moves import label_of
from game.ai.playout import fast_policy, leaf_value
from game.ai.utility import NormalAI, Ranked
from game.core.action import Action, Decision
from game.core.chance import Chance
from game.core.match import Match

#: seconds of every side turn kept for Normal-only decisions once the search has had its share
#: (capped at a third of the side turn's budget)
RESERVE = 0.5
#: Normal's own lookahead width, used once the search time is spent
NORMAL_LOOKAHEAD = 8
#: the least a decision gets even when the side turn's budget is gone (Normal's scoring needs it):
#: the reserve above is there so that this is not reached
FLOOR = 0.02
#: the least share of a search's time kept for the garbage collection after it (measured 5-30 %)
GC_RATE_FLOOR = 0.05
#: the share kept before any collection was measured (a match's first search, the costliest: 8-15 %
#: measured in tokens), the top of the measured range: the floor there let it end past 1 s
GC_RATE_PRIOR = 0.3


class HardAI:
    """Anytime determinized search over Normal's best candidates."""

    is_human = False
    level = "hard"

    def __init__(self, seed: int = 0, budget: float = 1.0, turn_budget: float | None = None,
                 samples: int | None = None, width: int = 4, max_steps: int = 40,
                 rollout_moves: int = 3, lookahead: int = 48, closeness: float = 1.5,
                 exact: bool = True) -> None:
        self.seed = seed
        self.budget = budget
        #: seconds for one side turn (default three decisions' worth)
        self.turn_budget = 3.0 * budget if turn_budget is None else turn_budget
        self.samples = samples
        self.width = width
        self.max_steps = max_steps
        self.rollout_moves = rollout_moves
        self.lookahead = lookahead
        #: candidates within this much utility of the favourite are searched
        self.closeness = closeness
        self.chance = Chance(seed ^ 0x48415244)
        #: position priced by the ruleset's exact exposure (facing and movement in the odds)
        self.exact = exact
        self.normal = NormalAI(seed, budget=budget, lookahead=6, exact=exact)
        self.last_explanation: Explanation = []
        self.times: list[float] = []
        self.samples_done: list[int] = []
        #: seconds spent per side turn (`knowledge.side_turn_key`), for the ladder's figures
        self.turn_times: dict[tuple[object, ...], float] = {}
        self._slowest = 0.0
        #: the slowest deal, reset or leaf value seen in this decision (none reads the deadline)
        self._held = 0.0
        self._turn_key: tuple[object, ...] | None = None
        self._turn_spent = 0.0
        #: the unit acting now (None where the side acts as one), the units of the side that have
        #: begun an activation this side turn, and the acting unit's share of the search time
        #: (seconds of `_turn_spent` up to which it may search)
        self._unit: int | None = None
        self._began: set[int] = set()
        self._unit_until = 0.0
        #: seconds of the garbage collection after a search, per second of search (see `choose`)
        #: None until a collection was measured (`GC_RATE_PRIOR` stands in until then)
        self._collect_rate: float | None = None
        self._held_gc = 0.0
        self.collect_times: list[float] = []

    # -- budget ------------------------------------------------------------------------------------
    def _deadline(self, match: Match) -> tuple[Deadline, bool]:
        """This decision's deadline, and whether it may search.

        Every decision of a side turn (all the side's activations in the round) draws on the
        side turn's budget: the search may spend it less a reserve, shared among the side's units
        still to act (each unit's share is taken when its activation begins, so a unit that needs
        less leaves the rest to the next ones), at most `budget` a decision. The decisions after
        that are Normal's own (scored in full, a few ms each), within what is left of the turn."""
        key = side_turn_key(match)
        if key != self._turn_key:
            self._turn_key, self._turn_spent = key, 0.0
            self._unit, self._began, self._unit_until = None, set(), self.turn_budget
        reserve = min(RESERVE, self.turn_budget / 3.0)
        left = self.turn_budget - self._turn_spent
        unit = match.current().unit
        if unit is not None and unit != self._unit:
            self._unit = unit
            self._began.add(unit)
            to_come = 1 + sum(1 for u in units(match, key[1])
                              if u.side == key[1] and u.active and u.ent not in self._began)
            self._unit_until = self._turn_spent + max(0.0, left - reserve) / to_come
        share = min(left - reserve, self._unit_until - self._turn_spent)
        if share >= 0.25 * self.budget:
            return Deadline(min(self.budget, share)), True
        return Deadline(max(FLOOR, min(self.normal.budget, self.budget, left))), False

    def _spend(self, seconds: float) -> None:
        """Count seconds of this side turn's thinking against its budget."""
        self._turn_spent += seconds
        if self._turn_key is not None:
            self.turn_times[self._turn_key] = self._turn_spent

    # -- search -----------------------------------------------------------------------------------
    def choose(self, match: Match, legal: list[Action]) -> Action:
        """Search within the budget; Normal's pick unless the samples clearly favour another."""
        # the samples leave cyclic garbage, and a full collection mid-search (50-60 ms measured)
        # would carry the decision past its budget: collecting waits until the decision is made,
        # and is then done here, in the decision's own time (held in hand while sampling), rather
        # than on whatever allocation comes next (50-380 ms measured in varium: in the game loop,
        # a mid-resolution answer, or the start of the next decision before its deadline began,
        # where the search cannot see it). The young generations hold everything the search
        # made: collecting them frees it, and the middle generation is not left to fill up
        collecting = gc.isenabled()
        gc.disable()
        deadline, search = self._deadline(match)
        try:
            return self._choose(match, legal, deadline, search)
        finally:
            if collecting:
                began = cpu()
                gc.collect(1)
                cost = cpu() - began
                self.collect_times.append(cost)
                if search and self.samples_done and self.samples_done[-1]:
                    # per second of search: the next search keeps that share of its budget in hand
                    # (the costliest of the recent ones: they vary twofold from one to the next)
                    rate = cost / max(deadline.elapsed() - cost, 1e-3)
                    # (the prior stands for no measurement: the first one replaces it)
                    self._collect_rate = max(GC_RATE_FLOOR, rate, 0.8 * (self._collect_rate or 0.0))
                gc.enable()
            spent = deadline.elapsed()
            self._spend(spent)
            self.times.append(spent)

    def _choose(self, match: Match, legal: list[Action], deadline: Deadline, search: bool) -> Action:
        if len(legal) == 1:
            self.last_explanation = [candidate(label_of(legal[0]), 0.0, {}, note="only legal action")]
            self.samples_done.append(0)
            return legal[0]
        if not search:
            # the side turn's search time is spent: Normal's own choice, scored in full
            ranked = self.normal.rank(match, legal, deadline, lookahead=NORMAL_LOOKAHEAD)
            self.samples_done.append(0)
            self.last_explanation = top([candidate(label_of(r.action), r.score, r.terms,
                                                   note="turn's search time spent") for r in ranked])
            return ranked[0].action
        # Normal's scoring with a much wider lookahead (every promising move applied and its best
        # follow-up scored) takes up to half the time; sampling the best few takes the rest. A
        # ruleset without the playouts gives the ranking the whole time (it was cut at half in
        # saves' p95 decisions, the other half left unused)
        playouts = match.ruleset.playouts_guide_search
        ranked = self.normal.rank(match, legal, Deadline(0.5 * deadline.seconds) if playouts else deadline,
                                  lookahead=self.lookahead)
        if not playouts:
            self.samples_done.append(0)
            self.last_explanation = top([candidate(label_of(r.action), r.score, r.terms,
                                                   note="wide lookahead") for r in ranked])
            return ranked[0].action
        arms = [Arm(r) for r in self._candidates(match, ranked)]
        side = match.current().side
        done = 0
        margin = 0.08 * deadline.seconds
        self._slowest = self._held = 0.0
        # the collection after the decision (see `choose`), priced by the last one
        rate = GC_RATE_PRIOR if self._collect_rate is None else self._collect_rate
        self._held_gc = rate * deadline.seconds
        while len(arms) > 1 and not deadline.over(margin + self._slowest + self._held + self._held_gc) and (
                self.samples is None or done < self.samples):
            began = cpu()
            with Sample(match, side, self.chance) as sample:
                self._held = max(self._held, cpu() - began)
                seed = self.chance.next_u64()
                for arm in self._live(arms):
                    if deadline.over(margin + self._slowest + self._held + self._held_gc):
                        break
                    began = cpu()
                    sim = sample.reset()
                    self._held = max(self._held, cpu() - began)
                    value = self._playout(sim, side, arm.ranked.action, seed, deadline, margin)
                    if value is not None:
                        arm.values[done] = value
            done += 1
        self.samples_done.append(done)
        best = self._pick(arms)
        if len(arms) == 1:
            self.last_explanation = top([candidate(label_of(r.action), r.score, r.terms) for r in ranked])
            self.last_explanation[0]["note"] = "clear favourite: no search needed"
            return best.ranked.action
        rest = sorted((a for a in arms if a is not best), key=lambda a: -a.mean)
        self.last_explanation = [
            candidate(label_of(a.ranked.action), a.mean if a.values else a.ranked.score,
                      {"search": a.mean if a.values else 0.0, "normal": a.ranked.score},
                      samples=len(a.values))
            for a in [best, *rest]][:5]
        return best.ranked.action

    def _candidates(self, match: Match, ranked: list[Ranked]) -> list[Ranked]:
        """The close calls: the best few whose utility is near the favourite's, plus the best of
        each other action kind that is near too. A clear favourite is taken without sampling, so
        the side turn's time goes to the decisions that are actually in doubt."""
        if not ranked:
            return []
        best = ranked[0].score
        near = max(self.closeness, 0.15 * abs(best))
        picked = [r for r in ranked[: self.width] if best - r.score <= near]
        seen = {r.action.kind for r in picked}
        for r in ranked[self.width:]:
            if r.action.kind not in seen and best - r.score <= 2 * near:
                picked.append(r)
                seen.add(r.action.kind)
        return picked

    def _live(self, arms: list[Arm]) -> list[Arm]:
        """Arms still worth sampling: drop those clearly worse than the leader (keep Normal's)."""
        if len(arms[0].values) < 4:
            return arms
        leader = max(arms, key=lambda a: a.mean)
        live = []
        for i, arm in enumerate(arms):
            if i == 0 or arm is leader:
                live.append(arm)
                continue
            diff, se, n = paired(arm, leader)
            if n < 4 or diff + 2.5 * se > 0:
                live.append(arm)
        return live

    def _pick(self, arms: list[Arm]) -> Arm:
        """Normal's favourite unless a challenger beats it beyond the noise of picking the best
        of several: each paired mean is tested one-sided at `ALPHA` shared among the challengers
        (Student's t, as the sample counts are small), and must also gain `MIN_GAIN`."""
        base = arms[0]
        best = base
        best_gain = 0.0
        level = 1.0 - ALPHA / max(1, len(arms) - 1)
        for arm in arms[1:]:
            diff, se, n = paired(arm, base)
            if n >= MIN_SAMPLES and diff > max(t_quantile(level, n - 1) * se, MIN_GAIN) and diff > best_gain:
                best, best_gain = arm, diff
        return best

    def _playout(self, sim: Match, side: str, action: Action, seed: int, deadline: Deadline,
                 margin: float) -> float | None:
        """Play the action, the rest of this side turn and the enemy's next turn; the leaf value.

        The enemy's turn is its next unit activation where units take turns one at a time (or its
        whole turn where the side acts as one); the playout stops when that is over.
        """
        policy_chance = Chance(seed)
        try:
            began = cpu()
            step(sim, action, default_answer)
            self._slowest = max(self._slowest, cpu() - began)
            reply: tuple[str, int | None] | None = None
            for _ in range(self.max_steps):
                # the slowest step (and deal, reset, leaf) seen so far is kept in hand, so the
                # next one cannot overrun
                if sim.over or deadline.over(margin + self._slowest + self._held + self._held_gc):
                    break
                began = cpu()
                turn = sim.current()
                if reply is None and turn.side != side:
                    reply = (turn.side, turn.unit)
                elif reply is not None and (turn.side, turn.unit) != reply:
                    break
                legal = sim.legal()
                step(sim, fast_policy(sim, policy_chance, legal, self.rollout_moves),
                     default_answer, legal=legal)
                self._slowest = max(self._slowest, cpu() - began)
        except StepError:
            return None
        if deadline.over(margin) and not sim.over:
            return None  # cut short: its value would not compare with the others'
        began = cpu()
        value = leaf_value(sim, side)
        self._held = max(self._held, cpu() - began)
        return value

    def decide(self, match: Match, decision: Decision) -> str:
        """Mid-resolution answers follow the ruleset's advice (a pending resolution cannot be
        copied), with lasting resources priced for the whole fight (`Ruleset.far_thrift`)."""
        began = cpu()
        try:
            return decide_by_advice(self, match, decision, match.ruleset.far_thrift, self.exact)
        finally:
            # the side's own answers in its turn are part of the turn's thinking (an answer in
            # the enemy's turn belongs to no turn of the side's)
            if self._turn_key is not None and side_turn_key(match) == self._turn_key:
                self._spend(cpu() - began)
