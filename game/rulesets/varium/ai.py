"""AI hooks: exact worths of every check decision (stand, another card, bet, Aim, Ace), the
attack's value and preview from the same odds, and simple terms for the other actions.

Everything reads only what the deciding side can see: pools are `unseen_by(side)`, so the
face-down evasion cards count as unknown cards and are never looked at.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import esper

from game.core.board import board_tables
from game.core.components import Name, Side, Status
from game.core.geometry import SquareGrid
from game.core.memo import state_memo
from game.core.ruleset import Assessment, Preview
from game.core.sight import cover_on_line, has_los
from game.rulesets.varium import approach, odds
from game.rulesets.varium.checks import attack_pools, hidden_for, pool_for, worths
from game.rulesets.varium.combat import (
    COVER_EVASION,
    accuracy,
    evasion,
    owed_chips,
    proficiency,
    strike_terms,
    weapon_of,
)
from game.rulesets.varium.components import (
    VariumState,
    cell_of,
    deck,
    get,
    health,
    name_of,
    sheet,
    side_of,
    weapon_def,
)
from game.rulesets.varium.content import shipped
from game.rulesets.varium.kinds import Ask, Kind

if TYPE_CHECKING:
    from game.core.action import Action, Decision
    from game.core.match import Match

CHECK_KINDS = (Ask.STACK, Ask.ACE, Ask.BUST)


def seen_foes(match: Match, ent: int) -> list[int]:
    """Enemies of `ent`'s side that side can see: a hidden unit is not where its foes may look."""
    mine = side_of(ent)
    return [
        e
        for e, (st, side, status) in esper.get_components(VariumState, Side, Status)
        if status.can_act and side.side != mine and not st.hidden
    ]


def _attack_terms(match: Match, action: Action) -> tuple[odds.Attack, dict]:
    ent, target = action.actor, action.target
    assert ent is not None and target is not None
    w = weapon_of(action.option)
    zone = deck(match).zones.get(f"face-down:{target}")
    k = len(zone) if zone else evasion(match, ent, target, w)
    ctx = strike_terms(match, ent, target, w, k)
    prof = proficiency(ent, w) + owed_chips(ent, target, w)
    ctx.update({"limit": accuracy(match, ent, target, w), "prof": prof, "bet": 0})
    # the deck may run out before or while the face-down cards are dealt (attack_pools)
    pool, hidden, parts, (runout, refill) = attack_pools(match, side_of(ent), target, k)
    strike = odds.Strike(ctx["wd"], ctx["armour"], ctx["crit"], ctx["cb"], ctx["resist"], 0)
    return odds.Attack(pool, ctx["limit"], ctx["prof"], k, strike, ctx["health"], hidden, parts, runout,
                       refill), ctx


@lru_cache(maxsize=256)
def _armed(kind: str) -> bool:
    """A unit kind carries a ranged weapon."""
    return any(weapon_def(w).ranged for w in shipped().units[kind].weapons)


#: per board (its `board_tables`, so they go with the match's board), per set of guns: exposure
#: of a square
GUNS_KEPT = 4096


def _open_to(match: Match, guns: tuple[tuple[int, int], ...]) -> dict[tuple[int, int], float]:
    """The memo of how open each square of this board is to guns at these squares."""
    by_guns = board_tables(match.board).setdefault("varium_exposure", {})
    memo = by_guns.get(guns)
    if memo is None:
        if len(by_guns) > GUNS_KEPT:
            by_guns.clear()
        memo = by_guns[guns] = {}
    return memo


def _exposure(match: Match, guns: tuple[tuple[int, int], ...], cell: tuple[int, int],
              memo: dict[tuple[int, int], float] | None = None) -> float:
    """How open a square is to guns at these squares: per gun with sight of it, the evasion cards
    that cover there would not give (substantial cover 5 gives 0). Memoised per board and guns
    (every move option of a turn asks about the same guns); `memo`: that memo, when at hand."""
    if memo is None:
        memo = _open_to(match, guns)
    found = memo.get(cell)
    if found is not None:
        return found
    board = match.board
    total = 0.0
    for g in guns:
        if not has_los(board, g, cell):
            continue
        cover = max((t.cover for _c, t in cover_on_line(board, g, cell)), default=0)
        total += (COVER_EVASION[-1] - COVER_EVASION[min(3, max(0, cover))]) / 3.0
    memo[cell] = total
    return total


#: per unit, in the match's `state_memo`: what every move option of that unit shares (see _move_frame)
_NO_FRAME = ()


