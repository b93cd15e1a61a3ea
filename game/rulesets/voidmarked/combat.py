"""Attacks: what decides a duel (`strike`), its exact expectation, and its resolution.

`strike` gathers every modifier, Advantage and Disadvantage of one attack against one target.
The preview, the AI and the resolution all start from it; the odds come from `odds.duel_odds`
on the asking side's unseen cards and the resolution judges the real cards with `odds.judge`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.cards import card_label
from game.core.geometry import Cell
from game.rulesets.voidmarked.components import VmMarks
from game.rulesets.voidmarked.conditions import apply_condition, fire_ability, go_down, label
from game.rulesets.voidmarked.content import Trigger
from game.rulesets.voidmarked.flips import Asking, ask_cheat, best_cards, clear_table, flip, hand_cards
from game.rulesets.voidmarked.odds import (
    BAND_NAMES,
    CRIT,
    HIGH,
    HIT,
    LOW,
    MISS,
    MOD,
    ZERO,
    DuelOdds,
    DuelRule,
    Profile,
    band_odds,
    band_of,
    duel_odds,
    judge,
    profile_of,
)
from game.rulesets.voidmarked.query import (
    adjacent_enemy,
    cell_of,
    conditions,
    data,
    deck,
    gear,
    health,
    name_of,
    side_of,
    stat_mod,
    stats,
    status,
    void,
)
from game.rulesets.voidmarked.sightlines import in_cover, los

if TYPE_CHECKING:
    from game.core.match import Match

KILL_WEIGHT = 8.0  # matches Assessment.score: a take-out is worth 8 points of damage
OFFHAND_PENALTY = -3  # VM-DUAL


@dataclass(frozen=True)
class Strike:
    """Everything that decides one attack on one target."""

    attacker: int
    target: int
    hand: str  # "main" | "offhand" | "void"
    source: str  # weapon or voidcall id
    name: str
    ranged: bool
    net_a: int
    net_d: int
    rule: DuelRule
    bands: tuple[int, int]
    damage: tuple[int, int, int] | None
    low_only: bool
    dtype: str
    resisted: bool
    triggers: tuple[Trigger, ...]
    condition: str
    silenced: bool
    att_parts: tuple[tuple[str, int], ...]
    def_parts: tuple[tuple[str, int], ...]
    reasons: tuple[str, ...]


def distance(match: Match, a: Cell, b: Cell) -> int:
    """Squares between two cells (Chebyshev on squares)."""
    return match.board.distance(a, b)


def strike(match: Match, att: int, tgt: int, hand: str, source: str = "", *,
           from_cell: Cell | None = None, tgt_cell: Cell | None = None, centre: Cell | None = None,
           hidden: bool | None = None) -> Strike:
    """The modifiers and Advantage/Disadvantage of `att` attacking `tgt` (positions may be hypothetical)."""
    base = base_strike(match, att, tgt, hand, source)
    here = from_cell if from_cell is not None else cell_of(att)
    there = tgt_cell if tgt_cell is not None else cell_of(tgt)
    is_hidden = conditions(att).has("stealthed") if hidden is None else hidden
    return placed(match, base, here, there, centre=centre, hidden=is_hidden)


def base_strike(match: Match, att: int, tgt: int, hand: str, source: str = "") -> Strike:
    """The terms that depend on the two units only (stats, weapon, conditions, resistances)."""
    rules = data().rules
    sa, st = stats(att), stats(tgt)
    att_parts: list[tuple[str, int]] = []
    reasons: list[str] = []
    net_d = 0
    if hand in ("main", "offhand"):
        w = data().weapons[gear(att).offhand if hand == "offhand" else gear(att).weapon]
        ranged = w.ranged
        att_parts.append(("Dexterity", sa.dexterity) if ranged else ("Strength", sa.strength))
        if w.bonus:
            att_parts.append((w.name, w.bonus))
        if hand == "offhand":
            att_parts.append(("off-hand", OFFHAND_PENALTY))
        name, bands, damage, dtype = w.name, w.bands, w.damage, w.type
        triggers, condition = w.triggers, ""
        silenced = "silenced" in w.traits
        piercing = "armour_piercing" in w.traits
        low_only = hand == "offhand"
        source = w.id
    else:
        v = data().voidcalls[source]
        ranged = False  # decided by distance when placed
        att_parts.append(("Intelligence", sa.intelligence))
        if v.bonus:
            att_parts.append((v.name, v.bonus))
        name, bands, damage, dtype = v.name, v.bands, v.damage, v.type
        triggers, condition = v.triggers, v.condition
        silenced = piercing = low_only = False
        if condition and condition in st.status_resist:
            net_d += 1
            reasons.append(f"resists {label(condition)}: defender Advantage")
    hit_mod = stat_mod(att, "hit")
    if hit_mod:
        att_parts.append(("conditions", hit_mod))
    def_parts: list[tuple[str, int]] = [("Defence", st.defence)]
    def_cond = stat_mod(tgt, "defence")
    if def_cond:
        def_parts.append(("conditions", def_cond))
    att_mod = sum(p for _, p in att_parts)
    def_mod = sum(p for _, p in def_parts)
    rule = DuelRule(att_mod, def_mod, rules.crit_against, def_mod, True)
    resisted = dtype in st.resist and not piercing
    return Strike(att, tgt, hand, source, name, ranged, 0, net_d, rule, bands, damage, low_only,
                  dtype, resisted, triggers, condition, silenced, tuple(att_parts), tuple(def_parts),
                  tuple(reasons))


def position_nets(match: Match, base: Strike, here: Cell, there: Cell, *, centre: Cell | None = None,
                  hidden: bool = False, engaged: bool | None = None,
                  why: list[str] | None = None) -> tuple[int, int, bool]:
    """(net attacker Advantage, net defender Advantage, ranged?) from where the two stand.

    `engaged` may be passed in when the caller knows whether `here` is next to an enemy.
    """
    dist = match.board.distance(here, there)
    if base.hand == "void":
        ranged = centre is not None or dist >= 2
        long = False
    else:
        ranged = base.ranged
        long = ranged and dist * 5 > data().weapons[base.source].range_ft
    if ranged and base.hand != "void" and engaged is None:
        engaged = adjacent_enemy(base.attacker, here)
    shooting_engaged = bool(ranged and base.hand != "void" and engaged)
    if centre is not None:
        covered = data().voidcalls[base.source].cover_applies and in_cover(match.board, centre, there)
    else:
        covered = ranged and in_cover(match.board, here, there)
    if why is not None:
        if long:
            why.append(f"long range ({dist * 5} ft): attacker Disadvantage")
        if shooting_engaged:
            why.append("shooting while in melee: attacker Disadvantage")
        if covered:
            why.append("target in cover: defender Advantage")
        if hidden:
            why.append("attack from stealth: defender Disadvantage")
    net_a, net_d = nets(base, long, shooting_engaged, covered, hidden)
    return net_a, net_d, ranged


def nets(base: Strike, long: bool, shooting_engaged: bool, covered: bool, hidden: bool) -> tuple[int, int]:
    """The Advantage arithmetic: long range and shooting while in melee each give the attacker
    Disadvantage (VM-RANGED, VM-MELEE); cover gives the defender Advantage (VM-COVER, VM-AOE);
    an attack from stealth gives the defender Disadvantage (VM-STEALTH)."""
    return base.net_a - long - shooting_engaged, base.net_d + covered - hidden


def placed(match: Match, base: Strike, here: Cell, there: Cell, *, centre: Cell | None = None,
           hidden: bool = False) -> Strike:
    """A base strike with the Advantage and Disadvantage of positions added."""
    why = list(base.reasons)
    net_a, net_d, ranged = position_nets(match, base, here, there, centre=centre, hidden=hidden, why=why)
    return replace(base, net_a=net_a, net_d=net_d, ranged=ranged, reasons=tuple(why))


def reach_problem(match: Match, att: int, tgt: int, hand: str, source: str = "", *,
                  from_cell: Cell | None = None, tgt_cell: Cell | None = None) -> str:
    """Why `att` cannot attack `tgt` this way from there ('' when it can): range, sight, shots."""
    here = from_cell if from_cell is not None else cell_of(att)
    there = tgt_cell if tgt_cell is not None else cell_of(tgt)
    dist = distance(match, here, there)
    if hand in ("main", "offhand"):
        g = gear(att)
        w = data().weapons[g.offhand if hand == "offhand" else g.weapon]
        if w.ranged:
            if (g.offhand_shots if hand == "offhand" else g.shots) < 1:
                return f"{w.name} is empty"
            if dist < 2:
                return "too close for a ranged attack"  # VM-RANGED / VM-MELEE
            if dist * 5 > 2 * w.range_ft:
                return "beyond long range"
        elif dist > w.range_sq:
            return "out of melee reach"
    else:
        v = data().voidcalls[source]
        if dist > v.range_sq:
            return "out of range"
    if not los(match.board, here, there):
        return "no line of sight"
    return ""


# -- expectations (preview and AI) ---------------------------------------------------------------
def pool(match: Match, side: str | None) -> Profile:
    """What `side` cannot see, as a value profile: where its next flips come from.

    When the deck is about to run out the discard will be shuffled in, so it joins the pool.
    """
    cards = deck(match)
    unseen = cards.unseen_by(side)
    if len(cards.zones.get("deck", [])) < 7:
        unseen = unseen + list(cards.zones.get("discard", []))
    return profile_of(unseen)


def fires(trigger: Trigger, band: int, crit: bool) -> bool:
    """VM-TRIGGER: does a damage trigger fire at this band? A critical (and so a natural Red
    Joker) meets every hit-based trigger (VM-REDJOKER)."""
    if crit:
        return True
    if trigger.on == "hit":
        return True
    if trigger.on == "moderate+":
        return band >= MOD
    if trigger.on == "high":
        return band == HIGH
    return False


def resisted_amount(amount: int, resisted: bool, crit: bool) -> int:
    """VM-RESIST: halved rounded up, unless a critical bypasses it (VM-CRIT)."""
    return (amount + 1) // 2 if resisted and not crit else amount


def base_damage(s: Strike, band: int, crit: bool) -> int:
    """The weapon's damage at a band before resistance (VM-CRIT: a critical is High)."""
    if s.damage is None:
        return 0
    if s.low_only:
        return s.damage[0]  # VM-DUAL: the off-hand only ever deals Low
    if crit:
        return s.damage[2]
    return s.damage[band - 1] if band >= LOW else 0


