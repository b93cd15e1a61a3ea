"""Attacks: the hit check's terms (Accuracy, range, evasion and cover, proficiency, critical,
damage), the face-down evasion cards, the reveal after the last attack on a target, damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.cards import card_label
from game.core.components import Status
from game.core.events import damage_data
from game.core.sight import cover_on_line, has_los
from game.core.wording import plural
from game.rulesets.varium import odds
from game.rulesets.varium.checks import Check, deal, run_check
from game.rulesets.varium.components import (
    VariumState,
    cell_of,
    deck,
    get,
    health,
    name_of,
    sheet,
    side_of,
    table,
    weapon_def,
)
from game.rulesets.varium.content import DEFAULT_CRIT, WeaponDef
from game.rulesets.varium.kinds import Ev, Kind

if TYPE_CHECKING:
    from collections.abc import Generator

    from game.core.action import Decision
    from game.core.match import Match

UNARMED = "unarmed"
#: board cover 0-3 -> evasion cards against ranged attacks (no, partial, good, substantial cover)
COVER_EVASION = (2, 3, 4, 5)
EASY = 1
#: the lowest Accuracy a ranged attack is offered at (VC-RANGE: the seed sets no floor). Below 1
#: every card busts the stack, Joker included: the attack cannot hit, only waste ammunition
MIN_ACCURACY = 1


def weapon_of(option: str) -> WeaponDef | None:
    """The weapon an attack option names (None: an unarmed strike)."""
    wid = option.split("!")[0]
    return None if wid == UNARMED else weapon_def(wid)


def accuracy(match: Match, ent: int, target: int, w: WeaponDef | None) -> int:
    """The hit check's stack limit: the weapon's Accuracy less 1 per square beyond its range;
    unarmed 10 + Unarmed Striking."""
    if w is None:
        return 10 + sheet(ent).prof("unarmed")
    dist = match.board.distance(cell_of(ent), cell_of(target))
    return w.accuracy - max(0, dist - w.range) if w.ranged else w.accuracy


def easy_target(match: Match, ent: int, target: int) -> bool:
    """Close (same or next square) and unable to move: prone or restrained."""
    from game.rulesets.varium.bodies import restrained

    close = match.board.distance(cell_of(ent), cell_of(target)) <= 1
    return close and (get(target, VariumState).prone or restrained(match, target))


def evasion(match: Match, ent: int, target: int, w: WeaponDef | None) -> int:
    """Face-down cards the target gets: 1 easy target, 2 in the open, 3-5 by the cover on the
    line of fire (ranged attacks only)."""
    if easy_target(match, ent, target):
        return EASY
    if w is None or not w.ranged:
        return COVER_EVASION[0]
    cover = max((t.cover for _c, t in cover_on_line(match.board, cell_of(ent), cell_of(target))), default=0)
    return COVER_EVASION[min(3, max(0, cover))]


def proficiency(ent: int, w: WeaponDef | None) -> int:
    """The proficiency added when the check stands."""
    return sheet(ent).prof(UNARMED if w is None else w.family)


def owed_chips(ent: int, target: int, w: WeaponDef | None) -> int:
    """Chips `target` bet and lost against `ent` that a melee hit check on it adds (VC-BET)."""
    return get(ent, VariumState).owed.get(str(target), 0) if w is None or not w.ranged else 0


def strike_terms(match: Match, ent: int, target: int, w: WeaponDef | None, k: int) -> dict[str, Any]:
    """Everything but the pool and the stack that values a hit check (see checks.payoff_of)."""
    ts = sheet(target)
    dtype = "blunt" if w is None else w.damage_type
    return {
        "pay": "attack",
        "k": k,
        "wd": 0 if w is None else w.damage,
        "armour": ts.armour,
        "crit": DEFAULT_CRIT if w is None else w.crit,
        "cb": "ignore_armour" if w is None else w.crit_bonus,
        "resist": float(ts.resist.get(dtype, 1.0)),
        "health": max(1, health(target).current),
        "target": target,
    }


def can_see(match: Match, ent: int, target: int) -> bool:
    """Line of sight between the two squares (units do not block it)."""
    return has_los(match.board, cell_of(ent), cell_of(target))


def face_down(match: Match, target: int, k: int) -> list[str]:
    """The target's evasion cards this turn, dealt face down the first time it is attacked."""
    cards = deck(match)
    zone = f"face-down:{target}"
    if zone not in cards.zones or not cards.zones[zone]:
        cards.zones[zone] = []
        cards.visibility[zone] = "none"
        for _ in range(k):
            deal(match, zone)
        match.emit(Ev.EVASION, f"{name_of(target)} is dealt {plural(k, 'face-down card')}", chance=True)
    return cards.zones[zone]


