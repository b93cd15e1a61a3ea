"""Bodies on the board: two per square, leaving melee, Shove, the shared grapple track, Dodge,
Hide, jumps, Heal, Assist and interrupting actions in progress.

Grapples live in the table's data as {"a": holder, "b": other, "adv": advantage of a}: one value
shared by both. Levels: 10 Restrained (cannot move), 20 Pinned (unarmed strikes while grappling),
30 Controlled (weapons and items while grappling).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.core.action import Decision, Option
from game.core.components import Position
from game.core.kinds import CTX_UNIT
from game.core.sight import has_los
from game.core.wording import offset_words
from game.rulesets.varium.checks import run_check
from game.rulesets.varium.components import (
    VariumState,
    cell_of,
    get,
    living,
    name_of,
    occupants,
    sheet,
    side_of,
    table,
)
from game.rulesets.varium.kinds import Ask, Ev

if TYPE_CHECKING:
    from game.core.match import Match

RESTRAINED, PINNED, CONTROLLED = 10, 20, 30
PER_SQUARE = 2
HIDE_DC = {"bright": 75, "exposed": 75, "normal": 50, "dim": 25, "low": 25, "dark": 25, "haze": 25}
HEAL_DC = 50
LONG_JUMP_DC = 40  # per metre
VERTICAL_JUMP_DC = 50  # per metre
Gen = Generator[Decision, str, Any]


# -- the grapple track --------------------------------------------------------------------------
def grapples(match: Match) -> list[dict[str, int]]:
    """Every grapple in play."""
    return table(match).data.setdefault("grapples", [])


def track(match: Match, x: int, y: int) -> int:
    """x's grappling advantage over y (negative: y holds x)."""
    for g in grapples(match):
        if (g["a"], g["b"]) == (x, y):
            return g["adv"]
        if (g["a"], g["b"]) == (y, x):
            return -g["adv"]
    return 0


def set_track(match: Match, x: int, y: int, adv: int) -> None:
    """Set x's advantage over y (0 removes the grapple)."""
    gs = [g for g in grapples(match) if {g["a"], g["b"]} != {x, y}]
    if adv > 0:
        gs.append({"a": x, "b": y, "adv": adv})
    elif adv < 0:
        gs.append({"a": y, "b": x, "adv": -adv})
    table(match).data["grapples"] = gs


def held_by(match: Match, ent: int) -> int:
    """The highest advantage anyone holds over `ent`."""
    return max((g["adv"] for g in grapples(match) if g["b"] == ent), default=0)


def holding(match: Match, ent: int) -> int:
    """The lowest advantage `ent` holds over someone it grapples (its hands are busy), or -1."""
    return min((g["adv"] for g in grapples(match) if g["a"] == ent), default=-1)


def restrained(match: Match, ent: int) -> bool:
    """Held at +10 or more: it cannot move."""
    return held_by(match, ent) >= RESTRAINED


def grappled(match: Match, ent: int) -> bool:
    """In any grapple (it cannot dodge)."""
    return any(ent in (g["a"], g["b"]) for g in grapples(match))


def release(match: Match, ent: int) -> None:
    """Every grapple of a unit that is out of the fight ends."""
    table(match).data["grapples"] = [g for g in grapples(match) if ent not in (g["a"], g["b"])]


def check_grapples(match: Match) -> None:
    """Grapples whose two units are no longer together (same or next square) end."""
    keep = [g for g in grapples(match) if match.board.distance(cell_of(g["a"]), cell_of(g["b"])) <= 1]
    table(match).data["grapples"] = keep


def grapple_stat(ent: int) -> tuple[int, int]:
    """Grappling check: limit 20 + the better of Might and Agility, plus Grappling."""
    s = sheet(ent)
    return 20 + max(s.might, s.agility), s.prof("grappling")


def grapple(match: Match, ent: int, target: int, own_turn: bool = True) -> Gen:
    """Opposed grappling checks; the excess moves the shared track towards `ent` (first lowering
    the target's advantage). Returns whether `ent` gained any."""
    lim, prof = grapple_stat(ent)
    tlim, tprof = grapple_stat(target)
    # "foe_*" and "vs" only feed the check table's odds (the AI values an opposed check linearly)
    mine = yield from run_check(
        match, ent, f"grapple on {name_of(target)}", lim, prof,
        {"pay": "linear", "foe": target, "foe_limit": tlim, "foe_prof": tprof}, own_turn=own_turn,
    )
    theirs = yield from run_check(
        match,
        target,
        f"grapple defence against {name_of(ent)}",
        tlim,
        tprof,
        {"pay": "linear", "foe": ent, "vs": mine.score},
        own_turn=False,
    )
    excess = mine.score - theirs.score
    if excess <= 0:
        match.emit(Ev.GRAPPLE, f"{name_of(ent)} gains no hold ({mine.score} vs {theirs.score})")
        return False
    before = track(match, ent, target)
    after = before + excess
    set_track(match, ent, target, after)
    match.emit(
        Ev.GRAPPLE,
        f"{name_of(ent)} grapples {name_of(target)}: advantage {before:+d} -> {after:+d}"
        + (f" ({level_name(after)})" if after >= RESTRAINED else ""),
        [f"{mine.score} vs {theirs.score}: excess {excess}"],
    )
    success(match, ent, target)
    return True


