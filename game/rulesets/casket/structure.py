"""The structure deck as hit points: drawing (reshuffles add a Damage card), losing cards, defeat.

Zones: 'deck' (face down), 'hand' (its side only), 'discard' (played cards, face up) and 'lost'
(cards taken as damage, face up, out of the game). Every lost card is one point of damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.cards import Cards
from game.core.components import Status
from game.core.events import damage_data
from game.core.wording import plural
from game.rulesets.casket.carddefs import DAMAGE_CARD
from game.rulesets.casket.components import get, name_of, structure
from game.rulesets.casket.content import HAND_SIZE, Content
from game.rulesets.casket.kinds import Ev
from game.rulesets.casket.status import arm_lost

if TYPE_CHECKING:
    from game.core.match import Match


def new_structure(deck: list[str], side: str) -> Cards:
    """A structure deck with its zones and who may see them."""
    return Cards(zones={"deck": list(deck), "hand": [], "discard": [], "lost": []},
                 visibility={"deck": "none", "hand": side, "discard": "all", "lost": "all"})


def remaining(ent: int) -> int:
    """Structure left in deck and discard pile (the hand is not counted)."""
    cards = structure(ent)
    return len(cards.zones.get("deck", [])) + len(cards.zones.get("discard", []))


def reshuffle(match: Match, ent: int) -> None:
    """The deck ran out: the discard pile plus one new Damage card become the shuffled deck."""
    cards = structure(ent)
    cards.zone("discard").append(DAMAGE_CARD)
    cards.reshuffle(match.chance)
    match.emit(Ev.RESHUFFLE, f"{name_of(ent)} reshuffles its discard pile; a Damage card is shuffled in "
               f"(Damage cards now {cards.all_cards()[DAMAGE_CARD]}).", chance=True)


def draw(match: Match, ent: int, count: int) -> list[str]:
    """Draw cards into the hand, reshuffling (with a Damage card) when the deck is empty.

    A card taken away by a destroyed arm goes straight to the discard pile and is replaced.
    """
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    cards = structure(ent)
    out: list[str] = []
    dropped: list[str] = []
    tries = count + len(cards.all_cards()) + 4
    while len(out) < count and tries > 0:
        tries -= 1
        if not cards.zones.get("deck"):
            if not cards.zones.get("discard"):
                break
            reshuffle(match, ent)
        card = cards.draw(match.chance, "deck", "hand")
        if card is None:
            break
        if arm_lost(ent, content.card(card)):
            cards.move(card, "hand", "discard")
            dropped.append(card)
            continue
        out.append(card)
    if dropped:
        match.emit(Ev.DRAW, f"{name_of(ent)} discards {plural(len(dropped), 'drawn card')} its destroyed arm "
                   "cannot use.",
                   [f"discarded: {', '.join(dropped)}"])
    return out


def draw_up(match: Match, ent: int) -> list[str]:
    """End of activation: draw back up to the hand size."""
    need = HAND_SIZE - len(structure(ent).zones.get("hand", []))
    return draw(match, ent, need) if need > 0 else []


def lose_cards(match: Match, ent: int, count: int, why: str, attacker: int | None = None) -> list[str]:
    """Lose cards from the top of the deck (the discard pile once the deck is empty) as damage.

    With an `attacker` the event credits it with the cards lost (results chart).
    """
    cards = structure(ent)
    lost: list[str] = []
    for _ in range(count):
        if cards.zones.get("deck"):
            card = cards.draw(match.chance, "deck", "lost")
            assert card is not None
        elif cards.zones.get("discard"):
            card = cards.zones["discard"][-1]
            cards.move(card, "discard", "lost")
        else:
            break
        lost.append(card)
    if lost:
        match.emit(Ev.LOSE,
                   f"{name_of(ent)} loses {plural(len(lost), 'card')} ({why}).", [f"lost: {', '.join(lost)}"],
                   chance=True, cards=lost, **damage_data(attacker, ent, len(lost)))
    check_depleted(match, ent, why)
    return lost


def lose_from_hand(ent: int, card: str) -> None:
    """A hand card taken as damage."""
    structure(ent).move(card, "hand", "lost")


def check_depleted(match: Match, ent: int, why: str) -> bool:
    """With deck and discard pile both empty the casket is defeated."""
    if remaining(ent) == 0 and get(ent, Status).state == "active":
        destroy(match, ent, f"structure depleted ({why})")
        return True
    return False


def destroy(match: Match, ent: int, why: str) -> None:
    """The casket is destroyed; its pilot must pass a Grit check or take a wound."""
    get(ent, Status).state = "destroyed"
    match.emit(Ev.DESTROYED, f"{name_of(ent)} is DESTROYED ({why}).")
    from game.rulesets.casket.pilot import grit_check, pilot_damage

    if not grit_check(match, ent, "destruction save"):
        pilot_damage(match, ent, 1, "casket destroyed")