def attack(match: Match, ent: int, target: int, option: str) -> Check:
    """One hit check; the result waits for the reveal after the last attack on the target."""
    w = weapon_of(option)
    st = get(ent, VariumState)
    if st.hidden:
        st.hidden = False
        if not st.ambush:
            st.ambush = True
            st.halves += 1
            match.emit(Ev.HIDE, f"{name_of(ent)} strikes from hiding: a free half-turn action")
    if w is not None and w.ammo:
        st.ammo[w.id] = st.ammo.get(w.id, w.ammo) - 1
    k = len(face_down(match, target, evasion(match, ent, target, w)))
    limit = accuracy(match, ent, target, w)
    melee = w is None or not w.ranged
    # chips the target bet and lost go to the first *melee* hit check on it (a shot leaves them)
    owed = owed_chips(ent, target, w)
    if owed:
        del st.owed[str(target)]
        match.emit(Ev.BET, f"{name_of(ent)} adds the {plural(owed, 'chip')} {name_of(target)} bet and lost")
    # the chips add to the total as the proficiency does (a bust still scores 0): the check's
    # odds, the table and the AI count them through the same term
    prof = proficiency(ent, w) + owed
    ctx = strike_terms(match, ent, target, w, k)
    bet_cap = w.risk if (w is not None and not w.ranged) else 0
    label = f"hit check on {name_of(target)} ({'unarmed' if w is None else w.name})"
    result = yield from run_check(match, ent, label, limit, prof, ctx, bet_cap=bet_cap)
    score = result.score
    pend = table(match).data.setdefault("pending", [])
    pend.append(
        {
            "attacker": ent,
            "target": target,
            "score": score,
            "busted": result.busted,
            "weapon": w.id if w else UNARMED,
            "bet": result.bet,
            "nl": option.endswith("!nl"),
            "melee": melee,
        }
    )


