"""Resolving each action kind: tokens spent, then the rules of the action (the Movement table's
Hand off, Apply, Reload, Draw, Awaiting; Sneak and Observe; attacks; shield overcharge)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.wording import plural
from game.rulesets.tokens.actions import APPLY, AWAIT, DRAW, HANDOFF, OVERCHARGE, RELOAD
from game.rulesets.tokens.combat import resolve_attack, weapon
from game.rulesets.tokens.components import (
    TkEffects,
    TkGear,
    TkTokens,
    audience,
    get,
    health,
    name_of,
    side_of,
)
from game.rulesets.tokens.content import shipped
from game.rulesets.tokens.damage import set_health
from game.rulesets.tokens.kinds import Ev, Kind
from game.rulesets.tokens.movement import move
from game.rulesets.tokens.stealth import observe, reveal, sneak
from game.rulesets.tokens.telling import audiences, unseen
from game.rulesets.tokens.turns import end_turn, overcharge

if TYPE_CHECKING:
    from game.core.match import Match
    from game.core.ruleset import Resolution


def resolve(match: Match, action: Action) -> Resolution:
    """Apply one legal action."""
    kind, ent = action.kind, action.actor
    if kind == Kind.END:
        end_turn(match)
        return
    assert ent is not None
    tokens, gear = get(ent, TkTokens), get(ent, TkGear)
    if kind in (Kind.MOVE, Kind.SPRINT):
        yield from move(match, ent, action.path, bypass=action.option == "bypass", sprint=kind == Kind.SPRINT)
    elif kind == Kind.ATTACK:
        assert action.target is not None
        yield from resolve_attack(match, ent, action.option, action.target)
    elif kind == Kind.SNEAK:
        sneak(match, ent, int(action.option))
    elif kind == Kind.OBSERVE:
        observe(match, ent, int(action.option))
    elif kind == Kind.RELOAD:
        tokens.move -= RELOAD
        gear.loaded[action.option] = weapon(action.option).ammo
        match.emit(
            Ev.RELOAD, f"{name_of(ent)} reloads {weapon(action.option).name}.",
            unit=ent, side=side_of(ent), visible=audience(ent)
        )
    elif kind == Kind.DRAW:
        tokens.move -= DRAW
        gear.held = action.option
        match.emit(
            Ev.DRAW, f"{name_of(ent)} draws {weapon(action.option).name}.", unit=ent, side=side_of(ent),
            visible=audience(ent),
        )
    elif kind == Kind.AWAIT:
        n = int(action.option)
        tokens.move -= AWAIT
        tokens.reserved = n
        tokens.attack_debt += n
        match.emit(
            Ev.AWAIT,
            f"{name_of(ent)} awaits: {n} of next turn's attack tokens reserved for overwatch.",
            [f"{AWAIT} move tokens; the reserved tokens are gone from the next turn"],
            unit=ent,
            side=side_of(ent), visible=audience(ent),
        )
    elif kind == Kind.HANDOFF:
        assert action.target is not None
        item, payer = action.option.split(":")
        if payer == "giver":
            tokens.move -= HANDOFF
        else:
            tokens.move -= 1
            get(action.target, TkTokens).move -= 1
        gear.items.remove(item)
        get(action.target, TkGear).items.append(item)
        match.emit(
            Ev.HANDOFF,
            f"{name_of(ent)} hands {shipped().items[item].name} to {name_of(action.target)}.",
            unit=ent,
            side=side_of(ent),
            # giver and taker stand side by side: a hidden one's side alone reads it
            visible=audience(action.target) if audience(ent) == "all" else audience(ent),
        )
    elif kind == Kind.APPLY:
        assert action.target is not None
        apply_item(match, ent, action.target, action.option)
    elif kind == Kind.OVERCHARGE:
        tokens.attack -= OVERCHARGE
        overcharge(match, ent)
    else:
        raise ValueError(f"unknown action kind {kind!r}")


def apply_item(match: Match, ent: int, target: int, item: str) -> None:
    """TK-APPLY: a heal costs 2 move tokens; on an unwilling target 1 attack token instead."""
    it = shipped().items[item]
    get(ent, TkGear).items.remove(item)
    if it.heal:
        get(ent, TkTokens).move -= APPLY
        h = health(target)
        new = min(h.maximum, h.current + it.heal)
        healed = f"health {h.current} -> {new}."
        # a hidden healer is not named to the sides it hides from: it stands next to its patient
        full, others = audiences(match, by=ent, hidden=unseen(ent))
        for side in full:
            match.emit(Ev.APPLY, f"{name_of(ent)} applies {it.name} to {name_of(target)}: {healed}",
                       side=side_of(ent), visible=side, unit=target)
        for side in others:
            # the patient's side colours the line only when the patient is in sight of its readers
            match.emit(Ev.APPLY, f"{name_of(target)} is healed: {healed}",
                       side="" if unseen(target) else side_of(target),
                       visible=side, unit=target, unnamed=True)
        set_health(match, target, new)
    else:
        get(ent, TkTokens).attack -= 1
        get(target, TkEffects).dots.append(
            {"damage": it.harm, "type": "untyped", "rounds": it.rounds, "name": it.name,
             "by": ent, "action": {"kind": Kind.APPLY, "actor": ent, "option": item}}
        )
        match.emit(
            Ev.APPLY,
            f"{name_of(ent)} jabs {name_of(target)} with {it.name}: {it.harm} a round for "
            f"{plural(it.rounds, 'round')}.",
            unit=target,
            # on an ally a hidden jabber stays hidden (on an enemy it is revealed just below)
            side=side_of(ent), visible=audience(ent) if side_of(target) == side_of(ent) else "all",
        )
        if side_of(target) != side_of(ent):
            reveal(match, ent, "it struck")
