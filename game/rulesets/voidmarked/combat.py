"""Resolving attacks: the duel, cheats, the damage flip, damage, triggers, "when attacked".

The real cards are judged with `odds.judge` and `odds.band_of`, the functions the odds tables
are built from; cheat options carry their worth from `expectation.result_value`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.core.action import Decision, Option
from game.core.cards import card_label
from game.core.events import damage_data
from game.rulesets.voidmarked.components import VmMarks
from game.rulesets.voidmarked.conditions import apply_condition, fire_ability, go_down
from game.rulesets.voidmarked.expectation import (
    KILL_WEIGHT,
    base_damage,
    damage_for,
    fires,
    pool,
    resisted_amount,
    result_value,
)
from game.rulesets.voidmarked.flips import Asking, Flip, ask_cheat, best_cards, clear_table, flip, hand_cards
from game.rulesets.voidmarked.kinds import Ask, Ev
from game.rulesets.voidmarked.odds import BAND_NAMES, CRIT, HIGH, HIT, LOW, MISS, Profile, band_of, judge
from game.rulesets.voidmarked.query import data, health, name_of, side_of, stats, status, void
from game.rulesets.voidmarked.schemas import Trigger
from game.rulesets.voidmarked.strikes import Strike

if TYPE_CHECKING:
    from game.core.match import Match


def _parts(parts: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{'+' if v >= 0 else '-'} {label} {abs(v)}" for label, v in parts)


def resolve_strike(match: Match, s: Strike) -> Asking:
    """One duel and its damage, cheats, triggers and "when attacked" abilities. Returns the result."""
    att, tgt = s.attacker, s.target
    side_a, side_d = side_of(att), side_of(tgt)
    marks = _marks(tgt)
    marks.targeted = True
    a = flip(match, side_a, s.net_a)
    d = flip(match, side_d, s.net_d)
    res = judge(a.value, d.value, s.rule)
    res = yield from _duel_cheats(match, s, a, d, res)
    words = {MISS: "misses", HIT: "hits", CRIT: "critically hits"}[res]
    math = [f"{name_of(att)}: {a.text()} {_parts(s.att_parts)} = {a.value + s.rule.att_mod}",
            f"{name_of(tgt)}: {d.text()} {_parts(s.def_parts)} = {d.value + s.rule.def_mod}",
            *s.reasons]
    if a.natural and a.value == 14:
        math.append("natural Red Joker: automatic critical hit (VM-REDJOKER)")
    elif a.natural and a.value == 0:
        math.append("natural Black Joker: automatic miss (VM-BLACKJOKER)")
    elif d.natural and d.value == 14:
        math.append("defender's natural Red Joker: the attack fails")
    elif d.natural and d.value == 0:
        math.append("defender's natural Black Joker: the defence fails")
    elif res == CRIT:
        math.append(f"critical: {a.value + s.rule.att_mod} is at least twice {s.rule.def_mod + d.value}"
                    if s.rule.crit == "total" else f"critical: at least twice Defence {s.rule.def_stat}")
    match.emit(Ev.ATTACK, f"{name_of(att)} {words} {name_of(tgt)} with {s.name}.", math, chance=True,
               side=side_a, attacker=att, target=tgt, result=res,
               natural=[a.kept, d.kept], kept=[a.cheated or a.kept, d.cheated or d.kept],
               cards=a.shown() + d.shown(), attacker_cards=a.shown(), defender_cards=d.shown())
    if res != MISS:
        crit = res == CRIT
        band = HIGH if crit else LOW
        if s.damage is not None:
            if not s.low_only and not crit:
                band = yield from _damage_flip(match, s)
            amount = base_damage(s, band, crit)
            base = resisted_amount(amount, s.resisted, crit)
            why = [f"{s.name}: {BAND_NAMES[band] if not s.low_only else 'Low (off-hand)'} {amount}"]
            if s.resisted and not crit:
                why.append(f"resists {s.dtype}: halved, rounded up, to {base}")
            elif s.resisted:
                why.append("a critical bypasses resistance")
            deal(match, tgt, base, f"{s.name}", why, att)
        if s.condition:
            yield from apply_condition(match, tgt, s.condition, had_flip=True, source=s.name, by=att)
        for t in s.triggers:
            if not fires(t, band, crit) or status(tgt).state != "active":
                continue
            if t.optional:
                ans = yield _trigger_question(side_a, t, tgt)
                if ans != "yes":
                    continue
            yield from _fire(match, s, t, crit)
    for ab in data().units[stats(tgt).unit].abilities:
        if ab.when == "attacked":
            fire_ability(match, tgt, ab.effect, ab.amount, ab.name)
    clear_table(match)
    return res


def _marks(ent: int) -> VmMarks:
    return esper.component_for_entity(ent, VmMarks)


def deal(match: Match, tgt: int, amount: int, what: str, why: list[str], attacker: int | None = None) -> None:
    """Take Health off; at 0 the target goes down (VM-ZERO, VM-OVERKILL).

    The event's data names `damage` dealt, `attacker` and `target` (the client's damage tally).
    """
    if amount <= 0 or status(tgt).state not in ("active", "down"):
        match.emit(Ev.DAMAGE, f"{name_of(tgt)} takes no damage from {what}.", why, side=side_of(tgt),
                   unit=tgt, amount=0, **damage_data(attacker, tgt, 0))
        return
    hp = health(tgt)
    left = hp.current - amount
    hp.current = max(left, 0)
    match.emit(Ev.DAMAGE, f"{name_of(tgt)} takes {amount} damage ({hp.current}/{hp.maximum}).",
               why, side=side_of(tgt), unit=tgt, amount=amount,
               **damage_data(attacker, tgt, amount))
    if left <= 0:
        go_down(match, tgt, -left)


def _damage_flip(match: Match, s: Strike) -> Asking:
    side = side_of(s.attacker)
    f = flip(match, side)
    band = band_of(f.value, s.bands, f.natural)
    if f.cheatable():
        fixes = best_cards(hand_cards(match, side), lambda v: band_of(v, s.bands, False), band,
                           lambda r, cur: r > cur)
        if fixes:
            resist = stats(s.target).resist
            need = max(health(s.target).current, 1)

            def dmg(b: int) -> int:
                return damage_for(s, b, False, resist, need)

            def worth(b: int) -> float:
                return dmg(b) + (KILL_WEIGHT if dmg(b) >= need else 0.0)

            offers = [(card, f"Cheat {card_label(card)}: {BAND_NAMES[b]} ({dmg(b)})", f"{dmg(b)} damage",
                       worth(b)) for b, card in fixes.items()]
            yield from ask_cheat(
                match, f, f"Damage flip {card_label(f.kept)}: {BAND_NAMES[band]}. Cheat?",
                (f"Keep {BAND_NAMES[band]}", f"{dmg(band)} damage", worth(band)),
                offers, {"flip": "damage"})
            band = band_of(f.value, s.bands, f.natural)
    note = " (natural Black Joker: no damage)" if f.natural and f.value == 0 else ""
    match.emit(Ev.DAMAGE_FLIP, f"Damage flip: {BAND_NAMES[band]}{note}.", [
        f"{f.text()}: up to {s.bands[0]} Low, up to {s.bands[1]} Moderate, above High"],
        chance=True, side=side, attacker=s.attacker, target=s.target, cards=f.shown())
    return band


def worth_text(value: float, target: str) -> str:
    """A duel result's worth in its unit: expected damage, a take-out counted as KILL_WEIGHT."""
    return f"{value:+.1f} expected damage to {target} (taking it out counts as {KILL_WEIGHT:g})"