def damage_for(s: Strike, band: int, crit: bool, resist_types: list[str], need: int = 10**6) -> int:
    """Damage one hit does at a band: resisted base, plus trigger damage while the target still stands."""
    total = resisted_amount(base_damage(s, band, crit), s.resisted, crit)
    if total >= need:
        return total  # the target is down; its triggers do not fire
    for t in s.triggers:
        if t.effect == "damage" and fires(t, band, crit):
            total += resisted_amount(t.amount, t.type in resist_types, crit)
    return total


@dataclass(frozen=True)
class Expectation:
    """Exact natural outcome of a strike: odds, damage distribution, expected damage, take-out."""

    odds: DuelOdds
    rows: tuple[tuple[int, int, str], ...]  # (weight over odds.total, damage, label)
    damage_w: int  # sum of weight x damage
    kill_w: int

    @property
    def outcomes(self) -> tuple[tuple[Fraction, int, str], ...]:
        """(probability, damage, label) for each way the strike can end."""
        t = self.odds.total
        return tuple((Fraction(w, t), d, label) for w, d, label in self.rows)

    @property
    def expected_damage(self) -> Fraction:
        """E[damage]."""
        return Fraction(self.damage_w, self.odds.total) if self.odds.total else Fraction(0)

    @property
    def kill(self) -> Fraction:
        """P(the target is taken out: down from standing, or dead from grasping)."""
        return Fraction(self.kill_w, self.odds.total) if self.odds.total else Fraction(0)

    def floats(self) -> tuple[float, float]:
        """(expected damage, take-out chance) as floats."""
        t = self.odds.total
        return (self.damage_w / t, self.kill_w / t) if t else (0.0, 0.0)

    def value(self) -> float:
        """Worth to the attacker in Assessment units."""
        ev, kill = self.floats()
        return ev + KILL_WEIGHT * kill


