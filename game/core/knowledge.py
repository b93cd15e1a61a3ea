"""What a side knows of the units on the board: the one place the AI and the UI ask.

The world holds every unit's true `Position`. A side may not know all of them: tokens' sneaking
units and varium's hidden units are somewhere the other side has not seen. The ruleset says which
units are hidden from a side and where that side last saw each (`Ruleset.hidden_units`, default:
none); `known_units` turns that into the side's picture of the board, and `place_hidden` re-places
hidden units on an AI's scratch copy among the cells the side cannot rule out, so a simulated
future never starts from the true position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import esper

from game.core.board import board_tables
from game.core.components import Position, Side
from game.core.memo import state_memo

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.chance import Chance
    from game.core.geometry import Cell
    from game.core.match import Match


class Belief(NamedTuple):
    """Where a side believes a unit is.

    `cell` is the true cell for a unit the side sees, the last-seen cell for a hidden one, and
    None for a hidden unit never seen. `hidden` says which it is. (A tuple: the AI builds these
    for every cell it prices, so they must be cheap.)
    """

    ent: int
    side: str
    cell: Cell | None
    hidden: bool = False


_new = tuple.__new__


def known_units(match: Match, side: str | None) -> list[Belief]:
    """Every unit on the board (with a side and a `Position`), ascending id, as `side` knows it
    (None: the whole truth, for spectators and referees). A side always sees its own units; a
    hidden unit keeps its true `Position` in the world, which this never reports to other sides."""
    # the AI asks for every cell it prices: one answer per side and state (a fresh list each
    # time, so a caller may change its own)
    memo = state_memo(match, "known-units")
    found = memo.get(side)
    if found is None:
        found = memo[side] = _known_units(match, side)
    return list(found)


def _known_units(match: Match, side: str | None) -> list[Belief]:
    hidden = match.ruleset.hidden_units(match, side) if side is not None else None
    with match.world:
        found = sorted(esper.get_components(Side, Position))
    if not hidden:
        # the common case, on every cell the AI prices: nothing hidden, no per-unit tests
        return [_new(Belief, (ent, owner.side, tuple(pos.cell), False)) for ent, (owner, pos) in found]
    out: list[Belief] = []
    for ent, (owner, pos) in found:
        if ent in hidden and owner.side != side:
            last = hidden[ent]
            out.append(Belief(ent, owner.side, tuple(last) if last is not None else None, True))  # type: ignore[arg-type]
        else:
            out.append(Belief(ent, owner.side, tuple(pos.cell)))  # type: ignore[arg-type]
    return out


def believed_cells(match: Match, side: str | None) -> dict[int, Cell]:
    """Unit id -> the cell `side` believes it is on, for every unit it can place."""
    return {b.ent: b.cell for b in known_units(match, side) if b.cell is not None}


def believed_cell(match: Match, side: str, ent: int) -> Cell | None:
    """Where `side` believes unit `ent` is (`known_units` for one unit): for a ruleset's own AI
    code, which reads one enemy at a time, many times a decision (hence no world switch when the
    match's world is already the current one)."""
    hidden = match.ruleset.hidden_units(match, side)
    if esper.current_world != match.world.name:
        with match.world:
            return _believed(hidden, side, ent)
    return _believed(hidden, side, ent)


def _believed(hidden: dict[int, Cell | None], side: str, ent: int) -> Cell | None:
    if hidden and ent in hidden and esper.component_for_entity(ent, Side).side != side:
        last = hidden[ent]
        return tuple(last) if last is not None else None  # type: ignore[return-value]
    pos = esper.try_component(ent, Position)
    return tuple(pos.cell) if pos is not None else None  # type: ignore[return-value]


def place_hidden(match: Match, side: str, chance: Chance) -> None:
    """On a scratch copy, move every unit hidden from `side` to a cell drawn with `chance` among
    the ruleset's `hiding_places`, so the copy's positions depend only on what `side` has seen.

    Hidden units are lifted first (their true cells are never treated as taken), then placed in
    ascending id on distinct cells; a unit with nowhere to go stays at its last-seen cell (or
    where it is when it was never seen: there is nothing else the copy could hold)."""
    hidden = match.ruleset.hidden_units(match, side)
    if not hidden:
        return
    rs = match.ruleset
    with match.world:
        taken = {tuple(pos.cell) for ent, (pos, _owner) in match.units(Position, Side) if ent not in hidden}
        for ent in sorted(hidden):
            pos = esper.try_component(ent, Position)
            if pos is None:
                continue
            last = hidden[ent]
            places = sorted(c for c in rs.hiding_places(match, side, ent, last) if c not in taken)
            cell = places[chance.below(len(places))] if places else last
            if cell is not None:
                pos.cell = cell
                taken.add(tuple(cell))  # type: ignore[arg-type]


#: recent answers of `default_hiding_places` kept per board (its `board_tables`: they go with the
#: match's board, never keeping a finished match's board and tables alive); the AI asks again for
#: every sample of one state
PLACES_KEPT = 64


def cells_within(board: Board, last_seen: Cell | None, reach: int) -> list[Cell]:
    """Passable cells within `reach` of where a hidden unit was last seen (every passable cell
    when it never was): where it could be before what its enemies see rules cells out."""
    return [cell for cell in board.cells() if board.passable(cell)
            and (last_seen is None or board.distance(cell, last_seen) <= reach)]


def default_hiding_places(match: Match, side: str, ent: int, last_seen: Cell | None,
                          reach: int) -> list[Cell]:
    """Passable cells none of `side`'s units has a line of sight to, within `reach` of where the
    unit was last seen (anywhere when never seen). The unit's true cell plays no part."""
    from game.core.sight import has_los

    board = match.board
    with match.world:
        eyes = tuple(sorted(tuple(pos.cell) for _e, (pos, owner) in match.units(Position, Side)
                            if owner.side == side))
    key = (eyes, last_seen, reach)
    memo = board_tables(board).setdefault("hiding_places", {})
    found = memo.get(key)
    if found is not None:
        return list(found)
    out = [cell for cell in cells_within(board, last_seen, reach)
           if not any(has_los(board, eye, cell) for eye in eyes)]  # type: ignore[arg-type]
    if len(memo) >= PLACES_KEPT:
        memo.clear()
    memo[key] = out
    return list(out)
