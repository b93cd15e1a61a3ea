"""The casket AI's volleys: the best set of attacks the SP and hand left after an action pay for."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.core.action import Action
from game.rulesets.casket.attacks import FINAL, KILL_WORTH, VALUE, Context, context, strike_on
from game.rulesets.casket.carddefs import CardDef
from game.rulesets.casket.components import (
    CasketMotion,
    CasketSP,
    cell_of,
    get,
    structure,
)
from game.rulesets.casket.effects import split_option
from game.rulesets.casket.kinds import Kind
from game.rulesets.casket.movement import route_cost, turn_cost
from game.rulesets.casket.view import structure_left

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]

def set_value(match: Match, ctx: Context, cell: Cell, moved: int, foe: int,
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
            strike = strike_on(match, ctx, cell, moved, card, foe)
            if strike is None:
                value = float("-inf")
                break
            value += strike[VALUE]
            nxt: dict[int, float] = {}
            for d, p in damage.items():
                for e, q in strike[FINAL]:
                    nxt[d + e] = nxt.get(d + e, 0.0) + p * q
            damage = nxt
        left = structure_left(foe)
        kill = sum(p for d, p in damage.items() if d >= left)
        ctx.sets[key] = value + KILL_WORTH * kill
    return ctx.sets[key]


def _sets(ctx: Context, spent: str, sp_left: int) -> set[tuple[CardDef, ...]]:
    """Every set of attack cards in hand (less one `spent` card) that `sp_left` SP pays for,
    the empty set included, each in card-id order."""
    held = Counter(structure(ctx.ent).zones.get("hand", []))
    if spent:
        held[spent] -= 1
    cards = [card for card in ctx.attacks for _ in range(held[card.id]) if card.sp <= sp_left]
    picks = {tuple(cards[i] for i in range(len(cards)) if mask >> i & 1) for mask in range(1 << len(cards))}
    return {p for p in picks if sum(c.sp for c in p) <= sp_left}


def volley(match: Match, ctx: Context, cell: Cell, moved: int, sp_left: int, spent: str = "",
           target: int | None = None) -> float:
    """Worth of the best set of attacks the casket can still make this activation from `cell`,
    having entered `moved` hexes, with `sp_left` SP and its hand less one `spent` card: every
    set of its attack cards the SP pays for, played on one enemy (the best), by `set_value`.
    `best_attack` is its single best card; a casket with SP for two attacks makes both.

    With `target`, `spent` is an attack being made on it, and the worth is what the rest adds to
    that attack: a set on the same target counts its kill chance together with the attack's."""
    key = (cell, moved, sp_left, spent, target)
    if key not in ctx.volleys:
        best = 0.0
        made = ctx.content.card(spent) if target is not None else None
        first = 0.0
        if made is not None and target is not None:
            first = set_value(match, ctx, cell, moved, target, (made,))
        for picks in _sets(ctx, spent, sp_left):
            for foe in ctx.enemies:
                if made is not None and foe == target:
                    both = tuple(sorted((*picks, made), key=lambda c: c.id))
                    best = max(best, set_value(match, ctx, cell, moved, foe, both) - first)
                elif picks:
                    best = max(best, set_value(match, ctx, cell, moved, foe, picks))
        ctx.volleys[key] = best
    return ctx.volleys[key]


def volley_after(match: Match, action: Action) -> float | None:
    """`volley` left to the acting casket once the action is done: from where a move or card move
    ends, with the SP and hand it leaves (after an attack, what the rest adds to it); 0 once the
    activation ends or attacks are barred; None for actions outside an activation (picking a
    casket, repair)."""
    ent = action.actor
    if ent is None or action.kind not in (Kind.MOVE, Kind.TURN, Kind.CARD, Kind.END):
        return None
    if action.kind == Kind.END:
        return 0.0
    ctx = context(match, ent)
    here, moved, sp = cell_of(ent), get(ent, CasketMotion).moved_this, get(ent, CasketSP).sp
    if action.kind == Kind.MOVE:
        cost = route_cost(match, ent, action.path, plain=True, steady=False)
        return volley(match, ctx, tuple(action.path[-1]), moved + len(action.path), sp - cost)  # type: ignore[arg-type]
    if action.kind == Kind.TURN:
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