def level_name(adv: int) -> str:
    """The grapple level an advantage reaches."""
    if adv >= CONTROLLED:
        return "Controlled"
    if adv >= PINNED:
        return "Pinned"
    if adv >= RESTRAINED:
        return "Restrained"
    return "held"


def success(match: Match, ent: int, target: int) -> None:
    """A successful shove or grapple: `ent` may leave the target's square freely this turn, and
    the target's action in progress is interrupted."""
    st = get(ent, VariumState)
    if target not in st.broke:
        st.broke.append(target)
    interrupt(match, target, f"{name_of(ent)}'s hold")


def interrupt(match: Match, ent: int, why: str) -> None:
    """Damage or a successful shove or grapple interrupts an action in progress; its time is lost."""
    st = get(ent, VariumState)
    if st.busy:
        from game.rulesets.varium.turns import busy_name

        what = busy_name(str(st.busy["kind"]))
        match.emit(Ev.INTERRUPT, f"{name_of(ent)}: {what[:1].lower()}{what[1:]} is interrupted ({why})")
        st.busy = {}


# -- shove ----------------------------------------------------------------------------------------
def shove(
    match: Match, ent: int, target: int, own_turn: bool = True, away_from: tuple[int, int] | None = None
) -> Gen:
    """Might check against Might check; success knocks the target prone and one square back."""
    s, t = sheet(ent), sheet(target)
    mine = yield from run_check(
        match, ent, f"shove on {name_of(target)}", 20 + s.might, 0,
        {"pay": "linear", "foe": target, "foe_limit": 20 + t.might, "foe_prof": 0}, own_turn=own_turn,
    )
    theirs = yield from run_check(
        match,
        target,
        f"stand firm against {name_of(ent)}",
        20 + t.might,
        0,
        {"pay": "linear", "foe": ent, "vs": mine.score},
        own_turn=False,
    )
    if mine.score <= theirs.score:
        match.emit(Ev.SHOVE, f"{name_of(target)} stands firm ({mine.score} vs {theirs.score})")
        return False
    tst = get(target, VariumState)
    tst.prone = True
    frm = away_from or cell_of(ent)
    here = cell_of(target)
    dx, dy = here[0] - frm[0], here[1] - frm[1]
    if (dx, dy) == (0, 0):
        dx = 1 if side_of(target) == "p2" else -1
    dest = (here[0] + (dx > 0) - (dx < 0), here[1] + (dy > 0) - (dy < 0))
    moved = ""
    if dest in match.board and match.board.passable(dest) and len(occupants(match, dest)) < PER_SQUARE:
        get(target, Position).cell = dest
        moved = f", knocked back {offset_words(match.board.grid, here, dest, 'square')}"
    # grapples the knock-back broke end before anyone hears of the shove
    check_grapples(match)
    match.emit(
        Ev.SHOVE, f"{name_of(ent)} shoves {name_of(target)} prone{moved} ({mine.score} vs {theirs.score})"
    )
    success(match, ent, target)
    return True


# -- leaving a shared square ----------------------------------------------------------------------
def leave(match: Match, ent: int) -> Gen:
    """Each foe sharing the square (not shoved or grappled by the leaver this turn) may make a
    free shove or grapple. Returns whether the leaver may still go."""
    here = cell_of(ent)
    st = get(ent, VariumState)
    for foe in occupants(match, here, ent):
        if side_of(foe) == side_of(ent) or foe in st.broke:
            continue
        key = yield _leave_options(match, Decision(
            side_of(foe),
            Ask.LEAVE,
            f"{name_of(ent)} leaves {name_of(foe)}'s square: a free shove or grapple?",
            (Option("shove", "Shove"), Option("grapple", "Grapple"), Option("let", "Let go")),
            "let",
            {"ent": foe, "target": ent, CTX_UNIT: foe},
        ))
        if key == "shove":
            ok = yield from shove(match, foe, ent, own_turn=False)
            if ok:
                return False
        elif key == "grapple":
            yield from grapple(match, foe, ent, own_turn=False)
            if restrained(match, ent):
                return False
    return True


