"""Dealing damage: defense (TK-DEFENSE), shields (TK-SHIELD), health and its thresholds (TK-ZERO),
Gibbing (TK-GIB). One place for every source: attacks, DoTs, bleeding, gibs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.components import Status, Table
from game.core.events import damage_data
from game.rulesets.tokens.components import (
    TkShield,
    TkTokens,
    TkUnit,
    audience,
    get,
    health,
    name_of,
    side_of,
)
from game.rulesets.tokens.content import Defense, shipped
from game.rulesets.tokens.kinds import Ev
from game.rulesets.tokens.odds import absorb, half_tokens, reduce_damage
from game.rulesets.tokens.readings import BELOW_ZERO, reading
from game.rulesets.tokens.telling import audiences

if TYPE_CHECKING:
    from game.core.match import Match


def defenses(ent: int) -> tuple[Defense, ...]:
    """The unit's defense entries (from its armour)."""
    armour = get(ent, TkUnit).armour
    return shipped().armours[armour].entries if armour else ()


def shield_charges(ent: int) -> int:
    import esper

    sh = esper.try_component(ent, TkShield)
    return sh.charges if sh is not None else 0


def after_defense(ent: int, damage: int, dtype: str) -> tuple[int, int, list[str]]:
    """(to shield, to health, breakdown) of `damage` of `dtype` on unit `ent`, as things stand."""
    reduced, lines = reduce_damage(damage, dtype, defenses(ent))
    soaked, left = absorb(reduced, shield_charges(ent))
    if soaked:
        lines.append(f"shield absorbs {soaked} -> {left} to health")
    return soaked, left, lines


def acts_below_zero(match: Match) -> bool:
    """TK-ZERO's reading: a bleeding player unit acts with half its tokens (else it is down)."""
    return reading(match, BELOW_ZERO) == "acts"


def out_at(match: Match, ent: int, hp: int) -> str:
    """The state a unit is in at `hp` health (TK-ZERO; non-player units die at 0 or below). Below
    0 a player unit bleeds: down and unable to act, or, by the default reading, still acting."""
    unit = get(ent, TkUnit)
    if not unit.player:
        return "dead" if hp <= 0 else "active"
    if hp <= -unit.health_tokens:
        return "dead"
    return "down" if hp < 0 and not acts_below_zero(match) else "active"


def halved_at(match: Match, ent: int, hp: int) -> bool:
    """TK-ZERO: whether a unit at `hp` uses half its tokens: at exactly 0, and while it bleeds
    below 0 (when bleeding units act)."""
    return hp == 0 or (hp < 0 and get(ent, TkUnit).player and acts_below_zero(match))


def allotment(match: Match, ent: int) -> tuple[int, int]:
    """(move, attack) tokens a turn brings the unit: its kind's, halved (rounded down) at 0 health
    and while bleeding (TK-ZERO)."""
    unit = get(ent, TkUnit)
    if halved_at(match, ent, health(ent).current):
        return half_tokens(unit.move), half_tokens(unit.attack)
    return unit.move, unit.attack


def attack_tokens_held(match: Match, ent: int) -> int:
    """The attack tokens the unit has: its pool on its own side's turn; out of it, what its next
    turn brings (the allotment less what Disabling or Awaiting took from it)."""
    tokens = get(ent, TkTokens)
    if side_of(ent) == get(match.table_entity, Table).turn_side:
        return tokens.attack
    return max(0, allotment(match, ent)[1] - tokens.attack_debt)


