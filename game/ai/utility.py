"""Normal AI: utility scoring of the acting unit's options, reasoned for the whole side.

Every legal action gets the score terms of `terms.Scorer` (damage, kill, focus, safety...), with
the side's plan for the turn (`plan.py`: focus target, assignments) behind them. The most
promising moves (and, where the side picks which unit acts, the unit choices) are then applied on
a determinized scratch copy (`knowledge.Sample`: no hidden card, hidden unit or future roll is
used) and get "followup": the best aimed action the side has next, in place of the move's
"potential"; those moves also get the cover and facing terms. Hard (`search.py`) builds on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.answers import decide_by_advice
from game.ai.explain import TOP, Explanation, candidate, top
from game.ai.knowledge import Deadline, Sample, StepError, no_collection, step
from game.ai.moves import destination, is_move, label_of, overrides
from game.ai.plan import TurnCache, fill_plan, key_of
from game.ai.terms import Scorer
from game.core.action import Action, Decision
from game.core.chance import Chance
from game.core.match import Match

#: Normal's lookahead width where neither the caller nor the ruleset gives one
LOOKAHEAD = 8


def _attack_key(action: Action) -> tuple[object, ...]:
    """What an aimed action's terms depend on besides the state (not its label)."""
    return (action.kind, action.actor, action.target, action.cell, tuple(action.path), action.option)


def _gain(terms: dict[str, float]) -> float:
    """What a follow-up attack adds: its damage terms less its cost."""
    gain = sum(terms.get(k, 0.0) for k in ("damage", "kill", "focus", "assigned", "volley"))
    return gain + terms.get("cost", 0.0)


@dataclass
class Ranked:
    """A scored legal action."""

    index: int
    action: Action
    terms: dict[str, float]

    @property
    def score(self) -> float:
        """Sum of the terms."""
        return sum(self.terms.values())


