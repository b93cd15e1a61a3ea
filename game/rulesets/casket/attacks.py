"""The casket AI's attack values: exact odds (odds.py) turned into worth, per hex, card and enemy,
kept per decision point in a `Context` (one per state: `Match.version`)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.board import board_tables
from game.core.knowledge import believed_cell
from game.core.memo import state_memo
from game.rulesets.casket.carddefs import CardDef
from game.rulesets.casket.components import (
    THRESHOLDS,
    CasketFrame,
    CasketMotion,
    CasketTempo,
    CasketThreads,
    CasketWounds,
    caskets,
    cell_of,
    facing_of,
    get,
    is_active,
    side_of,
    structure,
)
from game.rulesets.casket.content import Content
from game.rulesets.casket.odds import AttackOdds, attack_odds
from game.rulesets.casket.status import card_block
from game.rulesets.casket.tohit import (
    attack_block,
    attack_terms,
    movement_mod,
)
from game.rulesets.casket.view import structure_left

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]

#: how much one point of component damage at a location is worth to the attacker
AIM_WEIGHT = {"chassis": 1.0, "right_arm": 0.6, "head": 0.5, "left_arm": 0.3, "legs": 0.3}
RANDOM_WEIGHTS = {"head": 1 / 6, "right_arm": 1 / 6, "left_arm": 1 / 6, "chassis": 1 / 6, "legs": 2 / 6}


@dataclass
class Context:
    """What stays fixed while the AI compares the legal actions of one decision point."""

    ent: int
    content: Content
    enemies: list[int]
    attacks: list[CardDef]
    enemy_cells: list[Cell] = field(default_factory=list)
    spends: list[tuple[int, float]] | None = None
    best: dict[tuple[Cell, int, int], float] = field(default_factory=dict)
    #: by hex, movement modifier, card and enemy
    strikes: dict[tuple[Cell, int, str, int], Strike | None] = field(default_factory=dict)
    sets: dict[tuple[Cell, int, int, tuple[str, ...]], float] = field(default_factory=dict)
    volleys: dict[tuple[Cell, int, int, str, int | None], float] = field(default_factory=dict)
    gaps: dict[Cell, int] = field(default_factory=dict)
    #: what each casket brings to a strike (`_inputs`), attacker and enemies, read once
    inputs: dict[int, int] = field(default_factory=dict)
    attacker: int | None = None
    where: dict[int, Cell] = field(default_factory=dict)
    spend_by_sp: dict[int, float] = field(default_factory=dict)
    near: dict[Cell, list[tuple[int, int]]] = field(default_factory=dict)
    believed: list[tuple[int, Cell | None]] | None = None
    #: the strikes kept across decision points (`_kept`)
    kept: dict[tuple[object, ...], Strike | None] | None = None
    #: the longest reach among the attack cards (1 without any)
    reach: int = 1
    #: the board's numbered strike input rows (`_number`), kept in its `board_tables`
    rows: dict[tuple[object, ...], int] = field(default_factory=dict)
    #: where the casket stands, its hexes entered, its SP, read once (`ai.here_terms`)
    here: tuple[Cell, int, int] | None = None
    #: `here` and what every move compares against (`ai._standing`)
    standing: tuple[Cell, int, int, float, int, int, float] | None = None
    facing_now: float | None = None
    penalty: int | None = None


#: the last context handed out, by (state version, casket): the AI asks for it once per action
#: scored, and versions are never reused, so no other state can answer to this key
_LAST: tuple[int, int, Context | None] = (0, 0, None)


def context(match: Match, ent: int) -> Context:
    """The context of the state the AI is looking at, kept while that state stands still
    (`Match.version`)."""
    global _LAST
    version = match.version
    last = _LAST
    if last[0] == version and last[1] == ent:
        return last[2]  # type: ignore[return-value]
    memo = state_memo(match, "casket-context")
    found = memo.get(ent)
    if found is None:
        content: Content = match.ruleset.content  # type: ignore[attr-defined]
        side = side_of(ent)
        enemies = [e for e in caskets(match) if side_of(e) != side and is_active(e)]
        hand = sorted(set(structure(ent).zones.get("hand", [])))
        attacks = [content.card(c) for c in hand
                   if content.card(c).attack is not None and not card_block(ent, content.card(c))]
        cells = [believed_cell(match, side, e) for e in enemies]
        found = memo[ent] = Context(ent, content, enemies, attacks, cells)
        found.where.update(zip(enemies, cells, strict=True))
        found.believed = list(zip(enemies, cells, strict=True))  # type: ignore[arg-type]
        found.reach = max((c.attack.range for c in attacks if c.attack), default=1)
        found.rows = board_tables(match.board).setdefault("casket_rows", {})
    _LAST = (version, ent, found)
    return found


def aim_value(foe: int, aim: str, crits: float, executes: float) -> float:
    """Worth of the component damage an attack's Critical faces and Execution chance bring."""
    frame = get(foe, CasketFrame)
    weights = RANDOM_WEIGHTS if aim == "random" else {aim: 1.0}
    value = 0.0
    for loc, w in weights.items():
        left = max(1, THRESHOLDS[loc] - frame.damage[loc])
        broken = frame.destroyed(loc)
        per_point = AIM_WEIGHT[loc] * (0.25 if broken else 1.0 + 1.0 / left)
        value += w * (crits * per_point + (0.0 if broken else executes * AIM_WEIGHT[loc] * 3.0))
    return value