def largest_hit() -> int:
    """The most health one hit can take in this match (call inside the world): a weapon with the
    whole sneak bonus (at most the unit's move tokens) doubled by Clustershot, a DoT, an item, a
    Gib (half the largest maximum health). What a save's health can fall to past death."""
    import esper

    from game.core.components import Health

    content = shipped()
    weapon = max((w.damage for w in content.weapons.values()), default=0)
    move = max((u.move for _e, u in esper.get_component(TkUnit)), default=0)
    burn = max([f.damage for f in content.fuels.values()] + [i.harm for i in content.items.values()] + [0])
    gibs = max((h.maximum // 2 for _e, h in esper.get_component(Health)), default=0)
    return max(2 * (weapon + move), burn, gibs, 1)


def health_floor(ent: int) -> int:
    """The lowest health the rules let `ent` reach (TK-ZERO): a hit lands on a unit still on its
    feet or down (a non-player unit at 1 at least, a player one above minus its health tokens)
    and may take it the largest hit lower; the dead take no more damage."""
    unit = get(ent, TkUnit)
    lowest_alive = 1 - unit.health_tokens if unit.player else 1
    return lowest_alive - largest_hit()


def takes_out(match: Match, ent: int, to_health: int) -> bool:
    """Whether `to_health` more damage leaves the unit unable to act."""
    return out_at(match, ent, health(ent).current - to_health) != "active"


def set_health(match: Match, ent: int, hp: int) -> None:
    """Health to `hp`, and the unit's state with it. Reaching 0 (or bleeding, where bleeding units
    act) halves the pools it holds at once, not from its next turn (TK-ZERO)."""
    h = health(ent)
    before = h.current
    h.current = min(hp, h.maximum)
    status = get(ent, Status)
    if status.state == "dead":
        return
    new = out_at(match, ent, h.current)
    if new == "active" and halved_at(match, ent, h.current) and not halved_at(match, ent, before):
        tokens = get(ent, TkTokens)
        tokens.move, tokens.attack = half_tokens(tokens.move), half_tokens(tokens.attack)
        where = "at 0 health" if h.current == 0 else f"bleeding (health {h.current})"
        # out of its side's turn its pools are spent: the halving shows at its next turn
        now = side_of(ent) == get(match.table_entity, Table).turn_side
        left = f" ({tokens.move} move, {tokens.attack} attack left)" if now else ""
        match.emit(
            Ev.STATUS, f"{name_of(ent)} is {where}: it acts with half its tokens{left}.", chance=False,
            unit=ent, state=new, side=side_of(ent), visible=audience(ent),
        )
    if new != status.state:
        status.state = new
        word = {"dead": "dies", "down": "falls and bleeds", "active": "is back on its feet"}[new]
        match.emit(
            Ev.STATUS, f"{name_of(ent)} {word} (health {h.current}).", chance=False, unit=ent, state=new,
            side=side_of(ent), visible=audience(ent),
        )


def deal(match: Match, ent: int, damage: int, dtype: str, why: str, math: list[str] | None = None,
         attacker: int | None = None, action: dict[str, Any] | None = None, unseen: bool = False) -> int:
    """Apply `damage` of `dtype` to `ent` through defense and shield; returns health lost.
    `attacker` and `action` (when not the input being resolved) go into the event's damage data.
    `unseen`: the attacker strikes while hiding (TK-SILENT), so the sides it hides from read that
    `ent` was hit and for how much, never by whom, with what or from where."""
    if get(ent, Status).state == "dead":
        return 0
    soaked, left, lines = after_defense(ent, damage, dtype)
    if soaked:
        get(ent, TkShield).charges -= soaked
    before = health(ent).current
    shield = f", {soaked} on the shield" if soaked else ""
    took = f"takes {left} ({damage} {dtype} before defense{shield})."
    full, others = audiences(match, by=attacker, hidden=unseen, about=ent)
    for side in full:
        match.emit(Ev.DAMAGE, f"{why}: {name_of(ent)} {took}", list(math or []) + lines, visible=side,
                   side=side_of(ent), unit=ent, amount=left, **damage_data(attacker, ent, left, action))
    for side in others:
        # the target's own defense and shield, nothing of the weapon or the attacker's stealth
        match.emit(Ev.DAMAGE, f"{name_of(ent)} is hit by an unseen attacker: {took}", list(lines),
                   side=side_of(ent), visible=side, unit=ent, amount=left, unnamed=True)
    if left:
        set_health(match, ent, before - left)
    return left


def gib(match: Match, ent: int, board_adjacent: list[int], attacker: int | None = None) -> None:
    """TK-GIB: every unit adjacent to the dead target takes half its maximum health, at least 1
    (untyped: the catalog names no type)."""
    amount = max(1, health(ent).maximum // 2)
    for other in board_adjacent:
        deal(
            match,
            other,
            amount,
            "untyped",
            f"Gibbed by {name_of(ent)}",
            [f"half of {health(ent).maximum} max health = {amount} (minimum 1)"],
            attacker,
        )
