"""The saves ruleset: roll-under d20 saves, attacks that always hit, side turns of declarations
resolved together (ganging up), counter-attack or dodge, morale, conditions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.core.action import Action, Decision
from game.core.options import RuleOption
from game.core.ruleset import Assessment, Outcome, Preview, Resolution, Ruleset, SquadInfo, Turn
from game.rulesets.saves import actions, ai, declared, hiding, hover, readings, view
from game.rulesets.saves.combat import resolve_declared
from game.rulesets.saves.components import is_standing, name_of, side_of, units
from game.rulesets.saves.content import Content, shipped
from game.rulesets.saves.kinds import MOVE_KINDS, Kind
from game.rulesets.saves.setup import deploy, initiative
from game.rulesets.saves.turns import end_turn, may_act, table

if TYPE_CHECKING:
    from game.core.geometry import Cell
    from game.core.match import Match


class SavesRuleset(Ruleset):
    """Saves: the side declares for all its units, then everything is rolled together."""

    id: ClassVar[str] = "saves"
    name: ClassVar[str] = "Saves"
    board_kind: ClassVar[str] = "square"
    default_map: ClassVar[str] = "saves_ford"
    round_cap: ClassVar[int] = 30
    uses_player_characters: ClassVar[bool] = True  # SV-MORALE exempts them
    move_kinds: ClassVar[frozenset[str]] = MOVE_KINDS
    undoable: ClassVar[frozenset[str]] = frozenset(
        {Kind.MOVE, Kind.SWAP, Kind.CANCEL, Kind.ATTACK, Kind.MANEUVER, Kind.FLEE, Kind.TEND, Kind.USE,
         Kind.PARLEY}
    )
    threat_reach: ClassVar[int] = 9
    #: Easy's noise (levels.NOISE elsewhere): every level prices an attack on the defender's best
    #: answer (`ai.defender_choice`), which left Easy's greedy pick about as strong as Normal;
    #: a wider jitter keeps Easy the easy level (it still beats Random)
    easy_noise: ClassVar[float] = 0.8
    #: a playout is the rest of the side's declarations and the enemy's whole turn: one or two
    #: fit in a decision's budget, never the five the search needs to overrule, so Hard spends
    #: its time on the side plan (`plan_step`) and Normal's ranking instead
    playouts_guide_search: ClassVar[bool] = False
    #: declarations Normal's lookahead does not try: taking one back (its follow-up was the very
    #: attack taken back) and fleeing the field (its follow-up was another unit's attack: Normal
    #: fled unhurt units off the map)
    lookahead_skip: ClassVar[frozenset[str]] = frozenset({Kind.CANCEL, Kind.FLEE})

    def rule_options(self) -> tuple[RuleOption, ...]:
        """The readings a table picks in the launcher (readings.py; docs/rulesets/saves.md)."""
        return readings.OPTIONS

    @property
    def content(self) -> Content:
        """Weapons, armour, items and squads (validated TOML)."""
        return shipped()

    def squads(self) -> dict[str, SquadInfo]:
        """Every squad."""
        return {
            s.id: SquadInfo(s.id, s.name, s.description, tuple(u.name for u in s.units))
            for s in self.content.squads.values()
        }

    def default_squads(self) -> tuple[str, str]:
        """The party against the warband."""
        return ("party", "warband")

    def setup(self, match: Match) -> None:
        """Deploy both squads."""
        deploy(match, self.content)

    def setup_phase(self, match: Match) -> Resolution | None:
        """SV-INIT: who acts first."""
        return initiative(match)

    def turn(self, match: Match) -> Turn:
        """The declaring side (it acts as one)."""
        return Turn(table(match).turn_side, None)

    def legal_actions(self, match: Match) -> list[Action]:
        """See actions.legal."""
        return actions.legal(match)

    def resolve(self, match: Match, action: Action) -> Resolution:
        """Declarations apply at once; 'end' rolls them all and passes the turn."""
        if action.kind == Kind.END:
            yield from resolve_declared(match)
            if self.outcome(match) is None:
                end_turn(match)
            return
        actions.apply(match, action)

    def outcome(self, match: Match) -> Outcome | None:
        """A side with no unit left in the fight (dead, out of action, routed or fled) loses."""
        t = table(match)
        alive = {s: any(is_standing(e) for e in units() if side_of(e) == s) for s in t.sides}
        if all(alive.values()):
            return None
        if not any(alive.values()):
            return Outcome(None, "nobody is left standing")
        winner = next(s for s, ok in alive.items() if ok)
        return Outcome(winner, "every enemy is dead, out of action, routed or fled")

    def preview(self, match: Match, action: Action) -> Preview | None:
        """An attack's exact odds with the group it joins, the armour and the target's best answer
        (`view.attack_preview`); a maneuver's, a flight's or a parley's save."""
        if action.kind in (Kind.MANEUVER, Kind.FLEE, Kind.PARLEY):
            with match.world:
                return save_preview(match, action)
        if action.kind != Kind.ATTACK or action.target is None:
            return None
        with match.world:
            return view.attack_preview(match, action)

    def assess(self, match: Match, action: Action) -> Assessment:
        """Baseline-AI terms (see ai.py)."""
        with match.world:
            return ai.assess(match, action)

    def advise(self, match: Match, decision: Decision) -> dict[str, float]:
        """Counter-attack or dodge by exact value (see ai.py)."""
        with match.world:
            return ai.advise(match, decision)

    def threat_by(self, match: Match, side: str, cell: tuple[int, int]) -> dict[int, float]:
        """Per enemy, expected damage of its best weapon if it can reach `cell` next turn."""
        with match.world:
            return ai.threat_by(match, side, cell)

    def plan_step(self, match: Match, action: Action) -> float | None:
        """See sideplan.plan_step (the Hard AI's whole-side plan)."""
        from game.rulesets.saves.sideplan import plan_step

        with match.world:
            return plan_step(match, action)

    def evaluate(self, match: Match, side: str) -> float:
        """Won/lost, else each standing unit by HP, STR and armour left."""
        with match.world:
            result = match.result or self.outcome(match)
            if result is not None:
                return 0.0 if result.winner is None else (100.0 if result.winner == side else -100.0)
            return sum(
                (ai.strength(e) if side_of(e) == side else -ai.strength(e)) for e in units() if is_standing(e)
            )

    def invariants(self, match: Match) -> list[str]:
        """See view.invariants."""
        return view.invariants(match)

    def hidden_units(self, match: Match, side: str) -> dict[int, Cell | None]:
        """Hidden enemies, each where `side` saw it hide (SV-HIDDEN)."""
        with match.world:
            return hiding.hidden_from(match, side)

    def hiding_places(self, match: Match, side: str, ent: int, last_seen: Cell | None) -> list[Cell]:
        """See hiding.hiding_places."""
        with match.world:
            return hiding.hiding_places(match, side, ent, last_seen, self.threat_reach)

    def unit_view(self, match: Match, ent: int, side: str | None) -> dict[str, Any]:
        """See view.unit_view."""
        return view.unit_view(match, ent, side)

    def turn_order(self, match: Match) -> list[int]:
        """The declaring side's units that may still act."""
        with match.world:
            return [e for e in units() if may_act(match, e)]

    # -- the battle screen's questions (answered by the legality checks and odds themselves) ----
    def action_help(self, match: Match, action: Action) -> str:
        """See hover.action_help."""
        with match.world:
            return hover.action_help(match, action)

    def why_not_target(self, match: Match, actor: int, target: int) -> str:
        """See hover.why_not_target."""
        with match.world:
            return hover.why_not_target(match, actor, target)

    def cell_info(self, match: Match, cell: Cell, side: str | None) -> list[str]:
        """See hover.cell_info."""
        with match.world:
            return hover.cell_info(match, cell, side)

    def area_of(self, match: Match, action: Action) -> list[Cell]:
        """See hover.area_of."""
        with match.world:
            return hover.area_of(match, action)

    def declarations_view(self, match: Match, viewer: str | None) -> dict[str, Any]:
        """The declaring side's moves and declarations for the board (see declared.py)."""
        with match.world:
            return declared.declarations_view(match, viewer)


