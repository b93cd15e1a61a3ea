"""Deploying the squads, dealing nothing yet, and the set-up phase: initiative by Reflexes checks
(sides alternate, ties on a side chosen by that side, a free half-turn for a check of 100+)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.core.action import Decision, Option
from game.core.components import Health, Name, Position, Side, Status
from game.errors import UserError
from game.rulesets.varium.checks import run_check
from game.rulesets.varium.components import VariumState, deck, get, name_of, new_deck, sheet, side_of, table
from game.rulesets.varium.content import Content
from game.rulesets.varium.kinds import Ask, Ev
from game.rulesets.varium.turns import Gen, alternate, start_turn

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match

Cell = tuple[int, int]
CRITICAL_INITIATIVE = 100


def spawn_cells(board: Board, side: str, index: int) -> list[Cell]:
    """The side's spawn squares, then open squares from its map edge (p1 west, p2 east)."""
    cells = [c for c in board.spawns.get(side, []) if board.passable(c)]
    cols, rows = board.size
    order = range(cols) if index == 0 else range(cols - 1, -1, -1)
    mid = rows // 2
    rows_order = sorted(range(rows), key=lambda r: (abs(r - mid), r))
    edge = [(col, row) for col in order for row in rows_order]
    return cells + [c for c in edge if board.passable(c) and c not in cells]


def deploy(match: Match, content: Content) -> None:
    """One unit per spawn square, weapons sheathed unless the squad (or the scenario) says drawn."""
    esper.add_component(match.table_entity, new_deck())
    deck(match).shuffle(match.chance)
    sides = sorted(match.scenario.squads)
    taken: set[Cell] = set()
    drawn_opt = str(match.scenario.options.get("drawn", "")).lower()
    for index, side in enumerate(sides):
        sid = match.scenario.squads[side]
        if sid not in content.squads:
            raise UserError(
                f"unknown varium squad {sid!r} (known: {', '.join(sorted(content.squads))})",
                "scenario",
                f"squads.{side}",
            )
        squad = content.squads[sid]
        free = [c for c in spawn_cells(match.board, side, index) if c not in taken]
        if len(free) < len(squad.units):
            raise UserError(
                f"not enough open squares for {side}'s {len(squad.units)} units", match.board.source
            )
        drawn = squad.drawn if drawn_opt not in ("true", "false") else drawn_opt == "true"
        for spec, cell in zip(squad.units, free, strict=False):
            u = content.units[spec.kind]
            taken.add(cell)
            weapon = u.weapons[0] if u.weapons else ""
            ammo = {w: content.weapons[w].ammo for w in u.weapons if content.weapons[w].ammo}
            esper.create_entity(
                Name(spec.name, spec.kind),
                Side(side),
                Position(cell),
                Status("active"),
                Health(u.health, u.health),
                VariumState(drawn=drawn or not u.weapons, weapon=weapon, ammo=ammo, kits=u.kits),
            )
    table(match).data.update(
        {
            "order": [],
            "idx": 0,
            "grapples": [],
            "pending": [],
            "prelude": [],
            "in_prelude": False,
            "start": {s: len(content.squads[match.scenario.squads[s]].units) for s in sides},
        }
    )


def initiative(match: Match) -> Gen:
    """Every unit's Reflexes check, then the alternating order and any free half-turns."""
    units = sorted(e for e, _ in match.units(VariumState))
    scores: dict[int, int] = {}
    for ent in units:
        lim = 20 + sheet(ent).reflexes
        res = yield from run_check(
            match,
            ent,
            "initiative",
            lim,
            0,
            {"pay": "linear", "bonus_at": CRITICAL_INITIATIVE, "bonus": 20.0},
            own_turn=False,
        )
        scores[ent] = res.score
        get(ent, VariumState).initiative = res.score
    by_side: dict[str, list[int]] = {}
    for side in sorted({side_of(e) for e in units}):
        mine = sorted((e for e in units if side_of(e) == side), key=lambda e: (-scores[e], e))
        ordered: list[int] = []
        while mine:
            tied = [e for e in mine if scores[e] == scores[mine[0]]]
            if len(tied) > 1:
                key = yield Decision(
                    side,
                    Ask.TIE,
                    f"Initiative {scores[tied[0]]} is tied: who goes first?",
                    tuple(Option(str(e), name_of(e)) for e in tied),
                    str(tied[0]),
                    {"units": tied},
                )
                pick = int(key)
            else:
                pick = tied[0]
            ordered.append(pick)
            mine.remove(pick)
        by_side[side] = ordered
    first = max(by_side, key=lambda s: (max(scores[e] for e in by_side[s]), s == "p1"))
    order = alternate(by_side, first)
    data = table(match).data
    data["order"] = order
    data["prelude"] = [e for e in order if scores[e] >= CRITICAL_INITIATIVE]
    data["in_prelude"] = bool(data["prelude"])
    data["idx"] = 0
    match.emit(
        Ev.INITIATIVE,
        "Initiative: " + ", ".join(f"{name_of(e)} {scores[e]}" for e in order),
        [f"{name_of(e)} ({side_of(e)}) {scores[e]}" for e in order]
        + ["turns alternate between the sides, each side's highest first, for the whole fight"],
    )
    q = data["prelude"] if data["in_prelude"] else order
    yield from start_turn(match, q[0], 1 if data["in_prelude"] else 2)
