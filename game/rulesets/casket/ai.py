"""Baseline-AI knowledge for casket: exact attack odds (odds.py) turned into action and answer values.

Only what the acting side knows is read: its own hand, public counts, positions, damage tracks.
A small per-decision cache keeps the many move destinations cheap to compare.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING

from game.core.action import Action, Decision
from game.core.components import Table
from game.core.ruleset import Assessment
from game.core.sight import has_los
from game.rulesets.casket.components import (
    THRESHOLDS,
    Casket,
    CasketFrame,
    CasketHeat,
    CasketMotion,
    CasketPilot,
    CasketSP,
    caskets,
    cell_of,
    facing_of,
    get,
    is_active,
    side_of,
    structure,
)
from game.rulesets.casket.content import DAMAGE_CARD, TARGETED, CardDef, Content
from game.rulesets.casket.damage import component_points
from game.rulesets.casket.effects import split_option
from game.rulesets.casket.heat import OVERHEAT
from game.rulesets.casket.movement import route_cost, turn_cost, turn_steps
from game.rulesets.casket.odds import AttackOdds, attack_odds
from game.rulesets.casket.status import card_block, hex_limit, move_penalty, sp_max
from game.rulesets.casket.structure import remaining
from game.rulesets.casket.tohit import (
    ARCS,
    attack_block,
    attack_terms,
    attacker_lines,
    defender_lines,
    movement_mod,
)
from game.rulesets.casket.view import structure_left

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]
#: how much one point of component damage at a location is worth to the attacker
AIM_WEIGHT = {"chassis": 1.0, "right_arm": 0.6, "head": 0.5, "left_arm": 0.3, "legs": 0.3}
RANDOM_WEIGHTS = {"head": 1 / 6, "right_arm": 1 / 6, "left_arm": 1 / 6, "chassis": 1 / 6, "legs": 2 / 6}
#: value of each arc an enemy stands in, for the defender (the to-hit modifier, weapon side costs a point)
CYCLE = 0.35
ARC_VALUE = {arc: mod - (0.4 if arc == 1 else 0.0) for arc, (_, mod) in ARCS.items()}


@dataclass
class _Ctx:
    """What stays fixed while the AI compares the legal actions of one decision point."""

    ent: int
    content: Content
    enemies: list[int]
    attacks: list[CardDef]
    enemy_cells: list[Cell] = field(default_factory=list)
    spends: list[tuple[int, float]] | None = None
    anchor: object = None
    best: dict[tuple[Cell, int, int], float] = field(default_factory=dict)
    strikes: dict[tuple[Cell, int, str, int], _Strike | None] = field(default_factory=dict)
    sets: dict[tuple[Cell, int, int, tuple[str, ...]], float] = field(default_factory=dict)
    volleys: dict[tuple[Cell, int, int, str, int | None], float] = field(default_factory=dict)


_CACHE: dict[tuple[object, ...], _Ctx] = {}


def _state_key(match: Match, anchor: object) -> tuple[object, ...]:
    """Tells apart the states the AI looks at: every input adds to `inputs` and nearly every step
    to the log; a restored world (a scratch copy reset to its root) has new component objects, so
    the Table component's identity (`anchor`, kept alive by the cache holding it) tells it apart."""
    return (match.world.name, len(match.inputs), len(match.log), match.chance.state, id(anchor))


def _ctx(match: Match, ent: int) -> _Ctx:
    """The cached context of the state the AI is looking at (`_state_key`), rebuilt whenever
    that state changes; the entry keeps the anchor alive."""
    anchor = get(match.table_entity, Table)
    key = (*_state_key(match, anchor), ent)
    found = _CACHE.get(key)
    if found is None:
        _CACHE.clear()
        content: Content = match.ruleset.content  # type: ignore[attr-defined]
        enemies = [e for e in caskets(match) if side_of(e) != side_of(ent) and is_active(e)]
        hand = sorted(set(structure(ent).zones.get("hand", [])))
        attacks = [content.card(c) for c in hand
                   if content.card(c).attack is not None and not card_block(ent, content.card(c))]
        found = _CACHE[key] = _Ctx(ent, content, enemies, attacks, [cell_of(e) for e in enemies],
                                   anchor=anchor)
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


