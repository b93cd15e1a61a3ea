"""Moving and facing: hexes entered, SP per hex, free turns earned by moving, the facing choice.

A plain move costs 1 SP per hex; a card move gives its hexes for the card's SP. Every hex adds
the movement penalties (Legs destroyed, Spinal Trauma, Right Middle thread) unless the card is
steady, and terrain with move_cost above 1 adds the difference. Turning by one hex side is free
once per hex moved this activation and costs 1 SP otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import TYPE_CHECKING

from game.core.action import Decision, Option
from game.core.board import Board, Terrain, board_tables
from game.core.components import Facing, Position
from game.core.counted import Route, counted
from game.core.wording import hex_direction_names, plural
from game.rulesets.casket.components import (
    CasketMotion,
    CasketSP,
    caskets,
    cell_of,
    facing_of,
    get,
    name_of,
    side_of,
)
from game.rulesets.casket.kinds import Ask, Ev
from game.rulesets.casket.status import hex_limit, move_penalty
from game.rulesets.casket.tohit import arc_reading

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]


def direction_name(match: Match, direction: int) -> str:
    """A hex side (facing index) as players read it: "north-east", the words move labels use
    (`game.core.wording`); the index stays what actions, decisions and saves hold."""
    return hex_direction_names(getattr(match.board.grid, "stagger_axis", "y"))[direction]


def occupied(match: Match) -> set[Cell]:
    """Hexes holding a casket (wrecks and inert caskets still fill their hex)."""
    return {cell_of(e) for e in caskets(match)}


def step_cost(match: Match, cell: Cell, plain: bool, penalty: int) -> int:
    """SP to enter a hex: 1 for a plain move, terrain extra, the casket's movement penalty."""
    return int(plain) + _extra(match.board.at(cell)) + penalty


def _extra(terrain: Terrain) -> int:
    """Extra SP of rough ground (move_cost above 1)."""
    cost = terrain.move_cost
    return 0 if cost <= 1 else math.ceil(cost) - 1


def routes(match: Match, ent: int, hexes: int, budget: int, plain: bool,
           steady: bool = False) -> dict[Cell, Route]:
    """Every hex the casket can end on within `hexes` hexes and `budget` SP (cheapest, then
    fewest hexes), in hex order: core `counted`, every casket blocking its hex."""
    limit = hex_limit(ent)
    if limit is not None:
        hexes = min(hexes, limit - get(ent, CasketMotion).moved_this)
    base = int(plain) + (0 if steady else move_penalty(ent))
    return counted(match.board, cell_of(ent), hexes, budget, base, occupied(match), _extra)


def route_cost(match: Match, ent: int, path: tuple[Cell, ...], plain: bool, steady: bool,
               penalty: int | None = None) -> int:
    """SP of a given path (`penalty`: the casket's `move_penalty`, when the caller has it)."""
    per_hex = int(plain) + (0 if steady else move_penalty(ent) if penalty is None else penalty)
    extras = _extras(match.board)
    return per_hex * len(path) + sum([extras[c] for c in path])


def _extras(board: Board) -> dict[Cell, int]:
    """`_extra` of every cell of the board, worked out once per board."""
    tables = board_tables(board)
    found = tables.get("casket-extras")
    if found is None:
        found = tables["casket-extras"] = {c: _extra(t) for c, t in board.terrain.items()}
    return found


def _nearest_foe(match: Match, ent: int) -> str:
    """Where a move ended, as a player reads it: how far from the nearest enemy casket."""
    from game.rulesets.casket.components import is_active

    here = cell_of(ent)
    foes = sorted((match.board.distance(here, cell_of(e)), name_of(e)) for e in caskets(match)
                  if side_of(e) != side_of(ent) and is_active(e))
    if not foes:
        return ""
    d, name = foes[0]
    return f", now {plural(d, 'hex')} from {name}"


def turn_steps(a: int, b: int) -> int:
    """Hex sides between two facings."""
    d = abs(a - b) % 6
    return min(d, 6 - d)


def turn_cost(ent: int, direction: int) -> int:
    """SP to turn to `direction` now (free turns first)."""
    steps = turn_steps(facing_of(ent), direction)
    return max(0, steps - get(ent, CasketMotion).free_turns)


def turn(match: Match, ent: int, direction: int) -> None:
    """Turn to a facing, spending free turns first, then SP."""
    steps = turn_steps(facing_of(ent), direction)
    if steps == 0:
        return
    motion = get(ent, CasketMotion)
    free = min(steps, motion.free_turns)
    motion.free_turns -= free
    cost = steps - free
    get(ent, CasketSP).sp -= cost
    get(ent, Facing).direction = direction
    match.emit(Ev.TURN, f"{name_of(ent)} turns to face {direction_name(match, direction)} "
               f"({plural(steps, 'side')}, {cost} SP).", [f"free turns used {free}", f"SP paid {cost}"])


