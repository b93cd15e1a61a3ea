"""The casket AI's exposure: the enemies' attacks on a hex next activation, from what a side can
see (their hands weighed by exact hypergeometric odds), and the pressure on a side."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.knowledge import believed_cell
from game.core.memo import state_memo
from game.core.sight import board_sight
from game.rulesets.casket.attacks import attack_value
from game.rulesets.casket.carddefs import DAMAGE_CARD, CardDef
from game.rulesets.casket.components import (
    Casket,
    CasketMotion,
    caskets,
    cell_of,
    facing_of,
    get,
    is_active,
    side_of,
    structure,
)
from game.rulesets.casket.content import Content
from game.rulesets.casket.effects import split_option
from game.rulesets.casket.kinds import Kind
from game.rulesets.casket.movement import turn_steps
from game.rulesets.casket.odds import attack_odds
from game.rulesets.casket.status import card_block, hex_limit, move_penalty, ranged_malus_lines, sp_max
from game.rulesets.casket.threatmemo import ThreatMemo, foe_keys, threat_memo
from game.rulesets.casket.tohit import (
    BASE_TARGET,
    attack_block,
    attacker_lines,
    defender_lines,
    movement_mod,
    range_mod,
    terrain_mods,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

    from game.core.match import Match

Cell = tuple[int, int]

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


def _reach(match: Match, side: str, cell: Cell, flank: bool = False) -> list[_FoeReach]:
    """Every active enemy's possible attacks on a casket of `side` on `cell` next activation, from
    what `side` can see (cached while the state stands still: many facings and moves share it).

    Each attack is made from where the enemy stands, or after closing along its line the hexes its
    SP pays for. With `flank`, a melee card may also strike from any free hex next to `cell` the
    enemy's SP reaches (hex distance, its movement counted), so the arc it picks is its best one.
    """
    memo = state_memo(match, "casket-reach")
    found = memo.get((side, cell, flank))
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
        here = believed_cell(match, side, foe)
        cards = structure(foe)
        unseen = Counter(cards.unseen_by(side))
        spots = _spots(match, content, foe, here, cell, unseen, around)
        out.append(_FoeReach(foe, here, unseen, len(cards.zones.get("hand", [])), spots))
    memo[(side, cell, flank)] = out
    return out


def _spots(match: Match, content: Content, foe: int, here: Cell, cell: Cell, unseen: Iterable[str],
           around: list[Cell]) -> dict[str, tuple[CardDef, list[tuple[Cell, int]]]]:
    """`_FoeReach.spots` of enemy `foe` standing on `here` against `cell` (see `_reach`)."""
    board = match.board
    dist = board.distance(here, cell)
    sp = sp_max(foe)
    per_hex = 1 + move_penalty(foe)
    limit = hex_limit(foe)
    sight = dist <= 1 or board_sight(board).see(here, cell)
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
    return spots


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
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    memo = threat_memo(match.board, content)
    best_of, per_card = memo.best, memo.per_card
    out: dict[int, float] = {}
    for foe, here, held, hidden, whole, place, kin in foe_keys(match, side, memo):
        key = (cell, whole)
        best = best_of.get(key)
        if best is None:
            hand = memo.hands.get(whole)
            if hand is None:
                counted = Counter(hidden)
                hand = memo.hands[whole] = (counted, tuple(sorted(counted)))
            unseen, kinds = hand
            # each card's value depends on the card, not on which others are unseen: kept apart,
            # so a card played (the hand and the unseen cards change) reuses them
            per = per_card.setdefault((cell, place), {})
            new = [cid for cid in unseen if cid not in per]
            if new:
                per.update(_card_values(match, content, memo, foe, kin, here, cell, new))
            # the expected best depends on the hand and the cards' values only: hexes alike share it
            row = tuple([per[cid] for cid in kinds])
            best = memo.by_row.get((whole, row))
            if best is None:
                values = {cid: v for cid, v in zip(kinds, row, strict=True) if v is not None}
                best = memo.by_row[(whole, row)] = expected_best(values, unseen, held)
            best_of[key] = best
        if best > 0.0:
            out[foe] = best
    return out


def _card_values(match: Match, content: Content, memo: ThreatMemo, foe: int, kin: int, here: Cell,
                 cell: Cell, cids: Iterable[str]) -> dict[str, float | None]:
    """Each card's expected damage by enemy `foe` (status id `kin`) from `here` on `cell`, None
    where it cannot attack: `_spots` without flanking, read through `attack_odds`. What the
    card and the enemy's status decide is kept per status id; the terrain on the line is looked
    up only when a card can reach."""
    board = match.board
    dist = board.distance(here, cell)
    mine = memo.cards.get(kin)
    if mine is None:
        mine = memo.cards[kin] = {}
        mine[""] = (sp_max(foe), 1 + move_penalty(foe), hex_limit(foe))  # type: ignore[assignment]
    sp, per_hex, limit = mine[""]  # type: ignore[misc]
    # asked at once, not only for a card in range: the board's sight memo keeps the first answer
    # for a pair of hexes in either order, so the order of the questions must stay as it was
    sight = dist <= 1 or board_sight(board).see(here, cell)
    terrain: int | None = None
    out: dict[str, float | None] = {}
    for cid in cids:
        found = mine.get(cid, _MISSING)
        if found is _MISSING:
            card = content.card(cid) if cid != DAMAGE_CARD else None
            found = mine[cid] = None
            eff = card.attack if card is not None else None
            if card is not None and eff is not None and not card_block(foe, card):
                extra = sum([v for _, v in ranged_malus_lines(foe)]) if card.ranged else 0
                found = mine[cid] = (eff.range, card.sp, eff.damage, eff.bypass, extra)
        value = None
        if found is not None:
            reach, cost, damage, bypass, extra = found  # type: ignore[misc]
            need = dist - reach
            if need < 1:  # in range: one hex to close where it cannot see the hex
                need = 0 if sight else 1
            if need * per_hex <= sp - cost and (limit is None or need <= limit):
                if terrain is None:
                    terrain = sum([v for _, v in terrain_mods(board, here, cell)])
                # `attacker_lines`' sum: base, range after closing, movement, terrain, ranged
                target = BASE_TARGET + range_mod(dist - need)[1] + movement_mod(need) + terrain + extra
                value = attack_odds(target, damage, 0, bypass).floats[0]
        out[cid] = value
    return out


_MISSING = object()


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
        total += expected_best(values, reach.unseen, reach.held)
    return total


def exposure_now(match: Match, ent: int) -> float:
    """`exposure` where the casket stands, as it faces, with the hexes it has entered so far
    (kept with a state memo: every legal action of a decision compares against it)."""
    memo = state_memo(match, "casket-exposure-now")
    if ent not in memo:
        memo[ent] = exposure(match, ent, cell_of(ent), facing_of(ent), get(ent, CasketMotion).moved_this)
    return memo[ent]


def exposure_after(match: Match, action: Action) -> float | None:
    """`exposure` of the acting casket once a move (facing the best way its free turns reach)
    or a turn in place is done; None for other actions."""
    ent = action.actor
    if ent is None:
        return None
    motion = get(ent, CasketMotion)
    if action.kind == Kind.TURN:
        return exposure(match, ent, cell_of(ent), int(action.option), motion.moved_this)
    path = action.path
    if action.kind == Kind.CARD and path:
        card_id, _ = split_option(action.option)
        if match.ruleset.content.card(card_id).effect("move") is None:  # type: ignore[attr-defined]
            return None
    elif action.kind != Kind.MOVE or not path:
        return None
    dest = tuple(path[-1])
    now = facing_of(ent)
    free = motion.free_turns + len(path)
    return min(exposure(match, ent, dest, d, motion.moved_this + len(path))  # type: ignore[arg-type]
               for d in range(6) if turn_steps(now, d) <= free)


def expected_best(values: dict[str, float], unseen: Counter[str], held: int) -> float:
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
