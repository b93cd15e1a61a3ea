"""Test helpers for saves: a match on a blank square board, units placed and scored by hand,
forced dice ('d20' for saves, 'd4'..'d12' for damage)."""

from __future__ import annotations

from typing import Any

import esper

from game.core.action import Action
from game.core.board import Board
from game.core.components import Health, Position, Status, Table
from game.core.match import Match, Scenario
from game.rulesets.saves import RULESET
from game.rulesets.saves.components import SvGear, SvScores, get, side_of, units
from game.rulesets.saves.setup import initiative


def make_match(
    p1: str = "party",
    p2: str = "warband",
    *,
    options: dict[str, Any] | None = None,
    force: list[tuple[str, tuple[Any, ...]]] | None = None,
    seed: int = 1,
    board: Board | None = None,
    phase: bool = True,
) -> Match:
    """A match on a blank 20x14 square board; p1 acts first unless `options` says otherwise."""
    board = board or Board.blank("square", 20, 14)
    opts = {"surprise": "p1"}
    opts.update(options or {})
    match = Match(
        RULESET, Scenario("saves", "blank", {"p1": p1, "p2": p2}, seed, opts), board, {}, setup=False
    )
    for channel, values in force or []:
        match.chance.force(channel, *values)
    with match.world:
        match.table_entity = esper.create_entity(Table(sides=("p1", "p2")))
        RULESET.setup(match)
        if phase:
            for _ in initiative(match):
                pass
    return match


def side_units(match: Match, side: str) -> list[int]:
    """Unit ids of a side."""
    with match.world:
        return [e for e in units() if side_of(e) == side]


def place(match: Match, ent: int, cell: tuple[int, int]) -> None:
    """Put a unit on a square."""
    with match.world:
        get(ent, Position).cell = cell


def bench(match: Match, keep: list[int]) -> None:
    """Everyone not in `keep` leaves the field (fled), far from the action."""
    with match.world:
        # the benched are not losses: no morale check unless a test asks for one
        get(match.table_entity, Table).data["morale_checked"] = ["p1", "p2"]
        for i, e in enumerate(units()):
            if e not in keep:
                get(e, Status).state = "fled"
                get(e, Position).cell = (i, 13)


def setup_unit(
    match: Match,
    ent: int,
    *,
    hp: int | None = None,
    str_: int | None = None,
    dex: int | None = None,
    wil: int | None = None,
    held: list[str] | None = None,
    armour: str | None = None,
    shield: str | None = None,
    conditions: list[str] = (),
    bonus: list[int] | None = None,
) -> None:
    """Set a unit's numbers for a test situation."""
    with match.world:
        s, g = get(ent, SvScores), get(ent, SvGear)
        if hp is not None:
            get(ent, Health).current = get(ent, Health).maximum = hp
        if str_ is not None:
            s.strength = s.strength_max = str_
        if dex is not None:
            s.dex = s.dex_max = dex
        if wil is not None:
            s.wil = s.wil_max = wil
        if held is not None:
            g.held = list(held)
        if bonus is not None:
            g.bonus = list(bonus)
        if armour is not None:
            g.armour = armour
        if shield is not None:
            g.shield = shield
        from game.core.components import Conditions

        for c in conditions:
            get(ent, Conditions).active[c] = {}


def find(match: Match, kind: str, **fields: Any) -> Action:
    """The one legal action of a kind whose fields match."""
    found = [
        a for a in match.legal() if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())
    ]
    assert found, (
        f"no legal {kind} with {fields}; legal: {[a.label for a in match.legal() if a.kind != 'move'][:40]}"
    )
    return found[0]


def legal_kinds(match: Match, actor: int) -> set[str]:
    """The kinds a unit may declare now."""
    return {a.kind for a in match.legal() if a.actor == actor}


def act(match: Match, kind: str, **fields: Any) -> None:
    """Submit the matching legal action."""
    match.submit(find(match, kind, **fields))


def resolve(match: Match) -> None:
    """Press Resolve."""
    match.submit(Action("end"))


def answer(match: Match, key: str, kind: str = "defend") -> None:
    """Answer the pending decision."""
    pending = match.pending_decision
    assert pending is not None and pending.kind == kind, pending
    match.answer(key)


def comp(match: Match, ent: int, cls: type) -> Any:
    """A component (read outside a world block)."""
    with match.world:
        return get(ent, cls)


def events(match: Match, kind: str) -> list[Any]:
    """Log events of a kind."""
    return [e for e in match.log if e.kind == kind]


def duel(p1_held: list[str] = ("sword",), p2_held: list[str] = ("sword",)) -> tuple[Match, int, int]:
    """Two units face to face on p1's turn, everyone else benched; plain scores, no armour."""
    m = make_match()
    a, b = side_units(m, "p1")[0], side_units(m, "p2")[0]
    bench(m, [a, b])
    place(m, a, (5, 5))
    place(m, b, (6, 5))
    setup_unit(m, a, hp=5, str_=10, dex=10, wil=10, held=list(p1_held), armour="none", shield="", bonus=[])
    setup_unit(m, b, hp=5, str_=10, dex=10, wil=10, held=list(p2_held), armour="none", shield="", bonus=[])
    return m, a, b
