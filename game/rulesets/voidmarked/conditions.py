"""Conditions (VM-CONDITIONS), the start-of-turn window (VM-START) and Grasping for Life (VM-ZERO).

A condition lives in the core `Conditions` component as {"turns": n} (0 = until removed; "by"
names the unit that imposed it, credited with its damage);
its magnitudes are in conditions.toml. In Melee and Stealthed are kept up to date from the
board; Grasping carries the count of failed Resilience flips in a row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.events import damage_data
from game.core.wording import plural
from game.rulesets.voidmarked.checks import resilience
from game.rulesets.voidmarked.flips import Asking
from game.rulesets.voidmarked.kinds import Ev
from game.rulesets.voidmarked.query import (
    cell_of,
    conditions,
    data,
    health,
    name_of,
    on_board,
    side_of,
    stats,
    status,
    units,
    void,
)

if TYPE_CHECKING:
    from game.core.match import Match

DERIVED = ("in_melee", "stealthed", "grasping")


def label(name: str) -> str:
    """A condition's display name."""
    cd = data().conditions.get(name)
    return cd.name if cd else name


def apply_condition(match: Match, ent: int, name: str, *, had_flip: bool, source: str,
                    by: int | None = None) -> Asking:
    """Impose a condition. A unit resisting it ignores it with a Resilience flip when the effect
    had no flip of its own (VM-RESIST); effects with a flip gave it Advantage there instead.

    `by` (the unit that imposed it) is kept with the condition so its damage is credited to it.
    """
    if status(ent).state != "active":
        return False
    cd = data().conditions[name]
    if name in stats(ent).status_resist and not had_flip:
        worth = float(cd.damage * max(cd.turns, 1) + 2 * (abs(cd.hit) + abs(cd.defence)))
        ok = yield from resilience(match, ent, data().rules.resist_tn, f"resisting {cd.name}", worth)
        if ok:
            match.emit(Ev.CONDITION, f"{name_of(ent)} shrugs off {cd.name}.", side=side_of(ent))
            return False
    entry: dict[str, int] = {"turns": cd.turns}
    if by is not None:
        entry["by"] = by
    conditions(ent).active[name] = entry
    match.emit(Ev.CONDITION, f"{name_of(ent)} is {cd.name} ({source}).",
               [_describe(name)], side=side_of(ent), unit=ent, condition=name)
    return True


def _describe(name: str) -> str:
    cd = data().conditions[name]
    parts = []
    if cd.damage:
        parts.append(f"{cd.damage} {cd.type} damage at the start of each turn")
    if cd.hit:
        parts.append(f"{cd.hit:+d} to attack flips")
    if cd.defence:
        parts.append(f"{cd.defence:+d} to Defence")
    if cd.turns:
        parts.append(f"for {plural(cd.turns, 'turn')}")
    return f"{cd.name}: " + ", ".join(parts) if parts else cd.name


def refresh_engagement(match: Match) -> None:
    """Keep In Melee true exactly for active units next to an active enemy (VM-MELEE)."""
    standing = [(e, side_of(e), cell_of(e)) for e in units() if status(e).state == "active"]
    engaged = set()
    for e, side, (x, y) in standing:
        for _, other, (fx, fy) in standing:
            if other != side and max(abs(fx - x), abs(fy - y)) == 1:
                engaged.add(e)
                break
    for ent in units():
        conds = conditions(ent).active
        if ent in engaged:
            conds.setdefault("in_melee", {"turns": 0})
        else:
            conds.pop("in_melee", None)


def go_down(match: Match, ent: int, excess: int) -> None:
    """At 0 Health: overkill or an ordinary unit dies, a hero grasps for life (VM-ZERO, VM-OVERKILL)."""
    hp = health(ent)
    st = status(ent)
    rules = data().rules
    overkill = excess * 100 >= rules.overkill_percent * hp.maximum
    hp.current = 0
    conds = conditions(ent).active
    if st.state == "down":
        why = "is finished off"
    elif overkill:
        why = (f"is killed outright (overkill: {excess} beyond 0 is at least "
               f"{rules.overkill_percent}% of {hp.maximum})")
    elif stats(ent).ordinary:
        why = "dies (ordinary units do not grasp for life)"
    else:
        st.state = "down"
        conds.clear()
        conds["grasping"] = {"turns": 0, "fails": 0}
        match.emit(Ev.DOWN, f"{name_of(ent)} falls and is Grasping for Life.",
                   ["At 0 Health a hero grasps for life: a Resilience flip against "
                    f"{rules.grasp_tn} each turn, {rules.grasp_fails} failures in a row kill."],
                   side=side_of(ent), unit=ent)
        refresh_engagement(match)
        return
    st.state = "dead"
    conds.clear()
    match.emit(Ev.DEATH, f"{name_of(ent)} {why}.", side=side_of(ent), unit=ent)
    refresh_engagement(match)


