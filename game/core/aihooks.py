"""The AI levels' part of the ruleset interface: the settings they read and the hooks they call,
each with a generic default a ruleset may refine.

`Ruleset` (game/core/ruleset.py) inherits `AIHooks`; rules, content and the screens' data stay
there, so the rules' contract reads on its own. The line between them: what an AI needs to decide
at all (`preview`, `assess`, `advise`) and what a side knows (`hidden_units`, which the screens
read too) are the rules' to say and stay on `Ruleset`; everything here only helps the levels play
better, and a ruleset that leaves all of it alone still plays every decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.core.kinds import VIEW_HP, VIEW_HP_MAX

if TYPE_CHECKING:
    from game.core.action import Action, Decision
    from game.core.chance import Chance
    from game.core.geometry import Cell
    from game.core.match import Match
    from game.core.records import Outcome


class AIHooks:
    """Settings and hooks for the AI levels (docs/ai.md); mixed into `Ruleset`, never used alone."""

    if TYPE_CHECKING:
        # `Ruleset` supplies these; the generic hooks below read them
        def outcome(self, match: Match) -> Outcome | None: ...

        def unit_view(self, match: Match, ent: int, side: str | None) -> dict[str, Any]: ...

    # -- what the generic estimates read -----------------------------------------------------------
    #: cells within which the generic threat estimate counts an enemy (a move plus a melee step)
    threat_reach: ClassVar[int] = 7
    #: whether the board's objectives count toward victory (the AI then heads for them)
    uses_objectives: ClassVar[bool] = False

    # -- Normal's lookahead ------------------------------------------------------------------------
    #: kinds the Normal AI's lookahead never tries as the side's unit-level choice (saves' taking
    #: back of a declaration: its follow-up would be the very attack it takes back, a loop)
    lookahead_skip: ClassVar[frozenset[str]] = frozenset()
    #: whether the Normal AI's lookahead credits a move or unit-level choice only with what the
    #: same unit can do next: where the side picks its actor freely, another unit's attack is
    #: there with or without it (tokens: idle units' moves outscored the attacks they stood beside)
    followup_same_actor: ClassVar[bool] = False
    #: whether an attack that deals no health damage may still open its target to the attacks
    #: after it (tokens' shields soak before health): Normal's lookahead then tries such attacks
    #: and credits them with the side's attacks on the same target that follow
    softening_attacks: ClassVar[bool] = False
    #: how many of the most promising moves (and unit-level choices) Normal's own lookahead tries
    #: (Hard gives its own width and is not bound by this, nor by `normal_skip`)
    normal_lookahead: ClassVar[int] = 8
    #: whether Normal's own lookahead reads the follow-up from `attacks_after` on the match as it
    #: stands, in place of stepping each candidate on a scratch copy (tokens: half its thinking);
    #: those it cannot read and the softening attacks are still stepped
    light_followup: ClassVar[bool] = False
    #: the Normal AI's term weights this ruleset measured better than the shared ones
    #: (`ai.terms.WEIGHTS`)
    ai_weights: ClassVar[dict[str, float]] = {}
    #: the Hard AI's, where its exact terms (`exposure_after`, `volley_after`) measured better with
    #: others than the shared ones; Normal's `ai_weights` do not carry over
    ai_weights_hard: ClassVar[dict[str, float]] = {}
    #: the last round in which Hard keeps `ai_weights_hard` (None: every round); after it, the
    #: shared weights, so that two sides that both wait (tokens' patience) do not stand off
    hard_patience_rounds: ClassVar[int | None] = None

    # -- Hard's search, each measured on the ladder ------------------------------------------------
    #: whether the Hard AI may overrule its ranking on sampled playouts; a ruleset whose short
    #: playouts measured worse than the ranking (on the ladder) turns this off
    playouts_guide_search: ClassVar[bool] = True
    #: kinds of untargeted action cheap enough to score at every step of the Hard AI's playouts
    #: (facing, say); the others are played there only when nothing else scores
    rollout_plain: ClassVar[frozenset[str]] = frozenset()
    #: how many times `advise`'s price of a lasting resource (`spent`) the Hard AI pays, planning
    #: for the whole fight where the other levels weigh one resolution; measured per ruleset
    far_thrift: ClassVar[float] = 1.0

    # -- listings -----------------------------------------------------------------------------------
    def legal_without_moves(self, match: Match) -> list[Action]:
        """The legal actions less the moves, in `legal_actions`' order: Normal's follow-up
        lookahead reads no move, and where moves are most of a listing's cost (tokens) a ruleset
        lists the rest alone. The default lists everything (the caller skips the moves)."""
        return match.legal()

    def normal_skip(self, match: Match, legal: list[Action]) -> frozenset[int]:
        """Indices of `legal` Normal's own ranking leaves unweighed (near copies of actions it
        weighs: tokens' sprints past each unit's few best). The default: none."""
        return frozenset()

    def attacks_after(self, match: Match, action: Action) -> list[Action] | None:
        """The attacks `action` leaves its actor, as things stand (where it ends, what it has
        left), for Normal's follow-up where `light_followup` is set; None where they cannot be
        read without playing it (Normal then plays it on a scratch copy). The default: None."""
        return None

    # -- hidden state on an AI's scratch copy ------------------------------------------------------
    def determinize(self, match: Match, side: str, chance: Chance) -> None:
        """Re-deal, on an AI's scratch copy, every card `side` cannot see among the zones it cannot see.

        Zone sizes and everything `side` sees stay as they are; the hidden cards are pooled in a
        canonical order and shuffled with the AI's own `chance`, so the result depends only on what
        `side` knows. Rulesets with other hidden state override this (and call it for the cards).
        """
        from game.core.cards import Cards

        with match.world:
            for _ent, (cards,) in match.units(Cards):
                hidden = sorted(z for z in cards.zones if not cards.visible_to(z, side))
                pool = sorted(c for z in hidden for c in cards.zones[z])
                chance.shuffle(pool)
                start = 0
                for zone in hidden:
                    size = len(cards.zones[zone])
                    cards.zones[zone] = pool[start:start + size]
                    start += size

    def determinize_idle(self, match: Match, side: str) -> bool:
        """Whether `determinize` and `knowledge.place_hidden` would leave a scratch copy of `match`
        for `side` as it is and draw nothing from the AI's chance (nothing is hidden from `side`):
        the AI then skips them. Default False: they always run."""
        return False

    def hiding_places(self, match: Match, side: str, ent: int, last_seen: Cell | None) -> list[Cell]:
        """Cells where hidden unit `ent` may be, as far as `side` can tell; an AI's scratch copy puts
        it on one of them (`knowledge.place_hidden`). Must not depend on where it truly is.

        Generic: passable cells no unit of `side` has a line of sight to, within `threat_reach` of
        the last-seen cell. Rulesets with vision ranges or movement rules narrow it down."""
        from game.core.knowledge import default_hiding_places

        return default_hiding_places(match, side, ent, last_seen, self.threat_reach)

    # -- threat and position -----------------------------------------------------------------------
    def threat_by(self, match: Match, side: str, cell: Cell) -> dict[int, float]:
        """Per enemy unit, the damage it could deal next turn to a unit of `side` standing on `cell`.

        Generic estimate: 1 per enemy able to act within `threat_reach` cells, fading to 0 at twice
        that, each where `side` believes it is (`known_units`). Rulesets that know their weapons
        override it with expected damage.
        """
        out: dict[int, float] = {}
        reach = max(1, self.threat_reach)
        distance = match.board.distance
        for ent, where in _active_enemies(match, side):
            dist = distance(where, cell)
            weight = 1.0 if dist <= reach else max(0.0, 1.0 - (dist - reach) / reach)
            if weight > 0.0:
                out[ent] = weight
        return out

    def threat(self, match: Match, side: str, cell: Cell) -> float:
        """Total of `threat_by`: what standing on `cell` next turn risks for a unit of `side`."""
        return sum(self.threat_by(match, side, cell).values())

    def menace(self, match: Match, ent: int, cell: Cell) -> float | None:
        """What unit `ent` standing on `cell` threatens next turn: the expected damage of its best
        attacks on one enemy it can reach from there, as `threat_by` prices the other way round.
        None when the ruleset does not say; the AI then weighs a move's offence by the approach
        to its planned target only."""
        return None

    def exposure_now(self, match: Match, ent: int) -> float | None:
        """The enemies' expected damage on unit `ent` next turn where it stands, with every term
        the defender has a part in (its facing, its movement). None when the ruleset does not
        say; the Hard AI then prices position with `threat_by` like Normal."""
        return None

    def exposure_after(self, match: Match, action: Action) -> float | None:
        """`exposure_now` of the acting unit once a positional action (a move, a turn) is done;
        None for other actions or when the ruleset does not say."""
        return None

    def plan_step(self, match: Match, action: Action) -> float | None:
        """How far the action follows the side's best joint plan for its turn, 0 to 1 (1: the
        plan's next step), where the ruleset plans the side's declarations together (saves); the
        Hard AI adds it as its "plan" term. None when the ruleset does not plan."""
        return None

    def volley_after(self, match: Match, action: Action) -> float | None:
        """Worth (expected damage, kill chance counted) of the best attacks the acting unit can
        still make this turn once the action is done, with the resources it leaves; 0 when the
        action ends its turn. None when the ruleset does not say: the AI then scores the single
        best attack that follows a move."""
        return None

    # -- decisions (Hard's refinements of `advise`) ------------------------------------------------
    def advise_exact(self, match: Match, decision: Decision) -> dict[str, float] | None:
        """`advise` with the costlier exact terms (`exposure`) where the ruleset has them, for the
        Hard AI; None to use `advise`."""
        return None

    def spent(self, match: Match, decision: Decision) -> dict[str, float]:
        """What each answer spends of resources that do not come back (a card cheated from a hand
        kept for the whole fight), in `advise`'s units and already priced into it. The Hard AI
        prices them `far_thrift` times over. Default: nothing."""
        return {}

    # -- search leaves -----------------------------------------------------------------------------
    def vitality(self, match: Match, ent: int) -> tuple[float, float] | None:
        """(current, maximum) of what keeps a unit in the fight, as every side sees it; None if unknown.

        Generic: the Health component, else the "hp" and "hp_max" of `unit_view` (a casket's
        structure cards, say).
        """
        import esper

        from game.core.components import Health

        with match.world:
            health = esper.try_component(ent, Health)
        if health is not None:
            return float(health.current), float(health.maximum)
        view = self.unit_view(match, ent, None)
        hp, top = view.get(VIEW_HP), view.get(VIEW_HP_MAX)
        if isinstance(hp, (int, float)) and isinstance(top, (int, float)) and top > 0:
            return float(hp), float(top)
        return None

    def evaluate(self, match: Match, side: str) -> float:
        """Static value of the position for `side` (search leaves): won/lost, then strength left.

        Generic: ±100 for a decided match; otherwise each unit able to act counts 1 plus its
        `vitality` fraction, a downed one 0.25, own units plus and enemy units minus. It reads
        no position, so a unit hidden from `side` counts like any other (a squad's size is known).
        """
        import esper

        from game.core.components import Health, Side, Status

        with match.world:
            result = match.result or self.outcome(match)
            if result is not None:
                return 0.0 if result.winner is None else (100.0 if result.winner == side else -100.0)
            total = 0.0
            for ent, (owner,) in match.units(Side):
                status = esper.try_component(ent, Status)
                if status is None and esper.try_component(ent, Health) is None:
                    continue
                state = status.state if status is not None else "active"
                if state == "active":
                    vit = self.vitality(match, ent)
                    frac = 1.0 if vit is None else min(1.0, max(0.0, vit[0] / vit[1])) if vit[1] else 1.0
                    value = 1.0 + frac
                elif state == "down":
                    value = 0.25
                else:
                    value = 0.0
                total += value if owner.side == side else -value
        return total

    def pressure(self, match: Match, side: str) -> float:
        """What the enemies of `side` can expect to take from it with their next attacks, in
        `evaluate`'s units: each standing enemy's best exact-odds attack on a unit of `side`
        (health as a fraction of the unit's maximum, plus the take-out). The Hard AI's search
        leaves weigh it both ways, so a playout that ends with a unit in the open before waiting
        enemies is not valued like one that ends in cover. 0 when the ruleset does not say.
        """
        return 0.0


def _active_enemies(match: Match, side: str) -> list[tuple[int, Cell]]:
    """(id, believed cell) of every enemy of `side` able to act, ascending id: what the generic
    `threat_by` prices on every cell, listed once per side and state."""
    import esper

    from game.core.components import Status
    from game.core.knowledge import known_units
    from game.core.memo import state_memo

    memo = state_memo(match, "active-enemies")
    found = memo.get(side)
    if found is None:
        found = memo[side] = []
        known = known_units(match, side)
        with match.world:
            for unit in known:
                ent = unit.ent
                if unit.side == side or unit.cell is None:
                    continue
                status = esper.try_component(ent, Status)
                if status is not None and not status.can_act:
                    continue
                found.append((ent, unit.cell))
    return found
