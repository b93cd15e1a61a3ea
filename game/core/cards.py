"""Card piles with exact accounting: every card is in exactly one zone at all times.

A `Cards` component holds the zones of one deck family (voidmarked's shared deck with its discard,
hands and table; a casket's structure deck with its hand and discard; a pilot's wound deck).
Cards are plain strings; a ruleset gives them meaning. Zone visibility says who may see a card:
"all", "none" (face down, e.g. an undrawn deck) or a side id (that side's hand). A zone the
ruleset has not declared is hidden from everyone (`HIDDEN`): a new zone of face-down cards can
never leak by omission; face-up zones are declared "all" where the zones are made.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.core.chance import Chance, Distribution
from game.core.world import component

STANDARD_SUITS = ("S", "H", "D", "C")
STANDARD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_VALUE = {r: i + 1 for i, r in enumerate(STANDARD_RANKS)}
VISIBLE = "all"
HIDDEN = "none"
RED_JOKER = "RJ"
BLACK_JOKER = "BJ"


def standard_deck(jokers: bool = True) -> list[str]:
    """52 cards (rank + suit, e.g. '10H', 'QS') plus the Red and Black Joker."""
    cards = [r + s for s in STANDARD_SUITS for r in STANDARD_RANKS]
    if jokers:
        cards += [RED_JOKER, BLACK_JOKER]
    return cards


def card_value(card: str) -> int:
    """The shared card values: Ace 1, 2-10, J 11, Q 12, K 13, Red Joker 14, Black Joker 0."""
    if card == RED_JOKER:
        return 14
    if card == BLACK_JOKER:
        return 0
    return RANK_VALUE[card[:-1]]


def card_suit(card: str) -> str | None:
    """Suit letter, or None for a joker."""
    return None if card in (RED_JOKER, BLACK_JOKER) else card[-1]


def card_label(card: str) -> str:
    """Readable name: '10♥', 'Q♠', 'Red Joker'."""
    if card == RED_JOKER:
        return "Red Joker"
    if card == BLACK_JOKER:
        return "Black Joker"
    return card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]


class CardError(Exception):
    """A card was asked for where it is not: a bug in a ruleset, never player input."""


@component
@dataclass
class Cards:
    """Zones of one deck family. `deck` is drawn from its end (the top)."""

    zones: dict[str, list[str]] = field(default_factory=dict)
    visibility: dict[str, str] = field(default_factory=dict)
    reshuffles: int = 0

    # -- accounting ----------------------------------------------------------------------------
    def all_cards(self) -> Counter[str]:
        """Multiset of every card in every zone (conservation checks)."""
        total: Counter[str] = Counter()
        for cards in self.zones.values():
            total.update(cards)
        return total

    def zone(self, name: str) -> list[str]:
        """A zone's cards (created empty if new)."""
        return self.zones.setdefault(name, [])

    def where(self, card: str) -> str | None:
        """The zone holding a card, or None."""
        for name, cards in self.zones.items():
            if card in cards:
                return name
        return None

    def move(self, card: str, src: str, dst: str) -> None:
        """Move one named card between zones."""
        pile = self.zones.get(src, [])
        if card not in pile:
            raise CardError(f"{card} is not in {src}")
        pile.remove(card)
        self.zone(dst).append(card)

    def move_all(self, src: str, dst: str) -> list[str]:
        """Move a whole zone onto another; returns the moved cards."""
        moved = list(self.zones.get(src, []))
        self.zones[src] = []
        self.zone(dst).extend(moved)
        return moved

    # -- deck operations -----------------------------------------------------------------------
    def shuffle(self, chance: Chance, deck: str = "deck") -> None:
        """Shuffle a zone in place."""
        chance.shuffle(self.zone(deck))

    def reshuffle(self, chance: Chance, deck: str = "deck", discard: str = "discard") -> None:
        """Put the discard under the deck and shuffle (the deck ran out or an effect says so)."""
        self.move_all(discard, deck)
        self.shuffle(chance, deck)
        self.reshuffles += 1

    def draw(self, chance: Chance, src: str = "deck", dst: str = "table", discard: str = "discard",
             channel: str = "card") -> str | None:
        """Take the top card of `src` into `dst`, reshuffling the discard if `src` is empty.

        A forced card (tests, worked examples) is pulled from wherever it sits in `src`, so the
        accounting stays exact. Returns None when deck and discard are both empty.
        """
        pile = self.zone(src)
        if not pile:
            if not self.zones.get(discard):
                return None
            self.reshuffle(chance, src, discard)
            pile = self.zone(src)
        hit, wanted = chance.forced(channel)
        if hit and wanted in pile:
            pile.remove(wanted)
            card = wanted
        else:
            card = pile.pop()
        self.zone(dst).append(card)
        return card

    # -- knowledge -----------------------------------------------------------------------------
    def zone_visibility(self, zone: str) -> str:
        """Who sees `zone`: "all", "none" or a side id; undeclared zones are "none"."""
        return self.visibility.get(zone, HIDDEN)

    def declare(self, zone: str, visibility: str) -> list[str]:
        """Make `zone` (empty if new) seen by `visibility`: "all", "none" or a side id."""
        self.visibility[zone] = visibility
        return self.zone(zone)

    def visible_to(self, zone: str, side: str | None) -> bool:
        """Whether `side` may see the cards of `zone` (None = an omniscient observer)."""
        vis = self.zone_visibility(zone)
        return side is None or vis == VISIBLE or vis == side

    def unseen_by(self, side: str | None) -> list[str]:
        """Cards `side` cannot see: what a fair draw could be from its point of view."""
        out: list[str] = []
        for name, cards in self.zones.items():
            if not self.visible_to(name, side):
                out.extend(cards)
        return out

    def next_draw(self, side: str | None, src: str = "deck", discard: str = "discard") -> Distribution:
        """Distribution of the next card drawn from `src` as `side` knows it.

        By exchangeability, the top of a face-down deck is uniform over every card the side
        cannot see (the deck plus hidden hands). An empty deck draws from the reshuffled discard.
        """
        if not self.zones.get(src):
            return Distribution.uniform(self.zones.get(discard, []))
        pool = self.unseen_by(side) if side is not None else list(self.zones[src])
        return Distribution.uniform(pool)
