"""Baseline-AI knowledge for casket: the terms of each legal action (moving, turning, cards).

Only what the acting side knows is read: its own hand, public counts, positions, damage tracks.
Attack values live in attacks.py, volleys in volleys.py, the enemies' threat in exposure.py and
decision answers in advice.py; the ruleset's AI hooks are re-exported here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.ruleset import Assessment
from game.rulesets.casket.advice import advise, advise_exact, facing_value
from game.rulesets.casket.attacks import (
    KILL_WORTH,
    Context,
    attack_value,
    best_attack,
    context,
    enemy_distances,
)
from game.rulesets.casket.carddefs import TARGETED, CardDef
from game.rulesets.casket.components import (
    CasketHeat,
    CasketMotion,
    CasketPilot,
    CasketSP,
    cell_of,
    facing_of,
    get,
    structure,
)
from game.rulesets.casket.effects import split_option
from game.rulesets.casket.exposure import (
    expected_best,
    exposure,
    exposure_after,
    exposure_now,
    pressure,
    threat_by,
)
from game.rulesets.casket.heat import OVERHEAT
from game.rulesets.casket.kinds import Kind
from game.rulesets.casket.movement import route_cost, turn_cost, turn_steps
from game.rulesets.casket.status import card_block, move_penalty, sp_max
from game.rulesets.casket.structure import remaining
from game.rulesets.casket.tohit import (
    movement_mod,
)
from game.rulesets.casket.volleys import volley, volley_after

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]

CYCLE = 0.35


def _gap(match: Match, ctx: Context, cell: Cell) -> int:
    """Hexes the casket would still have to close from `cell` to bring its longest attack to
    bear on the nearest enemy (0 without enemies)."""
    found = ctx.gaps.get(cell)
    if found is None:
        if not ctx.enemies:
            found = 0
        else:
            near = min([d for _, d in enemy_distances(match, ctx, cell)])
            found = max(0, near - ctx.reach)
        ctx.gaps[cell] = found
    return found


def _penalty(ctx: Context) -> int:
    """The acting casket's movement penalty (status.move_penalty), read once per decision."""
    if ctx.penalty is None:
        ctx.penalty = move_penalty(ctx.ent)
    return ctx.penalty


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


def _move_terms(match: Match, ctx: Context, ent: int, path: tuple[Cell, ...], sp_left: int,
                can_attack: bool) -> Assessment:
    here, moved_this, sp, now, gap, band, spend = _standing(match, ctx, ent)
    dest = path[-1]
    moved = moved_this + len(path)
    after = best_attack(match, ctx, dest, moved, sp_left) if can_attack else 0.0
    progress = float(gap - _gap(match, ctx, dest))
    guard = 0.3 * (movement_mod(moved) - band)
    # SP spent walking is SP the other cards in hand (vents, draws) can no longer use
    forgone = 0.0 if sp_left == sp else spend - _best_spend(match, ctx, ent, sp_left)
    return Assessment(expected_damage=0.9 * (after - now), progress=progress + guard, cost=forgone)


def _here(ctx: Context, ent: int) -> tuple[Cell, int, int]:
    """Where the acting casket stands, the hexes it has entered and its SP, read once a context."""
    found = ctx.here
    if found is None:
        found = ctx.here = (cell_of(ent), get(ent, CasketMotion).moved_this, get(ent, CasketSP).sp)
    return found


def _standing(match: Match, ctx: Context, ent: int) -> tuple[Cell, int, int, float, int, int, float]:
    """`_here` and what every move compares against, worked out once a context: the best attack
    from where it stands, its gap there, the movement modifier so far and the best spend of its SP."""
    found = ctx.standing
    if found is None:
        here, moved_this, sp = _here(ctx, ent)
        found = ctx.standing = (here, moved_this, sp, best_attack(match, ctx, here, moved_this, sp),
                                _gap(match, ctx, here), movement_mod(moved_this),
                                _best_spend(match, ctx, ent, sp))
    return found


def _best_spend(match: Match, ctx: Context, ent: int, sp: int) -> float:
    """Score of the best untargeted card (vent, draw, boost...) playable with `sp`."""
    if ctx.spends is None:
        ctx.spends = []
        for cid in sorted(set(structure(ent).zones.get("hand", []))):
            card = ctx.content.card(cid)
            if card.reaction or card_block(ent, card) or any(e.kind in TARGETED for e in card.effects):
                continue
            ctx.spends.append((card.sp, _card_terms(match, ctx, ent, card, None, "").score()))
    found = ctx.spend_by_sp.get(sp)
    if found is None:
        found = ctx.spend_by_sp[sp] = max([v for cost, v in ctx.spends if cost <= sp] + [0.0])
    return found


def assess(match: Match, action: Action) -> Assessment:
    """Terms of one legal action for the acting side."""
    ent = action.actor
    if ent is None:
        return Assessment()
    if action.kind == Kind.ACTIVATE:
        ctx = context(match, ent)
        value = best_attack(match, ctx, cell_of(ent), 0, sp_max(ent))
        skip = get(ent, CasketPilot).skip_next
        return Assessment(expected_damage=0.5 * value, progress=-0.1 * _gap(match, ctx, cell_of(ent)),
                          cost=1.0 if skip else 0.0)
    if action.kind == Kind.END:
        return Assessment()
    ctx = context(match, ent)
    sp = _here(ctx, ent)[2]
    if action.kind == Kind.MOVE:
        cost = route_cost(match, ent, action.path, plain=True, steady=False, penalty=_penalty(ctx))
        terms = _move_terms(match, ctx, ent, action.path, sp - cost, True)
        terms.cost += 0.05 * cost
        return terms
    if action.kind == Kind.TURN:
        here = cell_of(ent)
        new = facing_value(match, ent, here, int(action.option))
        now = ctx.facing_now
        if now is None:
            now = ctx.facing_now = facing_value(match, ent, here, facing_of(ent))
        gain = new - now
        return Assessment(exposure=-gain, cost=0.2 * turn_cost(ent, int(action.option)) + 0.05)
    if action.kind == Kind.REPAIR:
        return Assessment(progress=2.0)
    if action.kind != Kind.CARD:
        return Assessment()
    card_id, aim = split_option(action.option)
    return _card_terms(match, ctx, ent, ctx.content.card(card_id), action, aim)


def _card_terms(match: Match, ctx: Context, ent: int, card: CardDef, action: Action | None,
                aim: str) -> Assessment:
    """Terms of playing a card (action None: an untargeted card, valued for the SP it needs)."""
    sp = _here(ctx, ent)[2]
    # a played card makes room for a fresh draw at the end of the activation
    out = Assessment(cost=0.05 * card.sp - CYCLE)
    if action is not None and card.attack is not None and action.target is not None:
        value, kill = attack_value(match, ent, action.target, card, aim or "random")
        out.expected_damage += value
        out.kill_chance = kill
    move = card.effect("move")
    if action is not None and move is not None:
        cost = card.sp + route_cost(match, ent, action.path, plain=False, steady=move.steady,
                                    penalty=_penalty(ctx))
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


__all__ = ["KILL_WORTH", "Context", "advise", "advise_exact", "assess", "attack_value", "best_attack",
           "context", "expected_best", "exposure", "exposure_after", "exposure_now", "pressure",
           "threat_by", "turn_steps", "volley", "volley_after"]
