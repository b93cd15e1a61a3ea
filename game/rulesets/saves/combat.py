"""Resolve: every declaration of the side at once - items, tending and maneuvers, then the attacks
grouped by target (SV-GANG), each group asking the defender to counter-attack or dodge (SV-DEFEND).

Declarations live in Table.data['declared'] as {str(unit): {kind, target, option}}.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.action import Decision, Option
from game.core.chance import Die
from game.core.components import Health, Table
from game.core.ruleset import Resolution
from game.rulesets.saves.components import SvGear, SvScores, get, has, is_standing, name_of, side_of
from game.rulesets.saves.content import Weapon
from game.rulesets.saves.groups import (  # noqa: F401 - the grouping's names, read from here too
    STUNT,
    Group,
    blast_victims,
    is_stunt,
    plan_groups,
    planned,
    stunt_chance,
    weapons_of,
)
from game.rulesets.saves.kinds import Ask, Ev, Kind
from game.rulesets.saves.odds import Harm, damage_distribution, damage_of, harm, save_chance
from game.rulesets.saves.rules import (
    apply_damage,
    armour_of,
    attack_terms,
    can_reach,
    dodge_mode,
    helpless,
    knock_out,
    roll_save,
    save_mode,
    set_condition,
    unveil,
    weapon_sets,
)

if TYPE_CHECKING:
    from game.core.match import Match


def dodge_chance(target: int, match: Match | None = None, attackers: list[int] | None = None) -> float:
    """SV-DEFEND: the DEX save that avoids all the damage (Disadvantage when Blinded or Stunned;
    against known `attackers`, Advantage when each is distracted: `dodge_mode`)."""
    mode = save_mode(target, "DEX") if match is None else dodge_mode(match, target, list(attackers or []))
    return float(save_chance(get(target, SvScores).dex, mode))


def counters(match: Match, group: Group) -> list[tuple[int, tuple[Weapon, ...]]]:
    """Attackers the target can answer, with the weapons it would use (a ranged attack needs a
    ranged weapon; blast weapons never answer)."""
    out = []
    sets = [s for s in weapon_sets(match, group.target) if not s[0].blast]
    for a in group.attackers:
        ranged = weapons_of(group.option[a])[0].ranged
        for ws in sets:
            if (ws[0].ranged or not ranged) and can_reach(match, group.target, a, ws):
                out.append((a, ws))
                break
    return out


def counter_harm(match: Match, defender: int, attacker: int, ws: tuple[Weapon, ...]) -> Harm:
    """Exact harm of a counter-attack: the defender's dice, reduced by the attacker's armour."""
    dist = damage_distribution(attack_terms(match, defender, attacker, ws).dice, 0, armour_of(attacker))
    s = get(attacker, SvScores)
    return harm(dist, get(attacker, Health).current, s.strength, None, 0, save_mode(attacker, "STR"))


@dataclass(frozen=True)
class Answer:
    """One answer to an attack, exactly: what the defender takes and what it deals."""

    key: str  # "dodge" or "counter:<attacker>"
    label: str
    weapons: str  # the counter-attack's weapons ("" for a dodge)
    dodge: float  # chance the DEX save avoids everything (0 for a counter-attack)
    taken: float  # expected HP and score the defender loses
    taken_out: float  # chance the defender is taken out (Critical Damage, a score at 0, death)
    taken_dead: float  # chance the defender dies
    dealt: float  # expected HP and score the counter-attack takes off the attacker
    dealt_out: float  # chance the counter-attack takes the attacker out
    dealt_dead: float  # chance it kills the attacker


def defence_answers(match: Match, group: Group) -> list[Answer]:
    """SV-DEFEND: every answer the target has to the group, with its exact odds: dodge (a DEX save
    avoids all) and a counter-attack on each attacker it can answer (the attack still lands). The
    prompt, the AI's advice and the previews read these numbers; nothing computes them twice."""
    target = group.target
    incoming = group.harm(match)
    p = dodge_chance(target, match, group.attackers)
    miss = 1.0 - p
    out = [
        Answer("dodge", "Dodge", "", p, miss * incoming.expected, miss * incoming.out, miss * incoming.dead,
               0.0, 0.0, 0.0)
    ]
    for a, ws in counters(match, group):
        h = counter_harm(match, target, a, ws)
        out.append(
            Answer(f"counter:{a}", f"Counter-attack {name_of(a)}", " and ".join(w.name for w in ws), 0.0,
                   incoming.expected, incoming.out, incoming.dead, h.expected, h.out, h.dead)
        )
    return out


