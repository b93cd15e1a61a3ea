"""What the battle screen asks of tokens while the player hovers or decides: the tiles an attack
can reach with each unit's exact odds in them, why an enemy cannot be attacked, what a tile does,
and what a path costs in tokens and attacks of opportunity.

Every number comes from the functions the resolution itself uses (`combat.strikes`,
`movement.path_cost`, `movement.provokers`, the legal-action checks), never from a copy of them;
everything is seen from one side, so a hidden enemy is neither outlined nor counted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.action import Action, Decision
from game.core.geometry import Cell
from game.core.sight import has_los
from game.core.wording import plural
from game.rulesets.tokens.areas import cleave_cells, cleave_rings, ray_beyond, tripleshot_cells
from game.rulesets.tokens.catalog import gear_catalog
from game.rulesets.tokens.combat import (
    Strike,
    mode_decision,
    opportunity_strikes,
    plain_strikes,
    sneak_bonus,
    strikes,
    weapon,
)
from game.rulesets.tokens.components import (
    TkGear,
    TkStealth,
    TkTokens,
    TkUnit,
    cell_of,
    enemies,
    get,
    is_active,
    name_of,
    on_board,
    side_of,
    table,
)
from game.rulesets.tokens.content import shipped
from game.rulesets.tokens.kinds import Kind
from game.rulesets.tokens.movement import SPRINT_COST, doubled_tiles, path_cost, provokers, threat_map
from game.rulesets.tokens.stealth import DARK_VISION, hidden_from, low_light
from game.rulesets.tokens.words import ACTION_HELP, mode_name

if TYPE_CHECKING:
    from game.core.match import Match

@dataclass(frozen=True)
class AreaOdds:
    """One unit an attack can reach, in one property choice: its exact chance to be hit and what a
    hit does (the numbers `strikes` gives the resolution)."""

    ent: int
    cell: Cell
    mode: str
    chance: float
    to_health: int
    to_shield: int
    takes_out: bool
    ally: bool

    @property
    def expected(self) -> float:
        """Expected health damage: chance x damage to health."""
        return self.chance * self.to_health


#: an attack action's option suffix for a plain strike of the weapon (an attack of opportunity,
#: TK-AOO: no property, no area): "sword@strike" is what an AoO prompt is about
STRIKE = "@strike"


def strike_action(attacker: int, wid: str, target: int) -> Action:
    """The attack action an attack-of-opportunity prompt is about (its reach and odds are shown)."""
    return Action(Kind.ATTACK, attacker, target=target, option=wid + STRIKE)


def weapon_combos(option: str) -> tuple[str, tuple[tuple[str, ...], ...]]:
    """(weapon id, the property choices) an attack action's option stands for."""
    if option.endswith(STRIKE):
        return option[: -len(STRIKE)], ((),)
    return option, weapon(option).combos


def attack_modes(match: Match, action: Action) -> list[tuple[str, list[Strike]]]:
    """(mode name, strikes) for each property choice of an attack action, as the acting side sees
    it (units hidden from it left out)."""
    if action.kind != Kind.ATTACK or action.actor is None or action.target is None:
        return []
    ent = action.actor
    if action.option.endswith(STRIKE):
        wid, _ = weapon_combos(action.option)
        return [(mode_name(()), plain_strikes(match, ent, wid, action.target))]
    wid = action.option
    side = side_of(ent)
    return [
        (mode_name(props), strikes(match, ent, wid, props, action.target, sneak_bonus(ent), side))
        for props in weapon(wid).combos
    ]


def mode_question(match: Match, action: Action) -> Decision | None:
    """The property choice (TK-COMBO) an attack action's resolution would ask its side, asked
    before the action is sent; None for a weapon without `A,B` alternatives or a plain strike."""
    if action.kind != Kind.ATTACK or action.actor is None or action.target is None:
        return None
    if action.option.endswith(STRIKE):
        return None
    return mode_decision(match, action.actor, action.option, action.target)


