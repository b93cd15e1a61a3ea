"""Legal actions of the declaring side: per unit a move (or an item swap) and then one declared
action; 'cancel' takes a unit's declaration back; 'end' (Resolve) rolls everything together.

Moves and swaps apply at once (they draw no chance); declarations wait in Table.data['declared'].
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, Any

from game.core.action import Action
from game.core.wording import offset_words, plural
from game.rulesets.saves.components import (
    SvGear,
    SvScores,
    SvTurn,
    conditions,
    get,
    has,
    is_standing,
    name_of,
    side_of,
    unit_rows,
    units,
)
from game.rulesets.saves.content import shipped
from game.rulesets.saves.groups import STUNT
from game.rulesets.saves.kinds import Ev, Kind
from game.rulesets.saves.maneuvers import on_edge, snatchable, thing_name
from game.rulesets.saves.morale import exempt
from game.rulesets.saves.rules import can_reach, cell_of, enemies, helpless, weapon_sets
from game.rulesets.saves.turns import may_act, table

_DIRS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match

#: the actions panel's entry for risky stunts (an attack's hotkey group of its own)
STUNT_GROUP = "stunt"
DECLARE = (Kind.ATTACK, Kind.MANEUVER, Kind.FLEE, Kind.TEND, Kind.USE, Kind.PARLEY)


def occupied(side: str) -> set[tuple[int, int]]:
    """Squares `side` knows to hold a unit still on the field (the dead lie where they fell and
    block too); a Hidden enemy's square is not among them (SV-HIDDEN: its enemies do not know it)."""
    return {p.cell for e, s, st, c, p, *_ in unit_rows()
            if st.state != "fled" and not (s.side != side and "hidden" in c.active)}


def move_actions(match: Match, ent: int, seen: dict[str, Any] | None = None) -> list[Action]:
    """The unit's move actions (immutable, so memoised with the reach they come from). `seen`:
    what `legal` has read for the unit's side already (the squares it knows taken, the foes)."""
    cells, key = _reach_of(match, ent, seen)
    memo: dict[Any, list[Action]] = match.board.__dict__.setdefault("_saves_moves", {})
    me = name_of(ent)
    akey = (ent, me, key)
    acts = memo.get(akey)
    if acts is None:
        if len(memo) > 4096:
            memo.clear()
        here, grid = cell_of(ent), match.board.grid
        acts = memo[akey] = [
            Action(Kind.MOVE, ent, cell=cell, label=f"{me}: move {offset_words(grid, here, cell, 'square')}")
            for cell in cells
        ]
    taken = seen.get("taken") if seen is not None else None
    if taken is None:
        taken = occupied(side_of(ent))
        if seen is not None:
            seen["taken"] = taken
    # the same squares are taken for every unit of the side: the filtered list is kept with them
    fmemo: dict[Any, list[Action]] = match.board.__dict__.setdefault("_saves_free_moves", {})
    fkey = (akey, frozenset(taken))
    free = fmemo.get(fkey)
    if free is None:
        if len(fmemo) > 4096:
            fmemo.clear()
        free = fmemo[fkey] = [a for a in acts if a.cell not in taken]
    return list(free)


def move_targets(match: Match, ent: int) -> list[tuple[int, int]]:
    """Squares the unit may move to."""
    cells, _ = _reach_of(match, ent)
    taken = occupied(side_of(ent))
    return [c for c in cells if c not in taken]


def _foes_in_way(side: str) -> frozenset[tuple[int, int]]:
    return frozenset(
        p.cell for e, s, st, c, p, *_ in unit_rows()
        if s.side != side and st.state != "fled" and "hidden" not in c.active
    )


def _reach_of(match: Match, ent: int,
              seen: dict[str, Any] | None = None) -> tuple[list[tuple[int, int]], Any]:
    """Squares reachable within Speed (SV-TURN): enemies cannot be passed through, allies can, and
    no move ends on a unit; a Hidden enemy is not known to be in the way (`apply` finds it)."""
    board = match.board
    start, speed = cell_of(ent), get(ent, SvScores).speed
    mine = side_of(ent)
    foes = seen.get("foes") if seen is not None else None
    if foes is None:
        foes = _foes_in_way(mine)
        if seen is not None:
            seen["foes"] = foes
    # the reach depends only on these (the board never changes): memoised on the board itself,
    # since the enemies stand still through a side's whole turn of declarations
    memo: dict[Any, list[tuple[int, int]]] = board.__dict__.setdefault("_saves_reach", {})
    key = (start, speed, foes)
    cells = memo.get(key)
    if cells is None:
        if len(memo) > 4096:
            memo.clear()
        cells = memo[key] = _reach(board, start, speed, foes)
    return cells, key


def _costs(board: Board) -> dict[tuple[int, int], float]:
    """Entry cost of every passable square (memoised on the static board)."""
    costs = board.__dict__.get("_saves_costs")
    if costs is None:
        costs = board.__dict__["_saves_costs"] = {
            c: board.at(c).move_cost for c in board.cells() if board.passable(c)
        }
    return costs


