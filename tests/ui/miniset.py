"""A tiny ruleset for UI tests: units move up to 3 cells, attack adjacent by flipping a card.

It exercises what the UI must handle for any ruleset: unit turns, move paths, targeted attacks
with an exact preview, a chance event carrying cards, a decision (re-flip or keep), side hands
visible to one side only, damage events with attacker data, an end turn, and a result.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

import esper

from game.core.action import Action, Decision, Option
from game.core.board import Board
from game.core.cards import Cards, card_value, standard_deck
from game.core.components import Conditions, Facing, Health, Name, Position, Side, Status
from game.core.match import Match, Scenario
from game.core.pathing import reachable
from game.core.ruleset import Outcome, Preview, Resolution, Ruleset, SquadInfo, Turn

HIT_AT = 6  # a flipped value of 6 or more hits
DAMAGE = 4


class MiniRuleset(Ruleset):
    """Unit turns in entity order; move 3, then attack an adjacent enemy or end the turn."""

    id: ClassVar[str] = "mini"
    name: ClassVar[str] = "Mini (UI test)"
    board_kind: ClassVar[str] = "square"
    turn_ending: ClassVar[frozenset[str]] = frozenset({"end_turn"})
    round_cap: ClassVar[int] = 40

    def __init__(self, kind: str = "square", units: int = 2) -> None:
        self.kind = kind
        self.per_side = units

    def squads(self) -> dict[str, SquadInfo]:
        return {"duo": SquadInfo("duo", "Duo", "Two fighters.", ("fighter", "fighter"))}

    def default_squads(self) -> tuple[str, str]:
        return ("duo", "duo")

    def setup(self, match: Match) -> None:
        cols, rows = match.board.size
        for s, side in enumerate(("p1", "p2")):
            for i in range(self.per_side):
                col = 1 if s == 0 else cols - 2
                cell = match.board.grid.from_offset(col, 1 + i * 2)
                comps: list[Any] = [
                    Name(f"{'Ann' if s == 0 else 'Bo'} {i + 1}", "fighter"),
                    Side(side),
                    Position(cell),
                    Health(10, 10),
                    Status(),
                    Conditions(),
                ]
                if self.kind == "hex":
                    comps.append(Facing(0 if s == 0 else 3))
                esper.create_entity(*comps)
        cards = Cards(visibility={"hand:p1": "p1", "hand:p2": "p2"})
        cards.zones["deck"] = standard_deck()
        cards.shuffle(match.chance)
        for side in ("p1", "p2"):
            for _ in range(3):
                cards.draw(match.chance, dst=f"hand:{side}")
        esper.add_component(match.table_entity, cards)
        table = match.table
        table.actor = self._order(match)[0]
        table.data["moved"] = False
        table.data["attacked"] = False

    def _order(self, match: Match) -> list[int]:
        return [e for e, (st,) in match.units(Status) if st.state == "active"]

    def turn_order(self, match: Match) -> list[int]:
        order = self._order(match)
        actor = match.table.actor
        if actor in order:
            i = order.index(actor)
            return order[i:] + order[:i]
        return order

    def turn(self, match: Match) -> Turn:
        actor = match.table.actor
        return Turn(esper.component_for_entity(actor, Side).side, actor)

    def _occupied(self, match: Match) -> set:
        return {tuple(p.cell) for _, (p, st) in match.units(Position, Status) if st.state == "active"}

    def legal_actions(self, match: Match) -> list[Action]:
        table = match.table
        actor = table.actor
        side = esper.component_for_entity(actor, Side).side
        here = tuple(esper.component_for_entity(actor, Position).cell)
        out: list[Action] = []
        if not table.data["moved"]:
            occupied = self._occupied(match)
            reach = reachable(match.board, here, 3, enterable=lambda c: c not in occupied)
            for cell in sorted(reach.stoppable):
                if cell != here:
                    out.append(
                        Action(
                            "move", actor, cell=cell, path=tuple(reach.path_to(cell)), label=f"Move to {cell}"
                        )
                    )
        if not table.data["attacked"]:
            for ent, (pos, s, st, name) in match.units(Position, Side, Status, Name):
                if (
                    s.side != side
                    and st.state == "active"
                    and match.board.distance(here, tuple(pos.cell)) == 1
                ):
                    out.append(
                        Action(
                            "attack", actor, target=ent, label=f"Attack {name.text}", hotkey_group="Attack"
                        )
                    )
        out.append(Action("end_turn", actor, label="End turn"))
        return out

    def _hit_dist(self, match: Match, side: str) -> Any:
        cards = esper.component_for_entity(match.table_entity, Cards)
        return cards.next_draw(side).map(card_value)

    def preview(self, match: Match, action: Action) -> Preview | None:
        if action.kind != "attack":
            return None
        side = esper.component_for_entity(action.actor, Side).side
        dist = self._hit_dist(match, side)
        hit = float(dist.prob(lambda v: v >= HIT_AT))
        hp = esper.component_for_entity(action.target, Health).current
        kill = hit if hp <= DAMAGE else 0.0
        return Preview(
            f"Attack ({HIT_AT}+ hits)",
            [("hit", hit), ("miss", 1 - hit)],
            hit=hit,
            crit=0.0,
            expected_damage=hit * DAMAGE,
            kill=kill,
            lines=[f"flip a card: {HIT_AT}+ hits for {DAMAGE}"],
        )

    def resolve(self, match: Match, action: Action) -> Resolution:
        table = match.table
        side = esper.component_for_entity(action.actor, Side).side
        if action.kind == "move":
            esper.component_for_entity(action.actor, Position).cell = action.cell
            table.data["moved"] = True
            match.emit("move", f"{self._name(action.actor)} moves to {action.cell}", side=side)
            return
        if action.kind == "attack":
            table.data["attacked"] = True
            cards = esper.component_for_entity(match.table_entity, Cards)
            card = cards.draw(match.chance, dst="discard")
            match.emit(
                "flip",
                f"{self._name(action.actor)} flips {card}",
                [f"card {card} = {card_value(card)}"],
                chance=True,
                side=side,
                cards=[card],
            )
            key = yield Decision(
                side,
                "reflip",
                "Keep the card or flip again?",
                (
                    Option("keep", "Keep", f"value {card_value(card)}"),
                    Option("reflip", "Flip again", "take the second card whatever it is"),
                ),
                default="keep",
                context={"cards": [card]},
            )
            if key == "reflip":
                card = cards.draw(match.chance, dst="discard")
                match.emit(
                    "flip",
                    f"re-flip: {card}",
                    [f"card {card} = {card_value(card)}"],
                    chance=True,
                    side=side,
                    cards=[card],
                )
            if card_value(card) >= HIT_AT:
                health = esper.component_for_entity(action.target, Health)
                health.current -= DAMAGE
                match.emit(
                    "hit",
                    f"Hit {self._name(action.target)} for {DAMAGE}",
                    [f"{card_value(card)} >= {HIT_AT}", f"damage {DAMAGE}"],
                    side=side,
                    damage=DAMAGE,
                    attacker=action.actor,
                    target=action.target,
                )
                if health.current <= 0:
                    esper.component_for_entity(action.target, Status).state = "dead"
                    match.emit("down", f"{self._name(action.target)} falls", side=side)
            else:
                match.emit("miss", f"Miss ({card_value(card)} < {HIT_AT})", side=side)
            return
        # end turn
        order = self._order(match)
        if not order:
            return
        later = [e for e in order if e > table.actor]
        if later:
            table.actor = later[0]
        else:
            table.actor = order[0]
            table.round += 1
        table.data["moved"] = False
        table.data["attacked"] = False
        match.emit("turn", f"{self._name(table.actor)}'s turn")

    def _name(self, ent: int) -> str:
        return esper.component_for_entity(ent, Name).text

    def outcome(self, match: Match) -> Outcome | None:
        alive = {s.side for _, (s, st) in match.units(Side, Status) if st.state == "active"}
        if len(alive) == 1:
            return Outcome(alive.pop(), "the other side is down")
        return None

    def unit_view(self, match: Match, ent: int, side: str | None) -> dict[str, Any]:
        return {"weapon": "sword"}

    def assess(self, match: Match, action: Action) -> Any:
        from game.core.ruleset import Assessment

        if action.kind == "attack":
            p = self.preview(match, action)
            return Assessment(expected_damage=p.expected_damage if p else 0.0)
        if action.kind == "move":
            side = esper.component_for_entity(action.actor, Side).side
            foes = [
                tuple(p.cell)
                for _, (p, s, st) in match.units(Position, Side, Status)
                if s.side != side and st.state == "active"
            ]
            here = tuple(esper.component_for_entity(action.actor, Position).cell)
            now = min(match.board.distance(here, f) for f in foes) if foes else 0
            d = min(match.board.distance(action.cell, f) for f in foes) if foes else 0
            return Assessment(progress=2.0 * (now - d))
        return Assessment(cost=0.5)

    def advise(self, match: Match, decision: Decision) -> dict[str, float]:
        card = decision.context["cards"][0]
        side = decision.side
        p = self._hit_dist(match, side).prob(lambda v: v >= HIT_AT)
        return {"keep": 1.0 if card_value(card) >= HIT_AT else 0.0, "reflip": float(p * Fraction(1))}


RULESET = MiniRuleset()


def mini_match(
    kind: str = "square",
    size: tuple[int, int] = (8, 6),
    seed: int = 3,
    units: int = 2,
    rs: MiniRuleset | None = None,
) -> Match:
    """A match of the mini ruleset on a blank board (no controllers)."""
    rs = rs or MiniRuleset(kind, units)
    board = Board.blank(kind, *size)
    name = f"blank-{kind}-{size[0]}x{size[1]}"
    return Match(rs, Scenario("mini", name, {"p1": "duo", "p2": "duo"}, seed), board)


def blank_board_for(map_name: str) -> Board:
    """The board a mini scenario names ("blank-square-8x6"), for loads and replays."""
    _, kind, dims = map_name.split("-")
    cols, rows = (int(v) for v in dims.split("x"))
    return Board.blank(kind, cols, rows)