class NormalAI:
    """Utility scoring with side-level planning and a one-move lookahead for the best moves."""

    is_human = False
    level = "normal"

    def __init__(self, seed: int = 0, budget: float = 0.25, lookahead: int | None = None,
                 weights: dict[str, float] | None = None, exact: bool = False) -> None:
        self.seed = seed
        self.budget = budget
        #: how many moves (and unit choices) get the follow-up lookahead; None: the ruleset's
        #: `normal_lookahead` where it sets one, else LOOKAHEAD
        self.lookahead = lookahead
        self.chance = Chance(seed ^ 0x4E4F524D)
        self.scorer = Scorer(weights, exact)
        self.last_explanation: Explanation = []
        self.times: list[float] = []
        #: the last link of the follow-ups' plan chain (`_sim_context`)
        self._chain: TurnCache | None = None

    def rank(self, match: Match, legal: list[Action], deadline: Deadline,
             lookahead: int | None = None) -> list[Ranked]:
        """Every legal action scored (as many as the deadline allows), best first."""
        side = match.current().side
        cache = self.scorer.context(match, side)
        ranked: list[Ranked] = []
        rs = match.ruleset
        # Normal's own ranking (a caller such as Hard gives its width and weighs everything): the
        # ruleset may leave out actions it deems near copies of others (`normal_skip`)
        skip = getattr(rs, "normal_skip", None)
        skipped = skip(match, legal) if lookahead is None and skip is not None else frozenset()
        # attacks and other non-moves first: if the deadline cuts the list, moves are what is lost
        moving = [is_move(rs, a) for a in legal]
        order = [i for i, m in enumerate(moving) if not m] + [i for i, m in enumerate(moving) if m]
        # one world context for the whole list: the hooks' own blocks then find it current
        with match.world:
            for i in order:
                if ranked and deadline.over(margin=0.3 * deadline.seconds):
                    break
                if i in skipped:
                    continue
                ranked.append(Ranked(i, legal[i], self.scorer.terms(match, cache, legal[i])))
        own = lookahead is None
        if lookahead is None:
            lookahead = self.lookahead if self.lookahead is not None else getattr(
                rs, "normal_lookahead", LOOKAHEAD)
        stepped: list[Ranked] | None = None
        if own and getattr(rs, "light_followup", False):
            # the light follow-up stands in for the scratch copy where the ruleset can read it: the
            # copy is for the rest (and the softening attacks: their follow-up reads a shield gone)
            stepped = self._light(match, cache, ranked, lookahead)
        self._lookahead(match, cache, ranked, deadline, lookahead, legal, stepped)
        ranked.sort(key=lambda r: (-r.score, r.index))
        return ranked

    def _lookahead(self, match: Match, cache: TurnCache, ranked: list[Ranked], deadline: Deadline,
                   width: int, legal: list[Action] | None = None, only: list[Ranked] | None = None) -> None:
        """Apply the most promising moves (and, where the side picks which unit acts, the unit
        choices; `only`: these in their place) on a determinized scratch copy and score the best
        attack that follows."""
        rs = match.ruleset
        picked = self._promising(match, ranked, width) if only is None else list(only)
        if getattr(rs, "softening_attacks", False):
            # attacks on an enemy that do no health damage now (a shield soaks them) but may open
            # it to the attacks after them
            soft = [r for r in ranked if r.action.target is not None and not is_move(rs, r.action)
                    and "damage" not in r.terms and "kill" not in r.terms
                    and (t := cache.unit(r.action.target)) is not None and t.side != cache.side]
            soft.sort(key=lambda r: (-r.score, r.index))
            picked = soft[:width] + picked  # few, and the deadline cuts the list's end
        if not picked or width <= 0 or deadline.over(margin=0.5 * deadline.seconds):
            return
        side = cache.side
        sample = Sample(match, side, self.chance)
        sample.offer(legal)
        self._chain = cache
        try:
            for r in picked:
                if deadline.over(margin=0.25 * deadline.seconds):
                    break
                self._follow(match, cache, sample, r, deadline)
        finally:
            self.scorer.cache = cache
            sample.close()

    @staticmethod
    def _promising(match: Match, ranked: list[Ranked], width: int) -> list[Ranked]:
        """The lookahead's candidates: the `width` best moves and the one closing most on the
        assigned target, then (where the side picks which unit acts) the `width` best unit choices."""
        rs = match.ruleset
        moves = [r for r in ranked if is_move(rs, r.action)]
        picked: list[Ranked] = []
        if moves:
            moves.sort(key=lambda r: (-r.score, r.index))
            picked = moves[:width]
            # also the move that closes most on the assigned target: the likeliest attack position
            closing = max(moves, key=lambda r: (r.terms.get("approach", 0.0), -r.index))
            if closing not in picked:
                picked.append(closing)
        if match.current().unit is None:
            # the side chooses its next actor: try each unit-level choice that is not an attack
            picks = [r for r in ranked if not is_move(rs, r.action) and r.action.actor is not None
                     and r.action.target is None and r.action.cell is None
                     and r.action.kind not in rs.turn_ending
                     and r.action.kind not in getattr(rs, "lookahead_skip", ())]
            picks.sort(key=lambda r: (-r.score, r.index))
            picked += picks[:width]
        return picked

    def _light(self, match: Match, cache: TurnCache, ranked: list[Ranked], width: int) -> list[Ranked]:
        """The lookahead without a scratch copy, where the ruleset lists the attacks an action
        leaves its actor (`attacks_after`, a unit's own next attack: `followup_same_actor`): the
        same candidates get "followup", the best of those attacks weighed on the match as it
        stands, and the moves among them the cover term. Returns the candidates it cannot read
        (`attacks_after` None; of a unit's variants of one choice, the best), for the scratch copy."""
        rs = match.ruleset
        weights = self.scorer.weights
        unread: list[Ranked] = []
        # an attack's gain on the match as it stands, kept: the candidates share their attacks
        # (those legal now were scored already, and `plans` changes no Normal term)
        gains: dict[tuple[object, ...], float] = {}
        for r in ranked:
            if r.action.target is not None and not is_move(rs, r.action):
                gains[_attack_key(r.action)] = _gain(r.terms)
        self.scorer.plans = False  # the follow-up adds up damage terms only
        try:
            for r in self._promising(match, ranked, width):
                with match.world:
                    follows = rs.attacks_after(match, r.action)
                if follows is None:
                    # a unit's variants of one choice (a sneak with 1 to 5 tokens) are played once:
                    # the best of them
                    if not any(u.action.actor == r.action.actor and u.action.kind == r.action.kind
                               for u in unread):
                        unread.append(r)
                    continue
                best = 0.0
                for nxt in follows:
                    key = _attack_key(nxt)
                    gain = gains.get(key)
                    if gain is None:
                        gain = gains[key] = _gain(self.scorer.terms(match, cache, nxt))
                    best = max(best, gain)
                if best:
                    r.terms["followup"] = weights["followup"] * best
                mover = cache.unit(r.action.actor)
                if not is_move(rs, r.action) or mover is None:
                    continue
                r.terms.pop("potential", None)
                dest = destination(r.action)
                assert dest is not None
                cover_at = self.scorer.cover_at
                cover = cover_at(match, cache, dest) - cover_at(match, cache, mover.cell)
                if cover:
                    r.terms["cover"] = weights["cover"] * cover
        finally:
            self.scorer.plans = True
        return unread

    def _follow(self, match: Match, cache: TurnCache, sample: Sample, r: Ranked, deadline: Deadline) -> None:
        """One lookahead: the action on the sample, then the best aimed action the side has next."""
        rs = match.ruleset
        side = cache.side
        move = is_move(rs, r.action)
        volleys = self.scorer.exact and overrides(rs, "volley_after")
        if move and volleys:
            return  # its volley term already holds every attack that can follow
        sim = sample.reset()
        try:
            step(sim, r.action, legal=sample.legal())
        except StepError:
            return
        if move:
            r.terms.pop("potential", None)
        if sim.over:
            r.terms["followup"] = sim.ruleset.evaluate(sim, side)
            return
        turn = sim.current()
        if turn.side != side:
            return
        # a unit's own next attack only, where the ruleset says the side's others do not hang on it
        own = bool(getattr(rs, "followup_same_actor", False)) or (move and turn.unit is not None)
        # a softening attack (`_lookahead`) is worth the side's attacks on the same target after it
        aimed = r.action.target if not move and r.action.target is not None else None
        # one world context for the listing and the scoring: the hooks' own blocks then find the
        # scratch world current (no switch of esper's world per hook)
        with sim.world:
            follows = [nxt for nxt in rs.legal_without_moves(sim)
                       if not (is_move(rs, nxt) or (nxt.target is None and nxt.cell is None))
                       and (nxt.target == aimed if aimed is not None
                            else not own or nxt.actor == r.action.actor)]
            dest = destination(r.action) if move else None
            mover = cache.unit(r.action.actor)
            # the exact exposure already holds cover and facing
            exact = self.scorer.exact and overrides(rs, "exposure_after")
            position = mover is not None and dest is not None and not exact
            grid = match.board.grid
            facing = position and match.board.kind == "hex" and hasattr(grid, "arc")
            # the side's plan is read by the follow-ups' terms only; facing reads the units and threat
            sim_cache = self._sim_context(sample, side, r.action, plan_read=bool(follows))
            best = 0.0
            self.scorer.plans = False  # the follow-up adds up damage terms only: no side plan needed
            try:
                for nxt in follows:
                    if deadline.over(margin=0.15 * deadline.seconds):
                        break
                    t = self.scorer.terms(sim, sim_cache, nxt)  # type: ignore[arg-type]
                    gain = sum(t.get(k, 0.0) for k in ("damage", "kill", "focus", "assigned", "volley"))
                    best = max(best, gain + t.get("cost", 0.0))
            finally:
                self.scorer.plans = True
        if best:
            r.terms["followup"] = self.scorer.weights["followup"] * best
        if position:
            assert mover is not None and dest is not None
            # cover costs sight lines per enemy: only the moves worth a lookahead get it
            cover = self.scorer.cover_at(match, cache, dest) - self.scorer.cover_at(match, cache, mover.cell)
            if cover:
                r.terms["cover"] = self.scorer.weights["cover"] * cover
            before = self.scorer.facing_risk(match, cache, mover.ent, mover.cell)
            after = self.scorer.facing_risk(sim, sim_cache, mover.ent, dest) if facing else 0.0  # type: ignore[arg-type]
            if before != after:
                r.terms["facing"] = self.scorer.weights["facing"] * (before - after)

    # The follow-ups' side plans (`Scorer.context`) chain: each reuses the one before when no known
    # unit changed. A follow-up that reads no plan leaves the new link's plan part unmade; a later
    # follow-up that reuses that link and reads it gets it made on the state the link was made on
    # (its action stepped again): the same plans as making every one at once, the same scores.
    def _sim_context(self, sample: Sample, side: str, action: Action, plan_read: bool) -> TurnCache:
        """The side's plan on the sample just stepped with `action` (as `Scorer.context` chains it)."""
        sim = sample.match
        self.scorer.tune(sim)
        key, infos = key_of(sim, side)
        chain = self._chain
        assert chain is not None
        if chain.key != key:
            chain = TurnCache(key, side, infos)
            if plan_read:
                fill_plan(sim, chain)
            else:
                chain.unmade = action
            self._chain = self.scorer.cache = chain
        elif plan_read and chain.unmade is not None:
            past = sample.reset()
            step(past, chain.unmade, legal=sample.legal())
            fill_plan(past, chain)
            chain.unmade = None
            step(sample.reset(), action, legal=sample.legal())
        return chain

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """The best-scoring legal action; earlier listed wins ties."""
        deadline = Deadline(self.budget)
        if len(legal) == 1:
            self.last_explanation = [candidate(label_of(legal[0]), 0.0, {}, note="only legal action")]
            self.times.append(deadline.elapsed())
            return legal[0]
        with no_collection():
            ranked = self.rank(match, legal, deadline)
        # ranked is best first and `top` keeps the first few: the rest need no candidate
        self.last_explanation = top([candidate(label_of(r.action), r.score, r.terms) for r in ranked[:TOP]])
        self.times.append(deadline.elapsed())
        return ranked[0].action

    def decide(self, match: Match, decision: Decision) -> str:
        """The answer the ruleset values most for this side (its resources priced in by `advise`)."""
        return decide_by_advice(self, match, decision)

