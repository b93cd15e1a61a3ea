"""Test helpers for casket: forced set-up, finding and playing actions, arranging hands."""

from __future__ import annotations

from typing import Any

import esper

from game.core.action import Action
from game.core.board import Board
from game.core.components import Facing, Position, Table
from game.core.match import Match, Scenario
from game.rulesets.casket import RULESET
from game.rulesets.casket.components import caskets, get, side_of, structure

SEED_SPAWNS = {"p1": [(5, 3)], "p2": [(4, 6)]}


def make_match(p1: str = "seed_confessor", p2: str = "seed_ironclad", *,
               spawns: dict[str, list] | None = None,
               force: list[tuple[str, tuple[Any, ...]]] | None = None, seed: int = 1,
               board: Board | None = None, options: dict[str, Any] | None = None) -> Match:
    """A match on a blank 16x12 hex board; `force` queues outcomes before set-up (hands, initiative)."""
    board = board or Board.blank("hex", 16, 12)
    board.spawns = dict(spawns if spawns is not None else SEED_SPAWNS)
    scenario = Scenario("casket", "blank", {"p1": p1, "p2": p2}, seed, dict(options or {}))
    match = Match(RULESET, scenario, board, {}, setup=False)
    for channel, values in force or []:
        match.chance.force(channel, *values)
    with match.world:
        match.table_entity = esper.create_entity(Table(sides=("p1", "p2")))
        RULESET.setup(match)
    return match


def units(match: Match, side: str) -> list[int]:
    """Casket ids of a side."""
    with match.world:
        return [e for e in caskets(match) if side_of(e) == side]


def find(match: Match, kind: str, **fields: Any) -> Action:
    """The one legal action of a kind whose fields match."""
    found = [a for a in match.legal() if a.kind == kind
             and all(getattr(a, k) == v for k, v in fields.items())]
    assert found, f"no legal {kind} with {fields}; legal: {[a.label for a in match.legal()][:40]}"
    return found[0]


def act(match: Match, kind: str, **fields: Any) -> None:
    """Submit the matching legal action."""
    match.submit(find(match, kind, **fields))


def answer(match: Match, kind: str, key: str) -> None:
    """Answer the pending decision, checking its kind."""
    pending = match.pending_decision
    assert pending is not None, f"expected a {kind} decision, none pending"
    assert pending.kind == kind, f"expected a {kind} decision, got {pending.kind}: {pending.prompt}"
    match.answer(key)


def set_hand(match: Match, ent: int, cards: list[str]) -> None:
    """Swap the hand for the named cards (taken from the deck), keeping every card accounted for."""
    with match.world:
        pile = structure(ent)
        pile.move_all("hand", "deck")
        for c in cards:
            pile.move(c, "deck", "hand")
    match.touch()  # an edit outside a resolution: caches keyed on the state version start afresh


def place(match: Match, ent: int, cell: tuple[int, int], facing: int | None = None) -> None:
    """Put a casket on a hex (and facing) for a test situation."""
    with match.world:
        get(ent, Position).cell = cell
        if facing is not None:
            get(ent, Facing).direction = facing
    match.touch()  # an edit outside a resolution: caches keyed on the state version start afresh


def activate(match: Match, ent: int) -> None:
    """Activate a casket (its side must be up)."""
    act(match, "activate", actor=ent)


def events(match: Match, kind: str) -> list[Any]:
    """Log events of a kind."""
    return [e for e in match.log if e.kind == kind]


def comp(match: Match, ent: int, cls: type) -> Any:
    """A component (read outside a world block)."""
    with match.world:
        return get(ent, cls)


A_HAND = ["faithful_thrust", "faithful_thrust", "penitent_blades", "feint", "survey_the_field", "chain_flail"]
B_HAND = ["penitent_blades", "buckler", "reliquary_lantern", "feint", "survey_the_field", "judgement"]


def duel(b_hand: list[str] = B_HAND) -> tuple[Match, int, int]:
    """Two Confessors face to face, p1 to act."""
    m = make_match("seed_confessor", "seed_confessor", force=[("initiative", (6, 1))])
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    place(m, a, (5, 5), 0)
    place(m, b, (6, 5), 3)
    set_hand(m, a, A_HAND)
    set_hand(m, b, b_hand)
    activate(m, a)
    return m, a, b


def hit(m: Match, a: int, b: int, aim: str = "right_arm", card: str = "faithful_thrust",
        attack: tuple[str, ...] = ("Glance", "Double Strike"), defense: tuple[str, ...] = ()) -> None:
    """Attack with forced dice (default: a plain Hit for the card's base damage)."""
    m.chance.force("attack", *attack)
    m.chance.force("defense", *(defense or ("Blood",) * 8))
    act(m, "card", actor=a, option=f"{card}@{aim}", target=b)
