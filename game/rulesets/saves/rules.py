"""The rules every resolution shares: armour, engagement, Impaired/Enhanced terms, saves, damage."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.components import Health, Position, Status
from game.core.events import damage_data
from game.core.sight import cover_on_line, has_los
from game.core.wording import plural
from game.rulesets.saves.components import (
    SvGear,
    SvScores,
    conditions,
    get,
    has,
    is_standing,
    name_of,
    side_of,
    unit_rows,
    units,
)
from game.rulesets.saves.content import ARMOUR_CAP, Weapon, shipped
from game.rulesets.saves.kinds import Ev
from game.rulesets.saves.odds import attack_dice, net_mode, pick_save_roll, save_chance, save_passes

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]


def armour_of(ent: int) -> int:
    """SV-ARMOUR: armour plus shield, never above 3."""
    gear = get(ent, SvGear)
    c = shipped()
    total = c.armour[gear.armour].value + (c.shields[gear.shield].value if gear.shield else 0)
    return min(ARMOUR_CAP, total)


def held(ent: int) -> list[Weapon]:
    """Weapons in hand."""
    weapons = shipped().weapons
    return [weapons[w] for w in get(ent, SvGear).held]


def uses_left(ent: int, weapon: Weapon) -> int | None:
    """Uses left of a limited weapon (None: unlimited)."""
    if not weapon.uses:
        return None
    return weapon.uses - get(ent, SvGear).spent.get(weapon.id, 0)


def cell_of(ent: int) -> Cell:
    """Where the unit stands."""
    return get(ent, Position).cell


def enemies(ent: int) -> list[int]:
    """Standing units of the other sides."""
    me = side_of(ent)
    return [e for e, s, st, *_ in unit_rows() if s.side != me and st.state == "active"]


def helpless(ent: int) -> bool:
    """SV-UNCONSCIOUS: out of the fight at 0 HP but alive, and so still a target: attacks on it
    go past its HP onto STR (how a table finishes a foe off); it can neither dodge nor answer."""
    return get(ent, Status).state == "down" and has(ent, "unconscious")


def attack_targets(ent: int) -> list[int]:
    """Enemies an attack may be aimed at: the standing and the Unconscious."""
    me = side_of(ent)
    # is_standing or helpless, read in one pass
    return [e for e, s, st, c, *_ in unit_rows() if s.side != me
            and (st.state == "active" or (st.state == "down" and "unconscious" in c.active))]


def known_enemies(ent: int) -> list[int]:
    """Standing enemies the unit's side knows of: a Hidden one is not among them (SV-HIDDEN)."""
    me = side_of(ent)
    return [e for e, s, st, c, *_ in unit_rows() if s.side != me and st.state == "active"
            and "hidden" not in c.active]


def engaged(match: Match, ent: int) -> bool:
    """SV-ATTACK: next to a standing enemy its side knows of (ranged weapons cannot be used then).
    Reading: an unseen Hidden enemy next to it does not engage it - it is not fighting, and
    counting it would tell the unit's player where it lurks."""
    here = cell_of(ent)
    return any(match.board.distance(here, cell_of(e)) <= 1 for e in known_enemies(ent))


def weapon_sets(match: Match, ent: int, busy: bool | None = None) -> list[tuple[Weapon, ...]]:
    """The attacks a unit can make with what it holds: all its melee weapons together (two dice when
    wielding two), or one ranged weapon (none while engaged, none without uses left). `busy`: whether
    it is engaged, when the caller knows."""
    out: list[tuple[Weapon, ...]] = []
    hand = held(ent)
    melee = tuple(w for w in hand if not w.ranged)
    if melee:
        out.append(melee)
    if not (engaged(match, ent) if busy is None else busy):
        seen = set()
        for w in hand:
            if w.ranged and w.id not in seen and uses_left(ent, w) != 0:
                seen.add(w.id)
                out.append((w,))
    return out


def can_reach(match: Match, ent: int, target: int, weapons: tuple[Weapon, ...]) -> bool:
    """Melee: an adjacent target; ranged: within range and in sight."""
    a, b = cell_of(ent), cell_of(target)
    dist = match.board.distance(a, b)
    if not weapons[0].ranged:
        return dist <= 1
    return 1 <= dist <= weapons[0].range and has_los(match.board, a, b)


def reach_problem(match: Match, ent: int, target: int, weapons: tuple[Weapon, ...]) -> str:
    """Why `can_reach` says no, in players' words ("" when it says yes): melee needs the square
    next to the target, a ranged weapon its range and a clear line of sight."""
    a, b = cell_of(ent), cell_of(target)
    dist = match.board.distance(a, b)
    names = " and ".join(w.name for w in weapons)
    away = f"{plural(dist, 'square')} away"
    if not weapons[0].ranged:
        return "" if dist <= 1 else f"the {names} reach{'' if len(weapons) > 1 else 'es'} only the squares " \
            f"next to it ({away})"
    if dist < 1:
        return "too close to shoot"
    if dist > weapons[0].range:
        return f"out of the {names}'s range ({away}, range {weapons[0].range})"
    if not has_los(match.board, a, b):
        return "no line of sight"
    return ""