def _valued_odds(match: Match, ent: int, foe: int, card: CardDef, aim: str | None,
                 at: Cell | None, moved: int | None) -> tuple[float, AttackOdds]:
    """An attack's exact odds and its expected damage plus component worth (aim None: the best)."""
    terms = attack_terms(match, ent, foe, card, at=at, moved=moved)
    odds = attack_odds(terms.target, terms.base, terms.bonus, terms.bypass)
    expected, crits, executes = odds.floats
    aims = [aim] if aim else list(AIM_WEIGHT) + ["random"]
    return expected + max(aim_value(foe, a, crits, executes) for a in aims), odds


def _kill(odds: AttackOdds, foe: int) -> float:
    """Chance the attack's final damage destroys `foe`."""
    left = structure_left(foe)
    return float(odds.at_least(left)) if left <= max(odds.final) else 0.0


def attack_value(match: Match, ent: int, foe: int, card: CardDef, aim: str | None,
                 at: Cell | None = None, moved: int | None = None) -> tuple[float, float]:
    """(expected value, kill chance) of an attack; aim None takes the best aim."""
    value, odds = _valued_odds(match, ent, foe, card, aim, at, moved)
    return value, _kill(odds, foe)


def best_attack(match: Match, ctx: _Ctx, cell: Cell, moved: int, sp_left: int) -> float:
    """Best attack value available from a hex with the SP left (0 when none)."""
    key = (cell, moved, sp_left)
    if key not in ctx.best:
        best = 0.0
        for card in ctx.attacks:
            if card.sp > sp_left:
                continue
            for foe in ctx.enemies:
                strike = _strike(match, ctx, cell, moved, card, foe)
                if strike is not None:
                    best = max(best, strike.value + KILL_WORTH * strike.kill)
        ctx.best[key] = best
    return ctx.best[key]


@dataclass(frozen=True)
class _Strike:
    """One attack card on one enemy from a hex: its value (`_valued_odds`), kill chance and final
    damage odds."""

    value: float
    kill: float
    final: tuple[tuple[int, float], ...]


def _strike(match: Match, ctx: _Ctx, cell: Cell, moved: int, card: CardDef, foe: int) -> _Strike | None:
    """`card` played on `foe` from `cell` having entered `moved` hexes (None when not allowed)."""
    key = (cell, moved, card.id, foe)
    if key not in ctx.strikes:
        facing = match.board.grid.direction_to(cell, cell_of(foe))  # type: ignore[attr-defined]
        found = None
        if not attack_block(match, ctx.ent, foe, card, at=cell, facing=facing):
            value, odds = _valued_odds(match, ctx.ent, foe, card, None, cell, moved)
            found = _Strike(value, _kill(odds, foe), tuple((d, float(p)) for d, p in odds.final.items()))
        ctx.strikes[key] = found
    return ctx.strikes[key]


def _set_value(match: Match, ctx: _Ctx, cell: Cell, moved: int, foe: int,
               picks: tuple[CardDef, ...]) -> float:
    """Worth of playing every card of `picks` on `foe`: their values summed, plus `KILL_WORTH`
    times the chance their final damage together reaches what the foe has left (the damage of
    independent attacks convolved; reactions and the first attack's side effects left out)."""
    sig = tuple(c.id for c in picks)
    key = (cell, moved, foe, sig)
    if key not in ctx.sets:
        value = 0.0
        damage: dict[int, float] = {0: 1.0}
        for card in picks:
            strike = _strike(match, ctx, cell, moved, card, foe)
            if strike is None:
                value = float("-inf")
                break
            value += strike.value
            nxt: dict[int, float] = {}
            for d, p in damage.items():
                for e, q in strike.final:
                    nxt[d + e] = nxt.get(d + e, 0.0) + p * q
            damage = nxt
        left = structure_left(foe)
        kill = sum(p for d, p in damage.items() if d >= left)
        ctx.sets[key] = value + KILL_WORTH * kill
    return ctx.sets[key]


