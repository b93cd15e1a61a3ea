"""An attack from declaration to damage: to-hit, attack dice, result, defense dice, reaction, damage."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from game.core.action import Decision, Option
from game.core.wording import plural
from game.rulesets.casket.carddefs import CardDef
from game.rulesets.casket.components import (
    LOCATION_NAMES,
    THREADS_OF,
    THRESHOLDS,
    CasketFrame,
    CasketSP,
    CasketTempo,
    get,
    is_active,
    name_of,
    side_of,
    structure,
)
from game.rulesets.casket.content import Content
from game.rulesets.casket.damage import add_component_damage, take_damage
from game.rulesets.casket.dice import ATTACK_DIE, DEFENSE_DIE, LOCATION_DIE, LOCATION_OF
from game.rulesets.casket.heat import gain_heat
from game.rulesets.casket.kinds import Ask, Ev
from game.rulesets.casket.odds import (
    CATASTROPHE,
    CRITICAL,
    EXECUTION,
    MISS,
    RESULT_BYPASS,
    attack_result,
    defense_outcome,
    face_counts,
    raw_damage,
)
from game.rulesets.casket.pilot import snap_random
from game.rulesets.casket.status import card_block
from game.rulesets.casket.structure import draw
from game.rulesets.casket.tohit import attack_terms

if TYPE_CHECKING:
    from game.core.match import Match

AIMS = ("random", "right_arm", "left_arm", "head", "chassis", "legs")
AIM_NAMES = {"random": "Random", **LOCATION_NAMES}
JAM_HEAT = 2
JAM_PENALTY = 2


def reactions(content: Content, ent: int) -> list[CardDef]:
    """Reaction cards the defender could play now (in hand, usable, affordable)."""
    sp = get(ent, CasketSP).sp
    out = []
    for cid in sorted(set(structure(ent).zones.get("hand", []))):
        card = content.card(cid)
        if card.reaction and card.sp <= sp and not card_block(ent, card):
            out.append(card)
    return out


def reaction_decision(content: Content, ent: int, incoming: int, faces: list[str] | None = None,
                      armour: int = 0) -> Decision | None:
    """Play a reaction card against `incoming` damage? None when there is nothing to play.

    The context shows what is at stake: the defense dice just rolled and the cards on offer.
    """
    cards = reactions(content, ent)
    if not cards or incoming <= 0:
        return None
    sp = get(ent, CasketSP).sp
    options = [Option("none", "No reaction", f"take all {incoming} damage, keep the cards and {sp} SP")]
    for card in cards:
        cut = card.effect("reduce")
        amount = max(0, (cut.amount if cut else 0) - armour)
        detail = f"-{amount} damage: take {max(0, incoming - amount)} instead of {incoming}"
        if armour:
            detail += f" (the attack ignores {armour} armour)"
        options.append(Option(card.id, f"{card.name} ({card.sp} SP of {sp})", detail))
    return Decision(side_of(ent), Ask.REACTION, f"{name_of(ent)} is hit for {incoming} damage: react?",
                    tuple(options), default="none",
                    context={"unit": ent, "incoming": incoming, "dice": list(faces or []), "die": "defense",
                             "cards": {c.id: c.id for c in cards}})


def play_reaction(match: Match, ent: int, card: CardDef) -> int:
    """Pay for and play a reaction card; returns the damage it cuts."""
    get(ent, CasketSP).sp -= card.sp
    structure(ent).move(card.id, "hand", "discard")
    cut = 0
    for eff in card.effects:
        if eff.kind == "reduce":
            cut += eff.amount
        elif eff.kind == "draw":
            draw(match, ent, eff.cards)
    match.emit(Ev.REACTION, f"{name_of(ent)} plays {card.name}: damage -{cut}.")
    return cut


def attack(match: Match, attacker: int, defender: int, card: CardDef,
           aim: str) -> Generator[Decision, str, None]:
    """Resolve one attack declared with `card` at `defender`, aimed at a location or Random."""
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    terms = attack_terms(match, attacker, defender, card)
    first, second = match.chance.roll(ATTACK_DIE), match.chance.roll(ATTACK_DIE)
    result = attack_result(first, second, terms.target)
    total = ATTACK_DIE.value_of(first) + ATTACK_DIE.value_of(second)
    tempo = get(attacker, CasketTempo)
    tempo.boost = 0
    tempo.jam_penalty = 0
    math = terms.breakdown() + [f"attack dice: {first} ({ATTACK_DIE.value_of(first)}) + {second} "
                                f"({ATTACK_DIE.value_of(second)}) = {total}", f"result: {result}"]
    match.emit(Ev.ATTACK, f"{name_of(attacker)} attacks {name_of(defender)} with {card.name} "
               f"(aim {AIM_NAMES[aim]}): needs {terms.target}+, rolls {total} - {result}.", math, chance=True,
               result=result, target=terms.target, total=total, arc=terms.arc, dice=[first, second],
               die="attack", attacker=attacker, defender=defender)
    if result == CATASTROPHE:
        cards = structure(attacker)
        jammed = [c for c in cards.zones.get("hand", []) if content.card(c).category == "primary"]
        for c in jammed:
            cards.move(c, "hand", "discard")
        match.emit(Ev.JAM, f"CATASTROPHIC FAILURE: {name_of(attacker)}'s weapon jams - "
                   f"{plural(len(jammed), 'Primary Weapon card')} discarded, "
                   f"next attack -{JAM_PENALTY} damage.")
        gain_heat(match, attacker, JAM_HEAT, "weapon overload")
        tempo.jam_penalty = JAM_PENALTY
        return
    if result == MISS:
        return
    damage = raw_damage(terms.base, result, terms.bonus)
    loc = aim
    if aim == "random":
        roll = match.chance.roll_value(LOCATION_DIE)
        loc = LOCATION_OF[roll]
        match.emit(Ev.AIM, f"Random location: d6 = {roll} - {LOCATION_NAMES[loc]}.", [f"d6 {roll}"],
                   chance=True, dice=[str(roll)], die="location")
    if result == EXECUTION:
        frame = get(defender, CasketFrame)
        match.emit(Ev.EXECUTION, f"EXECUTION: {name_of(defender)}'s {LOCATION_NAMES[loc]} is destroyed "
                   "outright; "
                   f"{damage} damage bypasses all Defense.")
        if frame.damage[loc] < THRESHOLDS[loc]:
            add_component_damage(match, defender, loc, THRESHOLDS[loc] - frame.damage[loc], ["Execution"])
        yield from take_damage(match, defender, damage, loc, 0, f"{card.name} execution", attacker=attacker)
    elif damage > 0:
        faces = [match.chance.roll(DEFENSE_DIE) for _ in range(damage)]
        bypass = terms.bypass + RESULT_BYPASS.get(result, 0)
        out = defense_outcome(face_counts(faces), damage, bypass)
        match.emit(Ev.DEFENSE, f"{name_of(defender)} rolls {damage} defense dice: {', '.join(faces)} - "
                   f"{out.blocks} blocked, {out.final} damage.",
                   [f"blocks rolled {face_counts(faces)[0]}, ignored {min(bypass, face_counts(faces)[0])}",
                    f"Critical {out.crits}, Heat {out.heat}, Pierce {'yes' if out.pierce else 'no'}"],
                   chance=True, faces=faces, dice=list(faces), die="defense")
        final = out.final
        armour = card.attack.ignore_armor if card.attack else 0
        decision = None if out.pierce else reaction_decision(content, defender, final, faces, armour)
        if decision is not None:
            answer = yield decision
            if answer != "none":
                cut = play_reaction(match, defender, content.card(answer))
                if armour:
                    match.emit(Ev.REACTION,
                               f"{card.name} ignores {plural(min(armour, cut), 'point')} of that armour.")
                final = max(0, final - max(0, cut - armour))
        if out.heat:
            gain_heat(match, defender, out.heat, "Heat faces")
        yield from take_damage(match, defender, final, loc, out.crits, card.name, attacker=attacker,
                               faces=faces)
    else:
        match.emit(Ev.ATTACK, f"The hit deals no damage ({damage}).")
    eff = card.attack
    if eff is not None and eff.snap and result in (CRITICAL, EXECUTION) and is_active(defender):
        snap_random(match, defender, THREADS_OF.get(loc), 1, f"{card.name} critical")