def _duel_cheats(match: Match, s: Strike, a: Flip, d: Flip, res: int) -> Asking:
    """VM-CHEAT in a duel: the losing side is asked first, then the other side may answer."""
    side_a = side_of(s.attacker)
    prof_cache: dict[str, Profile] = {}
    for role in (("defender", "attacker") if res != MISS else ("attacker", "defender")):
        f = a if role == "attacker" else d
        if not f.cheatable():
            continue
        hand = hand_cards(match, f.side)
        if role == "attacker":
            fixes = best_cards(hand, lambda v: judge(v, d.value, s.rule, False, d.natural), res,
                               lambda r, cur: r > cur)
        else:
            fixes = best_cards(hand, lambda v: judge(a.value, v, s.rule, a.natural, False), res,
                               lambda r, cur: r < cur)
        if not fixes:
            continue
        prof = prof_cache.setdefault(f.side, pool(match, f.side))
        sign = 1.0 if role == "attacker" else -1.0

        def worth(r: int, sign: float = sign, prof: Profile = prof, side: str = f.side) -> float:
            return sign * result_value(match, side, s, r, prof)

        words = {MISS: "miss", HIT: "hit", CRIT: "critical hit"}
        a_tot, d_tot = a.value + s.rule.att_mod, d.value + s.rule.def_mod
        offers = []
        for r, card in fixes.items():
            v = card_label(card)
            offers.append((card, f"Cheat {v}: {words[r]}", worth_text(sign * worth(r), name_of(s.target)),
                           worth(r)))
        prompt = (f"{name_of(s.attacker)} attacks {name_of(s.target)} ({s.name}): {a_tot} against {d_tot}, "
                  f"a {words[res]}. Cheat your {role}'s flip?")
        yield from ask_cheat(match, f, prompt, (f"Keep: {words[res]}",
                                                worth_text(sign * worth(res), name_of(s.target)),
                                                worth(res)), offers,
                             {"flip": "duel", "role": role, "attacker": s.attacker, "target": s.target,
                              "attacking_side": side_a})
        res = judge(a.value, d.value, s.rule, a.natural, d.natural)
    return res


def _trigger_question(side: str, t: Trigger, tgt: int) -> Decision:
    return Decision(side, Ask.TRIGGER, f"{t.label()} can trigger on {name_of(tgt)}. Use it?",
                    (Option("yes", f"Use {t.label()}"), Option("no", "Let it pass")), "yes",
                    {"values": {"yes": 1.0, "no": 0.0}})


def _fire(match: Match, s: Strike, t: Trigger, crit: bool) -> Asking:
    tgt = s.target
    if t.effect == "condition":
        yield from apply_condition(match, tgt, t.condition, had_flip=False,
                                   source=f"{s.name}: {t.name or 'trigger'} on {t.on}", by=s.attacker)
    elif t.effect == "damage":
        amount = resisted_amount(t.amount, t.type in stats(tgt).resist, crit)
        match.emit(Ev.TRIGGER, f"{t.label()} triggers.", side=side_of(s.attacker))
        deal(match, tgt, amount, t.label(), [f"{t.label()}: {t.amount} {t.type}"], s.attacker)
    elif t.effect == "ve":
        v = void(s.attacker)
        gained = min(t.amount, v.maximum - v.current)
        v.current += gained
        match.emit(Ev.TRIGGER, f"{t.label()}: {name_of(s.attacker)} gains {gained} Void Energy.",
                   side=side_of(s.attacker))