def _sets(ctx: _Ctx, spent: str, sp_left: int) -> set[tuple[CardDef, ...]]:
    """Every set of attack cards in hand (less one `spent` card) that `sp_left` SP pays for,
    the empty set included, each in card-id order."""
    held = Counter(structure(ctx.ent).zones.get("hand", []))
    if spent:
        held[spent] -= 1
    cards = [card for card in ctx.attacks for _ in range(held[card.id]) if card.sp <= sp_left]
    picks = {tuple(cards[i] for i in range(len(cards)) if mask >> i & 1) for mask in range(1 << len(cards))}
    return {p for p in picks if sum(c.sp for c in p) <= sp_left}


def volley(match: Match, ctx: _Ctx, cell: Cell, moved: int, sp_left: int, spent: str = "",
           target: int | None = None) -> float:
    """Worth of the best set of attacks the casket can still make this activation from `cell`,
    having entered `moved` hexes, with `sp_left` SP and its hand less one `spent` card: every
    set of its attack cards the SP pays for, played on one enemy (the best), by `_set_value`.
    `best_attack` is its single best card; a casket with SP for two attacks makes both.

    With `target`, `spent` is an attack being made on it, and the worth is what the rest adds to
    that attack: a set on the same target counts its kill chance together with the attack's."""
    key = (cell, moved, sp_left, spent, target)
    if key not in ctx.volleys:
        best = 0.0
        made = ctx.content.card(spent) if target is not None else None
        first = 0.0
        if made is not None and target is not None:
            first = _set_value(match, ctx, cell, moved, target, (made,))
        for picks in _sets(ctx, spent, sp_left):
            for foe in ctx.enemies:
                if made is not None and foe == target:
                    both = tuple(sorted((*picks, made), key=lambda c: c.id))
                    best = max(best, _set_value(match, ctx, cell, moved, foe, both) - first)
                elif picks:
                    best = max(best, _set_value(match, ctx, cell, moved, foe, picks))
        ctx.volleys[key] = best
    return ctx.volleys[key]


def volley_after(match: Match, action: Action) -> float | None:
    """`volley` left to the acting casket once the action is done: from where a move or card move
    ends, with the SP and hand it leaves (after an attack, what the rest adds to it); 0 once the
    activation ends or attacks are barred; None for actions outside an activation (picking a
    casket, repair)."""
    ent = action.actor
    if ent is None or action.kind not in ("move", "turn", "card", "end"):
        return None
    if action.kind == "end":
        return 0.0
    ctx = _ctx(match, ent)
    here, moved, sp = cell_of(ent), get(ent, CasketMotion).moved_this, get(ent, CasketSP).sp
    if action.kind == "move":
        cost = route_cost(match, ent, action.path, plain=True, steady=False)
        return volley(match, ctx, tuple(action.path[-1]), moved + len(action.path), sp - cost)  # type: ignore[arg-type]
    if action.kind == "turn":
        return volley(match, ctx, here, moved, sp - turn_cost(ent, int(action.option)))
    card_id, _ = split_option(action.option)
    card = ctx.content.card(card_id)
    if card.effect("no_attack") is not None:
        return 0.0
    move = card.effect("move")
    if move is not None and action.path:
        cost = card.sp + route_cost(match, ent, action.path, plain=False, steady=move.steady)
        return volley(match, ctx, tuple(action.path[-1]), moved + len(action.path), sp - cost,  # type: ignore[arg-type]
                      card_id)
    target = action.target if card.attack is not None else None
    return volley(match, ctx, here, moved, sp - card.sp, card_id, target)


def _preferred_range(ctx: _Ctx) -> int:
    return max((c.attack.range for c in ctx.attacks if c.attack), default=1)