@dataclass
class Terms:
    """One attacker's dice against one target, with why it is Impaired or Enhanced."""

    weapon_dice: list[int]
    bonus_dice: list[int] = field(default_factory=list)
    impaired: list[str] = field(default_factory=list)
    enhanced: list[str] = field(default_factory=list)

    @property
    def dice(self) -> list[int]:
        """The dice rolled after Impaired / Enhanced (SV-IMPAIR)."""
        return attack_dice(self.weapon_dice, self.bonus_dice, bool(self.impaired), bool(self.enhanced))

    def lines(self) -> list[str]:
        """The breakdown a player reads."""
        out = ["dice: " + " ".join(f"d{d}" for d in self.dice)]
        if self.impaired and self.enhanced:
            out.append(
                f"Impaired ({', '.join(self.impaired)}) and Enhanced ({', '.join(self.enhanced)}) cancel"
            )
        elif self.impaired:
            out.append(f"Impaired ({', '.join(self.impaired)}): d4 only")
        elif self.enhanced:
            out.append(f"Enhanced ({', '.join(self.enhanced)}): +d12")
        return out


def attack_terms(match: Match, ent: int, target: int, weapons: tuple[Weapon, ...]) -> Terms:
    """SV-IMPAIR with the conditions: Blinded attackers, Invisible targets and targets resisting the
    weapons' kind impair; cover impairs ranged attacks that cross it; Hidden or Invisible attackers,
    Stunned or Prone targets and targets vulnerable to the kind enhance."""
    terms = Terms([w.damage for w in weapons], list(get(ent, SvGear).bonus))
    if has(ent, "blinded"):
        terms.impaired.append("attacker Blinded")
    if has(target, "invisible"):
        terms.impaired.append("target Invisible")
    if weapons[0].ranged and cover_on_line(match.board, cell_of(ent), cell_of(target)):
        terms.impaired.append("through cover")
    if has(ent, "hidden"):
        terms.enhanced.append("attacker Hidden")
    if has(ent, "invisible"):
        terms.enhanced.append("attacker Invisible")
    if has(target, "stunned"):
        terms.enhanced.append("target Stunned")
    if has(target, "prone"):
        terms.enhanced.append("target Prone")
    # resisted only when every weapon's kind is (a dagger beside a club still bites); vulnerable to any
    s = get(target, SvScores)
    kinds = sorted({w.kind for w in weapons})
    if s.resist and all(k in s.resist for k in kinds):
        terms.impaired.append(f"target resists {' and '.join(kinds)}")
    weak = [k for k in kinds if k in s.vulnerable]
    if weak:
        terms.enhanced.append(f"target vulnerable to {' and '.join(weak)}")
    return terms


def save_mode(ent: int, score: str, external: bool = True) -> int:
    """SV-ADV from conditions: Stunned units save DEX at Disadvantage; Blinded ones only against
    `external` threats (a dodge, a flash, a fall, a pursuer), never for what they do themselves
    (aiming by sound, beating the enemy to the first turn, a stunt)."""
    dis = score == "DEX" and ((has(ent, "blinded") and external) or has(ent, "stunned"))
    return net_mode(False, dis)


def distracted(match: Match, attacker: int, defender: int) -> bool:
    """An ally of the defender stands next to the attacker, drawing its eye (SV-ADV's Advantage on
    the dodge); a Hidden ally distracts no one (and would give itself away)."""
    here, mine = cell_of(attacker), side_of(defender)
    dist = match.board.distance
    return any(
        e != defender and s.side == mine and st.state == "active" and "hidden" not in c.active
        and dist(here, p.cell) <= 1
        for e, s, st, c, p, *_ in unit_rows()
    )


def dodge_mode(match: Match, target: int, attackers: list[int]) -> int:
    """SV-ADV on the dodge: Advantage when every attacker is an enemy distracted by one of the
    target's allies next to it (`distracted`); the conditions' Disadvantage (`save_mode`)."""
    adv = bool(attackers) and all(
        side_of(a) != side_of(target) and distracted(match, a, target) for a in attackers
    )
    return net_mode(adv, save_mode(target, "DEX") < 0)


def roll_save(match: Match, ent: int, score: str, why: str, mode: int | None = None) -> bool:
    """Roll a save for a unit (two d20 with Advantage or Disadvantage) and log the math."""
    value = get(ent, SvScores).get(score)
    mode = save_mode(ent, score) if mode is None else mode
    rolls = [match.chance.d20() for _ in range(2 if mode else 1)]
    roll = pick_save_roll(rolls, mode, value)
    ok = save_passes(roll, value)
    how = {1: " with Advantage", -1: " with Disadvantage"}.get(mode, "")
    match.emit(
        Ev.SAVE,
        f"{name_of(ent)} {'passes' if ok else 'fails'} a {score} save{how} ({why}).",
        [
            f"d20 {' / '.join(map(str, rolls))} -> {roll} vs {score} {value}"
            f" ({float(save_chance(value, mode)):.0%} to pass)"
        ],
        chance=True,
        unit=ent,
        score=score,
        dice=[str(r) for r in rolls],
        die="d20",
        passed=ok,
        why=why,
    )
    return ok


