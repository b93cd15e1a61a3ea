"""Time: initiative order (sides alternate), two half-turn actions a turn, actions in progress that
continue over later turns, the reveal at the end of each turn, rounds.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.core.action import Decision
from game.core.wording import plural
from game.rulesets.varium.components import (
    HALVES,
    VariumState,
    active,
    get,
    name_of,
    side_of,
    table,
    weapon_def,
)
from game.rulesets.varium.kinds import Ev, Kind

if TYPE_CHECKING:
    from game.core.match import Match

Gen = Generator[Decision, str, Any]


def alternate(by_side: dict[str, list[int]], first: str) -> list[int]:
    """Turn order: the first side's best, then the other side's best, and so on; a side that runs
    out leaves the rest to the other."""
    sides = sorted(by_side, key=lambda s: s != first)
    queues = [list(by_side[s]) for s in sides]
    out: list[int] = []
    while any(queues):
        for q in queues:
            if q:
                out.append(q.pop(0))
    return out


def actor(match: Match) -> int | None:
    """The unit whose turn it is."""
    return table(match).actor


def queue(match: Match) -> list[int]:
    """This round's turns: the free half-turns before combat (round 1), then the order."""
    data = table(match).data
    return list(data.get("prelude", [])) if data.get("in_prelude") else list(data["order"])


def acts_after(match: Match, ent: int) -> bool:
    """Someone still acts after `ent` this round (else a dodge is useless)."""
    data = table(match).data
    order = data["order"]
    if ent not in order:
        return False
    return any(active(e) for e in order[order.index(ent) + 1 :])


BUSY_NAMES = {"hide": "Hiding", "heal": "Healing", "getup": "Getting up"}


def busy_name(kind: str) -> str:
    """An action in progress in players' words ("reload:pistol" -> "Reloading the Pistol")."""
    if kind.startswith("reload:"):
        return f"Reloading the {weapon_def(kind.split(':', 1)[1]).name}"
    return BUSY_NAMES.get(kind, kind.capitalize())


def begin(match: Match, ent: int, kind: str, halves: int, target: int | None = None) -> Gen:
    """Start an action of `halves` half-turns: it uses what the turn has left and continues on the
    unit's next turns; it takes effect on the turn it completes."""
    st = get(ent, VariumState)
    st.busy = {"kind": kind, "left": halves, "target": target if target is not None else -1}
    yield from _progress(match, ent)


def _progress(match: Match, ent: int) -> Gen:
    st = get(ent, VariumState)
    if not st.busy:
        return
    use = min(st.busy["left"], st.halves)
    st.busy["left"] -= use
    st.halves -= use
    if st.busy["left"] > 0:
        match.emit(
            Ev.BUSY, f"{name_of(ent)}: {busy_name(st.busy['kind']).lower()} continues "
            f"({plural(st.busy['left'], 'half-turn')} to go)"
        )
        return
    job = st.busy
    st.busy = {}
    yield from complete(match, ent, job["kind"], job.get("target", -1))


def complete(match: Match, ent: int, kind: str, target: int) -> Gen:
    """An action's effect, on the turn it completes."""
    from game.rulesets.varium import bodies

    st = get(ent, VariumState)
    if kind == Kind.HIDE:
        yield from bodies.hide(match, ent)
    elif kind == Kind.HEAL:
        if target >= 0 and active(target):
            yield from bodies.heal(match, ent, target)
    elif kind.startswith("reload:"):
        w = weapon_def(kind.split(":", 1)[1])
        st.ammo[w.id] = w.ammo
        match.emit(Ev.RELOAD, f"{name_of(ent)} reloads the {w.name} ({w.ammo})")
    elif kind == Kind.GETUP:
        st.prone = False
        match.emit(Ev.GETUP, f"{name_of(ent)} gets up")


def start_turn(match: Match, ent: int, halves: int = HALVES) -> Gen:
    """A unit's turn begins: its half-turns, its action in progress continues."""
    t = table(match)
    t.actor = ent
    t.turn_side = side_of(ent)
    st = get(ent, VariumState)
    st.halves = halves
    st.broke = []
    match.emit(Ev.TURN, f"{name_of(ent)}'s turn (round {t.round})")
    yield from _progress(match, ent)


def end_turn(match: Match, ent: int) -> Gen:
    """The turn ends: attacks made this turn meet their targets' cards; the next unit's turn."""
    from game.rulesets.varium.combat import reveal_all

    yield from reveal_all(match, ent)
    st = get(ent, VariumState)
    st.halves = 0
    st.owed = {}
    yield from next_turn(match)


def next_turn(match: Match) -> Gen:
    """Advance to the next able unit in the queue, starting new rounds as needed."""
    t = table(match)
    data = t.data
    for _ in range(4 * (len(data["order"]) + len(data.get("prelude", []))) + 4):
        q = queue(match)
        data["idx"] += 1
        if data["idx"] >= len(q):
            if data.get("in_prelude"):
                data["in_prelude"] = False
            else:
                t.round += 1
            data["idx"] = 0
            q = queue(match)
        if not q:
            return
        ent = q[data["idx"]]
        if active(ent) and not match.ruleset.outcome(match):
            yield from start_turn(match, ent, 1 if data.get("in_prelude") else HALVES)
            return
        if match.ruleset.outcome(match):
            return