def _gap(match: Match, ctx: _Ctx, cell: Cell) -> int:
    if not ctx.enemies:
        return 0
    want = _preferred_range(ctx)
    near = min(match.board.distance(cell, c) for c in ctx.enemy_cells)
    return max(0, near - want)


def heat_cost(ent: int, gain: int) -> float:
    """What gaining heat costs: a little, a lot once it reaches overheating."""
    if gain <= 0:
        return 0.0
    after = get(ent, CasketHeat).value + gain
    return 0.1 * gain + (1.5 if after >= OVERHEAT else 0.0)


def vent_value(ent: int, amount: int) -> float:
    """What removing heat is worth: more the closer to overheating."""
    heat = get(ent, CasketHeat).value
    removed = min(amount, heat)
    urgency = 0.6 if heat >= OVERHEAT - 3 else 0.2 if heat >= 4 else 0.02
    return removed * urgency


def _move_terms(match: Match, ctx: _Ctx, ent: int, path: tuple[Cell, ...], sp_left: int,
                can_attack: bool) -> Assessment:
    motion = get(ent, CasketMotion)
    here = cell_of(ent)
    dest = path[-1]
    moved = motion.moved_this + len(path)
    sp = get(ent, CasketSP).sp
    now = best_attack(match, ctx, here, motion.moved_this, sp)
    after = best_attack(match, ctx, dest, moved, sp_left) if can_attack else 0.0
    progress = float(_gap(match, ctx, here) - _gap(match, ctx, dest))
    guard = 0.3 * (movement_mod(moved) - movement_mod(motion.moved_this))
    # SP spent walking is SP the other cards in hand (vents, draws) can no longer use
    forgone = _best_spend(match, ctx, ent, sp) - _best_spend(match, ctx, ent, sp_left)
    return Assessment(expected_damage=0.9 * (after - now), progress=progress + guard, cost=forgone)


def _best_spend(match: Match, ctx: _Ctx, ent: int, sp: int) -> float:
    """Score of the best untargeted card (vent, draw, boost...) playable with `sp`."""
    if ctx.spends is None:
        ctx.spends = []
        for cid in sorted(set(structure(ent).zones.get("hand", []))):
            card = ctx.content.card(cid)
            if card.reaction or card_block(ent, card) or any(e.kind in TARGETED for e in card.effects):
                continue
            ctx.spends.append((card.sp, _card_terms(match, ctx, ent, card, None, "").score()))
    return max([v for cost, v in ctx.spends if cost <= sp] + [0.0])


def assess(match: Match, action: Action) -> Assessment:
    """Terms of one legal action for the acting side."""
    ent = action.actor
    if ent is None:
        return Assessment()
    if action.kind == "activate":
        ctx = _ctx(match, ent)
        value = best_attack(match, ctx, cell_of(ent), 0, sp_max(ent))
        skip = get(ent, CasketPilot).skip_next
        return Assessment(expected_damage=0.5 * value, progress=-0.1 * _gap(match, ctx, cell_of(ent)),
                          cost=1.0 if skip else 0.0)
    if action.kind == "end":
        return Assessment()
    ctx = _ctx(match, ent)
    sp = get(ent, CasketSP).sp
    if action.kind == "move":
        cost = route_cost(match, ent, action.path, plain=True, steady=False)
        terms = _move_terms(match, ctx, ent, action.path, sp - cost, True)
        terms.cost += 0.05 * cost
        return terms
    if action.kind == "turn":
        here = cell_of(ent)
        new = _facing_value(match, ent, here, int(action.option))
        gain = new - _facing_value(match, ent, here, facing_of(ent))
        return Assessment(exposure=-gain, cost=0.2 * turn_cost(ent, int(action.option)) + 0.05)
    if action.kind == "repair":
        return Assessment(progress=2.0)
    if action.kind != "card":
        return Assessment()
    card_id, aim = split_option(action.option)
    return _card_terms(match, ctx, ent, ctx.content.card(card_id), action, aim)


