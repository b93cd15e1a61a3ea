"""The legal actions: pick a casket to activate; then move, turn, play cards, repair or end."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.board import board_tables
from game.core.counted import Route
from game.core.wording import offset_words
from game.rulesets.casket.combat import AIM_NAMES, AIMS
from game.rulesets.casket.components import (
    THREAD_NAMES,
    Casket,
    CasketMotion,
    CasketPilot,
    CasketSP,
    CasketTempo,
    caskets,
    cell_of,
    facing_of,
    get,
    is_active,
    name_of,
    side_of,
    structure,
)
from game.rulesets.casket.content import Content
from game.rulesets.casket.effects import allies_within
from game.rulesets.casket.kinds import Kind
from game.rulesets.casket.movement import direction_name, routes, turn_cost
from game.rulesets.casket.pilot import repairable
from game.rulesets.casket.status import RANGE_FOR_REPAIR_ALONE, card_block
from game.rulesets.casket.tohit import attack_block
from game.rulesets.casket.turns import ready, table
from game.rulesets.casket.view import card_group

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]


_new = object.__new__


def _action(kind: str, actor: int | None = None, target: int | None = None, cell: Cell | None = None,
            path: tuple[Cell, ...] = (), option: str = "", label: str = "", hotkey_group: str = "") -> Action:
    """`Action(...)` with every field set, without the frozen dataclass's per-field
    `object.__setattr__`: a decision lists dozens of actions, thousands a game, and building them
    was a tenth of a headless game's time. The result is equal to `Action(...)` in every way."""
    made = _new(Action)
    made.__dict__.update(kind=kind, actor=actor, target=target, cell=cell, path=path, option=option,
                         label=label, hotkey_group=hotkey_group)
    return made  # type: ignore[no-any-return]


def enemies_of(match: Match, ent: int) -> list[int]:
    """Active enemy caskets."""
    side = side_of(ent)
    return [e for e in caskets(match) if side_of(e) != side and is_active(e)]


def legal(match: Match, moves: bool = True) -> list[Action]:
    """Every legal action of the side or casket to act; without the moves (`Kind.MOVE`) if not `moves`."""
    t = table(match)
    ent = t.actor
    if ent is None:
        return [_action(Kind.ACTIVATE, actor=e, label=f"Activate {name_of(e)}"
                       + (" (pilot in pain: skips)" if get(e, CasketPilot).skip_next else ""))
                for e in ready(match, t.turn_side)]
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    sp = get(ent, CasketSP).sp
    out: list[Action] = []
    out.extend(card_actions(match, content, ent, sp))
    here = cell_of(ent)
    if moves:
        grid = match.board.grid
        out.extend(_route_actions(match, (ent, "", here), routes(match, ent, sp, sp, plain=True),
                                  lambda cell, route: _action(
                                      Kind.MOVE, actor=ent, cell=cell, path=route.path,
                                      label=f"Move {offset_words(grid, here, cell)} ({route.cost} SP)")))
    out.extend(turn_actions(match, ent, sp))
    out.extend(repair_actions(match, ent))
    out.append(_action(Kind.END, actor=ent, label="End activation"))
    return out


def _route_actions(match: Match, key: tuple[int, str, Cell], found: dict[Cell, Route],
                   make: Callable[[Cell, Route], Action]) -> tuple[Action, ...]:
    """`make`'s action for each route of `found` (in cell order), kept per board on `key`
    (casket, card, hex) while the routes are the same object (`counted` hands out its kept
    answer; holding it here keeps its id from being reused)."""
    kept = board_tables(match.board).setdefault("casket-route-actions", {})
    hit = kept.get(key)
    if hit is not None and hit[0] is found:
        return hit[1]  # type: ignore[no-any-return]
    made = tuple([make(cell, route) for cell, route in found.items()])
    if len(kept) > 20_000:
        kept.clear()
    kept[key] = (found, made)
    return made