def _links(board: Board) -> dict[tuple[int, int], list[tuple[tuple[int, int], float]]]:
    """Each passable square's passable neighbours with the cost of entering them (memoised)."""
    links = board.__dict__.get("_saves_links")
    if links is None:
        costs = _costs(board)
        links = board.__dict__["_saves_links"] = {
            (x, y): [
                ((x + dx, y + dy), costs[(x + dx, y + dy)]) for dx, dy in _DIRS if (x + dx, y + dy) in costs
            ]
            for (x, y) in costs
        }
    return links


def _reach(
    board: Board, start: tuple[int, int], speed: int, foes: frozenset[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Dijkstra over the squares (8 neighbours, each step paying the entered square's cost);
    breadth first, ring by ring, when every step costs 1."""
    links = _links(board)
    if start not in links:
        return []
    if board.__dict__.setdefault("_saves_uniform", all(v == 1.0 for v in _costs(board).values())):
        seen = {start}
        ring = [start]
        for _ in range(speed):
            nxt_ring = []
            for cell in ring:
                for c, _cost in links[cell]:
                    if c not in seen and c not in foes:
                        seen.add(c)
                        nxt_ring.append(c)
            ring = nxt_ring
        seen.discard(start)
        return sorted(seen)
    best = {start: 0.0}
    heap = [(0.0, start)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, cell = pop(heap)
        if d > best[cell]:
            continue
        for nxt, step in links[cell]:
            nd = d + step
            if nd <= speed and nd < best.get(nxt, 1e9) and nxt not in foes:
                best[nxt] = nd
                push(heap, (nd, nxt))
    return sorted(c for c in best if c != start)


def targetable(ent: int, target: int) -> bool:
    """An enemy can be declared against: standing or Unconscious (SV-UNCONSCIOUS), not Hidden (its
    whereabouts unknown), not already attacked since its last turn (SV-GANG)."""
    in_reach = is_standing(target) or helpless(target)
    return in_reach and not has(target, "hidden") and not has(target, "attacked")


def declarations(match: Match, ent: int) -> list[Action]:
    """What a unit may declare as its one action."""
    out: list[Action] = []
    me = name_of(ent)
    here = cell_of(ent)
    mine = side_of(ent)
    grid_dist = match.board.grid.distance  # (Board.distance passes through to it)
    # one pass over the units: enemies standing, those next to it, and `targetable`'s foes
    all_foes: list[int] = []
    near: list[int] = []
    foes: list[int] = []
    busy = False  # as `engaged` reads it
    for e, s, st, c, p, *_ in unit_rows():
        close = e != ent and grid_dist(here, p.cell) <= 1
        if close:
            near.append(e)
        if s.side == mine:
            continue
        active = c.active
        if st.state == "active":
            all_foes.append(e)
            busy = busy or (close and "hidden" not in active)
        if ((st.state == "active" or (st.state == "down" and "unconscious" in active))
                and "hidden" not in active and "attacked" not in active):
            foes.append(e)
    for ws in weapon_sets(match, ent, busy):
        option = "+".join(w.id for w in ws)
        label = " and ".join(w.name for w in ws)
        for foe in foes:
            if can_reach(match, ent, foe, ws):
                at = f"{label} at {name_of(foe)}"
                out.append(Action(Kind.ATTACK, ent, foe, option=option, label=f"{me}: {at}",
                                  hotkey_group=Kind.ATTACK))
                if not ws[0].blast:  # SV-IMPAIR's risky stunt: the same attack, Enhanced on a DEX save
                    out.append(Action(Kind.ATTACK, ent, foe, option=STUNT + option,
                                      label=f"{me}: risky stunt, {at}", hotkey_group=STUNT_GROUP))
    mine = side_of(ent)
    for foe in near:
        if foe not in all_foes:
            continue
        if not has(foe, "hidden"):
            # SV-GANG's lock forbids further attacks only: a maneuver is "instead of making a
            # normal attack" (SV-MANEUVER), so a unit attacked this turn may still be knocked down
            out.append(
                Action(Kind.MANEUVER, ent, foe, option="knockdown", label=f"{me}: knock down {name_of(foe)}")
            )
            out += [Action(Kind.MANEUVER, ent, foe, option=f"snatch:{thing}",
                           label=f"{me}: snatch the {thing_name(thing)} from {name_of(foe)}")
                    for thing in snatchable(foe)]
        if (
            _hp(foe) == 0
            and get(foe, SvScores).role != "pc"
            and not has(foe, "hidden")
            and not exempt(match, foe)
        ):
            out.append(Action(Kind.PARLEY, ent, foe, label=f"{me}: call on {name_of(foe)} to surrender"))
    if on_edge(match, ent):
        out.append(Action(Kind.FLEE, ent, label=f"{me}: flee the field"))
    allies = [e for e in near if side_of(e) == mine]
    for ally in allies:
        if has(ally, "critical") and not has(ally, "tended"):
            out.append(Action(Kind.TEND, ent, ally, label=f"{me}: tend {name_of(ally)}"))
    items = shipped().items
    for item in sorted(set(get(ent, SvGear).items)):
        name = items[item].name
        if items[item].effect == "wake":
            out += [
                Action(Kind.USE, ent, ally, option=item, label=f"{me}: {name} on {name_of(ally)}")
                for ally in allies
                if has(ally, "unconscious")
            ]
        elif not has(ent, items[item].effect):
            out.append(Action(Kind.USE, ent, option=item, label=f"{me}: use {name}"))
    return out


def _hp(ent: int) -> int:
    from game.core.components import Health

    return get(ent, Health).current


def swap_options(stowed: list[str]) -> list[tuple[str, str]]:
    """SV-TURN's item swap: (option, words) for each stowed weapon, and for each pair of stowed
    melee weapons taken up together (a unit that put two daggers away takes both back)."""
    weapons = shipped().weapons
    out = [(w, weapons[w].name) for w in sorted(set(stowed))]
    melee = sorted(w for w in stowed if not weapons[w].ranged)
    pairs = sorted({(x, y) for i, x in enumerate(melee) for y in melee[i + 1:]})
    for x, y in pairs:
        text = f"both {weapons[x].name}s" if x == y else f"{weapons[x].name} and {weapons[y].name}"
        out.append((f"{x}+{y}", text))
    return out


def legal(match: Match) -> list[Action]:
    """Declarations of every unit that may act, then Resolve (always legal)."""
    t = table(match)
    declared = t.data.get("declared", {})
    out: list[Action] = []
    seen: dict[str, Any] = {}  # only the declaring side's units may act: one side's squares
    for ent in units():
        if not may_act(match, ent):
            continue
        if str(ent) in declared:
            out.append(Action(Kind.CANCEL, ent, label=f"{name_of(ent)}: take back the declaration"))
            continue
        out += declarations(match, ent)
        turn = get(ent, SvTurn)
        if not turn.moved and not turn.swapped:
            out += [Action(Kind.SWAP, ent, option=opt, label=f"{name_of(ent)}: take up {text}")
                    for opt, text in swap_options(get(ent, SvGear).stowed)]
            out += move_actions(match, ent, seen)
    out.append(Action(Kind.END, None, label="Resolve: roll every declared action"))
    return out


def apply(match: Match, action: Action) -> None:
    """A move, a swap, a declaration or a cancel (no chance)."""
    ent = action.actor
    assert ent is not None
    t = table(match)
    turn = get(ent, SvTurn)
    if action.kind == Kind.MOVE:
        from game.core.components import Position

        pos = get(ent, Position)
        start, dest = pos.cell, tuple(action.cell)
        lurker = next((f for f in enemies(ent) if has(f, "hidden") and cell_of(f) == dest), None)
        if lurker is not None:
            # reading: a move declared onto a Hidden enemy's square runs into it; the enemy is found
            # and the mover stops on the free square of its reach nearest the one it aimed for
            conditions(lurker).active.pop("hidden", None)
            match.emit(Ev.REVEAL, f"{name_of(ent)} runs into {name_of(lurker)}: no longer Hidden.",
                       unit=lurker, chance=True)
            dist = match.board.distance
            free = [*move_targets(match, ent), start]
            dest = min(free, key=lambda c: (dist(c, action.cell), dist(start, c), c))
        pos.cell = dest  # type: ignore[assignment]
        turn.moved = True
        steps = match.board.distance(start, pos.cell)
        # frm/to: where the move began, for the board's arrow of this turn's moves
        # a Hidden unit's move is its own side's to read: its enemies do not know where it went
        match.emit(Ev.MOVE, f"{name_of(ent)} moves {plural(steps, 'square')}.", unit=ent,
                   frm=list(start), to=list(pos.cell), visible=side_of(ent) if has(ent, "hidden") else "all")
        here = get(ent, Position).cell
        for foe in enemies(ent):
            if has(foe, "hidden") and match.board.distance(here, cell_of(foe)) <= 1:
                # reading: a Hidden unit is found by an enemy stepping next to it; what was found
                # cannot be unseen, so this commits the move (no undo)
                conditions(foe).active.pop("hidden", None)
                match.emit(
                    Ev.REVEAL, f"{name_of(ent)} finds {name_of(foe)}: no longer Hidden.",
                    unit=foe, chance=True
                )
    elif action.kind == Kind.SWAP:
        gear = get(ent, SvGear)
        taken = action.option.split("+")
        for w in taken:
            gear.stowed.remove(w)
        gear.stowed.extend(w for w in gear.held if w != "fists")
        gear.held = taken
        turn.swapped = True
        text = dict(swap_options(taken)).get(action.option, action.option)
        match.emit(Ev.SWAP, f"{name_of(ent)} takes up {text}.", unit=ent)
    elif action.kind == Kind.CANCEL:
        was = t.data["declared"].pop(str(ent), {})
        turn.moved = bool(was.get("moved", turn.moved))
        match.emit(Ev.DECLARE, f"{name_of(ent)} takes its declaration back.", unit=ent)
    else:
        t.data["declared"][str(ent)] = {
            "kind": action.kind,
            "target": action.target,
            "option": action.option,
            "moved": turn.moved,
        }
        match.emit(Ev.DECLARE, f"Declared - {action.label}.", unit=ent)
        turn.moved = True  # SV-TURN: the move comes before the action