def defend_decision(match: Match, group: Group) -> Decision:
    """The defender's choice, each option with its exact odds (the same numbers the AI weighs)."""
    from game.core.kinds import CTX_LINES, CTX_UNIT
    from game.rulesets.saves.hover import why_no_counter
    from game.rulesets.saves.words import answer_line

    target = group.target
    answers = defence_answers(match, group)
    opts = tuple(Option(a.key, a.label, answer_line(a, group.score)) for a in answers)
    who = ", ".join(name_of(a) for a in group.attackers)
    what = f" on {group.score}" if group.score else ""
    dice = " ".join(f"d{d}" for d in group.dice(match))
    pool = (f"Attacked{what} by {who}: dice {dice}, the highest counts"
            + (f", +{group.bonus()} for ganging up" if group.bonus() else "")
            + f", less your armour {armour_of(target)}."
            + (" Your allies distract every attacker: you dodge with Advantage."
               if dodge_mode(match, target, group.attackers) > 0 else ""))
    return Decision(
        side_of(target),
        Ask.DEFEND,
        f"{name_of(target)}: counter-attack or dodge?",
        opts,
        default="dodge",
        context={
            "target": target,
            "attackers": list(group.attackers),
            "options": dict(group.option),
            "score": group.score,
            "blast": group.blast,
            "stunts": {str(a): ok for a, ok in group.stunts.items()},
            "bonus": group.bonus(),
            CTX_UNIT: target,
            CTX_LINES: [pool, *why_no_counter(match, group)],
            "defence": [
                {"key": a.key, "label": a.label, "dodge": a.dodge, "taken": a.taken, "taken_out": a.taken_out,
                 "taken_dead": a.taken_dead, "dealt": a.dealt, "dealt_out": a.dealt_out,
                 "dealt_dead": a.dealt_dead}
                for a in answers
            ],
        },
    )


def roll_dice(match: Match, dice: list[int]) -> list[int]:
    """Roll each die through the match's one source (forced by channel 'd6', 'd8'...)."""
    return [match.chance.roll_value(Die.numeric(d)) for d in dice]


