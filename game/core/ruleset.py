"""The plug-in interface every ruleset implements (the records it hands out: `records.py`), and the
registry of rulesets.

A ruleset is a package under game/rulesets/<id>/ exposing `RULESET`, an instance of a `Ruleset`
subclass. The match drives it: `setup` builds the world from the scenario (`setup_phase` may then ask the
sides set-up decisions), `legal_actions`
lists what the current actor may do, `resolve` is a generator that applies an action, emitting
log events through the match and yielding `Decision`s whose answers come back via send().
The AI levels' settings and hooks are `AIHooks` (`aihooks.py`), which `Ruleset` inherits.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.action import Action, Decision
from game.core.aihooks import AIHooks
from game.core.kinds import MOVE, MOVE_KINDS, TURN_ENDING_KINDS
from game.core.options import RuleOption
from game.core.records import Assessment, Outcome, Preview, Resolution, SquadInfo, Turn

if TYPE_CHECKING:
    from game.core.geometry import Cell
    from game.core.match import Match

# the records and the AI hooks have modules of their own; rulesets and callers still import them here
__all__ = ["RULESET_IDS", "AIHooks", "Assessment", "Outcome", "Preview", "Resolution", "Ruleset", "SquadInfo",
           "Turn", "available", "get"]

class Ruleset(AIHooks, ABC):
    """Base class of all rulesets; see docs/architecture.md for how each one fits. The AI levels'
    settings and hooks come from `AIHooks`."""

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

    def hidden_units(self, match: Match, side: str) -> dict[int, Cell | None]:
        """Units of other sides whose whereabouts `side` does not know now, each with the cell it
        last saw the unit on (None: never seen). Default: none, everything on the board is seen.

        `game.core.knowledge.known_units` builds every side's picture of the board from it; the
        AI and the UI place units only through that."""
        return {}

    def health_floor(self, match: Match, ent: int, maximum: int) -> int:
        """The lowest `Health.current` the rules let unit `ent` (of that maximum) reach, asked
        inside `with match.world`; the save loader refuses a save below it. By default minus the
        maximum; a ruleset whose hits can go further says how far (tokens)."""
        return -maximum

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

    def action_help(self, match: Match, action: Action) -> str:
        """What a legal action does, in players' words, for hovering its button ("Drink it: you
        turn Invisible..."): never just its label or an id; "" when the ruleset does not say."""
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


# one list of the shipped rulesets, importing nothing (the launcher reads it before its first frame)
from game.core.names import NAMES, RULESET_IDS  # noqa: E402

_cache: dict[str, Ruleset] = {}


def offered_names() -> list[tuple[str, str]]:
    """(id, name) of every ruleset offered to players: the shipped ones from `NAMES` without
    importing them, any other id only if its package imports and offers it."""
    out = []
    for rid in RULESET_IDS:
        if rid in NAMES:
            out.append((rid, NAMES[rid]))
            continue
        try:
            rs = get(rid)
        except KeyError:
            continue
        if rs.offered:
            out.append((rid, rs.name))
    return out


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