def _card_terms(match: Match, ctx: _Ctx, ent: int, card: CardDef, action: Action | None,
                aim: str) -> Assessment:
    """Terms of playing a card (action None: an untargeted card, valued for the SP it needs)."""
    sp = get(ent, CasketSP).sp
    # a played card makes room for a fresh draw at the end of the activation
    out = Assessment(cost=0.05 * card.sp - CYCLE)
    if action is not None and card.attack is not None and action.target is not None:
        value, kill = attack_value(match, ent, action.target, card, aim or "random")
        out.expected_damage += value
        out.kill_chance = kill
    move = card.effect("move")
    if action is not None and move is not None:
        cost = card.sp + route_cost(match, ent, action.path, plain=False, steady=move.steady)
        can_attack = card.effect("no_attack") is None
        terms = _move_terms(match, ctx, ent, action.path, sp - cost, can_attack)
        out.expected_damage += terms.expected_damage
        out.progress += terms.progress
        out.cost = terms.cost + 0.05 * cost + 0.1 - CYCLE
    for eff in card.effects:
        if eff.kind == "heat":
            if eff.amount > 0:
                out.cost += heat_cost(ent, eff.amount)
            elif get(ent, CasketHeat).value == 0:
                out.cost += 0.4               # nothing to vent: keep the card for when it matters
            else:
                out.progress += vent_value(ent, -eff.amount) / 0.5
        elif eff.kind == "draw":
            out.progress += 0.8 * eff.cards
        elif eff.kind == "boost":
            follow = best_attack(match, ctx, cell_of(ent), get(ent, CasketMotion).moved_this, sp - card.sp)
            out.expected_damage += eff.damage * 0.4 if follow > 0 else -0.2
        elif eff.kind == "sacrifice":
            out.cost += 0.6 * eff.cards + (10.0 if remaining(ent) <= eff.cards + 2 else 0.0)
        elif eff.kind == "reveal":
            out.progress += 0.1
        elif eff.kind == "ally_draw":
            out.progress += 0.7 * eff.cards
        elif eff.kind == "no_attack" and move is None:
            out.cost += 0.5
    return out


#: hexes an enemy is taken to close before attacking, for the pressure estimate (a Move's worth)
CLOSING = 3


def pressure(match: Match, side: str) -> float:
    """Each active enemy's best next attack on a casket of `side` (exact odds from where it stands,
    half when it must first close up to `CLOSING` hexes), summed, in `evaluate`'s units: structure
    over the starting deck plus the defeat chance.

    It reads the enemies' hands, so it is for the AI's determinized scratch copies only, where
    every card `side`'s opponent holds has been re-dealt from what the AI cannot see.
    """
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    mine = [e for e in caskets(match) if side_of(e) == side and is_active(e)]
    grid = match.board.grid
    total = 0.0
    for foe in caskets(match):
        if side_of(foe) == side or not is_active(foe):
            continue
        here = cell_of(foe)
        best = 0.0
        for cid in sorted(set(structure(foe).zones.get("hand", []))):
            card = content.card(cid)
            if card.attack is None or card_block(foe, card):
                continue
            for ent in mine:
                there = cell_of(ent)
                dist = match.board.distance(here, there)
                if dist > card.attack.range + CLOSING:
                    continue
                facing = grid.direction_to(here, there)  # type: ignore[attr-defined]
                near = dist <= card.attack.range and not attack_block(match, foe, ent, card, facing=facing)
                value, kill = attack_value(match, foe, ent, card, None)
                start = max(1, len(get(ent, Casket).start_deck))
                best = max(best, (value / start + kill) * (1.0 if near else 0.5))
        total += best
    return total


@dataclass
class _FoeReach:
    """One enemy's attacks on a hex, before the defender's own terms: for each attack card it may
    hold, the places it could strike from, each with the hex whose arc it would stand in and the
    target number from its line (range after closing, its movement, cover, its ranged penalties)."""

    foe: int
    cell: Cell
    unseen: Counter[str]
    held: int
    spots: dict[str, tuple[CardDef, list[tuple[Cell, int]]]]