def resolve_group(match: Match, group: Group) -> Resolution:
    """One target: the defence decision, the pooled roll, the counter-attack, the damage."""
    target = group.target
    live = []
    for a in group.attackers:
        if not is_standing(a) or has(a, "stunned"):
            continue
        ws = weapons_of(group.option[a])
        if has(a, "blinded") and ws[0].ranged and not roll_save(
            match, a, "DEX", "Blinded: aim by sound", save_mode(a, "DEX", external=False)
        ):
            continue  # SV-BLINDED: acting on sight needs a DEX save
        live.append(a)
    group.attackers = live
    if not live or not (is_standing(target) or helpless(target)):
        return
    for a in live:
        if is_stunt(group.option[a]):
            # a risky stunt: a DEX save makes the attack Enhanced; a failure leaves it plain and
            # the stuntman on the floor (Prone until its side's next turn)
            group.stunts[a] = roll_save(match, a, "DEX", "risky stunt", save_mode(a, "DEX", external=False))
            if not group.stunts[a]:
                set_condition(a, "prone")
                match.emit(Ev.CONDITION, f"{name_of(a)}'s stunt goes wrong: it falls Prone.", unit=a)
    answer = "none"
    answerable = counters(match, group)  # as the prompt offers them (before any attacker is unveiled)
    if not has(target, "unconscious"):
        answer = yield defend_decision(match, group)
    dice = group.dice(match)
    # whose die each is (Group.dice pools them in this order): the blow is the kept die's owner's
    owners = [a for a in live for _ in group.terms_of(match, a).dice]
    rolls = roll_dice(match, dice)
    striker = owners[rolls.index(max(rolls))]
    armour = armour_of(target)
    damage = damage_of(rolls, group.bonus(), armour)
    who = ", ".join(name_of(a) for a in live)
    match.emit(
        Ev.ATTACK,
        f"{who} {'blast' if group.blast else 'attack'} {name_of(target)}"
        + (f" ({group.score})" if group.score else "")
        + f": {damage} damage before any dodge.",
        [
            f"rolled {' '.join(f'd{d}:{r}' for d, r in zip(dice, rolls, strict=True))}, highest {max(rolls)}",
            f"gang bonus +{group.bonus()}",
            f"armour -{armour}",
            f"damage {damage}",
        ],
        chance=True,
        unit=target,
        dice=[str(r) for r in rolls],
        attackers=list(live),
        bonus=group.bonus(),
        blast=group.blast,
    )
    for a in live:
        unveil(match, a)
    if answer == "dodge" and roll_save(match, target, "DEX", "dodge", dodge_mode(match, target, live)):
        damage = 0
    if answer.startswith("counter:"):
        foe = int(answer.split(":", 1)[1])
        ws = next(ws for a, ws in answerable if a == foe)
        cdice = attack_terms(match, target, foe, ws).dice
        crolls = roll_dice(match, cdice)
        cdmg = damage_of(crolls, 0, armour_of(foe))
        match.emit(
            Ev.COUNTER,
            f"{name_of(target)} counter-attacks {name_of(foe)}: {cdmg} damage.",
            [
                f"rolled {' '.join(f'd{d}:{r}' for d, r in zip(cdice, crolls, strict=True))}",
                f"armour -{armour_of(foe)}",
            ],
            chance=True,
            unit=foe,
            dice=[str(r) for r in crolls],
            attackers=[target],
        )
        apply_damage(match, foe, cdmg, f"{name_of(target)}'s counter-attack", by=target,
                     action={"kind": Kind.ATTACK, "actor": target, "option": "+".join(w.id for w in ws)})
    apply_damage(match, target, damage, f"attack by {who}", group.score, by=striker,
                 action={"kind": Kind.ATTACK, "actor": striker, "option": group.option[striker]})
    ws_all = [w for a in live for w in weapons_of(group.option[a])]
    if damage > 0 and is_standing(target):
        if any(w.stun for w in ws_all) and not roll_save(match, target, "STR", "stunning blow"):
            set_condition(target, "stunned")
            match.emit(Ev.CONDITION, f"{name_of(target)} is Stunned.", unit=target)
        if any(w.blind for w in ws_all) and not roll_save(match, target, "DEX", "flash"):
            set_condition(target, "blinded")
            match.emit(Ev.CONDITION, f"{name_of(target)} is Blinded.", unit=target)
        if any(w.knockout for w in ws_all) and not roll_save(match, target, "STR", "knock-out blow"):
            knock_out(match, target, "a blow to the head")
    if any(side_of(a) != side_of(target) for a in live):
        # SV-GANG: the lock follows an attack by enemies; a unit caught in its own side's blast is
        # not shielded from the enemy's next turn by it
        set_condition(target, "attacked")


def groups_of(match: Match, declared: dict[str, dict[str, Any]]) -> list[Group]:
    """The groups to resolve (`plan_groups`); every blast thrown spends one of its uses."""
    for key in sorted(declared, key=int):
        d = declared[key]
        if d["kind"] == Kind.ATTACK:
            ws = weapons_of(d["option"])
            if ws[0].blast:
                gear = get(int(key), SvGear)
                gear.spent[ws[0].id] = gear.spent.get(ws[0].id, 0) + 1
    return plan_groups(match, declared)


def resolve_declared(match: Match) -> Resolution:
    """Everything the side declared, rolled together."""
    from game.rulesets.saves.maneuvers import resolve_other

    t = get(match.table_entity, Table)
    declared: dict[str, dict[str, Any]] = dict(t.data.get("declared", {}))
    t.data["declared"] = {}
    for key in sorted(declared, key=int):
        if declared[key]["kind"] != Kind.ATTACK:
            resolve_other(match, int(key), declared[key])
    for group in groups_of(match, declared):
        yield from resolve_group(match, group)