def save_preview(match: Match, action: Action) -> Preview | None:
    """The one save a maneuver, a flight or a parley turns on, with its exact chance."""
    from game.rulesets.saves.components import SvScores, get
    from game.rulesets.saves.maneuvers import MANEUVERS, maneuver_of, pursued, thing_name
    from game.rulesets.saves.odds import save_chance
    from game.rulesets.saves.rules import save_mode

    if action.kind == Kind.FLEE:
        who, score = action.actor, "DEX"
        if not pursued(match, who):  # type: ignore[arg-type]
            return Preview("Flee", [("gets away", 1.0)], hit=1.0, lines=["nobody gives chase: no save"])
        good = "gets away"
    else:
        who, score = action.target, MANEUVERS.get(maneuver_of(action.option)[0], "WIL")
        good = "resists"
    assert who is not None
    mode = save_mode(who, score)
    p = float(save_chance(get(who, SvScores).get(score), mode))
    how = {1: " with Advantage", -1: " with Disadvantage"}.get(mode, "")
    line = f"{name_of(who)} saves {score} {get(who, SvScores).get(score)}{how}: {p:.0%} to pass"
    if action.kind == Kind.FLEE:
        return Preview("Flee under pursuit", [(good, p), ("caught", 1 - p)], hit=p, lines=[line])
    base, thing = maneuver_of(action.option)
    lost = f"loses the {thing_name(thing)}" if thing else "loses its weapon"
    effect = {"knockdown": "falls Prone", "snatch": lost}.get(base, "surrenders")
    return Preview(f"{action.label}", [(good, p), (effect, 1 - p)], hit=1 - p, lines=[line])


RULESET = SavesRuleset()