def area_odds(match: Match, action: Action) -> list[AreaOdds]:
    """Every unit the attack can reach, allies included, with its exact odds, per property choice
    (one entry per unit and choice, target first)."""
    if action.actor is None:
        return []
    side = side_of(action.actor)
    out: list[AreaOdds] = []
    for mode, plan in attack_modes(match, action):
        for s in plan:
            out.append(
                AreaOdds(s.ent, cell_of(s.ent), mode, float(s.chance), s.to_health, s.to_shield,
                         s.takes_out, side_of(s.ent) == side)
            )
    return out


def area_of(match: Match, action: Action) -> list[Cell]:
    """The tiles an attack reaches (every property choice): the target, Cleave's rings,
    Tripleshot's flanks and Penetrate's line up to the last unit it can go on to."""
    if action.kind != Kind.ATTACK or action.actor is None or action.target is None:
        return []
    board = match.board
    a, t = cell_of(action.actor), cell_of(action.target)
    wid, combos = weapon_combos(action.option)
    w = weapon(wid)
    cells: list[Cell] = [t]
    for props in combos:
        rings = cleave_rings(props)
        if rings:
            cells += cleave_cells(board, t, rings, a)
        if "tripleshot" in props:
            cells += tripleshot_cells(board, a, t)
    if any("penetrate" in props for props in combos):
        hit = {s.cell for s in area_odds(match, action)}
        ray = ray_beyond(board, a, t, w.range + 8)
        last = max((i for i, c in enumerate(ray) if c in hit), default=-1)
        cells += ray[: last + 1]
    seen: set[Cell] = set()
    return [c for c in cells if c in board and not (c in seen or seen.add(c))]  # type: ignore[func-returns-value]


def why_not_target(match: Match, actor: int, target: int) -> str:
    """Why `actor` has no attack on `target` now, from the legal list's own checks; "" when it has
    one or when the question does not arise (not its side's turn, not a standing enemy)."""
    if side_of(actor) != table(match).turn_side or not is_active(actor):
        return ""
    if side_of(target) == side_of(actor) or not on_board(target):
        return ""
    if target in hidden_from(match, side_of(actor)):
        return ""
    gear, tokens = get(actor, TkGear), get(actor, TkTokens)
    if not gear.held:
        return "no weapon in hand"
    w = weapon(gear.held)
    if tokens.attack < w.cost:
        return f"{w.name} needs {w.cost} attack tokens, {tokens.attack} left"
    if w.ammo and gear.loaded.get(gear.held, 0) <= 0:
        return f"{w.name} is not loaded (Reload: 4 move tokens)"
    board = match.board
    a, t = cell_of(actor), cell_of(target)
    dist = board.distance(a, t)
    if dist > w.range:
        return f"out of range ({plural(dist, 'tile')}, {w.name} reaches {w.range})"
    if dist > 1 and not has_los(board, a, t):
        return "no line of sight"
    return ""


def cell_info(match: Match, cell: Cell, side: str | None) -> list[str]:
    """A tile's light, move cost, sight and threats as tokens reads them."""
    board = match.board
    t = board.at(cell)
    out: list[str] = []
    if t.blocks_move:
        out.append("impassable")
    elif t.move_cost != 1:
        out.append(f"steps onto it cost {t.move_cost:g} times the move tokens")
    if t.blocks_los:
        out.append("blocks line of sight")
    if low_light(board, cell) and not t.blocks_move:  # a wall's gloom hides nobody
        out.append(f"low light: a unit here can Sneak, and is seen only from {DARK_VISION} tiles away")
    if side is not None and not t.blocks_move:
        foes = [e for e in enemies(match, side) if is_active(e) and e not in hidden_from(match, side)]
        near = [name_of(e) for e in foes if board.distance(cell_of(e), cell) == 1]
        if near:
            out.append(f"threatened by {', '.join(near)}: leaving it provokes attacks of opportunity")
    return out


def _provoked_words(match: Match, ent: int, move: Action) -> list[str]:
    """The attacks of opportunity a path provokes, in one line (who, how many strikes)."""
    if get(ent, TkStealth).hidden:
        return ["hidden: it provokes no attacks of opportunity"]
    # an enemy with no attack tokens to pay for a strike, or an empty weapon, lets it go
    found = [(foe, n) for foe, _i in provokers(match, ent, move.path, threat_map(match, ent))
             if (n := opportunity_strikes(match, foe))]
    if not found:
        return ["no attacks of opportunity"]
    strikes_n = sum(n for _foe, n in found)
    who = ", ".join(name_of(foe) for foe, _n in found)
    return [f"provokes {plural(len(found), 'attack')} of opportunity ({who}: "
            f"{plural(strikes_n, 'strike')})"]


