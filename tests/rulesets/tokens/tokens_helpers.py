"""Test helpers for tokens: a quiet blank board, finding units, placing them, forcing coins."""

from __future__ import annotations

from typing import Any

import esper

from game.core.action import Action
from game.core.board import Board
from game.core.components import Health, Name, Position, Table
from game.core.match import Match, Scenario
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.components import TkGear, TkTokens, TkUnit, get

H, T = "heads", "tails"


def make_match(
    p1: str = "wardens",
    p2: str = "brood",
    *,
    force: list[str] | None = None,
    seed: int = 1,
    board: Board | None = None,
    quiet: bool = True,
    rules: dict[str, Any] | None = None,
) -> Match:
    """A match on a blank 16x12 square board, p1 spawned down the west edge, p2 the east edge.

    `force` queues coins for set-up (health tokens, then p1's passive Observe). With `quiet` no
    unit has a passive Observe afterwards, so later coins are only the ones a test forces. `rules`:
    the rules options (readings) the match plays by.
    """
    board = board or Board.blank("square", 16, 12)
    board.spawns = {"p1": [(0, r) for r in range(6)], "p2": [(15, r) for r in range(6)]}
    scenario = Scenario("tokens", "blank", {"p1": p1, "p2": p2}, seed, {"rules": rules} if rules else {})
    match = Match(RULESET, scenario, board, {}, setup=False)
    if force:
        match.chance.force("coin", *force)
    with match.world:
        match.table_entity = esper.create_entity(Table(sides=("p1", "p2")))
        RULESET.setup(match)
        if quiet:
            for _e, (u,) in match.units(TkUnit):
                u.observe = 0
    return match


def unit(m: Match, name: str) -> int:
    """The unit with this display name."""
    with m.world:
        for ent, (n,) in m.units(Name):
            if n.text == name:
                return ent
    raise AssertionError(f"no unit {name!r}")


def place(m: Match, ent: int, cell: tuple[int, int]) -> None:
    with m.world:
        get(ent, Position).cell = cell


def comp(m: Match, ent: int, cls: type) -> Any:
    with m.world:
        return get(ent, cls)


def tokens(m: Match, ent: int) -> TkTokens:
    return comp(m, ent, TkTokens)


def hold(m: Match, ent: int, wid: str) -> None:
    """Put a weapon in the unit's hand (loaded) for a test."""
    with m.world:
        g = get(ent, TkGear)
        if wid not in g.weapons:
            g.weapons.append(wid)
        g.held = wid
        from game.rulesets.tokens.content import shipped

        if shipped().weapons[wid].ammo:
            g.loaded[wid] = shipped().weapons[wid].ammo


def set_hp(m: Match, ent: int, hp: int, top: int | None = None) -> None:
    with m.world:
        h = get(ent, Health)
        h.current = hp
        if top is not None:
            h.maximum = top


def hp(m: Match, ent: int) -> int:
    return comp(m, ent, Health).current


def find(m: Match, kind: str, **fields: Any) -> Action:
    found = [a for a in m.legal() if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]
    assert found, f"no legal {kind} with {fields}; e.g. {[a.label for a in m.legal() if a.kind == kind][:10]}"
    return found[0]


def legal_kinds(m: Match, ent: int) -> set[str]:
    return {a.kind for a in m.legal() if a.actor == ent}


def act(m: Match, kind: str, **fields: Any) -> None:
    m.submit(find(m, kind, **fields))


def answer(m: Match, kind: str, key: str) -> None:
    pending = m.pending_decision
    assert pending is not None, f"expected a {kind} decision, none pending"
    assert pending.kind == kind, f"expected {kind}, got {pending.kind}: {pending.prompt}"
    m.answer(key)


def events(m: Match, kind: str) -> list[Any]:
    return [e for e in m.log if e.kind == kind]


def end_turn(m: Match) -> None:
    act(m, "end")
