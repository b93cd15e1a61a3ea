"""Side turns: the token refresh, bleeding (TK-ZERO), DoTs (TK-DOT), shield recharge and
overcharge (TK-SHIELD), passive Observe (TK-OBSERVE), Blinding's duration (TK-BLIND)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.core.wording import plural
from game.rulesets.tokens.components import (
    TkEffects,
    TkShield,
    TkTokens,
    TkUnit,
    audience,
    get,
    health,
    is_active,
    name_of,
    on_board,
    side_of,
    table,
    units,
)
from game.rulesets.tokens.damage import allotment, deal, set_health
from game.rulesets.tokens.kinds import Ev
from game.rulesets.tokens.stealth import observe

if TYPE_CHECKING:
    from game.core.match import Match


def other(match: Match, side: str) -> str:
    sides = table(match).sides
    return sides[1] if side == sides[0] else sides[0]


def refresh(match: Match, ent: int) -> None:
    """New tokens for the turn: the unit's allotment, halved at exactly 0 health, minus what
    Awaiting reserved and Stumbling/Disabling took beyond this turn's pools."""
    unit, tokens = get(ent, TkUnit), get(ent, TkTokens)
    lines = [f"{unit.move} move, {unit.attack} attack tokens"]
    move, attack = allotment(match, ent)
    if (move, attack) != (unit.move, unit.attack):
        lines.append(f"at {health(ent).current} health: half -> {move} move, {attack} attack")
    if tokens.move_debt or tokens.attack_debt:
        lines.append(f"owed from last turn: -{tokens.move_debt} move, -{tokens.attack_debt} attack")
    tokens.move = max(0, move - tokens.move_debt)
    tokens.attack = max(0, attack - tokens.attack_debt)
    tokens.move_debt = tokens.attack_debt = 0
    tokens.reserved = 0
    tokens.diagonals = 0
    tokens.sneak_bonus_used = False


def start_turn(match: Match, side: str) -> None:
    """Everything that happens to a side's units as its turn begins, in id order."""
    t = table(match)
    t.turn_side = side
    t.actor = None
    for ent in units(match):
        if side_of(ent) != side or not on_board(ent):
            continue
        bleed(match, ent)
        dots(match, ent)
        shield(match, ent)
        if is_active(ent):
            refresh(match, ent)
        else:
            tokens = get(ent, TkTokens)
            tokens.move = tokens.attack = tokens.reserved = 0
    for ent in units(match):
        if side_of(ent) == side and is_active(ent) and get(ent, TkUnit).observe:
            observe(match, ent, get(ent, TkUnit).observe, passive=True)


def bleed(match: Match, ent: int) -> None:
    """TK-ZERO: below 0 a player unit loses 1 health a turn until it dies at minus its tokens."""
    h = health(ent)
    if h.current < 0:
        match.emit(
            Ev.BLEED,
            f"{name_of(ent)} bleeds: health {h.current} -> {h.current - 1}.",
            [f"dies at -{get(ent, TkUnit).health_tokens}"],
            unit=ent,
            side=side_of(ent), visible=audience(ent),
        )
        set_health(match, ent, h.current - 1)


def dots(match: Match, ent: int) -> None:
    """TK-DOT: each DoT deals its damage and counts down a round; its damage is credited to the
    unit that placed it and the action it placed it with (a DoT from an older save names none)."""
    fx = get(ent, TkEffects)
    keep = []
    for dot in fx.dots:
        if not on_board(ent):
            break
        deal(
            match,
            ent,
            int(dot["damage"]),
            str(dot["type"]),
            f"{dot['name']} burns",
            [f"{plural(dot['rounds'], 'round')} left before this one"],
            dot.get("by"),
            dot.get("action"),
        )
        left = int(dot["rounds"]) - 1
        if left > 0:
            keep.append({**dot, "rounds": left})
    fx.dots = keep


def shield(match: Match, ent: int) -> None:
    """TK-SHIELD: overcharge runs down (its extra goes), then recharge up to the shield's amount."""
    sh = esper.try_component(ent, TkShield)
    if sh is None:
        return
    if sh.over_rounds > 0:
        sh.over_rounds -= 1
        if sh.over_rounds == 0:
            sh.charges = max(0, min(sh.charges, sh.amount))
            sh.over_extra = 0
            match.emit(Ev.SHIELD,
                       f"{name_of(ent)}'s overcharge fades ({sh.charges} shield tokens).", unit=ent,
                       side=side_of(ent), visible=audience(ent))
    if sh.over_rounds == 0 and sh.charges < sh.amount:
        sh.charges = min(sh.amount, sh.charges + sh.recharge)


def overcharge(match: Match, ent: int) -> None:
    """Double the current shield tokens for the shield's overcharge duration."""
    sh = get(ent, TkShield)
    sh.over_extra = sh.charges
    sh.charges *= 2
    sh.over_rounds = sh.overcharge_for
    match.emit(
        Ev.SHIELD,
        f"{name_of(ent)} overcharges its shield: {plural(sh.charges, 'token')} for "
        f"{plural(sh.over_rounds, 'round')}.",
        unit=ent,
        side=side_of(ent), visible=audience(ent),
    )


def end_turn(match: Match) -> None:
    """Blindness wears off at the end of the blinded unit's side turn; the other side begins."""
    t = table(match)
    side = t.turn_side
    for ent in units(match):
        if side_of(ent) == side:
            fx = get(ent, TkEffects)
            if fx.blind > 0:
                fx.blind -= 1
            tokens = get(ent, TkTokens)
            tokens.move = 0
            tokens.attack = 0
    nxt = other(match, side)
    if nxt == t.sides[0]:
        t.round += 1
    start_turn(match, nxt)
