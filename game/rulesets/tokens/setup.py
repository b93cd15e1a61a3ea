"""Deploying squads: units on their spawn tiles, gear in hand, health tokens flipped (TK-HEALTH)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.core.components import Health, Name, Position, Side, Status
from game.core.options import BUILT_KEY, built_squads
from game.core.wording import plural
from game.errors import UserError
from game.rulesets.tokens.components import TkEffects, TkGear, TkShield, TkStealth, TkTokens, TkUnit, table
from game.rulesets.tokens.content import Content, SquadDef, UnitDef
from game.rulesets.tokens.kinds import Ev
from game.rulesets.tokens.odds import health_from_heads
from game.rulesets.tokens.squadbuild import SquadFile, built_units
from game.rulesets.tokens.turns import start_turn
from game.rulesets.tokens.words import coin_faces

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match, Scenario

Cell = tuple[int, int]


def spawn_cells(board: Board, side: str, index: int) -> list[Cell]:
    """The side's spawn tiles; then the open tiles of its map edge (p1 west, p2 east), centre first."""
    cells = [c for c in board.spawns.get(side, []) if board.passable(c)]
    cols, rows = board.size
    order = range(cols) if index == 0 else range(cols - 1, -1, -1)
    mid = rows // 2
    rows_order = sorted(range(rows), key=lambda r: (abs(r - mid), r))
    edge = [board.grid.from_offset(col, row) for col in order for row in rows_order]
    return cells + [c for c in edge if board.passable(c) and c not in cells]


def roll_health(match: Match, tokens: int, player: bool) -> tuple[int, list[bool]]:
    """Flip one coin per health token: TK-HEALTH's formula on the heads."""
    flips = [match.chance.coin() for _ in range(tokens)]
    return health_from_heads(tokens, sum(flips), player), flips


def _squad_of(scenario: Scenario, side: str, content: Content) -> tuple[SquadDef | SquadFile, list[UnitDef]]:
    """A side's squad and its units with their gear: a squad built in the squad builder (stored in
    the scenario) or a shipped one."""
    built = built_squads(scenario.options).get(side)
    if built is not None:
        return built_units(content, built, "scenario", f"options.{BUILT_KEY}.{side}")
    sid = scenario.squads[side]
    if sid not in content.squads:
        raise UserError(
            f"unknown tokens squad {sid!r} (known: {', '.join(sorted(content.squads))})",
            "scenario",
            f"squads.{side}",
        )
    squad = content.squads[sid]
    return squad, [content.units[k] for k in squad.units]


def deploy(match: Match, content: Content) -> None:
    """Create every unit from the scenario's squads, then start p1's turn."""
    scenario = match.scenario
    sides = sorted(scenario.squads)
    taken: set[Cell] = set()
    for index, side in enumerate(sides):
        squad, members = _squad_of(scenario, side, content)
        free = [c for c in spawn_cells(match.board, side, index) if c not in taken]
        if len(free) < len(members):
            raise UserError(
                f"not enough spawn tiles for {side}'s {len(members)} units", match.board.source
            )
        player = squad.player and str(scenario.options.get(f"npc_{side}", "")).lower() not in (
            "1",
            "true",
            "yes",
        )
        count: dict[str, int] = {}
        kinds = [u.id for u in members]
        for u, cell in zip(members, free, strict=False):
            taken.add(cell)
            kind = u.id
            count[kind] = count.get(kind, 0) + 1
            numbered = kinds.count(kind) > 1
            hp, flips = roll_health(match, u.health, player)
            shown = coin_faces(flips)
            gear = TkGear(
                list(u.weapons),
                u.weapons[0],
                {w: content.weapons[w].ammo for w in u.weapons if content.weapons[w].ammo},
                list(u.items),
            )
            comps: list[object] = [
                Name(f"{u.name} {count[kind]}" if numbered else u.name, kind),
                Side(side),
                Position(cell),
                Status("active"),
                Health(hp, hp),
                TkUnit(kind, u.move, u.attack, u.health, player, u.observe, u.invisible, u.armour),
                TkTokens(),
                TkStealth(),
                gear,
                TkEffects(),
            ]
            if u.shield:
                sh = content.shields[u.shield]
                comps.append(TkShield(sh.id, sh.charges, sh.charges, sh.recharge, 0, 0, sh.overcharge_rounds))
            ent = esper.create_entity(*comps)
            heads = plural(sum(flips), "head")
            formula = f"{plural(u.health, 'token')} + {heads}" if player else f"1 + {heads}"
            match.emit(
                Ev.HEALTH,
                f"{u.name} ({side}) rolls {hp} health: {shown}.",
                [f"flips: {shown}", f"{'player' if player else 'non-player'}: {formula} = {hp}"],
                chance=True,
                side=side,
                coin=flips,
                unit=ent,
            )
    table(match).sides = tuple(sides)
    start_turn(match, sides[0])