def expect(match: Match, side: str | None, s: Strike, prof: Profile | None = None) -> Expectation:
    """The exact expectation of a strike from `side`'s knowledge."""
    prof = pool(match, side) if prof is None else prof
    odds = duel_odds(prof, s.net_a, s.net_d, s.rule, s.bands)
    resist = stats(s.target).resist
    hp = health(s.target).current
    down = status(s.target).state == "down"
    need = 1 if down else max(hp, 1)
    rows: list[tuple[int, int, str]] = [(odds.total - odds.hit_w, 0, "miss")]
    if s.low_only or s.damage is None:
        rows.append((odds.hit_w - odds.crit_w, damage_for(s, LOW, False, resist, need), "hit"))
    else:
        for b in (ZERO, LOW, MOD, HIGH):
            rows.append((odds.band_w[b], damage_for(s, b, False, resist, need), f"hit, {BAND_NAMES[b]}"))
    rows.append((odds.crit_w, damage_for(s, HIGH, True, resist, need), "critical"))
    rows = [r for r in rows if r[0]]
    damage_w = sum(w * d for w, d, _ in rows)
    kill_w = 0 if s.damage is None else sum(w for w, d, _ in rows if d >= need and d > 0)
    return Expectation(odds, tuple(rows), damage_w, kill_w)