@dataclass
class _ReachCache:
    """What `_reach` and `exposure_now` found in one state (`_state_key`; `anchor` keeps the
    Table component alive, so its id cannot be reused meanwhile)."""

    state: tuple[object, ...] = ()
    anchor: object = None
    cells: dict[tuple[str, Cell, bool], list[_FoeReach]] = field(default_factory=dict)
    now: dict[int, float] = field(default_factory=dict)


_REACH = _ReachCache()


def _fresh(match: Match) -> _ReachCache:
    """The cache, emptied first if the state it holds is not the one `match` is in."""
    anchor = get(match.table_entity, Table)
    state = _state_key(match, anchor)
    if state != _REACH.state:
        _REACH.state, _REACH.anchor = state, anchor
        _REACH.cells.clear()
        _REACH.now.clear()
    return _REACH


def _reach(match: Match, side: str, cell: Cell, flank: bool = False) -> list[_FoeReach]:
    """Every active enemy's possible attacks on a casket of `side` on `cell` next activation, from
    what `side` can see (cached while the state stands still: many facings and moves share it).

    Each attack is made from where the enemy stands, or after closing along its line the hexes its
    SP pays for. With `flank`, a melee card may also strike from any free hex next to `cell` the
    enemy's SP reaches (hex distance, its movement counted), so the arc it picks is its best one.
    """
    found = _fresh(match).cells.get((side, cell, flank))
    if found is not None:
        return found
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    board = match.board
    around: list[Cell] = []
    if flank:
        taken = {cell_of(e) for e in caskets(match)}
        around = [n for n in board.grid.neighbors(cell)
                  if n in board and not board.at(n).blocks_move and n not in taken]
    out: list[_FoeReach] = []
    for foe in caskets(match):
        if side_of(foe) == side or not is_active(foe):
            continue
        here = cell_of(foe)
        dist = board.distance(here, cell)
        cards = structure(foe)
        unseen = Counter(cards.unseen_by(side))
        sp = sp_max(foe)
        per_hex = 1 + move_penalty(foe)
        limit = hex_limit(foe)
        sight = dist <= 1 or has_los(board, here, cell)
        spots: dict[str, tuple[CardDef, list[tuple[Cell, int]]]] = {}
        for cid in sorted(unseen):
            card = content.card(cid) if cid != DAMAGE_CARD else None
            if card is None or card.attack is None or card_block(foe, card):
                continue
            places: list[tuple[Cell, int]] = []
            need = max(dist - card.attack.range, 0 if sight else 1, 0)
            if need * per_hex <= sp - card.sp and (limit is None or need <= limit):
                lines = attacker_lines(match, foe, card, here, cell, need, dist - need)
                places.append((here, sum(v for _, v in lines)))
            if card.attack.range == 1:
                for spot in around:
                    step = board.distance(here, spot)
                    if step * per_hex <= sp - card.sp and (limit is None or step <= limit):
                        lines = attacker_lines(match, foe, card, spot, cell, step)
                        places.append((spot, sum(v for _, v in lines)))
            if places:
                spots[cid] = (card, places)
        out.append(_FoeReach(foe, here, unseen, len(cards.zones.get("hand", [])), spots))
    _REACH.cells[(side, cell, flank)] = out
    return out


def threat_by(match: Match, side: str, cell: Cell) -> dict[int, float]:
    """Per active enemy, the expected damage of its best attack next activation on a casket of
    `side` standing on `cell`, from what `side` can see.

    The enemy's hand is hidden: its attack cards are weighed by the exact chance that its hand
    (a fair draw from the cards `side` has not seen) holds each one and none better. Each attack
    is made from where the enemy stands, or after closing the hexes its SP pays for (the moving
    attacker's to-hit modifier counted); cover and range come from the line it stands on now.
    The defender's facing and its own movement are left out: the AI prices those separately
    (`exposure` counts them too, for the Hard AI).
    """
    out: dict[int, float] = {}
    for reach in _reach(match, side, cell):
        values: dict[str, float] = {}
        for cid, (card, places) in reach.spots.items():
            eff = card.attack
            assert eff is not None
            # without flanking the first place is the enemy's own line
            values[cid] = attack_odds(places[0][1], eff.damage, 0, eff.bypass).floats[0]
        best = _expected_best(values, reach.unseen, reach.held)
        if best > 0.0:
            out[reach.foe] = best
    return out


