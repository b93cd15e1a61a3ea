"""Taking damage: where the cards come from (the defender's choice), component damage from the
discarded cards and Critical faces, thresholds, exposure and breach, fragile threads snapping.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from game.core.action import Decision, Option
from game.core.components import Status
from game.core.events import damage_data
from game.core.wording import plural
from game.rulesets.casket.carddefs import CardDef
from game.rulesets.casket.components import (
    LOCATION_NAMES,
    THREADS_OF,
    THRESHOLDS,
    CasketFrame,
    CasketThreads,
    get,
    name_of,
    side_of,
    structure,
)
from game.rulesets.casket.content import Content
from game.rulesets.casket.dice import D3, D6
from game.rulesets.casket.kinds import Ask, Ev
from game.rulesets.casket.pilot import pilot_damage, snap_random, snap_thread
from game.rulesets.casket.structure import lose_cards, lose_from_hand

if TYPE_CHECKING:
    from game.core.match import Match

EXPOSURE = 6
BREACH = 7
CHASSIS_SNAP = 10
FRAGILE_RESNAP = 5


def component_points(card: CardDef, aimed: str) -> int:
    """Component damage a discarded card causes: Primary 1; Shield/Offhand 1 only at the Left Arm."""
    if card.equipment == "primary":
        return 1
    if card.equipment in ("shield", "offhand") and aimed == "left_arm":
        return 1
    return 0


def _at_stake(ent: int, aimed: str) -> str:
    """The aimed component's damage against its threshold, and the structure left."""
    frame = get(ent, CasketFrame)
    z = structure(ent).zones
    return (f"Aimed at the {LOCATION_NAMES[aimed]} ({frame.damage[aimed]}/{THRESHOLDS[aimed]} component "
            f"damage). Structure: deck {len(z.get('deck', []))}, discard {len(z.get('discard', []))}, "
            f"hand {len(z.get('hand', []))}.")


def source_decision(ent: int, amount: int, aimed: str, faces: list[str] | None = None) -> Decision:
    """Where `amount` damage comes from: k hand cards and the rest from the deck top."""
    z = structure(ent).zones
    hand = len(z.get("hand", []))
    pile = len(z.get("deck", [])) + len(z.get("discard", []))
    options = []
    for k in range(min(amount, hand) + 1):
        rest = amount - k
        label = f"hand {k} / deck {rest}"
        detail = f"keeps {hand - k} of {hand} in hand; deck + discard {pile} -> {max(0, pile - rest)}"
        if rest >= pile:
            detail += ": the casket is DESTROYED"
        options.append(Option(str(k), label, detail))
    lines = [_at_stake(ent, aimed), "Deck cards are lost from the top, unseen: each Primary Weapon card "
             "among them adds 1 component damage. Hand cards you pick one by one."]
    return Decision(side_of(ent), Ask.DAMAGE_SOURCE, f"{name_of(ent)} takes {amount} damage: "
                    "discard from hand, deck, or a mix?", tuple(options), default="0",
                    context={"unit": ent, "amount": amount, "aimed": aimed, "cards": list(z.get("hand", [])),
                             "dice": list(faces or []), "die": "defense", "lines": lines})


def hand_decision(content: Content, ent: int, aimed: str, left: int) -> Decision:
    """Which hand card to discard as damage next."""
    hand = structure(ent).zones.get("hand", [])
    options = []
    for cid in sorted(set(hand)):
        card = content.card(cid)
        pts = component_points(card, aimed)
        detail = (f"+{pts} component damage to the {LOCATION_NAMES[aimed]}" if pts
                  else "no component damage")
        options.append(Option(cid, f"{card.name} ({card.sp} SP)", f"{detail}. {card.text}".strip()))
    return Decision(side_of(ent), Ask.DISCARD, f"{name_of(ent)}: discard a hand card as damage ({left} left)",
                    tuple(options), default=options[0].key,
                    context={"unit": ent, "aimed": aimed, "cards": {o.key: o.key for o in options},
                             "lines": [_at_stake(ent, aimed)]})


