"""The pilot: wound deck, wounds and their effects, neural thread snaps, Grit checks, field repair."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import Status
from game.rulesets.casket.components import (
    THREAD_NAMES,
    THREADS,
    Casket,
    CasketPilot,
    CasketThreads,
    CasketWounds,
    get,
    name_of,
)
from game.rulesets.casket.content import Content
from game.rulesets.casket.dice import D10, GRIT_DIE, pick_die
from game.rulesets.casket.kinds import Ev

if TYPE_CHECKING:
    from game.core.match import Match

GRIT_DC = 15
REPAIR_DC = 12


def new_wound_deck(content: Content) -> CasketWounds:
    """The 10 face-down wound cards (shuffle after creating)."""
    return CasketWounds(zones={"deck": sorted(content.wounds), "up": []},
                        visibility={"deck": "none", "up": "all"})


def grit_check(match: Match, ent: int, why: str) -> bool:
    """d20 + Grit (-1 per fragile thread) >= 15."""
    roll = match.chance.roll_value(GRIT_DIE)
    grit = get(ent, Casket).grit
    fragile = len(get(ent, CasketThreads).fragile)
    total = roll + grit - fragile
    ok = total >= GRIT_DC
    math = [f"d20 {roll}", f"Grit +{grit}"] + ([f"fragile threads -{fragile}"] if fragile else [])
    math.append(f"total {total} vs DC {GRIT_DC}: {'pass' if ok else 'fail'}")
    match.emit(Ev.GRIT, f"{get(ent, Casket).pilot or name_of(ent)} Grit check ({why}): {total} - "
               f"{'passed' if ok else 'failed'}.", math, chance=True, dice=[str(roll)], die="d20")
    return ok


def pilot_damage(match: Match, ent: int, amount: int, why: str) -> None:
    """Turn one wound card face up per point, applying each at once; all ten up: the pilot dies."""
    wounds = get(ent, CasketWounds)
    pilot = get(ent, CasketPilot)
    for _ in range(amount):
        if pilot.dead:
            return
        card = wounds.draw(match.chance, "deck", "up", discard="none", channel="wound")
        if card is None:
            break
        content = match.ruleset.content  # type: ignore[attr-defined]
        wound = content.wounds[card]
        match.emit(Ev.WOUND, f"{get(ent, Casket).pilot or name_of(ent)} is wounded ({why}): "
                   f"{wound.name} - {wound.text}", [f"{len(wounds.zones['up'])}/10 wound cards face up"],
                   chance=True, wound=card)
        apply_wound(match, ent, card)
        if not wounds.zones.get("deck"):
            kill_pilot(match, ent)


def apply_wound(match: Match, ent: int, wound: str) -> None:
    """Effects that happen once when a wound turns up (lasting ones are read from the deck)."""
    if wound == "broken_finger":
        roll = match.chance.roll_value(D10)
        content = match.ruleset.content  # type: ignore[attr-defined]
        barred = content.finger_types[roll - 1]
        get(ent, CasketPilot).broken_type = barred
        match.emit(Ev.WOUND, f"Broken Finger: d10 = {roll}, no more {barred} cards.", [f"d10 {roll}"],
                   chance=True, dice=[str(roll)], die="d10")
    elif wound == "shattered_hand":
        snap_random(match, ent, None, 2, "Shattered Hand", shock=False)
    elif wound == "ruptured_organ":
        from game.rulesets.casket.structure import lose_cards

        lose_cards(match, ent, 5, "Ruptured Organ")


def kill_pilot(match: Match, ent: int) -> None:
    """All ten wound cards face up: the pilot dies and the casket goes inert."""
    get(ent, CasketPilot).dead = True
    status = get(ent, Status)
    if status.state == "active":
        status.state = "inert"
    match.emit(Ev.PILOT_DEAD, f"The pilot of {name_of(ent)} is DEAD; the casket goes inert.")


def snap_thread(match: Match, ent: int, thread: str, why: str, shock: bool = True) -> None:
    """A thread snaps: its function is lost; with shock +1 wound and a Grit check or skip an activation."""
    threads = get(ent, CasketThreads)
    if thread in threads.snapped:
        return
    threads.snapped.append(thread)
    if thread in threads.fragile:
        threads.fragile.remove(thread)
    match.emit(Ev.THREAD, f"{name_of(ent)}: the {THREAD_NAMES[thread]} thread snaps ({why}).")
    if not shock or get(ent, CasketPilot).dead:
        return
    pilot_damage(match, ent, 1, "thread snap")
    if not get(ent, CasketPilot).dead and not grit_check(match, ent, "thread snap pain"):
        get(ent, CasketPilot).skip_next = True
        match.emit(Ev.PAIN, f"{name_of(ent)}'s pilot will lose the next activation to pain.")


def snap_random(match: Match, ent: int, candidates: tuple[str, ...] | None, count: int, why: str,
                shock: bool = True) -> list[str]:
    """Snap `count` random intact threads among candidates (all threads when None)."""
    snapped = []
    for _ in range(count):
        pool = [t for t in (candidates or THREADS) if get(ent, CasketThreads).working(t)]
        if not pool:
            break
        thread = match.chance.roll(pick_die("thread", pool))
        snap_thread(match, ent, thread, why, shock)
        snapped.append(thread)
    return snapped


def repairable(ent: int) -> list[str]:
    """Snapped threads a field repair may still restore."""
    threads = get(ent, CasketThreads)
    return [t for t in threads.snapped if t not in threads.severed]


def field_repair(match: Match, mechanic: int, patient: int, thread: str) -> bool:
    """A full activation of work: d20 + Repair >= 12 restores the thread as fragile, else it stays severed."""
    roll = match.chance.roll_value(GRIT_DIE)
    skill = get(mechanic, Casket).repair
    total = roll + skill
    ok = total >= REPAIR_DC
    threads = get(patient, CasketThreads)
    if ok:
        threads.snapped.remove(thread)
        threads.fragile.append(thread)
    else:
        threads.severed.append(thread)
    match.emit(Ev.REPAIR, f"{name_of(mechanic)} field-repairs {name_of(patient)}'s {THREAD_NAMES[thread]} "
               f"thread: {'fragile but working' if ok else 'failed, severed for the mission'}.",
               [f"d20 {roll}", f"Repair +{skill}", f"total {total} vs DC {REPAIR_DC}"], chance=True,
               dice=[str(roll)], die="d20")
    return ok