def _leave_options(match: Match, decision: Decision) -> Decision:
    """For a person, the leave prompt with each answer's odds (`table.leave_table`); the AI reads
    the same numbers through its `advise`."""
    from game.rulesets.varium.checks import _for_person

    if _for_person(match, decision.side):
        from game.rulesets.varium.table import LEAVE_KEY, leave_table

        decision.context[LEAVE_KEY] = leave_table(match, decision)
    return decision


# -- dodge ------------------------------------------------------------------------------------------
def dodge_check(match: Match, ent: int, pend: list[dict[str, Any]]) -> Gen:
    """The dodger's check (limit 20 + Agility), made after the attacks on it."""
    from game.rulesets.varium.defence import threats

    against = threats(match, ent, pend)  # what the dodge turns away, as the block prompt prices it
    res = yield from run_check(
        match, ent, "dodge", 20 + sheet(ent).agility, 0, {"pay": "dodge", "against": against}, own_turn=False
    )
    match.emit(Ev.DODGE, f"{name_of(ent)} dodges with {res.score}: attacks below it miss")
    return res.score


def can_dodge(match: Match, ent: int) -> bool:
    """Not in a grapple (by the `dodge_grappled` reading), someone acts after it this round (VC-DODGE:
    the seed bars a dodge while stunned, incapacitated or grappled; prone is not among them)."""
    from game.rulesets.varium.defence import dodge_barred_by_grapple
    from game.rulesets.varium.turns import acts_after

    st = get(ent, VariumState)
    return (
        not dodge_barred_by_grapple(match, ent)
        and st.dodge_round != table(match).round
        and acts_after(match, ent)
    )


# -- hide, heal, jump, assist -----------------------------------------------------------------------
def hide_dc(match: Match, ent: int) -> int:
    """Environment DC by the square's light plus the Perception of every enemy that can see it."""
    here = match.board.at(cell_of(ent))
    base = 25 if here.obscured else HIDE_DC.get(here.light, 50)
    seen = sum(
        sheet(e).perception
        for e in living(match)
        if side_of(e) != side_of(ent) and has_los(match.board, cell_of(e), cell_of(ent))
    )
    return base + seen


def hide(match: Match, ent: int) -> Gen:
    """Stealth check (Agility) against the DC; success hides the unit."""
    s = sheet(ent)
    dc = hide_dc(match, ent)
    lim = 20 + s.agility
    res = yield from run_check(
        match, ent, f"stealth (DC {dc})", lim, s.prof("stealth"), {"pay": "dc", "dc": dc}, own_turn=False
    )
    ok = res.score >= dc
    get(ent, VariumState).hidden = ok
    get(ent, VariumState).ambush = False
    match.emit(Ev.HIDE, f"{name_of(ent)} {'hides' if ok else 'fails to hide'} ({res.score} vs {dc})")


def heal(match: Match, ent: int, target: int) -> Gen:
    """A medical kit is used; a Medicine check (Perception) DC 50 heals the kit's amount."""
    from game.rulesets.varium.components import health

    s = sheet(ent)
    st = get(ent, VariumState)
    st.kits -= 1
    res = yield from run_check(
        match,
        ent,
        f"medicine on {name_of(target)}",
        20 + s.perception,
        s.prof("medicine"),
        {"pay": "dc", "dc": HEAL_DC},
        own_turn=False,
    )
    if res.score >= HEAL_DC:
        hp = health(target)
        gain = min(s.kit_heal, hp.maximum - hp.current)
        hp.current += gain
        match.emit(Ev.HEAL, f"{name_of(ent)} heals {name_of(target)} for {gain} ({res.score} vs {HEAL_DC})")
    else:
        match.emit(Ev.HEAL, f"{name_of(ent)}'s kit is wasted ({res.score} vs {HEAL_DC})")


def jump(match: Match, ent: int, dest: tuple[int, int], dc: int) -> Gen:
    """An Agility check against the jump's DC; success lands on `dest`, failure leaves it prone."""
    s = sheet(ent)
    res = yield from run_check(match, ent, f"jump (DC {dc})", 20 + s.agility, 0, {"pay": "dc", "dc": dc})
    if res.score >= dc:
        where = offset_words(match.board.grid, cell_of(ent), dest, "square")
        get(ent, Position).cell = dest
        match.emit(Ev.JUMP, f"{name_of(ent)} jumps {where} ({res.score} vs {dc})")
        check_grapples(match)
    else:
        get(ent, VariumState).prone = True
        match.emit(Ev.JUMP, f"{name_of(ent)} falls short and lands prone ({res.score} vs {dc})")