def exposure(match: Match, ent: int, cell: Cell, facing: int, moved: int) -> float:
    """The enemies' expected damage on casket `ent` standing on `cell` facing `facing` next
    activation, having entered `moved` hexes this one: `threat_by` with the defender's own terms
    too (the arc each enemy strikes from, with the weapon side's extra damage; the defender's
    movement; its lost Defense) and with melee attackers free to pick the hex next to it they
    strike from, summed over the enemies."""
    grid = match.board.grid
    # the defender's terms per arc: to-hit shift, damage bonus, blocks bypassed
    terms = {}
    for arc in range(6):
        lines, bonus, bypass = defender_lines(ent, arc, moved)
        terms[arc] = (sum(v for _, v in lines), sum(v for _, v in bonus), sum(v for _, v in bypass))
    total = 0.0
    for reach in _reach(match, side_of(ent), cell, flank=True):
        values: dict[str, float] = {}
        for cid, (card, places) in reach.spots.items():
            eff = card.attack
            assert eff is not None
            best = 0.0
            for spot, target in places:
                shift, bonus, bypass = terms[grid.arc(cell, facing, spot)]  # type: ignore[attr-defined]
                odds = attack_odds(target + shift, eff.damage, bonus, eff.bypass + bypass)
                best = max(best, odds.floats[0])
            values[cid] = best
        total += _expected_best(values, reach.unseen, reach.held)
    return total


def exposure_now(match: Match, ent: int) -> float:
    """`exposure` where the casket stands, as it faces, with the hexes it has entered so far
    (kept with `_reach`'s cache: every legal action of a decision compares against it)."""
    now = _fresh(match).now
    if ent not in now:
        now[ent] = exposure(match, ent, cell_of(ent), facing_of(ent), get(ent, CasketMotion).moved_this)
    return now[ent]


def exposure_after(match: Match, action: Action) -> float | None:
    """`exposure` of the acting casket once a move (facing the best way its free turns reach)
    or a turn in place is done; None for other actions."""
    ent = action.actor
    if ent is None:
        return None
    motion = get(ent, CasketMotion)
    if action.kind == "turn":
        return exposure(match, ent, cell_of(ent), int(action.option), motion.moved_this)
    path = action.path
    if action.kind == "card" and path:
        card_id, _ = split_option(action.option)
        if match.ruleset.content.card(card_id).effect("move") is None:  # type: ignore[attr-defined]
            return None
    elif action.kind != "move" or not path:
        return None
    dest = tuple(path[-1])
    now = facing_of(ent)
    free = motion.free_turns + len(path)
    return min(exposure(match, ent, dest, d, motion.moved_this + len(path))  # type: ignore[arg-type]
               for d in range(6) if turn_steps(now, d) <= free)


def _expected_best(values: dict[str, float], unseen: Counter[str], held: int) -> float:
    """Expected best value among `held` cards dealt from `unseen` (cards without a value count 0):
    exact, hypergeometric."""
    total = sum(unseen.values())
    held = min(held, total)
    if held <= 0:
        return 0.0
    expected = 0.0
    none_before = 1.0   # chance the hand holds none of the better cards counted so far
    better = 0
    for v in sorted({x for x in values.values() if x > 0.0}, reverse=True):
        better += sum(unseen[c] for c, x in values.items() if x == v)
        none_now = comb(total - better, held) / comb(total, held)
        expected += (none_before - none_now) * v
        none_before = none_now
    return expected


