"""The toy duels with a set-up phase that asks the sides decisions (as varium's initiative does).

Before the first turn each side makes a risk-and-stand initiative check: cards are dealt face up
from the shared deck one at a time and after each the side decides to take another or stand; a
total over `LIMIT` busts (initiative 0). The side with the higher initiative acts first. A side
whose check reaches `CRITICAL` is asked a second set-up decision: which unit leads. The AI values
the check with core `stackplay` on the cards it cannot see.
"""

from __future__ import annotations

import esper
from toyrules import SQUADS, ToyRules, toy_board

from game.core.action import Decision, Option
from game.core.board import Board
from game.core.cards import card_value
from game.core.components import Side
from game.core.draws import profile_of
from game.core.match import Match, Scenario
from game.core.ruleset import Resolution
from game.core.stackplay import Payoff, stack_choice
from game.core.stacks import StackRule, StackState

LIMIT = 15
CRITICAL = 14
RULE = StackRule.indexed(LIMIT, 14)
#: a higher initiative is worth more; a bust is worth nothing
PAYOFF = Payoff(tuple(float(t) for t in range(LIMIT + 1)), bust=0.0)


class InitiativeToy(ToyRules):
    """ToyRules with risk-and-stand initiative checks raised as set-up decisions."""

    id = "toy-init"
    name = "Toy duels with initiative"

    def setup_phase(self, match: Match) -> Resolution:
        """Each side's initiative check, then who leads, then the turn order."""
        cards = self._cards()
        scores: dict[str, int] = {}
        for side in ("p1", "p2"):
            total = 0
            while True:
                card = cards.draw(match.chance)
                assert card is not None
                total += card_value(card)
                match.emit("initiative", f"{side} is dealt {card}: {total}", chance=True, side=side)
                if total > LIMIT:
                    total = 0
                    match.emit("initiative", f"{side} busts", side=side)
                    break
                key = yield Decision(side, "initiative", f"Initiative {total}: another card?",
                                     (Option("stand", "Stand", f"keep {total}"),
                                      Option("hit", "Another card", f"bust over {LIMIT}")),
                                     default="stand", context={"total": total})
                if key == "stand":
                    break
            scores[side] = total
            cards.move_all("table", "discard")
        first = "p2" if scores["p2"] > scores["p1"] else "p1"
        units = sorted(e for e, (sd,) in esper.get_components(Side) if sd.side == first)
        lead = units[0]
        if scores[first] >= CRITICAL:
            key = yield Decision(first, "lead", "Critical initiative: who leads?",
                                 tuple(Option(str(e), f"unit #{e}") for e in units),
                                 default=str(units[0]))
            lead = int(key)
        match.emit("initiative", f"{first} acts first ({scores['p1']} to {scores['p2']})")
        order = self._order()
        if first == "p2":
            order = order[1:] + order[:1]
        i = order.index(lead)
        order[0], order[i] = order[i], order[0]
        table = match.table
        table.data.update({"order": order, "idx": 0, "initiative": scores})
        table.actor = lead
        table.turn_side = first

    def advise(self, match: Match, decision: Decision) -> dict[str, float]:
        """Initiative: exact stand-or-hit worths from the cards the side cannot see."""
        if decision.kind == "initiative":
            prof = profile_of(self._cards().unseen_by(decision.side), card_value, 14)
            choice = stack_choice(prof, StackState(decision.context["total"]), RULE, PAYOFF)
            return {"stand": choice.stand, "hit": choice.hit}
        if decision.kind == "lead":
            return {}
        return super().advise(match, decision)


INIT = InitiativeToy()


def init_match(seed: int = 1, controllers: dict | None = None, board: Board | None = None) -> Match:
    """A toy match whose set-up asks initiative decisions."""
    scenario = Scenario("toy-init", "toy", {"p1": "shots", "p2": "blades"}, seed)
    return Match(INIT, scenario, board or toy_board(), controllers)


__all__ = ["INIT", "SQUADS", "init_match"]
