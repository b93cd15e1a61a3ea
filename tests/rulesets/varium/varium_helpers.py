"""Helpers for varium tests: small matches on blank boards with a set turn order, forced cards."""

from __future__ import annotations

from typing import Any

import esper

from game.core.action import Action
from game.core.board import Board
from game.core.components import Health, Position, Table
from game.core.match import Match, Scenario
from game.rulesets.varium import RULESET
from game.rulesets.varium.components import VariumState, deck, get, table, units
from game.rulesets.varium.turns import start_turn


def make(
    p1: str = "duel_guard",
    p2: str = "duel_gang",
    cells: dict[str, list] | None = None,
    board: Board | None = None,
    order: list[int] | None = None,
    seed: int = 1,
) -> Match:
    """Both squads deployed on the given squares, the first unit of `order` (default: by id) to act."""
    board = board or Board.blank("square", 12, 10)
    board.spawns = dict(cells or {"p1": [(5, 5)], "p2": [(6, 5)]})
    m = Match(RULESET, Scenario("varium", "blank", {"p1": p1, "p2": p2}, seed), board, {}, setup=False)
    with m.world:
        m.table_entity = esper.create_entity(Table(sides=("p1", "p2")))
        RULESET.setup(m)
        t = table(m)
        t.data["order"] = list(order or units(m))
        for _ in start_turn(m, t.data["order"][0]):
            raise AssertionError("a fresh turn asks nothing")
    return m


def ents(m: Match) -> list[int]:
    """Unit ids, ascending (p1's first)."""
    with m.world:
        return units(m)


def find(m: Match, kind: str, **fields: Any) -> Action:
    """The one legal action of a kind whose fields match."""
    found = [a for a in m.legal() if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]
    assert found, f"no legal {kind} with {fields}; legal: {[a.label for a in m.legal()][:30]}"
    return found[0]


def act(m: Match, kind: str, **fields: Any) -> None:
    """Submit the matching legal action."""
    m.submit(find(m, kind, **fields))


def answer(m: Match, kind: str, key: str) -> None:
    """Answer the pending decision, checking its kind."""
    d = m.pending_decision
    assert d is not None, f"expected a {kind} decision, none pending"
    assert d.kind == kind, f"expected {kind}, got {d.kind}: {d.prompt}"
    m.answer(key)


def force(m: Match, *cards: str) -> None:
    """The next cards dealt, in order."""
    m.chance.force("card", *cards)


def state(m: Match, ent: int) -> VariumState:
    """A unit's varium state (live object)."""
    with m.world:
        return get(ent, VariumState)


def hp(m: Match, ent: int) -> int:
    """Current health."""
    with m.world:
        return get(ent, Health).current


def place(m: Match, ent: int, cell: tuple[int, int]) -> None:
    """Put a unit on a square."""
    with m.world:
        get(ent, Position).cell = cell


def cell(m: Match, ent: int) -> tuple[int, int]:
    """A unit's square."""
    with m.world:
        return get(ent, Position).cell


def zones(m: Match) -> dict[str, list[str]]:
    """The deck's zones."""
    with m.world:
        return {k: list(v) for k, v in deck(m).zones.items()}


def events(m: Match, kind: str) -> list[str]:
    """Texts of log events of a kind."""
    return [e.text for e in m.log if e.kind == kind]


def data(m: Match) -> dict[str, Any]:
    """The table's data."""
    with m.world:
        return table(m).data