def _facing_value(match: Match, ent: int, cell: Cell, facing: int) -> float:
    """How well a facing turns the defender's good arcs towards the enemies (near ones weigh more)."""
    value = 0.0
    for foe in caskets(match):
        if side_of(foe) == side_of(ent) or not is_active(foe):
            continue
        dist = match.board.distance(cell, cell_of(foe))
        arc = match.board.grid.arc(cell, facing, cell_of(foe))  # type: ignore[attr-defined]
        value += ARC_VALUE[arc] / (1.0 + 0.5 * max(0, dist - 1))
    return value


def _card_keep_value(content: Content, ent: int, cid: str, hand: list[str] | None = None) -> float:
    """How much a card is worth keeping: attacks most; dead, unusable and spare reaction cards least."""
    if cid == DAMAGE_CARD:
        return 0.0
    card = content.card(cid)
    if card_block(ent, card):
        return 0.1
    if card.reaction:
        # reactions wait in hand for a hit: one is worth holding, more of them clog the hand
        held = sum(1 for c in hand or () if c != DAMAGE_CARD and content.card(c).reaction)
        return 0.9 if held <= 1 else 0.35
    return 1.6 if card.attack is not None else 1.0


def _discard_cost(content: Content, ent: int, cid: str, aimed: str, hand: list[str]) -> float:
    return _card_keep_value(content, ent, cid, hand) + 1.2 * component_points(content.card(cid), aimed)


def advise(match: Match, decision: Decision) -> dict[str, float]:
    """Values of each answer for the deciding side."""
    ent = decision.context.get("unit")
    if ent is None:
        return {}
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    kind = decision.kind
    if kind == "face":
        return {o.key: _facing_value(match, ent, cell_of(ent), int(o.key)) - 0.3 * turn_cost(ent, int(o.key))
                for o in decision.options}
    if kind == "reaction":
        incoming = int(decision.context.get("incoming", 0))
        out = {"none": 0.0}
        for o in decision.options:
            if o.key != "none":
                cut = content.card(o.key).effect("reduce")
                out[o.key] = min(incoming, cut.amount if cut else 0) - 0.5
        return out
    if kind == "discard":
        aimed = str(decision.context.get("aimed", ""))
        hand = list(structure(ent).zones.get("hand", []))
        return {o.key: -_discard_cost(content, ent, o.key, aimed, hand) for o in decision.options}
    if kind == "damage_source":
        return _source_values(content, match, ent, decision)
    if kind == "ally":
        return {o.key: -len(structure(int(o.key)).zones.get("hand", [])) for o in decision.options}
    return {}


def advise_exact(match: Match, decision: Decision) -> dict[str, float] | None:
    """The facing after a move by exact `exposure` (its turn cost in SP priced as `advise` does);
    None for the other decisions."""
    ent = decision.context.get("unit")
    if decision.kind != "face" or ent is None:
        return None
    here, moved = cell_of(ent), get(ent, CasketMotion).moved_this
    return {o.key: -exposure(match, ent, here, int(o.key), moved) - 0.3 * turn_cost(ent, int(o.key))
            for o in decision.options}


def _source_values(content: Content, match: Match, ent: int, decision: Decision) -> dict[str, float]:
    amount = int(decision.context.get("amount", 0))
    aimed = str(decision.context.get("aimed", ""))
    cards = structure(ent)
    held = list(cards.zones.get("hand", []))
    hand = sorted(_discard_cost(content, ent, c, aimed, held) for c in held)
    unseen = Counter(cards.unseen_by(side_of(ent)))
    total = sum(unseen.values())
    # a deck card lost is a random future card: its average worth (discounted) and component damage
    per_deck = (sum(n * (0.8 * _card_keep_value(content, ent, c)
                         + 1.2 * component_points(content.card(c), aimed))
                    for c, n in unseen.items()) / total) if total else 0.0
    left = remaining(ent)
    out = {}
    for o in decision.options:
        k = int(o.key)
        from_deck = amount - k
        cost = sum(hand[:k]) + from_deck * per_deck
        if from_deck >= left:
            cost += 100.0
        out[o.key] = -cost
    return out
