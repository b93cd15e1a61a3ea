"""What the acting unit may do, and doing it.

Kinds: "move" (one Move: to any square within Speed, taken in one go; `path` holds the route
walked, start excluded), "dash" (give up the
Action for a second Move), "attack" (option "main",
"sweep" for an automatic weapon's multi-target burst, "offhand" for the Quick Action off-hand
attack), "voidcall" (option = voidcall id; target for a single target or heal, cell for an
area's centre), "reload" (option "main"/"offhand"), "hide", "end".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.board import Board, board_tables
from game.core.components import Position
from game.core.geometry import Cell
from game.core.memo import state_memo
from game.core.pathing import Reach
from game.core.ruleset import Resolution, Ruleset
from game.core.wording import offset_words, plural
from game.rulesets.voidmarked.areas import area_centres, area_targets, sweep_targets
from game.rulesets.voidmarked.checks import spot
from game.rulesets.voidmarked.combat import resolve_strike
from game.rulesets.voidmarked.conditions import damage_raw, fire_ability, heal, refresh_engagement
from game.rulesets.voidmarked.expectation import KILL_WEIGHT, expect, resisted_amount
from game.rulesets.voidmarked.flips import ask_cheat, best_cards, clear_table, flip, hand_cards
from game.rulesets.voidmarked.kinds import Ev, Kind
from game.rulesets.voidmarked.odds import BAND_NAMES, ZERO, band_of
from game.rulesets.voidmarked.query import (
    allies,
    cell_of,
    conditions,
    current_actor,
    data,
    enemies,
    gear,
    health,
    name_of,
    on_board,
    reach_for,
    side_of,
    stats,
    status,
    turn_state,
    void,
    weapon,
)
from game.rulesets.voidmarked.schemas import Voidcall
from game.rulesets.voidmarked.stealth import break_stealth, can_hide
from game.rulesets.voidmarked.strikes import Strike, reach_problem, strike
from game.rulesets.voidmarked.turns import end_turn

if TYPE_CHECKING:
    from game.core.match import Match


# -- the legal list ----------------------------------------------------------------------------------
def legal(match: Match) -> list[Action]:
    """Everything the current unit may do now (memoised: Match asks twice per input)."""
    memo = state_memo(match, "vm-legal")
    found = memo.get("legal")
    if found is None:
        found = memo["legal"] = _legal(match)
    return list(found)


#: move actions kept per board (its `board_tables`, so they go with the match's board)
MOVES_KEPT = 20000


def _moves(ent: int, reach: Reach, board: Board) -> list[Action]:
    """Every Move the search allows, each carrying its route (listed once per search: the memoised
    search is asked again for every decision while nobody moves)."""
    found = reach.extra.get(("moves", ent))
    if found is None:
        found = reach.extra[("moves", ent)] = []
        for cell in sorted(reach.stoppable, key=lambda c: (c[1], c[0])):
            if cell != reach.start:
                found.append(_move_action(ent, reach.start, reach.route(cell), board))
    return found


def _move_action(ent: int, start: Cell, path: tuple[Cell, ...], board: Board) -> Action:
    """Move actions are immutable and the same routes come up decision after decision: build each
    once per board (the route ends on the destination, so unit and route name the action; the
    label words the destination from the start, and voidmarked boards are all square)."""
    key = (ent, start, path)
    kept = board_tables(board).setdefault("vm_moves", {})
    action = kept.get(key)
    if action is None:
        if len(kept) > MOVES_KEPT:
            kept.clear()
        cell = path[-1]
        action = kept[key] = Action(Kind.MOVE, ent, cell=cell, path=path,
                                    label=f"Move {offset_words(board.grid, start, cell, 'square')}",
                                    hotkey_group=Kind.MOVE)
    return action


def _legal(match: Match) -> list[Action]:
    ent = current_actor(match)
    if ent is None:
        return []
    ts = turn_state(match)
    st = stats(ent)
    out: list[Action] = []
    if ts.moves_left >= 1:
        out.extend(_moves(ent, reach_for(match, ent, st.speed), match.board))
    g = gear(ent)
    main = weapon(ent)
    foes = enemies(ent)
    if not ts.action_used:
        for e in foes:
            if not reach_problem(match, ent, e, "main"):
                out.append(Action(Kind.ATTACK, ent, e, option="main", label=f"{main.name} → {name_of(e)}",
                                  hotkey_group=Kind.ATTACK))
                if main.wclass == "automatic" and sweep_targets(match, ent, e, main, g.shots):
                    out.append(Action(Kind.ATTACK, ent, e, option="sweep",
                                      label=f"{main.name} burst → {name_of(e)} and those near",
                                      hotkey_group=Kind.ATTACK))
        if main.ranged and main.reload_cost == "action" and g.shots < main.shots:
            out.append(Action(Kind.RELOAD, ent, option="main", label=f"Reload {main.name} (Action)",
                              hotkey_group=Kind.RELOAD))
        out.extend(_voidcalls(match, ent))
        if not conditions(ent).has("stealthed") and can_hide(match, ent):
            out.append(Action(Kind.HIDE, ent, label="Hide (Action)", hotkey_group=Kind.HIDE))
        out.append(Action(Kind.DASH, ent, label=f"Second Move: {st.speed} more squares (gives up the Action)",
                          hotkey_group=Kind.MOVE))
    if not ts.quick_used:
        if g.offhand:
            off = weapon(ent, "offhand")
            for e in foes:
                if not reach_problem(match, ent, e, "offhand"):
                    out.append(Action(Kind.ATTACK, ent, e, option="offhand",
                                      label=f"Off-hand {off.name} → {name_of(e)} (Quick Action)",
                                      hotkey_group=Kind.ATTACK))
            if off.ranged and g.offhand_shots < off.shots:
                out.append(Action(Kind.RELOAD, ent, option="offhand",
                                  label=f"Reload {off.name} (Quick Action)", hotkey_group=Kind.RELOAD))
        if main.ranged and main.reload_cost == "quick" and g.shots < main.shots:
            out.append(Action(Kind.RELOAD, ent, option="main", label=f"Reload {main.name} (Quick Action)",
                              hotkey_group=Kind.RELOAD))
    out.append(Action(Kind.END, ent, label="End turn", hotkey_group=Kind.END))
    return out


def _voidcalls(match: Match, ent: int) -> list[Action]:
    vv = void(ent)
    if not vv.voidcaller:
        return []
    out = []
    for vid in vv.voidcalls:
        v = data().voidcalls[vid]
        if vv.current < v.cost:
            continue
        if v.kind == "heal":
            for a in [ent, *allies(ent)]:
                hp = health(a)
                if hp.current < hp.maximum and not reach_problem(match, ent, a, "void", vid):
                    out.append(Action(Kind.VOIDCALL, ent, a, option=vid, label=f"{v.name} → {name_of(a)}",
                                      hotkey_group=Kind.VOIDCALL))
        elif v.radius:
            here = cell_of(ent)
            for c in area_centres(match, ent, v):
                where = offset_words(match.board.grid, here, c, "square")
                out.append(Action(Kind.VOIDCALL, ent, cell=c, option=vid, label=f"{v.name} centred {where}",
                                  hotkey_group=Kind.VOIDCALL))
        else:
            for e in enemies(ent):
                if not reach_problem(match, ent, e, "void", vid):
                    out.append(Action(Kind.VOIDCALL, ent, e, option=vid, label=f"{v.name} → {name_of(e)}",
                                      hotkey_group=Kind.VOIDCALL))
    return out


# -- resolution ----------------------------------------------------------------------------------
def resolve(match: Match, action: Action, ruleset: Ruleset) -> Resolution:
    """Carry out a legal action (Match.submit has checked it against the legal list)."""
    kind = action.kind
    ent = action.actor
    assert ent is not None
    if kind == Kind.MOVE:
        _move(match, ent, action)
    elif kind == Kind.ATTACK:
        yield from _attack(match, ent, action)
    elif kind == Kind.VOIDCALL:
        yield from _voidcall(match, ent, action)
    elif kind == Kind.RELOAD:
        _reload(match, ent, action.option)
    elif kind == Kind.DASH:
        ts = turn_state(match)
        ts.action_used = True
        ts.ran = True
        ts.moves_left += 1
        match.emit(Ev.DASH, f"{name_of(ent)} gives up the Action for a second Move "
                   f"({plural(ts.moves_left, 'Move')} to make).", side=side_of(ent))
    elif kind == Kind.HIDE:
        turn_state(match).action_used = True
        conditions(ent).active["stealthed"] = {"turns": 0}
        match.emit(Ev.STEALTH, f"{name_of(ent)} hides.",
                   ["Hide action: in cover or out of sight of every enemy"], side=side_of(ent))
    if kind == Kind.END or _spent(match, ent):
        yield from end_turn(match, ruleset.round_cap, lambda: ruleset.outcome(match) is not None)


def _spent(match: Match, ent: int) -> bool:
    """The unit fell during its own turn: nothing more to do."""
    return status(ent).state != "active"


def _move(match: Match, ent: int, action: Action) -> None:
    ts = turn_state(match)
    reach = reach_for(match, ent, stats(ent).speed)
    assert action.cell is not None
    path = reach.route(action.cell)  # the route the legal action showed: same search, same memo
    cost = reach.cost[action.cell]
    ts.moves_left -= 1  # one Move, taken in one go
    ts.moved = True
    import esper

    esper.component_for_entity(ent, Position).cell = action.cell
    refresh_engagement(match)
    match.emit(Ev.MOVE, f"{name_of(ent)} moves {int(cost)} squares ({int(cost) * 5} ft).",
               side=side_of(ent), unit=ent,
               path=[list(c) for c in path])
    if conditions(ent).has("stealthed") and not can_hide(match, ent):
        break_stealth(match, ent, "moved into the open")


def _reload(match: Match, ent: int, hand: str) -> None:
    ts = turn_state(match)
    g = gear(ent)
    w = weapon(ent, hand)
    if w.reload_cost == "action" and hand == "main":
        ts.action_used = True
    else:
        ts.quick_used = True
    if hand == "offhand":
        g.offhand_shots = w.shots
    else:
        g.shots = w.shots
    match.emit(Ev.RELOAD, f"{name_of(ent)} reloads the {w.name} "
               f"({'Action' if w.reload_cost == 'action' else 'Quick Action'}).", side=side_of(ent))


def _attack(match: Match, ent: int, action: Action) -> Resolution:
    ts = turn_state(match)
    hand = "offhand" if action.option == "offhand" else "main"
    if hand == "offhand":
        ts.quick_used = True
    else:
        ts.action_used = True
    ts.attacked = True
    g = gear(ent)
    w = weapon(ent, hand)
    assert action.target is not None
    targets = [action.target]
    if action.option == "sweep":
        targets += sweep_targets(match, ent, action.target, w, g.shots)
        match.emit(Ev.SWEEP, f"{name_of(ent)} sweeps the {w.name} across {len(targets)} targets "
                   f"({plural(len(targets), 'shot')}).", side=side_of(ent))
    hidden = conditions(ent).has("stealthed")
    for tgt in targets:
        if status(ent).state != "active":
            break
        if w.ranged:
            shots = g.offhand_shots if hand == "offhand" else g.shots
            if shots < 1:
                match.emit(Ev.DRY, f"The {w.name} runs dry: the remaining attacks are lost.",
                           side=side_of(ent))
                break
            if hand == "offhand":
                g.offhand_shots -= 1
            else:
                g.shots -= 1
        if not on_board(tgt):
            continue
        s = strike(match, ent, tgt, hand, hidden=hidden)
        if not s.silenced:
            break_stealth(match, ent, "attacked")
        hidden = hidden and s.silenced
        yield from _strike_hidden_target(match, s)


def _strike_hidden_target(match: Match, s: Strike) -> Resolution:
    """Resolve a strike, searching first when the target is hidden (VM-STEALTH)."""
    tgt = s.target
    if conditions(tgt).has("stealthed"):
        worth = expect(match, side_of(s.attacker), s).value()
        found = yield from spot(match, s.attacker, tgt, worth)
        if not found:
            for ab in data().units[stats(tgt).unit].abilities:
                if ab.when == "attacked":
                    fire_ability(match, tgt, ab.effect, ab.amount, ab.name)
            return
        break_stealth(match, tgt, "spotted")
    yield from resolve_strike(match, s)


def _voidcall(match: Match, ent: int, action: Action) -> Resolution:
    ts = turn_state(match)
    v = data().voidcalls[action.option]
    vv = void(ent)
    vv.current -= v.cost
    ts.action_used = True
    match.emit(Ev.VOIDCALL, f"{name_of(ent)} casts {v.name} ({v.cost} VE, {vv.current}/{vv.maximum} left).",
               side=side_of(ent))
    if v.kind == "heal":
        assert action.target is not None
        yield from _heal(match, ent, action.target, v)
        return
    ts.attacked = True
    hidden = conditions(ent).has("stealthed")
    if v.radius:
        assert action.cell is not None
        targets = area_targets(match, ent, v, action.cell)
        strikes = [strike(match, ent, t, "void", v.id, centre=action.cell, hidden=hidden) for t in targets]
        if not targets:
            match.emit(Ev.VOIDCALL, f"{v.name} catches no one.", side=side_of(ent))
    else:
        assert action.target is not None
        strikes = [strike(match, ent, action.target, "void", v.id, hidden=hidden)]
    break_stealth(match, ent, "cast a voidcall")
    for s in strikes:
        if status(s.target).state in ("active", "down"):
            if v.radius:
                yield from resolve_strike(match, s)
            else:
                yield from _strike_hidden_target(match, s)
    if v.instability_below and status(ent).state == "active":
        f = flip(match, side_of(ent), uncheatable=True)
        bad = f.natural and f.value < v.instability_below
        match.emit(Ev.INSTABILITY, f"Void Instability: {'backlash!' if bad else 'the Void holds.'}",
                   [f"un-cheatable flip {f.text()}: below {v.instability_below} backlashes "
                    f"{v.instability_damage} void damage (VM-UNCHEAT)"], chance=True, side=side_of(ent),
                   unit=ent, cards=f.shown())
        clear_table(match)
        if bad:
            amount = resisted_amount(v.instability_damage, "void" in stats(ent).resist, False)
            damage_raw(match, ent, amount, "Void Instability")


def _heal(match: Match, ent: int, target: int, v: Voidcall) -> Resolution:
    """Void Mend: a heal flip in the voidcall's bands; not an attack (VM-ATTACK)."""
    assert v.damage is not None
    side = side_of(ent)
    f = flip(match, side)
    band = band_of(f.value, v.bands, f.natural)
    hp = health(target)

    def amount(b: int) -> int:
        return 0 if b == ZERO else v.damage[b - 1]  # type: ignore[index]

    if f.cheatable():
        fixes = best_cards(hand_cards(match, side), lambda x: band_of(x, v.bands, False), band,
                           lambda r, cur: r > cur)
        missing = hp.maximum - hp.current
        if fixes and amount(band) < missing:
            revive = KILL_WEIGHT if hp.current <= 0 else 0.0
            offers = [(card, f"Cheat: {BAND_NAMES[b]} heal ({amount(b)})", "",
                       min(amount(b), missing) + (revive if amount(b) else 0.0)) for b, card in fixes.items()]
            yield from ask_cheat(match, f, f"{v.name} flip: {BAND_NAMES[band]} ({amount(band)}). Cheat?",
                                 (f"Keep {amount(band)}", "", min(amount(band), missing)
                                  + (revive if amount(band) else 0.0)), offers, {"flip": "heal"})
            band = band_of(f.value, v.bands, f.natural)
    gained = heal(match, target, amount(band), v.name)
    match.emit(Ev.HEAL, f"{name_of(target)} regains {gained} Health ({health(target).current}/{hp.maximum}).",
               [f"{v.name} flip {f.text()}: {BAND_NAMES[band]} {amount(band)}"], chance=True, side=side,
               unit=target, healer=ent, healed=gained, cards=f.shown())
    clear_table(match)
