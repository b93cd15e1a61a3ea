"""Deploying the squads: caskets on their spawn hexes facing the enemy, decks shuffled, hands dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.core.components import Facing, Name, Position, Side, Status
from game.errors import UserError
from game.rulesets.casket.components import (
    Casket,
    CasketFrame,
    CasketHeat,
    CasketMotion,
    CasketPilot,
    CasketRevealed,
    CasketSP,
    CasketTempo,
    CasketThreads,
    CasketWounds,
    get,
)
from game.rulesets.casket.content import HAND_SIZE, Content, check_cap
from game.rulesets.casket.pilot import apply_wound, new_wound_deck
from game.rulesets.casket.structure import draw, new_structure
from game.rulesets.casket.turns import start_round

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match

Cell = tuple[int, int]


def spawn_cells(board: Board, side: str, index: int, count: int) -> list[Cell]:
    """The side's spawn hexes; without any, the first open hexes of its map edge (p1 west, p2 east)."""
    cells = [c for c in board.spawns.get(side, []) if board.passable(c)]
    if len(cells) >= count:
        return cells
    cols, rows = board.size
    order = range(cols) if index == 0 else range(cols - 1, -1, -1)
    mid = rows // 2
    rows_order = sorted(range(rows), key=lambda r: (abs(r - mid), r))
    edge = [board.grid.from_offset(col, row) for col in order for row in rows_order]
    return cells + [c for c in edge if board.passable(c) and c not in cells]


def deploy(match: Match, content: Content) -> None:
    """Create every casket from the scenario's squads, then roll the first initiative."""
    scenario = match.scenario
    cap = scenario.options.get("deck_cap")
    sides = sorted(scenario.squads)
    placed: dict[str, list[Cell]] = {}
    for index, side in enumerate(sides):
        squad_id = scenario.squads[side]
        if squad_id not in content.squads:
            raise UserError(f"unknown casket squad {squad_id!r} (known: {', '.join(sorted(content.squads))})",
                            "scenario", f"squads.{side}")
        squad = content.squads[squad_id]
        free = [c for c in spawn_cells(match.board, side, index, len(squad.caskets))
                if all(c not in cells for cells in placed.values())]
        if len(free) < len(squad.caskets):
            raise UserError(f"not enough spawn hexes for {side}'s {len(squad.caskets)} caskets",
                            match.board.source)
        placed[side] = free[:len(squad.caskets)]
    created: list[int] = []
    for side in sides:
        squad = content.squads[scenario.squads[side]]
        enemy_cells = [c for s, cells in placed.items() if s != side for c in cells]
        for spec, cell in zip(squad.caskets, placed[side], strict=False):
            deck = content.decks[spec.deck]
            check_cap(deck, int(cap) if cap is not None else None, f"squad.{squad.id}")
            chassis = content.chassis[spec.chassis]
            target = (min(enemy_cells, key=lambda c: (match.board.distance(cell, c), c))
                      if enemy_cells else cell)
            facing = match.board.grid.direction_to(cell, target) if target != cell else 0  # type: ignore[attr-defined]
            cards = new_structure(list(deck.cards), side)
            wounds = new_wound_deck(content)
            ent = esper.create_entity(
                Name(spec.name, spec.chassis), Side(side), Position(cell), Facing(facing), Status("active"),
                Casket(chassis.id, chassis.weight, squad.faction, deck.id, chassis.sp, list(deck.cards),
                       spec.name, spec.grit, spec.repair),
                cards, wounds, CasketSP(0), CasketHeat(0), CasketFrame(), CasketThreads(), CasketPilot(),
                CasketMotion(), CasketTempo(), CasketRevealed())
            cards.shuffle(match.chance)
            wounds.shuffle(match.chance)
            created.append(ent)
            for wound in spec.wounds:
                wounds.move(wound, "deck", "up")
    for ent in created:
        up = list(get(ent, CasketWounds).zones["up"])
        for wound in up:
            apply_wound(match, ent, wound)
        draw(match, ent, HAND_SIZE)
    start_round(match, first_round=True)
