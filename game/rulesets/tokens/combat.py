"""Attacks (TK-ATTACK): who an attack reaches, the exact odds of each, and the resolution.

`strikes` lists every unit an attack may hit with its exact chance and damage; `preview`, the AI
and `resolve_attack` all use it, so the odds shown are the odds played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.action import Decision, Option
from game.core.kinds import CTX_LINES, CTX_UNIT
from game.core.sight import has_los
from game.core.wording import plural
from game.rulesets.tokens.areas import cleave_cells, cleave_rings, ray_beyond, tripleshot_cells
from game.rulesets.tokens.components import (
    TkEffects,
    TkGear,
    TkStealth,
    TkTokens,
    TkUnit,
    audience,
    cell_of,
    get,
    name_of,
    on_board,
    side_of,
    units,
)
from game.rulesets.tokens.content import WeaponDef, shipped
from game.rulesets.tokens.damage import after_defense, attack_tokens_held, deal, gib, takes_out
from game.rulesets.tokens.kinds import Ask, Ev, Kind
from game.rulesets.tokens.odds import attacks_of_opportunity, hit_chance, penetration_chances
from game.rulesets.tokens.stealth import hidden_from, reveal
from game.rulesets.tokens.telling import UNSEEN, audiences
from game.rulesets.tokens.words import mode_name, strike_title

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.geometry import Cell
    from game.core.match import Match
    from game.core.ruleset import Resolution


@dataclass
class Strike:
    """One unit an attack may hit: its exact chance, and what a hit does to it."""

    ent: int
    chance: Fraction
    damage: int
    to_shield: int
    to_health: int
    takes_out: bool
    role: str
    lines: list[str] = field(default_factory=list)
    #: index along the Penetrate chain (0 = the chosen target's line), -1 off the chain
    chain: int = -1


def weapon(wid: str) -> WeaponDef:
    return shipped().weapons[wid]


def sneak_bonus(ent: int) -> int:
    """TK-SNEAK: the first attack of a turn made while hidden adds +1 per stealth success."""
    st, tokens = get(ent, TkStealth), get(ent, TkTokens)
    return st.value if st.hidden and not tokens.sneak_bonus_used else 0


def can_target(match: Match, attacker: int, wid: str, target: int) -> bool:
    """In range and sight of the attacker's weapon."""
    return in_reach(match.board, cell_of(attacker), cell_of(target), weapon(wid).range)


def in_reach(board: Board, a: Cell, t: Cell, reach: int) -> bool:
    """`can_target` on tiles: within `reach` of `a` and in its sight (adjacent tiles always are)."""
    dist = board.distance(a, t)
    return 1 <= dist <= reach and (dist == 1 or has_los(board, a, t))


def unit_at(match: Match) -> dict[tuple[int, int], int]:
    return {cell_of(e): e for e in units(match) if on_board(e)}


def units_seen(match: Match, viewer: str | None) -> dict[tuple[int, int], int]:
    """The units on the board by tile, less those hidden from `viewer` (None: every unit)."""
    at = unit_at(match)
    if viewer is not None:
        hidden = hidden_from(match, viewer)
        if hidden:
            at = {c: e for c, e in at.items() if e not in hidden}
    return at