def take_damage(match: Match, ent: int, amount: int, aimed: str, crits: int, why: str,
                attacker: int | None = None,
                faces: list[str] | None = None) -> Generator[Decision, str, None]:
    """Discard `amount` cards (the defender splits hand/deck), then apply component damage.

    `attacker` is credited with the cards lost (the "damage" of the lose events); `faces` are the
    defense dice behind the damage, shown with the prompt.
    """
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    lost: list[str] = []
    if amount > 0:
        from_hand = 0
        if structure(ent).zones.get("hand"):
            from_hand = int((yield source_decision(ent, amount, aimed, faces)))
        for i in range(from_hand):
            card = yield hand_decision(content, ent, aimed, from_hand - i)
            lose_from_hand(ent, card)
            lost.append(card)
        if from_hand:
            match.emit(Ev.LOSE, f"{name_of(ent)} discards {plural(from_hand, 'hand card')} as damage.",
                       [f"lost: {', '.join(lost)}"], cards=list(lost),
                       **damage_data(attacker, ent, from_hand))
        lost += lose_cards(match, ent, amount - from_hand, why, attacker=attacker)
    if get(ent, Status).state == "destroyed":
        return
    points = crits + sum(component_points(content.card(c), aimed) for c in lost)
    reasons = [f"Critical faces +{crits}"] if crits else []
    reasons += [f"{content.card(c).name} +{component_points(content.card(c), aimed)}" for c in lost
                if component_points(content.card(c), aimed)]
    if points:
        add_component_damage(match, ent, aimed, points, reasons)
    if amount >= FRAGILE_RESNAP:
        for thread in list(get(ent, CasketThreads).fragile):
            snap_thread(match, ent, thread, f"fragile thread under a {amount}-damage hit")


def add_component_damage(match: Match, ent: int, loc: str, points: int, reasons: list[str]) -> None:
    """Add component damage; breaking the threshold, exposure and breach follow at once."""
    frame = get(ent, CasketFrame)
    before = frame.damage[loc]
    after = before + points
    frame.damage[loc] = after
    match.emit(Ev.COMPONENT, f"{name_of(ent)}: {LOCATION_NAMES[loc]} takes {points} component damage "
               f"({after}/{THRESHOLDS[loc]}).", reasons, loc=loc, total=after)
    if before < THRESHOLDS[loc] <= after:
        component_destroyed(match, ent, loc)
    if loc in THREADS_OF and after >= EXPOSURE:
        if f"exposure:{loc}" not in frame.triggered:
            frame.triggered.append(f"exposure:{loc}")
            pilot_damage(match, ent, 1, f"{LOCATION_NAMES[loc]} exposure")
        roll = match.chance.roll_value(D6)
        match.emit(Ev.EXPOSURE, f"{LOCATION_NAMES[loc]} exposed: d6 = {roll} (5-6 snaps a thread).",
                   [f"d6 {roll}"], chance=True, dice=[str(roll)], die="d6")
        if roll >= 5:
            snap_random(match, ent, THREADS_OF[loc], 1, f"{LOCATION_NAMES[loc]} exposure")
    if loc == "chassis":
        if after >= BREACH and "breach" not in frame.triggered:
            frame.triggered.append("breach")
            pilot_damage(match, ent, 1, "chamber breach")
        if after >= CHASSIS_SNAP:
            roll = match.chance.roll_value(D6)
            count = match.chance.roll_value(D3) if roll >= 4 else 0
            match.emit(Ev.EXPOSURE, f"Chassis breached: d6 = {roll} (4-6 snaps d3 threads)"
                       + (f", d3 = {count}." if count else "."), [f"d6 {roll}"], chance=True,
                   dice=[str(roll)] + ([str(count)] if count else []), die="d6")
            if count:
                snap_random(match, ent, None, count, "chassis breach")


def component_destroyed(match: Match, ent: int, loc: str) -> None:
    """A component breaks: immediate discards (arms); lasting effects are read from the frame."""
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    cards = structure(ent)
    dropped: list[str] = []
    if loc == "right_arm":
        dropped = [c for c in cards.zones.get("hand", []) if content.card(c).category == "primary"]
    elif loc == "left_arm":
        # the seed discards all Secondary Equipment in hand; later only shield/offhand stay unusable
        dropped = [c for c in cards.zones.get("hand", []) if content.card(c).category == "secondary"]
    for c in dropped:
        cards.move(c, "hand", "discard")
    effects = {"head": "no Sensor Sweep or targeting cards, -1 to ranged attacks",
               "right_arm": "Primary Weapon cards discarded and unusable",
               "left_arm": "Secondary Equipment discarded; no shield reactions or offhand weapons",
               "chassis": "-1 SP maximum, -1 Defense", "legs": "+1 SP per hex, at most 3 hexes a turn"}
    match.emit(Ev.COMPONENT_DESTROYED,
               f"{name_of(ent)}: {LOCATION_NAMES[loc].upper()} DESTROYED - {effects[loc]}.",
               [f"discarded from hand: {', '.join(dropped)}"] if dropped else [], loc=loc)