def set_condition(ent: int, name: str, **data: object) -> None:
    """Put a condition on."""
    conditions(ent).active[name] = dict(data)


def clear_condition(ent: int, name: str) -> None:
    """Take a condition off."""
    conditions(ent).active.pop(name, None)


def unveil(match: Match, ent: int) -> None:
    """SV-HIDDEN: "any attack or other similar action unveils the attacker" (an attack, a
    maneuver, a call to surrender)."""
    if has(ent, "hidden"):
        clear_condition(ent, "hidden")
        match.emit(Ev.REVEAL, f"{name_of(ent)} is no longer Hidden.", unit=ent)


def take_out(match: Match, ent: int, state: str, condition: str, text: str, quiet: bool = False) -> None:
    """Out of the fight: Status down/dead/fled, with the condition that says why."""
    get(ent, Status).state = state
    if condition:
        set_condition(ent, condition)
    for c in ("hidden", "invisible"):
        clear_condition(ent, c)
    if not quiet:
        match.emit(Ev.OUT, text, unit=ent, state=state, condition=condition)


def knock_out(match: Match, ent: int, why: str) -> None:
    """SV-UNCONSCIOUS: reduced to 0 HP and out of the fight until woken."""
    get(ent, Health).current = 0
    take_out(match, ent, "down", "unconscious", f"{name_of(ent)} is knocked Unconscious ({why}): 0 HP.")


def lose_score(match: Match, ent: int, score: str, amount: int, why: str, by: int | None = None,
               action: dict[str, Any] | None = None) -> None:
    """SV-SCORELOSS: STR 0 dead, DEX 0 paralysed, WIL 0 catatonic. `by` (and `action`, the
    declaration): the attack aimed at the score that took it, for the event's damage data."""
    scores = get(ent, SvScores)
    left = max(0, scores.get(score) - amount)
    scores.set(score, left)
    out: tuple[str, str, str] | None = None
    if left == 0 and get(ent, Status).state != "dead":
        out = {
            "STR": ("dead", "", f"{name_of(ent)} dies (STR 0)."),
            "DEX": ("down", "paralysed", f"{name_of(ent)} is paralysed (DEX 0) and cannot act."),
            "WIL": ("down", "catatonic", f"{name_of(ent)} is catatonic (WIL 0) and cannot act."),
        }[score]
        take_out(
            match, ent, out[0], out[1], out[2], quiet=True
        )  # the state first: no event sees it half done
    # the damage data (`damage_data`): the results screen's and the report's tally of who dealt
    # what (a blow aimed at a score); none for damage past HP, which the damage event counted
    extra = {} if by is None else damage_data(by, ent, amount, action)
    match.emit(Ev.SCORE, f"{name_of(ent)} loses {amount} {score} ({why}): {score} {left}.", unit=ent,
               score=score, value=left, **extra)
    if out is not None:
        match.emit(Ev.OUT, out[2], unit=ent, state=out[0])


def apply_damage(match: Match, ent: int, damage: int, why: str, score: str | None = None,
                 by: int | None = None, action: dict[str, Any] | None = None) -> None:
    """SV-DAMAGE: HP first, the rest off STR, then a STR save or Critical Damage. Damage aimed at
    a score (after armour) comes straight off that score. `by` and `action` (the declaration
    that dealt it) go into the event's damage data (`damage_data`)."""
    if damage <= 0 or get(ent, Status).state in ("dead", "fled"):
        return
    if score is not None:
        lose_score(match, ent, score, damage, why, by, action)
        return
    health = get(ent, Health)
    before = health.current
    taken = min(before, damage)
    health.current = before - taken
    over = damage - taken
    match.emit(
        Ev.DAMAGE,
        f"{name_of(ent)} takes {damage} damage ({why}): HP {before} -> {health.current}"
        + (f", {over} past HP onto STR." if over else "."),
        unit=ent,
        hp_left=health.current,
        **damage_data(by, ent, damage, action),
    )
    if over:
        lose_score(match, ent, "STR", over, "damage past HP")
        if get(ent, Status).state != "dead" and not roll_save(match, ent, "STR", "Critical Damage"):
            take_out(
                match,
                ent,
                "down",
                "critical",
                f"{name_of(ent)} suffers Critical Damage: out of the fight until tended.",
            )
    from game.rulesets.saves.morale import after_harm

    after_harm(match, ent, before)


def standing_units(side: str) -> list[int]:
    """A side's standing units."""
    return [e for e in units() if side_of(e) == side and is_standing(e)]