def strikes(
    match: Match,
    attacker: int,
    wid: str,
    props: tuple[str, ...],
    target: int,
    bonus: int = 0,
    viewer: str | None = None,
    seen: dict[tuple[int, int], int] | None = None,
) -> list[Strike]:
    """Every unit this attack may hit, allies included, with exact chance and damage.

    With a `viewer` side (previews, the AI, a side's own choices) units hidden from that side are
    left out: the odds a side sees never tell it where a sneaker stands. `seen`: the tiles of the
    units the viewer sees (`units_seen`), when the caller keeps them for the state."""
    w = weapon(wid)
    board = match.board
    at = units_seen(match, viewer) if seen is None else seen
    a, t = cell_of(attacker), cell_of(target)
    base = w.damage + bonus
    why = [f"{w.name}: {w.damage} {w.type}" + (f" +{bonus} sneak" if bonus else "")]
    if "clustershot" in props:
        base *= 2
        why.append(f"Clustershot: double -> {base}")
    blinded = get(attacker, TkEffects).blind > 0
    hit = hit_chance(blinded)
    if blinded:
        why.append("blinded: 50 % miss chance")
    cells: list[tuple[tuple[int, int], str, Fraction, int]] = [(t, "target", hit, -1)]
    rings = cleave_rings(props)
    if rings:
        cells += [(c, "cleave", hit, -1) for c in cleave_cells(board, t, rings, a)]
    if "tripleshot" in props:
        cells += [(c, "tripleshot", hit, -1) for c in tripleshot_cells(board, a, t)]
    if "penetrate" in props:
        behind = [c for c in ray_beyond(board, a, t, w.range + 8) if c in at and c != a]
        for k, p in enumerate(penetration_chances(len(behind), "deep_penetrate" in props)):
            if p:
                cells.append((behind[k], "penetrate", hit * p, k))
    out: list[Strike] = []
    seen: set[int] = set()
    for cell, role, p, chain in cells:
        ent = at.get(cell)
        if ent is None or ent == attacker or ent in seen:
            continue
        seen.add(ent)
        soak, left, lines = after_defense(ent, base, w.type)
        out.append(Strike(ent, p, base, soak, left, takes_out(match, ent, left), role, why + lines, chain))
    return out


def plain_strikes(match: Match, attacker: int, wid: str, target: int) -> list[Strike]:
    """TK-AOO: what one attack of opportunity does - a plain strike at the leaving unit alone (no
    property, no area, no sneak bonus), as the striking side sees it. The prompt, its preview and
    the strikes' damage all read it here."""
    return strikes(match, attacker, wid, (), target, viewer=side_of(attacker))


def opportunity_strikes(match: Match, foe: int) -> int:
    """TK-AOO: how many times `foe` strikes a unit leaving its reach, from the attack tokens it
    has and the weapon in its hand (its cost, the rounds loaded). The prompt, the path preview and
    the AI all count here."""
    wid = get(foe, TkGear).held
    if not wid:
        return 0
    w = weapon(wid)
    loaded = get(foe, TkGear).loaded.get(wid, w.ammo) if w.ammo else None
    return attacks_of_opportunity(attack_tokens_held(match, foe), w.cost, loaded)


def expected(strikes_: list[Strike], side: str) -> tuple[float, float]:
    """(expected health damage on enemies minus on allies, expected enemies taken out)."""
    dmg = kills = 0.0
    for s in strikes_:
        sign = 1.0 if side_of(s.ent) != side else -1.0
        dmg += sign * float(s.chance) * s.to_health
        kills += sign * float(s.chance) * (1.0 if s.takes_out else 0.0)
    return dmg, kills


def mode_decision(match: Match, attacker: int, wid: str, target: int) -> Decision | None:
    """TK-COMBO: with `A,B` alternatives the attacker's side chooses one for this attack."""
    combos = weapon(wid).combos
    if len(combos) < 2:
        return None
    side = side_of(attacker)
    opts = []
    lines: list[str] = []
    worth: list[tuple[float, float]] = []
    for i, props in enumerate(combos):
        plan = strikes(match, attacker, wid, props, target, sneak_bonus(attacker), side)
        dmg, kills = expected(plan, side)
        worth.append((dmg, kills))
        lines.append(f"{i + 1}. " + mode_name(props) + ": " + "; ".join(
            f"{name_of(s.ent)}{' (ally)' if side_of(s.ent) == side else ''} {float(s.chance):.0%}, "
            f"{s.to_health} to health" for s in plan))
        opts.append(
            Option(
                str(i),
                mode_name(props),
                f"expected net damage {dmg:.2f}, expected take-outs {kills:.2f}",
            )
        )
    return Decision(
        side,
        Ask.MODE,
        f"{weapon(wid).name}: which properties for this attack?",
        tuple(opts),
        # the default is the choice worth most (net expected damage, then take-outs; the first on a tie)
        str(max(range(len(worth)), key=lambda i: (worth[i], -i))),
        {"attacker": attacker, "target": target, "weapon": wid, CTX_UNIT: attacker, CTX_LINES: lines},
    )