def heal(match: Match, ent: int, amount: int, source: str) -> int:
    """Restore Health up to the maximum; healing above 0 brings a grasping unit back (VM-ZERO)."""
    hp = health(ent)
    st = status(ent)
    if st.state == "dead" or amount <= 0:
        return 0
    gained = min(amount, hp.maximum - hp.current)
    hp.current += gained
    if st.state == "down" and hp.current > 0:
        st.state = "active"
        conditions(ent).active.pop("grasping", None)
        match.emit(Ev.REVIVE,
                   f"{name_of(ent)} is back on their feet ({source}).", side=side_of(ent), unit=ent)
        refresh_engagement(match)
    return gained


def damage_raw(match: Match, ent: int, amount: int, what: str, attacker: int | None = None) -> None:
    """Damage from a condition or backlash (no duel): resistance per type already applied.

    `attacker` is the unit credited with it (who imposed the condition; None for a backlash).
    """
    hp = health(ent)
    if amount <= 0 or not on_board(ent):
        return
    left = hp.current - amount
    hp.current = max(left, 0)
    match.emit(Ev.DAMAGE, f"{name_of(ent)} takes {amount} from {what}.", side=side_of(ent), unit=ent,
               amount=amount, **damage_data(attacker, ent, amount))
    if left <= 0:
        go_down(match, ent, -left)


def start_of_turn(match: Match, ent: int) -> Asking:
    """VM-START: before the unit does anything. Grasping units flip to hang on; others resolve
    their own start-of-turn abilities (heals first: the affected side orders, and a heal before
    a bleed is the order it would pick), then persistent damage, then durations tick and expire."""
    st = status(ent)
    rules = data().rules
    conds = conditions(ent).active
    if st.state == "down":
        g = conds.setdefault("grasping", {"turns": 0, "fails": 0})
        fails = int(g.get("fails", 0))
        worth = 10.0 if fails + 1 >= rules.grasp_fails else 4.0
        ok = yield from resilience(match, ent, rules.grasp_tn, "holding on to life", worth)
        if ok:
            g["fails"] = 0
        else:
            g["fails"] = fails + 1
            if g["fails"] >= rules.grasp_fails:
                st.state = "dead"
                conds.clear()
                match.emit(Ev.DEATH, f"{name_of(ent)} lets go of life.", side=side_of(ent), unit=ent)
        return
    if st.state != "active":
        return
    for ab in data().units[stats(ent).unit].abilities:
        if ab.when == "turn_start":
            fire_ability(match, ent, ab.effect, ab.amount, ab.name)
    defs = data().conditions
    for name in list(conds):
        cd = defs.get(name)
        if cd is None or cd.derived or name not in conds:
            continue
        if cd.damage and status(ent).state == "active":
            amount = cd.damage
            if cd.type in stats(ent).resist:
                amount = (amount + 1) // 2
            by = conds[name].get("by")
            damage_raw(match, ent, amount, cd.name, by if isinstance(by, int) else None)
            if status(ent).state != "active":
                return
        entry = conds.get(name)
        if entry is not None and cd.turns:
            entry["turns"] = int(entry.get("turns", cd.turns)) - 1
            if entry["turns"] <= 0:
                del conds[name]
                match.emit(Ev.CONDITION, f"{name_of(ent)} is no longer {cd.name}.", side=side_of(ent))
    refresh_engagement(match)


def fire_ability(match: Match, ent: int, effect: str, amount: int, name: str) -> None:
    """An ability trigger (VM-TRIGGER): no action spent."""
    if status(ent).state != "active":
        return
    if effect == "heal":
        gained = heal(match, ent, amount, name)
        if gained:
            match.emit(Ev.TRIGGER, f"{name}: {name_of(ent)} heals {gained}.", side=side_of(ent))
    elif effect == "ve":
        v = void(ent)
        gained = min(amount, v.maximum - v.current)
        if gained:
            v.current += gained
            match.emit(Ev.TRIGGER, f"{name}: {name_of(ent)} gains {gained} Void Energy.", side=side_of(ent))
