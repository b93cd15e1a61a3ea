"""The voidmarked ruleset: card-flip duels from one shared deck, cheating from a shared hand."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.action import Action, Decision
from game.core.cards import standard_deck
from game.core.geometry import Cell
from game.core.options import RuleOption
from game.core.ruleset import Assessment, Outcome, Preview, Resolution, Ruleset, SquadInfo, Turn
from game.core.sides import side_name
from game.rulesets.voidmarked import actions, ai, hover, views
from game.rulesets.voidmarked.deployment import deploy
from game.rulesets.voidmarked.kinds import MOVE_KINDS, Kind
from game.rulesets.voidmarked.query import (
    SIDES,
    cell_of,
    current_actor,
    data,
    deck,
    health,
    name_of,
    on_board,
    side_of,
    status,
    units,
)

if TYPE_CHECKING:
    from game.core.match import Match


FULL_DECK = Counter(standard_deck())


class VoidmarkedRuleset(Ruleset):
    """Voidmarked skirmishes on 5 ft squares."""

    id: ClassVar[str] = "voidmarked"
    name: ClassVar[str] = "Voidmarked"
    board_kind: ClassVar[str] = "square"
    default_map: ClassVar[str] = "voidmarked_warehouse"
    round_cap: ClassVar[int] = 30
    move_kinds: ClassVar[frozenset[str]] = MOVE_KINDS
    undoable: ClassVar[frozenset[str]] = frozenset({Kind.MOVE})
    far_thrift: ClassVar[float] = 4.0

    def rule_options(self) -> tuple[RuleOption, ...]:
        """Readings a table may change (defaults from data/rules.toml)."""
        return (RuleOption(
            "crit_against", "Critical hits", ("total", "stat"), data().rules.crit_against,
            "A hit is critical at twice the defender's total, or at twice its bare Defence.",
            ("twice the Defence total", "twice the Defence stat")), RuleOption(
            "perception_ties", "Searching ties", ("hider", "seeker"), data().rules.perception_ties,
            "When Perception equals Stealth, the hidden unit stays hidden, or the searcher finds it.",
            ("hider stays hidden", "seeker finds it")))

    def squads(self) -> dict[str, SquadInfo]:
        """Squads from squads.toml, their units by display name (as casket's are)."""
        d = data()
        return {s.id: SquadInfo(s.id, s.name, s.description, tuple(d.units[u].name for u in s.units))
                for s in d.squads.values()}

    def default_squads(self) -> tuple[str, str]:
        """Vanguard against the Void Cult, four a side."""
        return ("vanguard", "void_cult")

    def setup(self, match: Match) -> None:
        """Post-long-rest state, deployment, hands and initiative."""
        deploy(match)

    def turn(self, match: Match) -> Turn:
        """The unit whose initiative turn it is."""
        ent = current_actor(match)
        assert ent is not None
        return Turn(side_of(ent), ent)

    def legal_actions(self, match: Match) -> list[Action]:
        """Move, Action, Quick Action or end turn for the acting unit."""
        return actions.legal(match)

    def resolve(self, match: Match, action: Action) -> Resolution:
        """Carry out one action."""
        return actions.resolve(match, action, self)

    def outcome(self, match: Match) -> Outcome | None:
        """A side with no unit able to act has lost (grasping, dead or fled)."""
        standing = {s: False for s in SIDES}
        for ent in units():
            if status(ent).state == "active":
                standing[side_of(ent)] = True
        if not units():
            return None
        if not standing["p1"] and not standing["p2"]:
            return Outcome(None, "no unit on either side can act")
        for side in SIDES:
            if not standing[side]:
                winner = "p2" if side == "p1" else "p1"
                return Outcome(winner, f"every {side_name(match, side)} unit is down or dead")
        return None

    def preview(self, match: Match, action: Action) -> Preview | None:
        """Exact odds of an attack or voidcall."""
        return ai.preview(match, action)

    def assess(self, match: Match, action: Action) -> Assessment:
        """Baseline-AI terms from exact odds."""
        return ai.assess(match, action)

    def advise(self, match: Match, decision: Decision) -> dict[str, float]:
        """Values of cheat and trigger answers."""
        return ai.advise(match, decision)

    def spent(self, match: Match, decision: Decision) -> dict[str, float]:
        """The price of each cheated card (hands are not refilled during a skirmish)."""
        return ai.spent(decision)

    def pressure(self, match: Match, side: str) -> float:
        """The enemies' best next attacks on `side`, from exact odds (Hard's search leaves)."""
        with match.world:
            return ai.pressure(match, side)

    def invariants(self, match: Match) -> list[str]:
        """54 cards each in exactly one zone, none left on the table between actions (VM-DECK),
        Health in bounds, one unit per square, no unit in a wall."""
        problems = []
        with match.world:
            cards = deck(match)
            counts = cards.all_cards()
            full = FULL_DECK
            if counts != full:
                extra = sorted((counts - full).elements())
                missing = sorted((full - counts).elements())
                problems.append(f"the cards are {sum(counts.values())}: extra {extra}, missing {missing}")
            # flipped cards stay on the table while a resolution runs (a reshuffle must not take
            # them back) and are discarded when it ends
            on_table = cards.zones.get("table", []) if not match.resolving else []
            if on_table:
                problems.append(f"cards left on the table between actions: {sorted(on_table)}")
            seen: dict[tuple[int, int], int] = {}
            for ent in units():
                hp = health(ent)
                if not 0 <= hp.current <= hp.maximum:
                    problems.append(f"{name_of(ent)} has {hp.current}/{hp.maximum} Health")
                if status(ent).state == "down" and hp.current != 0:
                    problems.append(f"{name_of(ent)} is grasping with {hp.current} Health")
                if not on_board(ent):
                    continue
                c = cell_of(ent)
                if c in seen:
                    problems.append(f"{name_of(ent)} and {name_of(seen[c])} share {c}")
                seen[c] = ent
                if not match.board.passable(c):
                    problems.append(f"{name_of(ent)} stands on impassable {c}")
        return problems

    def turn_order(self, match: Match) -> list[int]:
        """Initiative order: units still due to act this round (the acting one first), then the rest."""
        with match.world:
            return views.turn_order(match)

    def hand_view(self, match: Match, side: str) -> list[dict[str, Any]]:
        """`side`'s own shared hand (playable only when a cheat is being asked of it)."""
        if side not in SIDES:
            return []
        with match.world:
            return views.hand_view(match, side)

    def unit_view(self, match: Match, ent: int, side: str | None) -> dict[str, Any]:
        """A unit's panel for the UI."""
        with match.world:
            return views.unit_view(match, ent, side)


    # -- the battle screen's hover questions (answered by the legality checks themselves) -------
    def action_help(self, match: Match, action: Action) -> str:
        """See hover.action_help."""
        with match.world:
            return hover.action_help(match, action)

    def why_not_target(self, match: Match, actor: int, target: int) -> str:
        """Why `actor` cannot attack `target` now (range, sight, spent Action...)."""
        with match.world:
            return hover.why_not_target(match, actor, target)

    def cell_info(self, match: Match, cell: Cell, side: str | None) -> list[str]:
        """Cover, sight and movement of a square under voidmarked."""
        with match.world:
            return hover.cell_info(match, cell, side)

    def area_of(self, match: Match, action: Action) -> list[Cell]:
        """The squares an area voidcall reaches."""
        with match.world:
            return hover.area_of(match, action)


RULESET = VoidmarkedRuleset()
