"""Flips from the shared deck (VM-FLIP): draw, keep the best or worst, and cheat from a hand.

Flipped cards lie on the `table` zone while a resolution runs and go to the discard when it
ends (VM-DECK), so a reshuffle mid-duel never takes back a card still in play. A cheat moves a
card from the flipping side's hand onto the table in place of the kept card; it is discarded
with the rest and the hand is not refilled (VM-CHEAT).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.action import Decision, Option
from game.core.cards import card_label, card_value
from game.core.sides import side_name
from game.rulesets.voidmarked.kinds import Ask, Ev
from game.rulesets.voidmarked.odds import BJ, RJ, kept_index, shape
from game.rulesets.voidmarked.query import deck, hand_zone

if TYPE_CHECKING:
    from game.core.match import Match

Asking = Generator[Decision, str, Any]


@dataclass
class Flip:
    """One flip: the cards turned, the one kept, and a cheat if any."""

    side: str
    cards: list[str]
    kept: str
    net: int = 0
    uncheatable: bool = False
    cheated: str = ""

    @property
    def value(self) -> int:
        """The value that counts: the cheated card's if cheated, else the kept card's."""
        return card_value(self.cheated or self.kept)

    @property
    def natural(self) -> bool:
        """Still the natural flip (VM-NATURAL): no cheat replaced it."""
        return not self.cheated

    def cheatable(self) -> bool:
        """May the flipping side still cheat? Once per flip, never on Disadvantage (VM-DISADV),
        un-cheatable flips (VM-UNCHEAT) or a natural joker (VM-REDJOKER, VM-BLACKJOKER)."""
        return (not self.uncheatable and not self.cheated and self.net >= 0
                and card_value(self.kept) not in (BJ, RJ))

    def shown(self) -> list[str]:
        """The cards this flip put on the table, in order: those turned, then a cheat's card
        (an event's "cards", which the client draws)."""
        return [*self.cards, self.cheated] if self.cheated else list(self.cards)

    def text(self) -> str:
        """How the log shows it: '9♥', '[3♣ 9♥] keeps 9♥', '... cheated to Q♠'."""
        if len(self.cards) == 1:
            out = card_label(self.kept)
        else:
            word = "highest" if self.net >= 0 else "lowest"
            out = f"[{' '.join(card_label(c) for c in self.cards)}] keeps the {word}, {card_label(self.kept)}"
        if self.cheated:
            out += f", cheated to {card_label(self.cheated)}"
        return out


def flip(match: Match, side: str, net: int = 0, *, uncheatable: bool = False) -> Flip:
    """Turn 1-3 cards (Advantage keeps the highest, Disadvantage the lowest; VM-ADV/VM-DISADV)."""
    cards = deck(match)
    k, high = shape(net)
    drawn: list[str] = []
    for _ in range(k):
        card = cards.draw(match.chance, "deck", "table")
        if card is None:  # every card is in a hand or on the table: cannot happen with 54 cards
            break
        drawn.append(card)
    idx = kept_index([card_value(c) for c in drawn], high)
    return Flip(side, drawn, drawn[idx], net, uncheatable)


def clear_table(match: Match) -> None:
    """Everything flipped in this resolution goes to the discard."""
    deck(match).move_all("table", "discard")


def hand_cards(match: Match, side: str) -> list[str]:
    """A side's shared hand."""
    return list(deck(match).zone(hand_zone(side)))


def cheat(match: Match, f: Flip, card: str) -> None:
    """Replace the flip's card with one from the flipping side's hand."""
    deck(match).move(card, hand_zone(f.side), "table")
    f.cheated = card


def best_cards(hand: list[str], result_of: Callable[[int], int], current: int,
               better: Callable[[int, int], bool]) -> dict[int, str]:
    """For each better result a hand card can reach, the lowest card reaching it."""
    found: dict[int, str] = {}
    for card in sorted(hand, key=lambda c: (card_value(c), c)):
        r = result_of(card_value(card))
        if better(r, current) and r not in found:
            found[r] = card
    return found


def ask_cheat(match: Match, f: Flip, prompt: str, keep: tuple[str, str, float],
              offers: list[tuple[str, str, str, float]], context: dict[str, Any]) -> Asking:
    """Ask the flipping side whether to cheat; returns the card played or ''.

    `keep` is (label, detail, value); each offer is (card, label, detail, value). Values are the
    outcome's worth to the deciding side from exact odds; `advise` weighs them against the card.
    """
    options = [Option("keep", keep[0], keep[1])]
    values = {"keep": keep[2]}
    cards = {}
    for card, label, detail, value in offers:
        key = f"cheat:{card}"
        options.append(Option(key, label, detail))
        values[key] = value
        cards[key] = card
    ctx = dict(context, values=values, cards=cards)
    answer = yield Decision(f.side, Ask.CHEAT, prompt, tuple(options), "keep", ctx)
    if answer == "keep":
        return ""
    card = cards[answer]
    before = card_label(f.kept)
    cheat(match, f, card)
    who = side_name(match, f.side)
    match.emit(Ev.CHEAT, f"{who} cheats {card_label(card)} over {before}.",
               [f"{card_label(card)} from {who}'s hand replaces the flipped {before}; "
                "it is discarded and not replaced (VM-CHEAT)."], side=f.side, card=card, cards=[card])
    return card