#: what the chance of destroying the target is worth, in the units of expected damage
KILL_WORTH = 8.0


def valued_odds(match: Match, ent: int, foe: int, card: CardDef, aim: str | None,
                 at: Cell | None, moved: int | None) -> tuple[float, AttackOdds]:
    """An attack's exact odds and its expected damage plus component worth (aim None: the best).

    The odds do not depend on the aim: kept for the state (every aimed card action asks again)."""
    memo = state_memo(match, "casket-odds")
    key = (ent, foe, card.id, at, moved)
    odds = memo.get(key)
    if odds is None:
        terms = attack_terms(match, ent, foe, card, at=at, moved=moved)
        odds = memo[key] = attack_odds(terms.target, terms.base, terms.bonus, terms.bypass)
    floats = odds.floats
    worth = memo.get((foe, aim, floats))
    if worth is None:
        damage = memo.get(foe)
        if damage is None:
            damage = memo[foe] = tuple(get(foe, CasketFrame).damage.items())
        worth = memo[(foe, aim, floats)] = _worth(board_tables(match.board), foe, damage, aim, floats)
    return worth, odds


#: `_worth` by (the target's component damage, aim, odds floats), a function of those alone, kept
#: in the board's own tables (`board_tables`) so a finished game's go with its board
WORTH_KEPT = 100_000


def _worth(tables: dict[str, Any], foe: int, damage: tuple[tuple[str, int], ...], aim: str | None,
           floats: tuple[float, float, float]) -> float:
    """Expected damage plus the component worth of the best aim (or of `aim`) on `foe`, whose
    component damage is `damage` (its `CasketFrame.damage` items); `tables`: the board's."""
    key = (damage, aim, floats)
    kept = tables.get("casket_worth")
    if kept is None:
        kept = tables["casket_worth"] = {}
    found = kept.get(key)
    if found is None:
        expected, crits, executes = floats
        aims = [aim] if aim else list(AIM_WEIGHT) + ["random"]
        if len(kept) > WORTH_KEPT:
            kept.clear()
        found = kept[key] = expected + max(aim_value(foe, a, crits, executes) for a in aims)
    return found


def kill_chance(odds: AttackOdds, foe: int) -> float:
    """Chance the attack's final damage destroys `foe`."""
    left = structure_left(foe)
    return odds.at_least_float(left) if left <= odds.max_final else 0.0


def attack_value(match: Match, ent: int, foe: int, card: CardDef, aim: str | None,
                 at: Cell | None = None, moved: int | None = None) -> tuple[float, float]:
    """(expected value, kill chance) of an attack; aim None takes the best aim."""
    value, odds = valued_odds(match, ent, foe, card, aim, at, moved)
    return value, kill_chance(odds, foe)


def best_attack(match: Match, ctx: Context, cell: Cell, moved: int, sp_left: int) -> float:
    """Best attack value available from a hex with the SP left (0 when none).

    Strikes depend on the hexes entered only through the movement modifier: the bands share."""
    mm = movement_mod(moved)
    key = (cell, mm, sp_left)
    found = ctx.best.get(key)
    if found is None:
        found = 0.0
        near = enemy_distances(match, ctx, cell)
        for card in ctx.attacks:
            if card.sp > sp_left:
                continue
            reach = card.attack.range  # type: ignore[union-attr]
            for foe, dist in near:
                if dist > reach:
                    continue
                strike = strike_on(match, ctx, cell, moved, card, foe)
                if strike is not None:
                    value = strike[VALUE] + KILL_WORTH * strike[KILL]
                    if value > found:
                        found = value
        ctx.best[key] = found
    return found


def enemy_distances(match: Match, ctx: Context, cell: Cell) -> list[tuple[int, int]]:
    """(enemy, hexes from `cell` to where the side believes it is) for every enemy."""
    found = ctx.near.get(cell)
    if found is None:
        distance = match.board.grid.distance
        found = ctx.near[cell] = [(foe, distance(cell, there)) for foe, there in _believed(match, ctx)]
    return found


def _believed(match: Match, ctx: Context) -> list[tuple[int, Cell]]:
    """(enemy, the cell the acting side believes it on), as `context` read them."""
    found = ctx.believed
    if found is None:
        found = ctx.believed = [(foe, believed_cell(match, side_of(ctx.ent), foe)) for foe in ctx.enemies]
    return found  # type: ignore[return-value]