def turn_actions(match: Match, ent: int, sp: int) -> tuple[Action, ...]:
    """The turns in place `sp` pays for (kept per board on the casket, its facing, free turns and
    SP: every listing asks, and actions are immutable)."""
    key = (ent, facing_of(ent), get(ent, CasketMotion).free_turns, sp)
    kept = board_tables(match.board).setdefault("casket-turn-actions", {})
    found = kept.get(key)
    if found is None:
        made = []
        for d in range(6):
            cost = turn_cost(ent, d)
            if d != facing_of(ent) and cost <= sp:
                # one hotkey group: the UI offers the turns as one entry, drawn as facing arrows
                made.append(_action(Kind.TURN, actor=ent, option=str(d), hotkey_group="face",
                                    label=f"Turn to face {direction_name(match, d)} ({cost} SP)"))
        if len(kept) > 20_000:
            kept.clear()
        found = kept[key] = tuple(made)
    return found  # type: ignore[no-any-return]


def card_actions(match: Match, content: Content, ent: int, sp: int) -> list[Action]:
    """One action per playable card and choice of target, aim or destination."""
    out: list[Action] = []
    here = cell_of(ent)
    foes: list[int] | None = None
    kept = board_tables(match.board).setdefault("casket-aimed-actions", {})
    grid = match.board.grid
    for cid in sorted(set(structure(ent).zones.get("hand", []))):
        card = content.card(cid)
        if card.reaction or card.sp > sp or card_block(ent, card):
            continue
        group = card_group(cid)  # the hand strip finds a card's actions by it
        move = card.effect("move")
        strike = card.attack
        if move is not None:
            out.extend(_route_actions(match, (ent, cid, here), routes(match, ent, move.hexes, sp - card.sp,
                                                                       plain=False, steady=move.steady),
                                      lambda cell, route, card=card, cid=cid, group=group: _action(
                                          Kind.CARD, actor=ent, option=cid, cell=cell, path=route.path,
                                          label=f"{card.name}: move {offset_words(grid, here, cell)}",
                                          hotkey_group=group)))
        elif strike is not None:
            if foes is None:
                foes = enemies_of(match, ent)
            for foe in foes:
                if attack_block(match, ent, foe, card):
                    continue
                aimed = kept.get((ent, cid, foe))
                if aimed is None:  # immutable and a function of these: kept per board
                    if len(kept) > 20_000:
                        kept.clear()
                    aimed = kept[(ent, cid, foe)] = tuple(
                        _action(Kind.CARD, actor=ent, target=foe, option=f"{cid}@{aim}",
                                label=f"{card.name} at {name_of(foe)} ({AIM_NAMES[aim]})", hotkey_group=group)
                        for aim in AIMS)
                out.extend(aimed)
        elif card.effect("reveal") is not None:
            for foe in enemies_of(match, ent):
                if structure(foe).zones.get("hand"):
                    out.append(_action(Kind.CARD, actor=ent, target=foe, option=cid, hotkey_group=group,
                                      label=f"{card.name} on {name_of(foe)}"))
        elif card.effect("ally_draw") is not None:
            eff = card.effect("ally_draw")
            assert eff is not None
            if allies_within(match, ent, eff.range):
                out.append(_action(Kind.CARD, actor=ent, option=cid, label=card.name, hotkey_group=group))
        else:
            out.append(_action(Kind.CARD, actor=ent, option=cid, label=card.name, hotkey_group=group))
    return out


def repair_actions(match: Match, ent: int) -> list[Action]:
    """Field repair, a whole activation: an adjacent ally (with Repair skill) or yourself out of combat."""
    if not get(ent, CasketTempo).fresh:
        return []
    out: list[Action] = []
    patients: list[int] = []
    if get(ent, Casket).repair > 0:
        patients += allies_within(match, ent, 1)
    here = cell_of(ent)
    if all(match.board.distance(here, cell_of(f)) > RANGE_FOR_REPAIR_ALONE for f in enemies_of(match, ent)):
        patients.append(ent)
    for p in patients:
        for thread in repairable(p):
            out.append(_action(Kind.REPAIR, actor=ent, target=p, option=thread,
                              label=f"Field repair: {name_of(p)}'s {THREAD_NAMES[thread]} thread"))
    return out