def path_note(match: Match, move: Action, options: list[Action]) -> list[str]:
    """The path preview's words, one part a line: tokens spent; the attacks of opportunity the
    path provokes (who, how many strikes); and, where it provokes, what Bypass costs instead."""
    ent = move.actor
    if ent is None or move.kind not in (Kind.MOVE, Kind.SPRINT):
        return []
    tokens = get(ent, TkTokens)
    bypass = move.option == "bypass"
    doubled = doubled_tiles(match, threat_map(match, ent))
    tiles = plural(len(move.path), 'tile')
    if move.kind == Kind.SPRINT:
        # a sprint provokes like any move (TK-AOO); it has no Bypass version
        words = [f"Sprint {tiles}: {SPRINT_COST} of {tokens.move} move tokens"]
        return [*words, *_provoked_words(match, ent, move)]
    cost, _ = path_cost(match.board, cell_of(ent), move.path, tokens.diagonals, bypass, doubled)
    spent = math.ceil(cost - 1e-9)
    words = [f"{'Bypass' if bypass else 'Move'} {tiles}: {spent} of {tokens.move} move tokens"]
    if bypass:
        return [*words, "no attacks of opportunity"]
    told = _provoked_words(match, ent, move)
    words += told
    if told[0].startswith("provokes"):
        by = next((o for o in options if o.option == "bypass" and o.actor == ent), None)
        if by is not None:
            by_cost, _ = path_cost(match.board, cell_of(ent), by.path, tokens.diagonals, True, doubled)
            words.append(f"Bypass instead: {plural(math.ceil(by_cost - 1e-9), 'token')}, "
                         "no attacks (click, then pick it)")
        else:
            words.append("Bypass: not enough move tokens")
    sprint = next((o for o in options if o.kind == Kind.SPRINT and o.actor == ent), None)
    if sprint is not None:
        words.append(f"Sprint instead: {SPRINT_COST} tokens, {_provoked_words(match, ent, sprint)[0]} "
                     "(click, then pick it)")
    return words


def action_help(match: Match, action: Action) -> str:
    """What an action does, in players' words (an item's from its `description`)."""
    c = shipped()
    kind = "bypass" if action.kind == Kind.MOVE and action.option == "bypass" else action.kind
    text = ACTION_HELP.get(kind, "")
    item = c.items.get(action.option.split(":")[0])
    if action.kind == Kind.HANDOFF and item is not None:
        cost = "1 move token from each of you" if action.option.endswith(":split") else "2 move tokens"
        return f"{text} ({cost}). {item.name}: {item.description}"
    if action.kind == Kind.APPLY and item is not None:
        return item.description
    if action.kind == Kind.DRAW and action.option in c.weapons:
        return f"{text}: {gear_catalog(c)[action.option].summary}."
    return text


def why_no_await(match: Match, ent: int) -> list[str]:
    """Why a unit of the side to act is offered no Await (TK-AWAIT), from the legal list's own
    check: a shot of the weapon in hand must fit in half its attack tokens, paid with 4 move tokens."""
    from game.rulesets.tokens.actions import AWAIT

    if side_of(ent) != table(match).turn_side or not is_active(ent):
        return []
    gear, tokens, unit = get(ent, TkGear), get(ent, TkTokens), get(ent, TkUnit)
    if not gear.held or tokens.reserved:
        return []
    w = weapon(gear.held)
    top = unit.attack // 2
    if top < w.cost:
        return [f"Await: not possible with the {w.name} in hand - a shot needs "
                f"{plural(w.cost, 'attack token')}, and {name_of(ent)} can reserve at most {top} "
                f"(half of {unit.attack})."]
    if tokens.move < AWAIT:
        return [f"Await: needs {AWAIT} move tokens, {tokens.move} left."]
    return []
