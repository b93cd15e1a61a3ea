"""Casket's cards as data: the effect tags (one schema per kind) and the card schema, with the
checks a card must pass on its own. Loading the data files and the checks between entries
(decks, squads) are in content.py."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from game.core.content import Schema, invalid, tag_kinds

Category = Literal["universal", "faction", "primary", "secondary"]
CATEGORIES: tuple[str, ...] = Category.__args__  # type: ignore[attr-defined]
Slot = Literal["shield", "offhand", "accessory"]
SLOTS: tuple[str, ...] = Slot.__args__  # type: ignore[attr-defined]
CardType = Literal["movement", "defense", "heat", "utility", "support", "combat", "attack"]
TYPES: tuple[str, ...] = CardType.__args__  # type: ignore[attr-defined]
DAMAGE_CARD = "damage"
#: effect kinds that need a target or a cell from the action (a card holds at most one)
TARGETED = ("move", "attack", "reveal")
REACTION_KINDS = ("reduce", "draw")


def Range(lo: int, hi: int) -> Meta:  # noqa: N802 - reads as part of a type
    """An inclusive integer range."""
    return Meta(ge=lo, le=hi)


# -- effect tags: one schema per kind, told apart by `kind` --------------------------------------------
class Effect(Schema, frozen=True, kw_only=True, tag_field="kind"):
    """One effect tag of a card, e.g. {kind="attack", damage=4, range=1}.

    Each kind declares only its own keys (others are refused in the data); the rest read as 0.
    """

    kind: ClassVar[str] = ""
    damage: ClassVar[int] = 0
    range: ClassVar[int] = 0
    hexes: ClassVar[int] = 0
    amount: ClassVar[int] = 0
    cards: ClassVar[int] = 0
    bypass: ClassVar[int] = 0
    ignore_armor: ClassVar[int] = 0
    snap: ClassVar[bool] = False
    steady: ClassVar[bool] = False


class Move(Effect, frozen=True, kw_only=True, tag="move"):
    hexes: Annotated[int, Range(1, 12)]
    steady: bool = False


class Attack(Effect, frozen=True, kw_only=True, tag="attack"):
    damage: Annotated[int, Range(0, 20)]
    range: Annotated[int, Range(1, 20)] = 1
    bypass: Annotated[int, Range(0, 6)] = 0
    ignore_armor: Annotated[int, Range(0, 6)] = 0
    snap: bool = False


class Heat(Effect, frozen=True, kw_only=True, tag="heat"):
    amount: Annotated[int, Range(-10, 10)]

    def __post_init__(self) -> None:
        if self.amount == 0:
            raise invalid("amount", "a heat effect needs a non-zero amount")


class Draw(Effect, frozen=True, kw_only=True, tag="draw"):
    cards: Annotated[int, Range(1, 5)]


class Reveal(Effect, frozen=True, kw_only=True, tag="reveal"):
    cards: Annotated[int, Range(1, 3)] = 1


class AllyDraw(Effect, frozen=True, kw_only=True, tag="ally_draw"):
    cards: Annotated[int, Range(1, 3)] = 1
    range: Annotated[int, Range(1, 10)] = 3


class Boost(Effect, frozen=True, kw_only=True, tag="boost"):
    damage: Annotated[int, Range(1, 10)]


class NoAttack(Effect, frozen=True, kw_only=True, tag="no_attack"):
    pass


class Sacrifice(Effect, frozen=True, kw_only=True, tag="sacrifice"):
    cards: Annotated[int, Range(1, 10)]


class Reduce(Effect, frozen=True, kw_only=True, tag="reduce"):
    amount: Annotated[int, Range(1, 10)]


EFFECT_KINDS = tag_kinds(Move, Attack, Heat, Draw, Reveal, AllyDraw, Boost, NoAttack, Sacrifice, Reduce)
AnyEffect = Move | Attack | Heat | Draw | Reveal | AllyDraw | Boost | NoAttack | Sacrifice | Reduce


class CardDef(Schema, frozen=True, kw_only=True, dict=True):
    """A structure-deck card (`dict=True`: room for the cached lookups below)."""

    id: str
    name: str
    category: Category
    type: CardType
    sp: Annotated[int, Range(0, 6)]
    effects: tuple[AnyEffect, ...]
    faction: str = ""
    weapon: str = ""
    slot: Slot = ""  # type: ignore[assignment]  # "" = not equipment; only a real slot may be written
    reaction: bool = False
    targeting: bool = False
    text: str = ""

    def __post_init__(self) -> None:
        if self.category == DAMAGE_CARD:  # the built-in Damage card, never read from data
            return
        category = self.category
        if not self.effects:
            raise invalid("effects", "a card needs at least one effect")
        if category == "universal" and self.faction:
            raise invalid("faction", "a Universal card belongs to no faction")
        if category != "universal" and not self.faction:
            raise invalid("faction", f"a {category} card needs a faction")
        if category == "primary" and not self.weapon:
            raise invalid("weapon", "a Primary Weapon card names its weapon")
        if category == "secondary" and not self.slot:
            raise invalid("slot", "a Secondary Equipment card needs a slot (shield, offhand, accessory)")
        if category not in ("primary", "secondary") and (self.weapon or self.slot):
            raise invalid("", "only equipment cards have a weapon or slot")
        targeted = [e.kind for e in self.effects if e.kind in TARGETED]
        if len(targeted) > 1:
            raise invalid("effects", f"a card may hold one targeted effect, found {', '.join(targeted)}")
        if self.reaction and any(e.kind not in REACTION_KINDS for e in self.effects):
            raise invalid("effects", "a reaction card may only reduce damage and draw")
        if not self.reaction and any(e.kind == "reduce" for e in self.effects):
            raise invalid("effects", "'reduce' is a reaction effect: mark the card reaction = true")

    @property
    def equipment(self) -> str:
        """'primary', 'shield', 'offhand', 'accessory' or '' (not equipment)."""
        if self.category == "primary":
            return "primary"
        return self.slot if self.category == "secondary" else ""

    @cached_property
    def _first(self) -> dict[str, Effect]:
        # the AI asks cards for their effects millions of times a ladder run
        out: dict[str, Effect] = {}
        for e in self.effects:
            out.setdefault(e.kind, e)
        return out

    def effect(self, kind: str) -> Effect | None:
        """The card's first effect of a kind."""
        return self._first.get(kind)

    @cached_property
    def attack(self) -> Effect | None:
        """The attack effect, if the card attacks."""
        return self.effect("attack")

    @property
    def ranged(self) -> bool:
        """An attack reaching beyond the adjacent hex."""
        a = self.attack
        return a is not None and a.range > 1


DAMAGE = CardDef(id=DAMAGE_CARD, name="Damage", category="damage", type="damage",  # type: ignore[arg-type]
                 sp=0, effects=(),
                 text="Structural degradation: a dead draw; playing it (0 SP) does nothing.")
