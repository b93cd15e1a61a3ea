"""Helpers for voidmarked tests: small matches on blank boards, placing units, stacking the deck."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import esper

from game.core.action import Action, Decision
from game.core.board import Board
from game.core.components import Conditions, Health, Position, Status
from game.core.geometry import Cell
from game.core.match import Match, Scenario
from game.rulesets.voidmarked import RULESET, ai
from game.rulesets.voidmarked.components import VmGear, VmOrder, VmStats, VmTurn, VmVoid
from game.rulesets.voidmarked.conditions import refresh_engagement
from game.rulesets.voidmarked.query import deck, hand_zone


def new_match(p1: str = "vanguard", p2: str = "void_cult", seed: int = 1, board: Board | None = None,
              controllers: dict | None = None) -> Match:
    """A set-up match on a blank 16 x 12 board (units on the outer columns)."""
    board = board or Board.blank("square", 16, 12)
    scenario = Scenario("voidmarked", "blank", {"p1": p1, "p2": p2}, seed)
    return Match(RULESET, scenario, board, controllers or {})


def unit(match: Match, uid: str, side: str | None = None, nth: int = 1) -> int:
    """The entity of a unit by content id (and side)."""
    from game.core.components import Name, Side

    found = []
    with match.world:
        for ent, (name, s) in sorted(esper.get_components(Name, Side)):
            if name.kind == uid and (side is None or s.side == side):
                found.append(ent)
    assert len(found) >= nth, f"no unit {uid} ({side})"
    return found[nth - 1]


def place(match: Match, ent: int, cell: Cell) -> None:
    """Put a unit on a square (anyone already there is moved to the board's far corner row)."""
    with match.world:
        esper.component_for_entity(ent, Position).cell = cell
        refresh_engagement(match)
    ai.forget(match)


def park_others(match: Match, keep: Iterable[int]) -> None:
    """Take every unit not in `keep` out of the fight (dead, off the board), so a test sees only its own."""
    keep = set(keep)
    with match.world:
        for ent, _ in sorted(esper.get_component(VmStats)):
            if ent not in keep:
                esper.component_for_entity(ent, Status).state = "dead"
        refresh_engagement(match)
    ai.forget(match)


def revive(match: Match, ent: int) -> None:
    """Bring a parked unit back into the fight."""
    with match.world:
        esper.component_for_entity(ent, Status).state = "active"
    ai.forget(match)


def make_turn(match: Match, ent: int) -> None:
    """Make `ent` the acting unit with a fresh Move, Action and Quick Action (no start-of-turn)."""
    with match.world:
        order = esper.component_for_entity(match.table_entity, VmOrder)
        order.index = order.order.index(ent)
        ts = esper.component_for_entity(match.table_entity, VmTurn)
        ts.actor = ent
        ts.moves_left = 1
        ts.moved = ts.action_used = ts.quick_used = ts.ran = ts.attacked = False
    ai.forget(match)


def set_hand(match: Match, side: str, cards: list[str]) -> None:
    """Give a side exactly these hand cards (others go back into the deck); counts stay exact."""
    with match.world:
        cs = deck(match)
        zone = hand_zone(side)
        for c in list(cs.zone(zone)):
            cs.move(c, zone, "deck")
        for c in cards:
            src = cs.where(c)
            assert src is not None
            cs.move(c, src, zone)
    ai.forget(match)


def stack(match: Match, *cards: str) -> None:
    """Make the next flips these cards (moving any that sit outside the deck back into it)."""
    with match.world:
        cs = deck(match)
        for c in cards:
            src = cs.where(c)
            if src != "deck":
                # swap with a deck card not wanted here, so the other zone keeps its size
                spare = next(x for x in cs.zone("deck") if x not in cards)
                cs.move(c, src, "deck")
                cs.move(spare, "deck", src)
    match.chance.force("card", *cards)
    match.touch()


def act(match: Match, kind: str, actor: int, *, target: int | None = None, cell: Cell | None = None,
        option: str = "", answer: Callable[[Decision], str] | None = None) -> list[Decision]:
    """Submit an action (it must be legal) and answer decisions (default: the default); returns them."""
    legal = match.legal()
    found = next((a for a in legal if _names(a, kind, actor, target, cell, option)), None)
    offered = [(a.kind, a.target, a.cell, a.option) for a in legal]
    assert found is not None, f"{kind} {option} not legal: {offered}"
    match.submit(found)
    asked = []
    while match.pending_decision is not None:
        d = match.pending_decision
        asked.append(d)
        match.answer(answer(d) if answer else d.default)
    return asked


def is_legal(match: Match, kind: str, actor: int, *, target: int | None = None, cell: Cell | None = None,
             option: str = "") -> bool:
    """Whether such an action is in the legal list now."""
    return any(_names(a, kind, actor, target, cell, option) for a in match.legal())


def _names(a: Action, kind: str, actor: int, target: int | None, cell: Cell | None, option: str) -> bool:
    """The legal action is the one asked for (a move's route is the ruleset's to give)."""
    return (a.kind, a.actor, a.target, a.cell, a.option) == (kind, actor, target, cell, option)


def hp(match: Match, ent: int) -> int:
    """Current Health."""
    with match.world:
        return esper.component_for_entity(ent, Health).current


def set_hp(match: Match, ent: int, value: int) -> None:
    """Set current Health."""
    with match.world:
        esper.component_for_entity(ent, Health).current = value
    ai.forget(match)


def state(match: Match, ent: int) -> str:
    """Life state."""
    with match.world:
        return esper.component_for_entity(ent, Status).state


def conds(match: Match, ent: int) -> dict:
    """Active conditions."""
    with match.world:
        match.touch()  # handed out to be edited: caches keyed on the version start afresh
        return esper.component_for_entity(ent, Conditions).active


def gear(match: Match, ent: int) -> VmGear:
    """Weapons and shots."""
    with match.world:
        match.touch()  # handed out to be edited: caches keyed on the version start afresh
        return esper.component_for_entity(ent, VmGear)


def void(match: Match, ent: int) -> VmVoid:
    """Void Energy."""
    with match.world:
        match.touch()  # handed out to be edited: caches keyed on the version start afresh
        return esper.component_for_entity(ent, VmVoid)


def zone(match: Match, name: str) -> list[str]:
    """A card zone's content."""
    with match.world:
        return list(deck(match).zone(name))


def events(match: Match, kind: str) -> list:
    """Log events of a kind."""
    return [e for e in match.log if e.kind == kind]


def hand_over(match: Match, first: int, second: int) -> None:
    """Put `second` right after `first` in the initiative order and end `first`'s turn, so that
    `second`'s start-of-turn window runs."""
    with match.world:
        order = esper.component_for_entity(match.table_entity, VmOrder)
        order.order.remove(second)
        order.order.insert(order.order.index(first) + 1, second)
    make_turn(match, first)
    act(match, "end", first)


def current(match: Match) -> int | None:
    """The acting unit."""
    return match.current().unit