def _move_frame(match: Match, ent: int) -> tuple | None:
    """What pricing a move of `ent` needs besides its square, the same for each of its move
    options: the seen foes' squares, their guns' squares, the distance and exposure where it
    stands, the distance it wants (shooters about 4), the board's distance, the exposure memo
    for those guns, and `approach.progress_fields` (steps from here, the step fields). None: no
    foe in sight. Keyed on the match's state version (code that edits
    components by hand calls `match.touch()`)."""
    frames = state_memo(match, "varium-frames")
    found = frames.get(ent, _NO_FRAME)
    if found is not _NO_FRAME:
        return found
    foes = seen_foes(match, ent)
    frame = None
    if foes:
        cells = [cell_of(f) for f in foes]
        guns = tuple(sorted(cell_of(f) for f in foes if _armed(get(f, Name).kind)))
        grid = match.board.grid
        # on squares (varium's boards) the distance is written out where every option asks it
        dist = None if type(grid) is SquareGrid else grid.distance
        here = min(grid.distance(cell_of(ent), c) for c in cells)
        want = 4 if _armed(get(ent, Name).kind) else 0
        opens = _open_to(match, guns)
        steps, fields = approach.progress_fields(match, ent, cells, want)
        here_open = _exposure(match, guns, cell_of(ent), opens)
        frame = (cells, guns, here, here_open, want, dist, opens, steps, fields)
    frames[ent] = frame
    return frame


def attack_preview(match: Match, action: Action) -> Preview:
    """Best hit chance and best expected damage of the whole check, with every term."""
    a, ctx = _attack_terms(match, action)
    hit, dmg, kill = odds.attack_odds(a)
    w = weapon_of(action.option)
    skill = "Unarmed" if w is None else w.family.capitalize()
    why = {1: "an easy target", 2: "in the open", 3: "partial cover", 4: "good cover", 5: "substantial cover"}
    lines = [
        f"accuracy (stack limit) {a.limit}",
        f"proficiency +{a.prof} (your {skill} skill, added to your cards)",
        f"target's face-down cards: {a.k} ({why.get(a.k, 'cover')})",
        f"damage: your score + weapon {ctx['wd']} − armour {ctx['armour']}",
        f"critical at {ctx['crit']} ({ctx['cb'].replace('_', ' ')})",
    ]
    if hit < 0.005:
        lines.append(f"{a.k} face-down cards nearly always total more than your best score")
    return Preview(
        f"{'Unarmed strike' if w is None else w.name} at {name_of(action.target or 0)}",
        [("hit (played well)", hit)],
        hit=hit,
        expected_damage=dmg,
        kill=kill,
        lines=lines,
    )


def check_preview(match: Match, action: Action) -> Preview | None:
    """Best chance to pass a DC check (Hide, Heal, jumps), played well from no cards; a shove's or
    grapple's chance to beat the target's check (`opposed.contest_preview`)."""
    from game.core.stackplay import stack_value
    from game.core.stacks import StackState
    from game.rulesets.varium import bodies

    ent = action.actor
    assert ent is not None
    if action.kind in (Kind.DODGE, Kind.BLOCK):
        from game.rulesets.varium.defence import defence_preview

        return defence_preview(match, ent, action.kind)
    if action.kind in (Kind.SHOVE, Kind.GRAPPLE) and action.target is not None:
        from game.rulesets.varium.opposed import contest_preview

        return contest_preview(match, ent, action.target, action.kind)
    s = sheet(ent)
    if action.kind == Kind.HIDE:
        title, lim, prof, dc = "Hide (Stealth)", 20 + s.agility, s.prof("stealth"), bodies.hide_dc(match, ent)
    elif action.kind == Kind.HEAL:
        title, lim, prof, dc = "Heal (Medicine)", 20 + s.perception, s.prof("medicine"), bodies.HEAL_DC
    elif action.kind == Kind.LJUMP:
        title, lim, prof, dc = "Long jump (Agility)", 20 + s.agility, 0, bodies.LONG_JUMP_DC
    elif action.kind == Kind.VJUMP:
        title, lim, prof = "Climb-jump (Agility)", 20 + s.agility, 0
        dc = bodies.VERTICAL_JUMP_DC * int(action.option)
    else:
        return None
    pool = pool_for(match, side_of(ent))
    pay = odds.check_payoff(lim, prof, dc)
    chance = stack_value(pool, StackState(), odds.rule(lim, pool), pay, odds.HORIZON)
    lines = [f"stack limit {lim}", f"proficiency +{prof}", f"needs {dc}"]
    return Preview(
        title, [(f"success (played well, within {odds.HORIZON} cards)", chance)], hit=chance, lines=lines
    )