def resolve_attack(
    match: Match, attacker: int, wid: str, target: int, free: bool = False, why: str = "attacks"
) -> Resolution:
    """Spend the tokens, choose the mode, flip what must be flipped, apply damage and effects."""
    w = weapon(wid)
    gear, tokens = get(attacker, TkGear), get(attacker, TkTokens)
    if not free:
        tokens.attack -= w.cost
    if w.ammo:
        gear.loaded[wid] = gear.loaded.get(wid, w.ammo) - 1
    props = w.combos[0]
    decision = mode_decision(match, attacker, wid, target)
    if decision is not None:
        key = yield decision
        props = w.combos[int(key)]
    bonus = sneak_bonus(attacker)
    if bonus:
        tokens.sneak_bonus_used = True
    plan = strikes(match, attacker, wid, props, target, bonus)
    title = f"{name_of(attacker)} {why} {name_of(target)} with {w.name}" + (
        f" ({mode_name(props)})" if props else ""
    )
    # TK-SILENT: a hidden attacker with a Silent weapon stays hidden through the attack, so the
    # sides it hides from are told what hit their units, never who or from where
    unseen = get(attacker, TkStealth).hidden and "silent" in props
    if get(attacker, TkEffects).blind > 0:
        if not blind_coin(match, attacker, title, unseen):
            plan = []
    else:
        full, others = audiences(match, by=attacker, hidden=unseen)
        for side in full:
            match.emit(Ev.ATTACK, f"{title}.", plan[0].lines if plan else [], side=side_of(attacker),
                       visible=side, unit=attacker, target=target)
        for side in others:
            match.emit(Ev.ATTACK, f"{name_of(target)} is attacked by {UNSEEN}.", side=side_of(target),
                       visible=side, unit=target, unnamed=True)
    chain_on = True
    deep = "deep_penetrate" in props
    for s in plan:
        if s.chain >= 0:
            if not chain_on:
                continue
            if not (deep and s.chain == 0):
                go = match.chance.coin()
                match.emit(
                    Ev.PENETRATE,
                    "Penetrate: coin (heads 50 %) "
                    f"{'heads - it passes through' if go else 'tails - it stops'}.",
                    ["50 % to go on" + (" (Deep Penetrate: the first pass is certain)" if deep else "")],
                    chance=True,
                    # an unseen Silent shooter's side stays untold (more than two sides may play)
                    side="" if unseen else side_of(attacker),
                    coin=go,
                )
                if not go:
                    chain_on = False
                    continue
        if not on_board(s.ent):
            continue
        lost = deal(match, s.ent, s.damage, w.type, strike_title(w.name, s.role), s.lines[:1], attacker,
                    {"kind": Kind.ATTACK, "actor": attacker, "option": wid}, unseen)
        effects(match, attacker, s.ent, w, props, lost)
    hidden_attack_reveal(match, attacker, target, w, props)


def blind_coin(match: Match, attacker: int, title: str, unseen: bool = False) -> bool:
    """TK-BLIND: whether an attack by `attacker` connects. A blinded attacker flips a coin for the
    whole attack (logged under `title`, or with `unseen` unnamed for the sides it hides from);
    anyone else connects without a flip. Attacks, attacks of opportunity and overwatch shots all
    ask here."""
    if get(attacker, TkEffects).blind <= 0:
        return True
    hit = match.chance.coin()
    coin = f"blinded, coin (heads 50 %) {'heads - it connects' if hit else 'tails - a miss'}."
    full, others = audiences(match, by=attacker, hidden=unseen)
    for side in full:
        match.emit(Ev.BLIND, f"{title}: {coin}", ["Blinding: 50 % miss chance"], chance=True, visible=side,
                   side=side_of(attacker), coin=hit, unit=attacker)
    for side in others:
        match.emit(Ev.BLIND, f"An attack by {UNSEEN}: {coin}", ["Blinding: 50 % miss chance"], chance=True,
                   visible=side, coin=hit, unnamed=True)
    return hit