_MISSING = object()


#: One attack card on one enemy from a hex: (its value (`valued_odds`), kill chance, final damage
#: odds as (damage, chance) pairs). A plain tuple of numbers, which the garbage collector stops
#: tracking (a named tuple it never does): tens of thousands are kept across decision points.
Strike = tuple[float, float, tuple[tuple[int, float], ...]]
VALUE, KILL, FINAL = 0, 1, 2


#: every distinct `_inputs` row seen on a board, numbered (never twice: one counter for all
#: boards): strike keys carry the number; the rows are kept in the board's tables (`Context.rows`)
ROWS_KEPT = 100_000
_NUMBERS = itertools.count()


def _number(rows: dict[tuple[object, ...], int], row: tuple[object, ...]) -> int:
    found = rows.get(row)
    if found is None:
        if len(rows) > ROWS_KEPT:
            rows.clear()  # strikes kept under the old numbers are simply never asked again
        found = rows[row] = next(_NUMBERS)
    return found


def _inputs(ctx: Context, ent: int) -> int:
    """Everything of casket `ent` that a strike on it reads (tohit.attack_terms and attack_block,
    aim_value, kill_chance): what `_attacker` numbers, plus where it stands and faces, the
    movement modifier of its hexes last activation and the structure it has left. Equal rows get
    equal numbers."""
    found = ctx.inputs.get(ent)
    if found is None:
        found = ctx.inputs[ent] = _number(ctx.rows, (_attacker(ctx, ent), cell_of(ent), facing_of(ent),
                                           movement_mod(get(ent, CasketMotion).moved_last),
                                           structure_left(ent)))
    return found


def _attacker(ctx: Context, ent: int) -> int:
    """Everything of casket `ent` that a strike BY it reads once its hex, facing and hexes entered
    are given (`strike_on` always gives them): its tempo, frame damage, wounds and snapped
    threads. Where it stands now is left out, so the strikes it worked out before a move or turn
    still serve after it; so is its make (`Casket`, never changed after set-up): no strike reads
    it, cards and their damage come with the card."""
    found = ctx.attacker
    if found is None or ctx.ent != ent:
        tempo = get(ent, CasketTempo)
        found = _number(ctx.rows, ("attacker", tempo.boost, tempo.no_attack, tempo.jam_penalty,
                         tuple(sorted(get(ent, CasketFrame).damage.items())),
                         tuple(get(ent, CasketWounds).zones.get("up", ())),
                         tuple(get(ent, CasketThreads).snapped)))
        if ctx.ent == ent:
            ctx.attacker = found
    return found


def _kept(match: Match, content: Content) -> dict[tuple[object, ...], Strike | None]:
    """The strikes kept for this board and this content (held, so its id cannot be reused)."""
    tables = board_tables(match.board)
    found = tables.get(("casket-strikes", id(content)))
    if found is None:
        found = tables[("casket-strikes", id(content))] = (content, {})
    return found[1]


def strike_on(match: Match, ctx: Context, cell: Cell, moved: int, card: CardDef, foe: int) -> Strike | None:
    """`card` played on `foe` from `cell` having entered `moved` hexes (None when not allowed).

    A strike is a function of the attacker's `_attacker` row, the target's `_inputs`, the hex, the
    movement modifier of the hexes entered and the card,
    so it is kept on those with the board and content, across decision points: while a casket
    walks and turns its attacks from each hex are worked out once, not once per step.
    """
    mm = movement_mod(moved)
    key = (cell, mm, card.id, foe)
    strikes = ctx.strikes
    found = strikes.get(key, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[return-value]
    grid = match.board.grid
    there = ctx.where.get(foe)
    if there is None:
        there = ctx.where[foe] = believed_cell(match, side_of(ctx.ent), foe)
    attack = card.attack
    if attack is not None and grid.distance(cell, there) > attack.range:
        strikes[key] = None  # attack_block: out of range
        return None
    kept = ctx.kept
    if kept is None:
        kept = ctx.kept = _kept(match, ctx.content)
    wide = (cell, mm, card.id, foe, _attacker(ctx, ctx.ent), _inputs(ctx, foe))
    found = kept.get(wide, _MISSING)
    if found is not _MISSING:
        strikes[key] = found  # type: ignore[assignment]
        return found  # type: ignore[return-value]
    facing = grid.direction_to(cell, there)  # type: ignore[attr-defined]
    found = None
    if not attack_block(match, ctx.ent, foe, card, at=cell, facing=facing):
        value, odds = valued_odds(match, ctx.ent, foe, card, None, cell, moved)
        found = (value, kill_chance(odds, foe), odds.final_floats)
    if len(kept) > 50_000:
        kept.clear()
    strikes[key] = kept[wide] = found
    return found