def advise(match: Match, decision: Decision) -> dict[str, float]:
    """Exact worths for check decisions; simple values for the rest."""
    if decision.kind in CHECK_KINDS:
        return check_worths(match, decision)
    if decision.kind == Ask.BLOCK:
        # the worths the prompt's options show a person (`defence.block_worths`)
        from game.rulesets.varium.defence import block_worths

        return block_worths(match, decision.context["ent"], decision.context["against"])
    if decision.kind == Ask.LEAVE:
        # the chances the leave prompt shows a person (`table.leave_table`)
        from game.rulesets.varium.opposed import leave_odds, leave_worths

        return leave_worths(leave_odds(match, decision.context["ent"], decision.context["target"]))
    return {}


#: `worths` by decision and pools: the look-ahead meets the same check decision (same context,
#: same unseen cards) again after each move it tries before the attack (170 distinct of 1076 in
#: two games' look-ahead)
_WORTHS: dict[tuple, dict[str, float]] = {}
WORTHS_KEPT = 4096


def _frozen(value: object) -> object:
    """A hashable copy of a decision's context value (TypeError: none)."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    hash(value)
    return value


def check_worths(match: Match, decision: Decision) -> dict[str, float]:
    """`worths`, memoised on all it reads: the decision's kind and context, and the pools."""
    try:
        key = (decision.kind, _frozen(decision.context), pool_for(match, decision.side),
               hidden_for(match, decision.side))
    except TypeError:
        return worths(match, decision)
    found = _WORTHS.get(key)
    if found is None:
        if len(_WORTHS) >= WORTHS_KEPT:
            _WORTHS.clear()
        found = _WORTHS[key] = worths(match, decision)
    return dict(found)


def assess(match: Match, action: Action) -> Assessment:
    """Terms for one legal action."""
    kind = action.kind
    ent = action.actor
    assert ent is not None
    if kind == Kind.ATTACK:
        a, _ctx = _attack_terms(match, action)
        return Assessment(expected_damage=odds.attack_worth(a) / 5.0)
    if kind in (Kind.DASH, Kind.RUN):
        cell = action.cell
        assert cell is not None
        frame = _move_frame(match, ent)
        if frame is None:
            return Assessment()
        cells, guns, here, here_open, want, dist, opens, steps, fields = frame
        # steps round walls, not the straight line (approach.progress, its fields kept per frame)
        if want:
            if dist is None:
                x, y = cell
                there = min([max(abs(x - cx), abs(y - cy)) for cx, cy in cells])
            else:
                there = min([dist(cell, c) for c in cells])
            gain = float(steps - fields[0].get(cell, approach.FAR))
            progress = gain + 0.5 * (abs(here - want) - abs(there - want))
        else:
            progress = float(steps - min([f.get(cell, approach.FAR) for f in fields]))
        there_open = opens.get(cell)
        if there_open is None:
            there_open = _exposure(match, guns, cell, opens)
        return Assessment(
            progress=2.0 * progress, exposure=there_open - here_open, cost=0.2 * len(action.path)
        )
    if kind == Kind.DRAW:
        # the first weapon readies the unit; one more (a shooter's knife) is worth little
        st = get(ent, VariumState)
        return Assessment(expected_damage=3.0 if not (st.drawn or st.ready) else 0.2)
    if kind == Kind.RELOAD:
        return Assessment(expected_damage=2.0)
    if kind == Kind.GETUP:
        return Assessment(expected_damage=2.5)
    if kind == Kind.GRAPPLE:
        s = sheet(ent)
        return Assessment(expected_damage=0.3 * s.prof("grappling") + 0.1 * s.might)
    if kind == Kind.HEAL:
        t = action.target
        assert t is not None
        hp = health(t)
        return Assessment(expected_damage=0.1 * min(sheet(ent).kit_heal, hp.maximum - hp.current))
    if kind == Kind.DODGE:
        # worth a share of the attacks it may turn away: foes that act after it this round
        # and can reach or shoot it (approach.py)
        return Assessment(expected_damage=approach.dodge_worth(match, ent), cost=0.3)
    if kind == Kind.BLOCK:
        # the same, counting the attacks a block covers (melee only by default)
        from game.rulesets.varium.defence import ALL, reading

        return Assessment(expected_damage=approach.dodge_worth(match, ent, melee_only=reading(match) != ALL),
                          cost=0.3)
    if kind == Kind.END:
        # a little below any useful half-turn, but above shuffling a square for nothing
        return Assessment(cost=0.1 if get(ent, VariumState).halves > 0 else 0.0)
    return Assessment(cost=0.3)
