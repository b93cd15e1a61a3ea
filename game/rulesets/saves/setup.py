"""Deploying the squads and settling who acts first (SV-INIT)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.core.components import Conditions, Health, Name, Position, Side, Status
from game.core.options import chosen_rules
from game.core.ruleset import Resolution
from game.errors import UserError
from game.rulesets.saves.components import (
    SvGear,
    SvScores,
    SvTurn,
    get,
    has,
    is_standing,
    name_of,
    side_of,
    units,
)
from game.rulesets.saves.content import Content
from game.rulesets.saves.kinds import Ev
from game.rulesets.saves.morale import player_sides
from game.rulesets.saves.rules import knock_out, roll_save, save_mode
from game.rulesets.saves.turns import begin_turn, table
from game.rulesets.saves.words import side_label

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match

Cell = tuple[int, int]
SURPRISE = ("unclear", "none", "p1", "p2")


def spawn_cells(board: Board, side: str, index: int) -> list[Cell]:
    """The side's spawn squares, then the open squares of its map edge (p1 west, p2 east)."""
    cells = [c for c in board.spawns.get(side, []) if board.passable(c)]
    cols, rows = board.size
    order = range(cols) if index == 0 else range(cols - 1, -1, -1)
    mid = rows // 2
    edge = [(x, y) for x in order for y in sorted(range(rows), key=lambda r: (abs(r - mid), r))]
    return cells + [c for c in edge if board.passable(c) and c not in cells]


def deploy(match: Match, content: Content) -> None:
    """Create every unit of the scenario's squads on its side's spawn squares."""
    used: set[Cell] = set()
    for index, side in enumerate(sorted(match.scenario.squads)):
        sid = match.scenario.squads[side]
        if sid not in content.squads:
            raise UserError(
                f"unknown saves squad {sid!r} (known: {', '.join(sorted(content.squads))})",
                "scenario",
                f"squads.{side}",
            )
        squad = content.squads[sid]
        free = [c for c in spawn_cells(match.board, side, index) if c not in used]
        if len(free) < len(squad.units):
            raise UserError(
                f"not enough spawn squares for {side}'s {len(squad.units)} units", match.board.source
            )
        for spec, cell in zip(squad.units, free, strict=False):
            used.add(cell)
            esper.create_entity(
                Name(spec.name, sid),
                Side(side),
                Position(cell),
                Status("active"),
                Health(spec.hp, spec.hp),
                Conditions({c: {} for c in spec.conditions}),
                SvScores(
                    spec.strength,
                    spec.dex,
                    spec.wil,
                    spec.strength,
                    spec.dex,
                    spec.wil,
                    spec.speed,
                    spec.role,
                    spec.leader,
                    spec.mindless,
                    spec.fearless,
                    list(spec.resist),
                    list(spec.vulnerable),
                ),
                SvGear(
                    list(spec.held),
                    list(spec.stowed),
                    spec.armour,
                    spec.shield,
                    list(spec.items),
                    {},
                    list(spec.bonus),
                ),
                SvTurn(),
            )
    for ent in units():
        if has(ent, "unconscious"):
            knock_out(match, ent, "at the start")
    t = table(match)
    t.data.update({"declared": {}, "only": None, "morale_checked": []})
    t.turn_side = t.sides[0]
    t.data["first_side"] = t.sides[0]


def surprise_option(match: Match) -> str:
    """Who acts first: 'unclear' (the player side saves DEX), 'none' (sides in order), or a side."""
    # a rules option (launcher, --option surprise=p1) or, as older scenarios wrote it, a bare option
    chosen = chosen_rules(match.scenario)
    value = str(chosen.get("surprise", match.scenario.options.get("surprise", "unclear"))).lower()
    if value not in SURPRISE:
        raise UserError(
            f"surprise must be one of {', '.join(SURPRISE)}, not {value!r}", "scenario", "options.surprise"
        )
    return value


def initiative(match: Match) -> Resolution:
    """SV-INIT: when it is unclear who acts first, each player character saves DEX; those who pass
    act first, on their own; then the opponents; then sides alternate. With player characters on
    both sides the side with more passes goes first; with none, every unit saves (ties: side order)."""
    t = table(match)
    how = surprise_option(match)
    first = t.sides[0]
    only: list[int] | None = None
    if how in t.sides:
        first = how
        match.emit(Ev.INITIATIVE, f"{side_label(match, first)} acts first (the scenario says so).",
                   side=first)
    elif how == "unclear":
        # the seed: "player characters must pass DEX Saves" - hirelings and opponents do not
        # roll (they act with their side once the first turn is over); with no player character
        # on the field at all, every unit rolls and the side with more passes goes first
        pcs = player_sides(match)
        rolling = [e for e in units()
                   if is_standing(e) and side_of(e) in pcs and get(e, SvScores).role == "pc"]
        if not rolling:
            rolling = [e for e in units() if is_standing(e)]
        rollers = sorted({side_of(e) for e in rolling}, key=t.sides.index)
        passed: dict[str, list[int]] = {s: [] for s in t.sides}
        for ent in rolling:
            if roll_save(match, ent, "DEX", "act before the enemy", save_mode(ent, "DEX", False)):
                passed[side_of(ent)].append(ent)
        best = max(rollers, key=lambda s: (len(passed[s]), -t.sides.index(s)))
        if passed[best]:
            first, only = best, passed[best]
            names = ", ".join(name_of(e) for e in only)
            match.emit(
                Ev.INITIATIVE,
                f"Surprise! {names} act{'s' if len(only) == 1 else ''} first, before the enemy; then the "
                "other side.",
                side=first,
                surprise=True,
            )
        else:
            first = next(s for s in t.sides if s not in rollers) if len(rollers) == 1 else t.sides[0]
            match.emit(
                Ev.INITIATIVE,
                f"Nobody beats the enemy to it: {side_label(match, first)} acts first.",
                side=first,
                surprise=True,
            )
    t.data["first_side"] = first
    begin_turn(match, first)
    t.data["only"] = only
    return
    yield  # a generator (the match pumps it like a resolution); it asks no one anything
