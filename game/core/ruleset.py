"""The plug-in interface every ruleset implements (the records it hands out: `records.py`), and the
registry of rulesets.

A ruleset is a package under game/rulesets/<id>/ exposing `RULESET`, an instance of a `Ruleset`
subclass. The match drives it: `setup` builds the world from the scenario (`setup_phase` may then ask the
sides set-up decisions), `legal_actions`
lists what the current actor may do, `resolve` is a generator that applies an action, emitting
log events through the match and yielding `Decision`s whose answers come back via send().
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.action import Action, Decision
from game.core.kinds import MOVE, MOVE_KINDS, TURN_ENDING_KINDS, VIEW_HP, VIEW_HP_MAX
from game.core.options import RuleOption
from game.core.records import Assessment, Outcome, Preview, Resolution, SquadInfo, Turn

if TYPE_CHECKING:
    from game.core.chance import Chance
    from game.core.geometry import Cell
    from game.core.match import Match

# the records have a module of their own; rulesets and callers still import them here
__all__ = ["RULESET_IDS", "Assessment", "Outcome", "Preview", "Resolution", "Ruleset", "SquadInfo", "Turn",
           "available", "get"]

class Ruleset(ABC):
    """Base class of all rulesets; see docs/architecture.md for how each one fits."""

    id: ClassVar[str]
    name: ClassVar[str]
    board_kind: ClassVar[str]
    round_cap: ClassVar[int] = 30
    #: stem of the shipped map a default skirmish is played on ("" = the first of its kind)
    default_map: ClassVar[str] = ""
    #: action kinds that draw no chance and may be undone until a chance event happens
    undoable: ClassVar[frozenset[str]] = frozenset({MOVE})
    #: action kinds that end the turn or activation (the UI sorts them last, binds them to "E")
    turn_ending: ClassVar[frozenset[str]] = TURN_ENDING_KINDS
    #: action kinds (or hotkey groups) that move the actor to a cell: the UI draws them as its reach
    #: and offers them by clicking the cell (an action that carries a path is a move whatever its kind)
    move_kinds: ClassVar[frozenset[str]] = MOVE_KINDS
    #: whether the Hard AI may overrule its ranking on sampled playouts; a ruleset whose short
    #: playouts measured worse than the ranking (on the ladder) turns this off
    playouts_guide_search: ClassVar[bool] = True
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
    #: the Normal AI's term weights this ruleset measured better than the shared ones
    #: (`ai.terms.WEIGHTS`; Hard's exact terms keep the shared ones)
    ai_weights: ClassVar[dict[str, float]] = {}
    #: kinds of untargeted action cheap enough to score at every step of the Hard AI's playouts
    #: (facing, say); the others are played there only when nothing else scores
    rollout_plain: ClassVar[frozenset[str]] = frozenset()
    #: how many times `advise`'s price of a lasting resource (`spent`) the Hard AI pays, planning
    #: for the whole fight where the other levels weigh one resolution; measured per ruleset
    far_thrift: ClassVar[float] = 1.0
    #: offered to players (launcher, command line); False while its window is unfinished
    offered: ClassVar[bool] = True
    #: whether its rules treat player characters apart (game.core.options: the scenario's
    #: player-character sides); the launcher offers the choice only then
    uses_player_characters: ClassVar[bool] = False

    # -- content -------------------------------------------------------------------------------
    @abstractmethod
    def squads(self) -> dict[str, SquadInfo]:
        """Squads available to either side, by id."""

    @abstractmethod
    def default_squads(self) -> tuple[str, str]:
        """The squads a default skirmish fields for p1 and p2."""

    def maps(self) -> list[Path]:
        """Shipped maps this ruleset can be played on (its board kind), default first."""
        from game.paths import maps_for

        return maps_for(self.board_kind, self.id, self.default_map)

    def rule_options(self) -> tuple[RuleOption, ...]:
        """The readings a scenario may choose (game.core.options): none by default. The rules
        read a chosen one through `options.rule_value`, so saves and replays keep it."""
        return ()

    def read_squad_file(self, path: Path) -> dict[str, Any]:
        """A squad a player built (a squad builder's file), read and checked, as the plain data a
        scenario stores for its side (`options.BUILT_KEY`); UserError naming file, entry and field.
        Rulesets without a squad builder refuse."""
        from game.errors import UserError

        raise UserError(f"{self.name} has no squad builder; its sides play its own squads", str(path))

    def built_squad(self, data: Any, file: str, place: str) -> SquadInfo:
        """A built squad a scenario stores (from `read_squad_file`), checked again: its id and
        names. UserError naming file and place when it breaks a rule."""
        from game.errors import UserError

        raise UserError(f"{self.name} has no squad builder", file, place)

    # -- play ----------------------------------------------------------------------------------
    @abstractmethod
    def setup(self, match: Match) -> None:
        """Create the world's entities from match.scenario (squads on spawn zones, decks...)."""

    def setup_phase(self, match: Match) -> Resolution | None:
        """What set-up still has to settle with the sides once `setup` built the world
        (initiative checks, surprise saves): a generator resolved exactly like an action's, whose
        yielded `Decision`s go to the deciding side's controller, human or AI, and whose answers
        are recorded as inputs (saves and replays handle them like any other). `turn` must
        already answer while it runs (the screens show whose turn comes). None: nothing."""
        return None

    @abstractmethod
    def turn(self, match: Match) -> Turn:
        """Who acts now."""

    @abstractmethod
    def legal_actions(self, match: Match) -> list[Action]:
        """Everything the current actor may do; never empty while the match runs."""

    @abstractmethod
    def resolve(self, match: Match, action: Action) -> Resolution:
        """Apply an action: emit events, yield decisions, advance turns."""

    @abstractmethod
    def outcome(self, match: Match) -> Outcome | None:
        """The result once the match is decided, else None."""

    # -- knowledge for the UI and the AI -------------------------------------------------------
    def preview(self, match: Match, action: Action) -> Preview | None:
        """Exact odds and breakdown for an action (None when it involves no chance)."""
        return None

    def assess(self, match: Match, action: Action) -> Assessment:
        """Baseline-AI terms for an action, from the acting side's knowledge only."""
        return Assessment()

    def advise(self, match: Match, decision: Decision) -> dict[str, float]:
        """Value of each answer to a decision for the deciding side (higher is better)."""
        return {}

    def spent(self, match: Match, decision: Decision) -> dict[str, float]:
        """What each answer spends of resources that do not come back (a card cheated from a hand
        kept for the whole fight), in `advise`'s units and already priced into it. The Hard AI
        prices them `far_thrift` times over. Default: nothing."""
        return {}

    # -- hooks for the AI levels (generic defaults; a ruleset may refine them) ---------------------
    #: cells within which the generic threat estimate counts an enemy (a move plus a melee step)
    threat_reach: ClassVar[int] = 7
    #: whether the board's objectives count toward victory (the AI then heads for them)
    uses_objectives: ClassVar[bool] = False

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

    def hidden_units(self, match: Match, side: str) -> dict[int, Cell | None]:
        """Units of other sides whose whereabouts `side` does not know now, each with the cell it
        last saw the unit on (None: never seen). Default: none, everything on the board is seen.

        `game.core.knowledge.known_units` builds every side's picture of the board from it; the
        AI and the UI place units only through that."""
        return {}

    def hiding_places(self, match: Match, side: str, ent: int, last_seen: Cell | None) -> list[Cell]:
        """Cells where hidden unit `ent` may be, as far as `side` can tell; an AI's scratch copy puts
        it on one of them (`knowledge.place_hidden`). Must not depend on where it truly is.

        Generic: passable cells no unit of `side` has a line of sight to, within `threat_reach` of
        the last-seen cell. Rulesets with vision ranges or movement rules narrow it down."""
        from game.core.knowledge import default_hiding_places

        return default_hiding_places(match, side, ent, last_seen, self.threat_reach)

    def threat_by(self, match: Match, side: str, cell: Cell) -> dict[int, float]:
        """Per enemy unit, the damage it could deal next turn to a unit of `side` standing on `cell`.

        Generic estimate: 1 per enemy able to act within `threat_reach` cells, fading to 0 at twice
        that, each where `side` believes it is (`known_units`). Rulesets that know their weapons
        override it with expected damage.
        """
        import esper

        from game.core.components import Status
        from game.core.knowledge import known_units

        out: dict[int, float] = {}
        reach = max(1, self.threat_reach)
        known = known_units(match, side)
        with match.world:
            for unit in known:
                ent = unit.ent
                if unit.side == side or unit.cell is None:
                    continue
                status = esper.try_component(ent, Status)
                if status is not None and not status.can_act:
                    continue
                dist = match.board.distance(unit.cell, cell)
                weight = 1.0 if dist <= reach else max(0.0, 1.0 - (dist - reach) / reach)
                if weight > 0.0:
                    out[ent] = weight
        return out

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

    def advise_exact(self, match: Match, decision: Decision) -> dict[str, float] | None:
        """`advise` with the costlier exact terms (`exposure`) where the ruleset has them, for the
        Hard AI; None to use `advise`."""
        return None

    def threat(self, match: Match, side: str, cell: Cell) -> float:
        """Total of `threat_by`: what standing on `cell` next turn risks for a unit of `side`."""
        return sum(self.threat_by(match, side, cell).values())

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

    def invariants(self, match: Match) -> list[str]:
        """Broken invariants (conformance test): empty when all is well."""
        return []

    def unit_view(self, match: Match, ent: int, side: str | None) -> dict[str, Any]:
        """What `side` may see of a unit, for the UI's panels (no hidden information)."""
        return {}

    def hand_view(self, match: Match, side: str) -> list[dict[str, Any]]:
        """The cards `side` holds, for that side's own hand strip (never another side's).

        One dict per card, keyed by the `HAND_*` names of game.core.kinds: name, cost, playable
        (legal right now), text, kind; optional cost_unit ("SP"), card (its id), unit (the holder's
        entity when hands belong to units), why (why it cannot be played), group (the
        `Action.hotkey_group` of the legal actions that play it), option (the answer it gives to
        the pending decision) and value. Default: none.
        """
        return []

    def turn_order(self, match: Match) -> list[int]:
        """Units in the order they are due to act (for the turn bar); [] lets the UI guess."""
        return []

    # -- data hooks for the battle screen (pygame-free; the UI draws what they describe) ----------
    def card_label(self, card: str) -> str:
        """The name players know a card by ("judgement" -> "Lance of Judgement"); "" lets the UI
        make the id readable."""
        return ""

    def why_not_target(self, match: Match, actor: int, target: int) -> str:
        """Why `actor` has no legal action against `target` now ("no line of sight", "out of range
        (8 > 6)", "engaged", "not in the firing arc"), from the ruleset's own legality check; ""
        when it can, or when the ruleset does not say."""
        return ""

    def area_of(self, match: Match, action: Action) -> list[Cell]:
        """Every cell an area action hits (a blast, a cone, a splash), for outlining before it is
        committed; [] for an action that hits only its target."""
        return []

    def cell_info(self, match: Match, cell: Cell, side: str | None) -> list[str]:
        """What a board cell does under this ruleset, for hovering it (cover, move cost, light, an
        objective's rule); [] when it is plain ground."""
        return []

    def rules_doc(self) -> Path:
        """The ruleset's rules reference in our words."""
        return Path(__file__).resolve().parents[2] / "docs" / "rulesets" / f"{self.id}.md"


RULESET_IDS: tuple[str, ...] = ("voidmarked", "casket", "varium", "tokens", "saves")
_cache: dict[str, Ruleset] = {}


def available(unoffered: bool = False) -> list[str]:
    """Ids of rulesets that are implemented (their package imports) and offered to players
    (`unoffered`: those not offered yet too)."""
    out = []
    for rid in RULESET_IDS:
        try:
            rs = get(rid)
        except KeyError:
            continue
        if rs.offered or unoffered:
            out.append(rid)
    return out


def get(ruleset_id: str) -> Ruleset:
    """The registered ruleset with this id; KeyError when unknown or not implemented."""
    if ruleset_id not in _cache:
        if ruleset_id not in RULESET_IDS:
            raise KeyError(ruleset_id)
        try:
            module = importlib.import_module(f"game.rulesets.{ruleset_id}")
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(f"game.rulesets.{ruleset_id}"):
                raise KeyError(ruleset_id) from None
            raise
        _cache[ruleset_id] = module.RULESET
    return _cache[ruleset_id]
