"""The tokens ruleset: side turns of move and attack tokens, coin flips, sneaking, damage types."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import esper

from game.core.action import Action, Decision
from game.core.components import Position, Side
from game.core.options import RuleOption
from game.core.ruleset import Assessment, Outcome, Preview, Resolution, Ruleset, SquadInfo, Turn
from game.rulesets.tokens import actions, ai, ainormal, aiplan, aithreat, damage, hover, view
from game.rulesets.tokens.aisight import unseen_cells
from game.rulesets.tokens.combat import expected, sneak_bonus, strikes, weapon
from game.rulesets.tokens.components import TkStealth, TkUnit, get, is_active, name_of, side_of, table, units
from game.rulesets.tokens.content import Content, shipped
from game.rulesets.tokens.kinds import MOVE_KINDS, Kind
from game.rulesets.tokens.procedures import resolve
from game.rulesets.tokens.readings import OPTIONS
from game.rulesets.tokens.setup import deploy
from game.rulesets.tokens.stealth import hidden_from
from game.rulesets.tokens.words import mode_name, strike_reach

if TYPE_CHECKING:
    from pathlib import Path

    from game.core.chance import Chance
    from game.core.geometry import Cell
    from game.core.match import Match


class TokensRuleset(Ruleset):
    """Tokens: each unit spends move and attack tokens in any order; uncertainty is a coin flip."""

    id: ClassVar[str] = "tokens"
    name: ClassVar[str] = "Tokens"
    board_kind: ClassVar[str] = "square"
    default_map: ClassVar[str] = "tokens_yard"
    # the seed has no round limit; AI games end in 5-7 rounds, so 20 only stops stalled games
    round_cap: ClassVar[int] = 20
    move_kinds: ClassVar[frozenset[str]] = MOVE_KINDS
    undoable: ClassVar[frozenset[str]] = frozenset({Kind.MOVE, Kind.DRAW})
    threat_reach: ClassVar[int] = 8
    followup_same_actor: ClassVar[bool] = True
    softening_attacks: ClassVar[bool] = True
    # Normal's own weights, tuned on 400-game normal-easy runs (seed 3): safety 0.2 / 0.5 / 0.8 won
    # 61 / 77 / 70 % once a step no longer looked safer than standing (`aithreat.threat_by`)
    ai_weights: ClassVar[dict[str, float]] = {"safety": 0.5, "menace": 0.6, "progress": 0.5}
    # Hard's: patience. A side acts as one, so the side that ends its turn in the other's reach
    # without firing takes the first full volley; Hard weighs its exact exposure (walls seen,
    # `aiplan.in_fire`) well above closing in and lets the enemy walk into its reach (docs/ai.md)
    ai_weights_hard: ClassVar[dict[str, float]] = {"safety": 1.2, "progress": 0.1, "approach": 0.1}
    # ... until round 10 (most games are decided by round 9): then it closes in, so that two sides
    # that both wait do not stand off until the round limit
    hard_patience_rounds: ClassVar[int | None] = 10
    # Normal's follow-up read from the attacks an action leaves (`ainormal`): the scratch copies
    # were half its thinking (issue #38, docs/ai.md)
    light_followup: ClassVar[bool] = True

    @property
    def content(self) -> Content:
        return shipped()

    def rule_options(self) -> tuple[RuleOption, ...]:
        """Readings a table may change (`readings.OPTIONS`; the rules page says why)."""
        return OPTIONS

    def squads(self) -> dict[str, SquadInfo]:
        c = self.content
        return {
            s.id: SquadInfo(s.id, s.name, s.description, tuple(c.units[u].name for u in s.units))
            for s in c.squads.values()
        }

    def default_squads(self) -> tuple[str, str]:
        return ("wardens", "nightfall")

    def read_squad_file(self, path: Path) -> dict[str, Any]:
        """A squad file from the squad builder, checked by the shipped squads' rules."""
        from game.rulesets.tokens.squadbuild import read_squad, stored

        return stored(read_squad(path, self.content))

    def built_squad(self, data: Any, file: str, place: str) -> SquadInfo:
        from game.rulesets.tokens.squadbuild import check_data, slug

        squad = check_data(data, file, self.content, place)
        units = tuple(self.content.units[u.kind].name for u in squad.units)
        return SquadInfo(slug(squad.name), squad.name, "A squad built in the squad builder.", units)

    def setup(self, match: Match) -> None:
        deploy(match, self.content)

    def turn(self, match: Match) -> Turn:
        return Turn(table(match).turn_side, None)

    def legal_actions(self, match: Match) -> list[Action]:
        return actions.legal(match)

    def legal_without_moves(self, match: Match) -> list[Action]:
        """`legal_actions` less the moves and sprints, in the same order (for the AI's follow-up
        lookahead, which reads no move: listing them is most of a listing's cost)."""
        with match.world:
            return actions.legal(match, moves=False)

    def resolve(self, match: Match, action: Action) -> Resolution:
        return resolve(match, action)

    def outcome(self, match: Match) -> Outcome | None:
        """A side with no unit able to act has lost (the down bleed out)."""
        alive = {s: any(is_active(e) for e in units(match) if side_of(e) == s) for s in table(match).sides}
        if all(alive.values()):
            return None
        if not any(alive.values()):
            return Outcome(None, "both squads fell")
        winner = next(s for s, ok in alive.items() if ok)
        return Outcome(winner, "every enemy dead or bleeding out")

    # -- knowledge ---------------------------------------------------------------------------------
    def preview(self, match: Match, action: Action) -> Preview | None:
        """Every unit the attack can reach, allies too, with its exact chance and expected damage,
        for each property choice; hit and kill are the named target's chances."""
        if action.kind != Kind.ATTACK or action.actor is None or action.target is None:
            return None
        with match.world:
            ent, wid, target = action.actor, action.option, action.target
            w = weapon(wid)
            lines: list[str] = []
            best_dmg = best_kill = hit = 0.0
            outcomes: list[tuple[str, float]] = []
            for props in w.combos:
                plan = strikes(match, ent, wid, props, target, sneak_bonus(ent), side_of(ent))
                dmg, _takeouts = expected(plan, side_of(ent))
                # "Kill" is a chance: the named target's to be taken out. `expected`'s take-outs
                # sum over every unit the strike reaches (a cleave's ring), an expectation not a chance
                kill = sum((float(s.chance) for s in plan if s.ent == target and s.takes_out), 0.0)
                lines.append(f"{mode_name(props)}: net expected damage {dmg:.2f}")
                for s in plan:
                    ally = " (ally)" if side_of(s.ent) == side_of(ent) else ""
                    lines.append(
                        f"  {name_of(s.ent)}{ally}, {strike_reach(s.role)}: {float(s.chance):.0%} to be hit, "
                        f"{s.to_health} to health"
                        + (f", {s.to_shield} on shield" if s.to_shield else "")
                        + (" - taken out" if s.takes_out else "")
                    )
                    lines.extend("    " + x for x in s.lines[1:])
                    # with a choice of properties, each outcome says which choice it is for
                    choice = f" ({mode_name(props)})" if len(w.combos) > 1 else ""
                    outcomes.append((f"{name_of(s.ent)} hit{choice}", float(s.chance)))
                if dmg >= best_dmg:
                    best_dmg = dmg
                    best_kill = kill
                    hit = float(plan[0].chance) if plan else 0.0
            return Preview(
                f"{w.name} at {name_of(target)}",
                outcomes,
                hit=hit,
                expected_damage=best_dmg,
                kill=best_kill,
                lines=lines,
                crits=False,
            )

    def assess(self, match: Match, action: Action) -> Assessment:
        if esper.current_world == match.world.name:
            return ai.assess(match, action)  # the AI weighs every action inside one `with match.world`
        with match.world:
            return ai.assess(match, action)

    def advise(self, match: Match, decision: Decision) -> dict[str, float]:
        with match.world:
            return ai.advise(match, decision)

    def normal_skip(self, match: Match, legal: list[Action]) -> frozenset[int]:
        """Indices of `legal` Normal's ranking leaves out (`ainormal.normal_skip`)."""
        with match.world:
            return ainormal.normal_skip(match, legal)

    def attacks_after(self, match: Match, action: Action) -> list[Action] | None:
        """The attacks an action leaves its actor, for Normal's follow-up (`ainormal.attacks_after`)."""
        return ainormal.attacks_after(match, action)

    def threat_by(self, match: Match, side: str, cell: Cell) -> dict[int, float]:
        if esper.current_world == match.world.name:
            return aithreat.threat_by(match, side, cell)  # the AI asks for every tile it weighs
        with match.world:
            return aithreat.threat_by(match, side, cell)

    def menace(self, match: Match, ent: int, cell: Cell) -> float | None:
        if esper.current_world == match.world.name:
            return aithreat.menace(match, ent, cell)
        with match.world:
            return aithreat.menace(match, ent, cell)

    def pressure(self, match: Match, side: str) -> float:
        with match.world:
            return aithreat.pressure(match, side)

    def evaluate(self, match: Match, side: str) -> float:
        """The generic value, with a bleeding unit worth less than one at 0 (`aithreat.bleeding`)."""
        value = super().evaluate(match, side)
        with match.world:
            if match.result is None and self.outcome(match) is None:
                value += aithreat.bleeding(match, side)
        return value

    def exposure_now(self, match: Match, ent: int) -> float | None:
        with match.world:
            return aiplan.exposure_now(match, ent)

    def exposure_after(self, match: Match, action: Action) -> float | None:
        with match.world:
            return aiplan.exposure_after(match, action)

    def volley_after(self, match: Match, action: Action) -> float | None:
        with match.world:
            return aiplan.volley_after(match, action)

    def hidden_units(self, match: Match, side: str) -> dict[int, Cell | None]:
        """Sneaking enemies, where `side` last saw each (TK-SNEAK)."""
        with match.world:
            return hidden_from(match, side)

    def hiding_places(self, match: Match, side: str, ent: int, last_seen: Cell | None) -> list[Cell]:
        """The generic places (`core.knowledge.default_hiding_places`), read faster on a square board."""
        if match.board.kind != "square":
            return super().hiding_places(match, side, ent, last_seen)
        with match.world:
            eyes = tuple(sorted(tuple(pos.cell) for _e, (pos, owner) in match.units(Position, Side)
                                if owner.side == side))
        return unseen_cells(match.board, eyes, last_seen, self.threat_reach)  # type: ignore[arg-type]

    def determinize_idle(self, match: Match, side: str) -> bool:
        """Nothing to re-imagine for `side` (no cards; `determinize` re-imagines sneakers only)."""
        with match.world:
            return not hidden_from(match, side)

    def determinize(self, match: Match, side: str, chance: Chance) -> None:
        """On an AI's scratch copy, re-imagine what `side` cannot know of a sneaker: its stealth
        value is flipped afresh from its move allotment (at least one heads, or it would not be
        hidden); where it stands is re-placed by the AI's knowledge step (`place_hidden`)."""
        super().determinize(match, side, chance)
        with match.world:
            for ent in sorted(hidden_from(match, side)):
                st, unit = get(ent, TkStealth), get(ent, TkUnit)
                value = 0
                for _ in range(16):
                    value = sum(chance.coin() for _ in range(max(1, unit.move)))
                    if value:
                        break
                st.value = max(1, value)

    def action_help(self, match: Match, action: Action) -> str:
        """See hover.action_help."""
        with match.world:
            return hover.action_help(match, action)

    def why_not_target(self, match: Match, actor: int, target: int) -> str:
        with match.world:
            return hover.why_not_target(match, actor, target)

    def area_of(self, match: Match, action: Action) -> list[Cell]:
        with match.world:
            return hover.area_of(match, action)

    def cell_info(self, match: Match, cell: Cell, side: str | None) -> list[str]:
        with match.world:
            return hover.cell_info(match, cell, side)

    def health_floor(self, match: Match, ent: int, maximum: int) -> int:
        if esper.try_component(ent, TkUnit) is None:
            return -maximum
        return damage.health_floor(ent)

    def invariants(self, match: Match) -> list[str]:
        return view.invariants(match)

    def unit_view(self, match: Match, ent: int, side: str | None) -> dict[str, Any]:
        return view.unit_view(match, ent, side)


RULESET = TokensRuleset()