def effects(match: Match, attacker: int, ent: int, w: WeaponDef, props: tuple[str, ...], lost: int) -> None:
    """Stumbling, Disabling, Blinding, DoT and Gibbing on one unit hit. The seed words the first
    four against an enemy ("enemy move tokens", "blind an enemy", "if an enemy dies"): an ally
    caught in the attack takes the damage and the DoT, never those four."""
    enemy = side_of(ent) != side_of(attacker)
    tokens = get(ent, TkTokens)
    if "stumbling" in props and enemy:
        take = min(tokens.move, w.damage)
        tokens.move -= take
        tokens.move_debt += w.damage - take
        match.emit(
            Ev.STUMBLE,
            f"{name_of(ent)} stumbles: -{w.damage} move tokens"
            + (f" ({w.damage - take} from its next turn)" if w.damage - take else "")
            + ".",
            unit=ent,
            side=side_of(ent), visible=audience(ent),
        )
    if "disabling" in props and enemy:
        take = min(tokens.attack, w.damage)
        tokens.attack -= take
        tokens.attack_debt += w.damage - take
        match.emit(
            Ev.DISABLE,
            f"{name_of(ent)} is disabled: -{w.damage} attack tokens"
            + (f" ({w.damage - take} from its next turn)" if w.damage - take else "")
            + ".",
            unit=ent,
            side=side_of(ent), visible=audience(ent),
        )
    if "blinding" in props and enemy:
        get(ent, TkEffects).blind = max(get(ent, TkEffects).blind, 1)
        match.emit(Ev.BLINDED, f"{name_of(ent)} is blinded for 1 round (50 % miss chance).", unit=ent,
                   side=side_of(ent), visible=audience(ent))
    if "dot" in props and w.fuel:
        fuel = shipped().fuels[w.fuel]
        get(ent, TkEffects).dots.append(
            {"damage": fuel.damage, "type": fuel.type, "rounds": fuel.rounds, "name": fuel.name,
             "by": attacker, "action": {"kind": Kind.ATTACK, "actor": attacker, "option": w.id}}
        )
        match.emit(
            Ev.DOT,
            f"{name_of(ent)} is doused in {fuel.name}: {fuel.damage} {fuel.type} a round for "
            f"{plural(fuel.rounds, 'round')} from its next turn.",
            unit=ent,
            side=side_of(ent), visible=audience(ent),
        )
    from game.core.components import Status

    if "gibbing" in props and enemy and get(ent, Status).state == "dead" and lost > 0:
        board = match.board
        here = cell_of(ent)
        near = [e for e in units(match) if on_board(e) and e != ent and board.distance(cell_of(e), here) == 1]
        gib(match, ent, near, attacker)


def hidden_attack_reveal(
    match: Match, attacker: int, target: int, w: WeaponDef, props: tuple[str, ...]
) -> None:
    """TK-SNEAK / TK-SILENT: an attack reveals a hidden attacker unless Silent; a Silent weapon's
    later attacks on the same target each reveal it on a coin."""
    st = get(attacker, TkStealth)
    if not st.hidden:
        return
    if "silent" not in props:
        reveal(match, attacker, "it attacked")
        return
    key = str(target)
    if key in st.silent_on:
        seen = match.chance.coin()
        match.emit(
            Ev.SILENT,
            f"Silent weapon, same target again: coin (heads 50 %) "
            f"{'heads - revealed' if seen else 'tails - unseen'}.",
            ["later Silent attacks on one target reveal on 50 %"],
            chance=True,
            coin=seen,
            side=side_of(attacker),
            visible="all" if seen else side_of(attacker),
        )
        if seen:
            reveal(match, attacker, f"{name_of(target)} traced the shots")
    else:
        st.silent_on.append(key)


def unit_tokens(ent: int) -> TkTokens:
    return get(ent, TkTokens)


def max_attack(ent: int) -> int:
    return get(ent, TkUnit).attack
