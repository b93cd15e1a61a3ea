"""Playing a card: pay SP, discard it, then interpret its effect tags in order.

Effect kinds: move, attack, heat, draw, reveal, ally_draw, boost, no_attack, sacrifice (and
reduce, which only reaction cards carry; see combat.py).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from game.core.action import Action, Decision, Option
from game.core.wording import plural
from game.rulesets.casket.carddefs import CardDef, Effect
from game.rulesets.casket.combat import attack
from game.rulesets.casket.components import (
    CasketRevealed,
    CasketSP,
    CasketTempo,
    caskets,
    cell_of,
    get,
    is_active,
    name_of,
    side_of,
    structure,
)
from game.rulesets.casket.content import Content
from game.rulesets.casket.dice import pick_die
from game.rulesets.casket.heat import gain_heat, vent_heat
from game.rulesets.casket.kinds import Ask, Ev
from game.rulesets.casket.movement import move_and_face
from game.rulesets.casket.structure import draw, lose_cards

if TYPE_CHECKING:
    from game.core.match import Match


def split_option(option: str) -> tuple[str, str]:
    """'card@aim' -> (card, aim); a card without an aim gets ''."""
    card, _, aim = option.partition("@")
    return card, aim


def allies_within(match: Match, ent: int, reach: int) -> list[int]:
    """Active friendly caskets within `reach` hexes (not the casket itself)."""
    here = cell_of(ent)
    return [e for e in caskets(match) if e != ent and is_active(e) and side_of(e) == side_of(ent)
            and match.board.distance(here, cell_of(e)) <= reach]


def ally_decision(match: Match, ent: int, eff: Effect) -> Decision:
    """Rally Cry: which ally draws."""
    options = tuple(Option(str(a), name_of(a), f"hand {len(structure(a).zones.get('hand', []))}")
                    for a in allies_within(match, ent, eff.range))
    return Decision(side_of(ent), Ask.ALLY, f"{name_of(ent)}: which ally draws {eff.cards}?", options,
                    default=options[0].key, context={"unit": ent})


def reveal(match: Match, ent: int, target: int, count: int) -> list[str]:
    """Sensor Sweep: random cards of an enemy hand become known to the sweeping side."""
    hand = list(structure(target).zones.get("hand", []))
    seen = get(target, CasketRevealed).by_side.setdefault(side_of(ent), [])
    shown = []
    for _ in range(min(count, len(hand))):
        card = match.chance.roll(pick_die("reveal", hand))
        hand.remove(card)
        seen.append(card)
        shown.append(card)
    match.emit(Ev.REVEAL,
               f"{name_of(ent)} sweeps {name_of(target)}: {plural(len(shown), 'hand card')} revealed.",
               [f"seen: {', '.join(shown)}"], side=side_of(ent), visible=side_of(ent), cards=shown,
               chance=True)
    return shown


def play_card(match: Match, ent: int, action: Action) -> Generator[Decision, str, None]:
    """Play a hand card for its SP and apply its effects in order."""
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    card_id, aim = split_option(action.option)
    card: CardDef = content.card(card_id)
    get(ent, CasketSP).sp -= card.sp
    structure(ent).move(card_id, "hand", "discard")
    tempo = get(ent, CasketTempo)
    match.emit(Ev.CARD, f"{name_of(ent)} plays {card.name} ({card.sp} SP).", [card.text] if card.text else [],
               card=card_id)
    for eff in card.effects:
        if not is_active(ent):
            return
        if eff.kind == "move":
            yield from move_and_face(match, ent, action.path, plain=False, steady=eff.steady, why=card.name)
        elif eff.kind == "attack":
            assert action.target is not None
            yield from attack(match, ent, action.target, card, aim or "random")
        elif eff.kind == "heat":
            if eff.amount > 0:
                gain_heat(match, ent, eff.amount, card.name)
            else:
                vent_heat(match, ent, -eff.amount, card.name)
        elif eff.kind == "draw":
            draw(match, ent, eff.cards)
        elif eff.kind == "reveal":
            assert action.target is not None
            reveal(match, ent, action.target, eff.cards)
        elif eff.kind == "ally_draw":
            ally = int((yield ally_decision(match, ent, eff)))
            got = draw(match, ally, eff.cards)
            match.emit(Ev.DRAW, f"{name_of(ally)} draws {plural(len(got), 'card')} ({card.name}).")
        elif eff.kind == "boost":
            tempo.boost += eff.damage
        elif eff.kind == "no_attack":
            tempo.no_attack = True
        elif eff.kind == "sacrifice":
            lose_cards(match, ent, eff.cards, card.name)
        else:  # pragma: no cover - content validation refuses unknown kinds
            raise ValueError(f"unknown effect kind {eff.kind}")