def result_value(match: Match, side: str, s: Strike, res: int, prof: Profile | None = None) -> float:
    """Worth to the attacker of a duel ending in `res`, with the damage flip still to come."""
    if res == MISS:
        return 0.0
    resist = stats(s.target).resist
    hp = health(s.target).current
    need = 1 if status(s.target).state == "down" else max(hp, 1)
    if res == CRIT or s.low_only or s.damage is None:
        d = damage_for(s, HIGH, res == CRIT, resist, need) if s.damage is not None else 0
        return d + (KILL_WEIGHT if s.damage is not None and d >= need else 0.0)
    prof = pool(match, side) if prof is None else prof
    total = 0.0
    for b, p in enumerate(band_odds(prof, 0, s.bands)):
        d = damage_for(s, b, False, resist, need)
        total += float(p) * (d + (KILL_WEIGHT if d >= need and d > 0 else 0.0))
    return total


# -- resolution ----------------------------------------------------------------------------------
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
    match.emit("attack", f"{name_of(att)} {words} {name_of(tgt)} with {s.name}.", math, chance=True,
               side=side_a, attacker=att, target=tgt, result=res,
               natural=[a.kept, d.kept], cards=[a.cheated or a.kept, d.cheated or d.kept])
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
            deal(match, tgt, base, f"{s.name}", why)
        if s.condition:
            yield from apply_condition(match, tgt, s.condition, had_flip=True, source=s.name)
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
    import esper

    return esper.component_for_entity(ent, VmMarks)


def deal(match: Match, tgt: int, amount: int, what: str, why: list[str]) -> None:
    """Take Health off; at 0 the target goes down (VM-ZERO, VM-OVERKILL)."""
    if amount <= 0 or status(tgt).state not in ("active", "down"):
        match.emit("damage", f"{name_of(tgt)} takes no damage from {what}.", why, side=side_of(tgt))
        return
    hp = health(tgt)
    left = hp.current - amount
    hp.current = max(left, 0)
    match.emit("damage", f"{name_of(tgt)} takes {amount} damage ({hp.current}/{hp.maximum}).",
               why, side=side_of(tgt), unit=tgt, amount=amount)
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
    match.emit("damage_flip", f"Damage flip: {BAND_NAMES[band]}{note}.", [
        f"{f.text()}: up to {s.bands[0]} Low, up to {s.bands[1]} Moderate, above High"],
        chance=True, side=side)
    return band


def _duel_cheats(match: Match, s: Strike, a, d, res: int) -> Asking:  # noqa: ANN001 - Flip
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
            offers.append((card, f"Cheat {v}: {words[r]}", f"worth {sign * worth(r):.1f} expected damage "
                           f"to {name_of(s.target)}", worth(r)))
        prompt = (f"{name_of(s.attacker)} attacks {name_of(s.target)} ({s.name}): {a_tot} against {d_tot}, "
                  f"a {words[res]}. Cheat your {role}'s flip?")
        yield from ask_cheat(match, f, prompt, (f"Keep: {words[res]}", f"worth {sign * worth(res):.1f}",
                                                worth(res)), offers,
                             {"flip": "duel", "role": role, "attacker": s.attacker, "target": s.target,
                              "attacking_side": side_a})
        res = judge(a.value, d.value, s.rule, a.natural, d.natural)
    return res


def _trigger_question(side: str, t: Trigger, tgt: int):  # noqa: ANN202 - a Decision
    from game.core.action import Decision, Option

    return Decision(side, "trigger", f"{t.label()} can trigger on {name_of(tgt)}. Use it?",
                    (Option("yes", f"Use {t.label()}"), Option("no", "Let it pass")), "yes",
                    {"values": {"yes": 1.0, "no": 0.0}})


def _fire(match: Match, s: Strike, t: Trigger, crit: bool) -> Asking:
    tgt = s.target
    if t.effect == "condition":
        yield from apply_condition(match, tgt, t.condition, had_flip=False,
                                   source=f"{s.name}: {t.name or 'trigger'} on {t.on}")
    elif t.effect == "damage":
        amount = resisted_amount(t.amount, t.type in stats(tgt).resist, crit)
        match.emit("trigger", f"{t.label()} triggers.", side=side_of(s.attacker))
        deal(match, tgt, amount, t.label(), [f"{t.label()}: {t.amount} {t.type}"])
    elif t.effect == "ve":
        v = void(s.attacker)
        gained = min(t.amount, v.maximum - v.current)
        v.current += gained
        match.emit("trigger", f"{t.label()}: {name_of(s.attacker)} gains {gained} Void Energy.",
                   side=side_of(s.attacker))