def reveal(match: Match, target: int) -> Generator[Decision, str, None]:
    """Turn the target's face-down cards (or its dodge or block check) against every attack
    waiting on it."""
    from game.rulesets.varium import defence
    from game.rulesets.varium.bodies import interrupt

    data = table(match).data
    pend = [p for p in data.get("pending", []) if p["target"] == target]
    data["pending"] = [p for p in data.get("pending", []) if p["target"] != target]
    tst = get(target, VariumState)
    # one dodge or block total for the round (VC-DODGE): checked after the first attacks it
    # covers (one that did not bust), then every later covered attack this round meets it
    kind = defence.defending(match, target) if get(target, Status).can_act else ""
    covered = [p for p in pend if kind and defence.covers(match, target, p)]
    fresh = bool(kind) and tst.dodge_total < 0 and any(not p["busted"] for p in covered)
    if fresh and kind == Kind.BLOCK:
        # the blocker chooses before its face-down cards are turned over
        fresh = yield from defence.ask_block(match, target, pend)
    if kind == Kind.BLOCK and any(not p["busted"] and not any(p is c for c in covered) for p in pend):
        match.emit(Ev.DODGE, f"{name_of(target)}'s block stops blows, not shots: "
                             "a shot meets the face-down cards")
    cards = deck(match)
    zone = f"face-down:{target}"
    held = list(cards.zones.get(zone, []))
    ev = sum(odds.card_index(c) for c in held)
    if held:
        match.emit(
            Ev.REVEAL,
            f"{name_of(target)}'s face-down cards: {', '.join(card_label(c) for c in held)} = {ev}",
            chance=True,
            cards=list(held),
            unit=target,
        )
        cards.move_all(zone, "discard")
        del cards.zones[zone]
        del cards.visibility[zone]
    if fresh:
        tst.dodge_total = yield from defence.defence_check(match, target, covered)
    elif kind and tst.dodge_total >= 0 and covered:
        match.emit(Ev.DODGE, f"{name_of(target)}'s {kind} this round stands at {tst.dodge_total}")
    dodge = tst.dodge_total if kind and tst.dodge_total >= 0 else None
    for p in pend:
        att = p["attacker"]
        against = dodge if dodge is not None and any(p is c for c in covered) else None
        if p["busted"]:
            hit = False
        elif against is not None:
            hit = p["score"] >= against
        else:
            hit = p["score"] > ev
        if not get(target, Status).can_act:
            break  # already taken out by an earlier attack of this turn
        if not hit:
            why = "busted" if p["busted"] else f"{p['score']} vs {against if against is not None else ev}"
            match.emit(Ev.MISS, f"{name_of(att)} misses {name_of(target)} ({why})")
            if p["bet"] and p["melee"]:
                tst.owed[str(att)] = tst.owed.get(str(att), 0) + p["bet"]
            continue
        w = None if p["weapon"] == UNARMED else weapon_def(p["weapon"])
        ctx = strike_terms(match, att, target, w, 0)
        strike = odds.Strike(ctx["wd"], ctx["armour"], ctx["crit"], ctx["cb"], ctx["resist"], p["bet"])
        dmg, crit = odds.damage_of(p["score"], strike)
        match.emit(
            Ev.HIT,
            f"{name_of(att)} hits {name_of(target)} for {dmg}" + (" (critical)" if crit else ""),
            [
                f"hit check {p['score']} + weapon {ctx['wd']} + bet {p['bet']}",
                f"armour -{0 if crit and ctx['cb'] == 'ignore_armour' else ctx['armour']}",
                f"resistance x{ctx['resist']}",
            ],
            # revealed as the attacker's turn ends: the attack is named, not the end of turn
            **damage_data(att, target, dmg, {"kind": Kind.ATTACK, "actor": att, "option": p["weapon"]}),
        )
        hurt(match, target, dmg, p["nl"])
        if dmg > 0:
            interrupt(match, target, "damage")


def hurt(match: Match, target: int, dmg: int, nonlethal: bool = False) -> None:
    """Apply damage; at 0 the unit dies, or with a non-lethal attack is Incapacitated at 1."""
    hp = health(target)
    if get(target, Status).state != "active":
        return
    hp.current -= dmg
    if hp.current <= 0:
        if nonlethal:
            hp.current = 1
            get(target, Status).state = "down"
            match.emit(Ev.DOWN, f"{name_of(target)} is incapacitated (1 health left)")
        else:
            hp.current = 0
            get(target, Status).state = "dead"
            match.emit(Ev.DEAD, f"{name_of(target)} falls")
        from game.rulesets.varium.bodies import release

        release(match, target)


def reveal_all(match: Match, attacker: int) -> Generator[Decision, str, None]:
    """Every target attacked this turn, once its attacks are all made (the turn ends)."""
    targets = sorted({p["target"] for p in table(match).data.get("pending", [])})
    for t in targets:
        yield from reveal(match, t)
    cards = deck(match)
    for zone in sorted(z for z in cards.zones if z.startswith("face-down:")):
        cards.move_all(zone, "discard")
        del cards.zones[zone]
        del cards.visibility[zone]


def side_name(ent: int) -> str:
    """The unit's side (re-exported for actions)."""
    return side_of(ent)
