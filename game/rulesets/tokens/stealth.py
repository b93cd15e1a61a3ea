"""Sneak and Observe (TK-SNEAK, TK-OBSERVE): coin-flipped stealth, what each side can see.

Vision (the seed is silent): an enemy sees a tile it has a line of sight to within VISION tiles;
a low-light tile only within DARK_VISION. A hidden unit stays hidden in sight until an Observe,
the 50 % adjacency spot or its own attack reveals it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.geometry import Cell
from game.core.sight import has_los
from game.core.wording import plural
from game.rulesets.tokens.components import (
    TkStealth,
    TkTokens,
    TkUnit,
    cell_of,
    enemies,
    get,
    is_active,
    name_of,
    side_of,
    table,
    units,
)
from game.rulesets.tokens.kinds import Ev
from game.rulesets.tokens.odds import heads
from game.rulesets.tokens.telling import NOBODY, UNSEEN, audiences, unseen
from game.rulesets.tokens.words import coin_faces

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match

VISION = 10
DARK_VISION = 2


def low_light(board: Board, cell: Cell) -> bool:
    """Dim or dark tiles (map property `light`) are low light."""
    return board.at(cell).light in ("dim", "dark")


def sees(board: Board, eye: Cell, cell: Cell) -> bool:
    """Whether a unit on `eye` has `cell` within vision."""
    dist = board.distance(eye, cell)
    if dist > (DARK_VISION if low_light(board, cell) else VISION):
        return False
    return dist <= 1 or has_los(board, eye, cell)


def adjacent(board: Board, a: Cell, b: Cell) -> bool:
    return board.distance(a, b) == 1


def sneak_blockers(match: Match, ent: int, truth: bool = False) -> list[str]:
    """Why `ent` cannot Sneak now (empty: it may), judged on the enemies its side can see, as the
    offer is; with `truth`, on every active enemy, hidden ones too, as the attempt resolves."""
    st = get(ent, TkStealth)
    side = side_of(ent)
    hidden = {} if truth else hidden_from(match, side)
    foes = [cell_of(e) for e in enemies(match, side) if is_active(e) and e not in hidden]
    return blockers(
        match.board,
        cell_of(ent),
        get(ent, TkUnit).invisible,
        foes,
        st.revealed_round == table(match).round,
        st.hidden,
    )


def blockers(board: Board, here: Cell, invisible: bool, foes: list[Cell], revealed_now: bool,
             hidden: bool) -> list[str]:
    """`sneak_blockers` from what it reads: the tile, the trait, the active enemies' tiles (the
    ones the caller counts), whether the unit was revealed this turn and whether it sneaks already."""
    why = []
    if not (invisible or low_light(board, here)):
        why.append("not in low light")
    if any(adjacent(board, c, here) for c in foes):
        why.append("adjacent to an enemy")
    elif any(sees(board, c, here) for c in foes):
        why.append("within an enemy's vision")
    if revealed_now:
        why.append("revealed this turn")
    if hidden:
        why.append("already sneaking")
    return why


def may_sneak(board: Board, here: Cell, invisible: bool, foes: list[Cell], revealed_now: bool,
              hidden: bool) -> bool:
    """`not blockers(...)`, cheapest tests first (legal actions ask it of every unit)."""
    if revealed_now or hidden or not (invisible or low_light(board, here)):
        return False
    return not blockers(board, here, invisible, foes, revealed_now, hidden)


def sneak(match: Match, ent: int, n: int) -> None:
    """Flip n sneak tokens: the heads are the stealth value; with at least one the unit hides.

    Sneak is offered on what the unit's side can see; an enemy hidden from it may still stand next
    to it or watch its tile (TK-SNEAK's conditions are about every enemy). Then the tokens are
    spent, nothing is flipped and the unit stays in sight."""
    tokens = get(ent, TkTokens)
    tokens.move -= n
    side = side_of(ent)
    if sneak_blockers(match, ent, truth=True):
        match.emit(
            Ev.SNEAK,
            f"{name_of(ent)} tries to sneak with {plural(n, 'token')}, but an unseen enemy is watching: "
            "not hidden.",
            ["Sneak needs no enemy next to the unit or watching its tile, seen or not"],
            side=side,
            visible=side,
            unit=ent,
            # the side learns its attempt failed where it stood (not where the watcher is): the AI
            # reads it to not try again on this tile this turn
            watched=True,
            cell=list(cell_of(ent)),
        )
        return
    flips = [match.chance.coin() for _ in range(n)]
    value = sum(flips)
    st = get(ent, TkStealth)
    shown = coin_faces(flips)
    if value:
        st.hidden, st.value = True, value
        for other in table(match).sides:
            if other != side:
                st.last_seen[other] = list(cell_of(ent))
    dist = heads(n)
    odds = float(dist.prob(lambda h: h >= 1))
    match.emit(
        Ev.SNEAK,
        f"{name_of(ent)} sneaks with {plural(n, 'token')} (hides on any heads: {odds:.0%}): {shown} — "
        f"stealth {value}"
        + ("" if value else " (no heads: not hidden)")
        + ".",
        [f"flips: {shown}", f"P(stealth >= 1) = {float(dist.prob(lambda h: h >= 1)):.0%}"],
        chance=True,
        coin=flips,
        side=side,
        visible=side,
        unit=ent,
    )


def reveal(match: Match, ent: int, why: str, by: int | None = None, why_unseen: str = "") -> None:
    """The unit is seen: no longer hidden, and may not sneak again this turn. When the unit that
    saw it (`by`) is itself hiding, the sides it hides from read `why_unseen` instead of `why`."""
    st = get(ent, TkStealth)
    if not st.hidden:
        return
    st.hidden, st.value = False, 0
    st.revealed_round = table(match).round
    st.silent_on = []
    for other in table(match).sides:
        st.last_seen[other] = list(cell_of(ent))
    full, others = audiences(match, by=by, hidden=unseen(by))
    for side in full:
        match.emit(Ev.REVEAL, f"{name_of(ent)} is revealed ({why}).", chance=True, side=side_of(ent),
                   visible=side, unit=ent)
    for side in others:
        match.emit(Ev.REVEAL, f"{name_of(ent)} is revealed ({why_unseen or 'seen by ' + UNSEEN}).",
                   chance=True, side=side_of(ent), visible=side, unit=ent, unnamed=True)


def observe(match: Match, ent: int, n: int, passive: bool = False) -> int:
    """Flip n observe tokens; every hidden enemy within vision whose stealth <= heads is revealed."""
    if not passive:
        get(ent, TkTokens).move -= n
    flips = [match.chance.coin() for _ in range(n)]
    got = sum(flips)
    shown = coin_faces(flips)
    side = side_of(ent)
    match.emit(
        Ev.OBSERVE,
        f"{name_of(ent)} {'keeps watch' if passive else 'observes'} with {plural(n, 'token')}: "
        f"{shown} — {plural(got, 'success', 'successes')}.",
        [f"flips: {shown}", "each flip: heads 50 %"],
        coin=flips,
        side=side,
        visible=side if get(ent, TkStealth).hidden else "all",
        chance=True,
        unit=ent,
    )
    here = cell_of(ent)
    for foe in enemies(match, side):
        st = get(foe, TkStealth)
        if st.hidden and sees(match.board, here, cell_of(foe)) and got >= st.value:
            reveal(match, foe, f"{name_of(ent)}'s observe {got} >= stealth {st.value}", ent,
                   f"{UNSEEN}'s observe {got} >= stealth {st.value}")
    return got


def adjacency_spot(
    match: Match, mover: int, checked: set[tuple[int, int]], near: list[int] | None = None
) -> None:
    """TK-SNEAK: an enemy adjacent to a hidden unit spots it on a coin, whatever its stealth;
    one flip per pair per move (`checked`). `near`: the active enemies adjacent to the mover,
    ascending id, when the caller has them already."""
    board = match.board
    a = mover
    if near is None:
        here = cell_of(a)
        near = [b for b in enemies(match, side_of(a)) if is_active(b) and adjacent(board, here, cell_of(b))]
    for b in near:
        for sneaker, watcher in ((a, b), (b, a)):
            if not get(sneaker, TkStealth).hidden or (sneaker, watcher) in checked:
                continue
            checked.add((sneaker, watcher))
            spotted = match.chance.coin()
            coin = f"coin (heads 50 %) {'heads - spotted' if spotted else 'tails - unseen'}."
            why = ["adjacent enemies spot a sneaker on a coin (50 %)"]
            if not unseen(watcher):
                match.emit(Ev.SPOT, f"{name_of(watcher)} is next to a hidden unit: {coin}", why,
                           chance=True, coin=spotted, visible=side_of(sneaker) if not spotted else "all",
                           side=side_of(watcher), unit=sneaker)
            elif not spotted:
                # two hidden units side by side, neither seen: neither side learns of the other
                match.emit(Ev.SPOT, f"{name_of(watcher)} is next to a hidden unit: {coin}", why,
                           chance=True, coin=spotted, side=side_of(watcher), visible=NOBODY, unit=sneaker)
            else:
                # the spotter is hiding: its side reads its name, the spotted side only that it was seen
                full, others = audiences(match, by=watcher, hidden=True)
                for side in full:
                    match.emit(Ev.SPOT, f"{name_of(watcher)} is next to a hidden unit: {coin}", why,
                               chance=True, coin=spotted, side=side_of(watcher), visible=side, unit=sneaker)
                for side in others:
                    match.emit(Ev.SPOT, f"{UNSEEN.capitalize()} spots a hidden unit: {coin}", why,
                               chance=True, coin=spotted, visible=side, unit=sneaker,
                               unnamed=True)
            if spotted:
                reveal(match, sneaker, f"spotted by adjacent {name_of(watcher)}", watcher,
                       f"spotted by {UNSEEN}")


def hidden_from(match: Match, side: str) -> dict[int, Cell | None]:
    """Units of other sides hidden from `side`, with where it last saw each."""
    out: dict[int, Any] = {}
    for e in units(match):
        if side_of(e) == side:
            continue
        st = get(e, TkStealth)
        if st.hidden:
            last = st.last_seen.get(side)
            out[e] = tuple(last) if last is not None else None
    return out
