"""The varium ruleset: blackjack hit checks against face-down evasion cards, half-turn actions,
two bodies per square, grappling."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import esper

from game.core.action import Action, Decision
from game.core.options import RuleOption
from game.core.ruleset import Assessment, Outcome, Preview, Resolution, Ruleset, SquadInfo, Turn
from game.rulesets.varium import actions, ai, defence, exposure, hover, view
from game.rulesets.varium.components import living, side_of, table
from game.rulesets.varium.content import Content, shipped
from game.rulesets.varium.kinds import MOVE_KINDS, Kind
from game.rulesets.varium.setup import deploy, initiative

if TYPE_CHECKING:
    from game.core.match import Match


class VariumRuleset(Ruleset):
    """Varium: every attack a small game of blackjack against cards nobody has seen."""

    id: ClassVar[str] = "varium"
    name: ClassVar[str] = "Varium"
    board_kind: ClassVar[str] = "square"
    default_map: ClassVar[str] = "varium_courts"
    round_cap: ClassVar[int] = 30
    move_kinds: ClassVar[frozenset[str]] = MOVE_KINDS
    #: a Dash or a Run draws no card: taken back until a card is dealt (a leave prompt, an
    #: attack) or the turn passes
    undoable: ClassVar[frozenset[str]] = MOVE_KINDS
    #: offered in the launcher (its window has the hit-check table)
    offered: ClassVar[bool] = True
    #: a side wins by defeat or surrender only: a map's objective squares are landmarks
    uses_objectives: ClassVar[bool] = False

    def rule_options(self) -> tuple[RuleOption, ...]:
        """The readings a scenario may choose: Block (the seed names it, never describes it) and who
        of a grapple may not dodge (defence.py)."""
        return (RuleOption(
            defence.OPTION, "Block", defence.READINGS, defence.MELEE,
            "The rules name a block but never say what it does. Block (half a turn) is a Might check "
            "that stands in for your face-down cards against melee attacks only (shots still meet your "
            "cards), or against every attack, or no Block at all.",
            ("melee attacks", "every attack", "no block")),
            RuleOption(
                defence.GRAPPLE_OPTION, "Dodge in a grapple", (defence.BOTH, defence.HELD), defence.BOTH,
                "The rules bar a dodge while being grappled. Read as both fighters of a grapple (they "
                "are locked together), or only the one held (the holder may still dodge).",
                ("neither fighter", "the holder may")))

    @property
    def content(self) -> Content:
        """Weapons, character sheets, squads (validated TOML)."""
        return shipped()

    def squads(self) -> dict[str, SquadInfo]:
        """Every squad."""
        c = self.content
        return {
            s.id: SquadInfo(
                s.id, s.name, s.description, tuple(f"{u.name} ({c.units[u.kind].name})" for u in s.units)
            )
            for s in c.squads.values()
        }

    def default_squads(self) -> tuple[str, str]:
        """Street gang against city guard."""
        return ("street_gang", "city_guard")

    def setup(self, match: Match) -> None:
        """Deploy the squads (the deck is shuffled on the table)."""
        deploy(match, self.content)

    def setup_phase(self, match: Match) -> Resolution:
        """Initiative checks, tie orders, free half-turns."""
        return initiative(match)

    def turn(self, match: Match) -> Turn:
        """The unit whose turn it is."""
        t = table(match)
        return Turn(t.turn_side, t.actor)

    def legal_actions(self, match: Match) -> list[Action]:
        """See actions.legal."""
        return actions.legal(match)

    def resolve(self, match: Match, action: Action) -> Resolution:
        """See actions.resolve."""
        return actions.resolve(match, action)

    def outcome(self, match: Match) -> Outcome | None:
        """A side with nobody standing loses; a side down to its surrender fraction gives up."""
        t = table(match)
        start = t.data.get("start", {})
        standing = dict.fromkeys(t.sides, 0)
        for e in living(match):
            side = side_of(e)
            if side in standing:
                standing[side] += 1
        out = [s for s in t.sides if standing[s] == 0]
        if len(out) == len(t.sides):
            return Outcome(None, "both sides down")
        if out:
            return Outcome(next(s for s in t.sides if s not in out), "every enemy is down")
        from game.rulesets.varium.content import shipped as _c

        for s in t.sides:
            sq = _c().squads.get(match.scenario.squads.get(s, ""))
            if sq is not None and sq.surrender and standing[s] <= sq.surrender * start.get(s, 1):
                return Outcome(next(o for o in t.sides if o != s), f"{sq.name} surrenders")
        return None

    def preview(self, match: Match, action: Action) -> Preview | None:
        """Exact odds before committing: a hit check's, or a check against a DC (see ai.py)."""
        with match.world:
            if action.kind == Kind.ATTACK:
                return ai.attack_preview(match, action)
            return ai.check_preview(match, action)

    def assess(self, match: Match, action: Action) -> Assessment:
        """Baseline-AI terms (see ai.py)."""
        if esper.current_world == match.world.name:  # the AI's own block, around every option
            return ai.assess(match, action)
        with match.world:
            return ai.assess(match, action)

    def advise(self, match: Match, decision: Decision) -> dict[str, float]:
        """Exact worths of each answer (see ai.py)."""
        with match.world:
            return ai.advise(match, decision)

    def exposure_now(self, match: Match, ent: int) -> float | None:
        """Hard: what the foes can take from the unit where it stands next turn (exposure.py)."""
        with match.world:
            return exposure.exposure_now(match, ent)

    def exposure_after(self, match: Match, action: Action) -> float | None:
        """Hard: the same where a move ends (exposure.py)."""
        with match.world:
            return exposure.exposure_after(match, action)

    def volley_after(self, match: Match, action: Action) -> float | None:
        """Hard: the attacks the unit can still make this turn after the action (exposure.py)."""
        with match.world:
            return exposure.volley_after(match, action)

    def pressure(self, match: Match, side: str) -> float:
        """Hard's search leaves: the foes' best next strikes on `side` (exposure.py)."""
        with match.world:
            return exposure.pressure(match, side)

    def invariants(self, match: Match) -> list[str]:
        """Cards conserved, two per square, health in bounds, grapples between neighbours."""
        with match.world:
            return view.invariants(match)

    def action_help(self, match: Match, action: Action) -> str:
        """See hover.action_help."""
        return hover.action_help(match, action)

    def unit_view(self, match: Match, ent: int, side: str | None) -> dict[str, Any]:
        """Sheet, half-turns, action in progress, grapple, conditions."""
        with match.world:
            return view.unit_view(match, ent, side)

    def turn_order(self, match: Match) -> list[int]:
        """Initiative order."""
        with match.world:
            return [e for e in table(match).data.get("order", []) if e in living(match)]

    def why_not_target(self, match: Match, actor: int, target: int) -> str:
        """Why the acting unit cannot attack an enemy now (hover text; see hover.py)."""
        from game.rulesets.varium import hover

        with match.world:
            return hover.why_not_target(match, actor, target)

    def side_of(self, match: Match, ent: int) -> str:
        """Helper for tests."""
        with match.world:
            return side_of(ent)


RULESET = VariumRuleset()