def walk(match: Match, ent: int, path: tuple[Cell, ...], plain: bool, steady: bool, why: str) -> None:
    """Move along a legal path: pay SP, count hexes, earn free turns."""
    cost = route_cost(match, ent, path, plain, steady)
    get(ent, CasketSP).sp -= cost
    get(ent, Position).cell = path[-1]
    motion = get(ent, CasketMotion)
    motion.moved_this += len(path)
    motion.free_turns += len(path)
    # the distance to the nearest enemy is for a person reading the log: an AI's scratch copy
    # (`Match.is_scratch`) moves thousands of times a game and nobody reads its log
    near = "" if match.is_scratch else _nearest_foe(match, ent)
    match.emit(Ev.MOVE, f"{name_of(ent)} moves {plural(len(path), 'hex')} "
               f"({why}, {cost} SP){near}.",
               [f"hexes this activation: {motion.moved_this}", f"SP left {get(ent, CasketSP).sp}"],
               path=[list(c) for c in path])


#: a defender's arcs, read as an attacker standing in each gets them (from tohit.ARCS)
ARC_WORDS = tuple(arc_reading(arc) for arc in range(6))


def facing_detail(match: Match, ent: int, direction: int) -> str:
    """Where each active enemy would stand relative to this facing: what the choice is about."""
    return _facing_detail(match, ent, direction, _foes_of(match, ent))


def _foes_of(match: Match, ent: int) -> list[tuple[Cell, str]]:
    """Cell and name of each active enemy casket, ascending id."""
    from game.rulesets.casket.components import is_active

    side = side_of(ent)
    return [(cell_of(e), name_of(e)) for e in caskets(match) if side_of(e) != side and is_active(e)]


def _facing_detail(match: Match, ent: int, direction: int, foes: list[tuple[Cell, str]]) -> str:
    here = cell_of(ent)
    # a function of the hex, the facing and the enemies: kept per board
    kept = board_tables(match.board).setdefault("casket-facing-detail", {})
    key = (here, direction, tuple(foes))
    found = kept.get(key)
    if found is None:
        if len(kept) > 50_000:
            kept.clear()
        found = kept[key] = _detail_of(match, here, direction, foes)
    return found  # type: ignore[no-any-return]


def _detail_of(match: Match, here: Cell, direction: int, foes: list[tuple[Cell, str]]) -> str:
    grid = match.board.grid
    by_arc: dict[int, list[str]] = {}
    for cell, name in foes:
        by_arc.setdefault(grid.arc(here, direction, cell), []).append(name)  # type: ignore[attr-defined]
    return "; ".join(f"{', '.join(names)} → {ARC_WORDS[arc]}" for arc, names in sorted(by_arc.items()))


def face_decision(match: Match, ent: int) -> Decision:
    """After moving: which way to face (each option priced, with the arc each enemy would be in).

    The context's "facings" maps each option to its hex side, so a UI can draw the choice as
    arrows around the casket.
    """
    sp = get(ent, CasketSP).sp
    foes = _foes_of(match, ent)
    # the options are a function of these alone: kept per board (every simulated move asks)
    key = (cell_of(ent), facing_of(ent), get(ent, CasketMotion).free_turns, sp, tuple(foes))
    kept = board_tables(match.board).setdefault("casket-face-options", {})
    options = kept.get(key)
    if options is None:
        made = []
        for d in range(6):
            cost = turn_cost(ent, d)
            if cost <= sp:
                price = "keep" if d == facing_of(ent) else f"{cost} SP"
                made.append(Option(str(d), f"Face {direction_name(match, d)} ({price})",
                                   _facing_detail(match, ent, d, foes)))
        if len(kept) > 20_000:
            kept.clear()
        options = kept[key] = tuple(made)
    return Decision(side_of(ent), Ask.FACE, f"{name_of(ent)}: which way to face? (SP left {sp})",
                    options, default=str(facing_of(ent)),
                    context={"unit": ent, "facings": {o.key: int(o.key) for o in options}})


def move_and_face(match: Match, ent: int, path: tuple[Cell, ...], plain: bool, steady: bool,
                  why: str) -> Generator[Decision, str, None]:
    """Walk the path, then ask for the new facing."""
    walk(match, ent, path, plain, steady, why)
    decision = face_decision(match, ent)
    if len(decision.options) > 1:
        answer = yield decision
        turn(match, ent, int(answer))
