"""Casket content from TOML: cards (schemas in carddefs.py), chassis, decks, squads, pilot wounds.

Every data file may hold any of the tables `faction`, `card`, `chassis`, `deck`, `squad`,
`wound`, `broken_finger`; the loader merges them and validates entries and cross references,
raising a UserError that names the file, the entry and the problem.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from msgspec import Struct

from game.core.content import Schema, decode, decode_entries, entry_error, invalid, load_toml
from game.errors import UserError
from game.rulesets.casket.carddefs import DAMAGE, DAMAGE_CARD, CardDef, CardType, Range

DATA_DIR = Path(__file__).resolve().parent / "data"

Weight = Literal["light", "medium", "heavy"]
WEIGHTS = {"light": 6, "medium": 5, "heavy": 4}
DECK_MIN, DECK_MAX = 26, 50
SQUAD_MIN, SQUAD_MAX = 2, 3
HAND_SIZE = 6
Severity = Literal["minor", "severe", "trauma"]
SEVERITIES: tuple[str, ...] = Severity.__args__  # type: ignore[attr-defined]


class Faction(Schema, frozen=True, kw_only=True):
    """A faction's display name."""

    id: str
    name: str


class ChassisDef(Schema, frozen=True, kw_only=True):
    """A casket frame: weight class sets the SP maximum."""

    id: str
    name: str
    faction: str
    weight: Weight

    @property
    def sp(self) -> int:
        """SP maximum of the weight class (Light 6, Medium 5, Heavy 4)."""
        return WEIGHTS[self.weight]


class DeckSpec(Schema, frozen=True, kw_only=True):
    """A deck as written: card counts on top of one of each Universal card."""

    id: str
    name: str
    faction: str
    cards: dict[str, Annotated[int, Range(1, 20)]]


class DeckDef(Struct, frozen=True):
    """A legal structure deck (the 10 Universal cards included)."""

    id: str
    name: str
    faction: str
    cards: tuple[str, ...]


class CasketDef(Schema, frozen=True, kw_only=True):
    """One casket of a squad: frame, deck and pilot."""

    name: str
    chassis: str
    deck: str
    grit: Annotated[int, Range(0, 10)] = 2
    repair: Annotated[int, Range(0, 10)] = 0
    wounds: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.wounds)) != len(self.wounds):
            raise invalid("wounds", "a wound card can be face up only once")


class SquadDef(Schema, frozen=True, kw_only=True):
    """A side's force."""

    id: str
    name: str
    faction: str
    description: str = ""
    caskets: tuple[CasketDef, ...]
    duel: bool = False

    def __post_init__(self) -> None:
        lo, hi = (1, 1) if self.duel else (SQUAD_MIN, SQUAD_MAX)
        if not lo <= len(self.caskets) <= hi:
            want = "exactly 1 casket" if self.duel else f"{SQUAD_MIN}-{SQUAD_MAX} caskets"
            raise invalid("caskets", f"{len(self.caskets)} caskets; a {'duel ' if self.duel else ''}squad "
                          f"fields {want}")


class WoundDef(Schema, frozen=True, kw_only=True):
    """A pilot wound card."""

    id: str
    name: str
    severity: Severity
    text: str = ""


class BrokenFinger(Schema, frozen=True, kw_only=True):
    """The d10 table of card types a Broken Finger wound locks."""

    types: tuple[CardType, ...]

    def __post_init__(self) -> None:
        if len(self.types) != 10:
            raise invalid("types", f"needs 10 entries (one per d10 face), found {len(self.types)}")


@dataclass
class Content:
    """Everything loaded and validated."""

    factions: dict[str, str]
    cards: dict[str, CardDef]
    chassis: dict[str, ChassisDef]
    decks: dict[str, DeckDef]
    squads: dict[str, SquadDef]
    wounds: dict[str, WoundDef]
    finger_types: tuple[str, ...]

    def card(self, card_id: str) -> CardDef:
        """A card by id (the Damage card included)."""
        return DAMAGE if card_id == DAMAGE_CARD else self.cards[card_id]

    @property
    def universal(self) -> list[str]:
        """Ids of the Universal cards, in file order."""
        return [c.id for c in self.cards.values() if c.category == "universal"]


# -- loading: schemas per file, then the references between entries ----------------------------------
TABLES = ("faction", "card", "chassis", "deck", "squad", "wound", "broken_finger")


def build_deck(spec: DeckSpec, content: Content, file: str) -> DeckDef:
    """A deck from its card counts plus one of each Universal card, with the deck rules checked."""
    place = f"deck.{spec.id}"
    if spec.faction not in content.factions:
        raise entry_error(file, place, f"unknown faction {spec.faction!r}", "faction")
    cards: Counter[str] = Counter({cid: 1 for cid in content.universal})
    weapons: set[str] = set()
    for cid, n in spec.cards.items():
        if cid not in content.cards:
            raise entry_error(file, f"{place}.cards", f"unknown card {cid!r}", cid)
        card = content.cards[cid]
        if card.category != "universal" and card.faction != spec.faction:
            raise entry_error(file, f"{place}.cards", f"{card.name} is a {card.faction} card, not "
                              f"{spec.faction}", cid)
        if card.category == "primary":
            weapons.add(card.weapon)
        cards[cid] += n
    if len(weapons) > 1:
        raise entry_error(file, place, f"one primary weapon per casket, found {', '.join(sorted(weapons))}",
                          "cards")
    size = sum(cards.values())
    if not DECK_MIN <= size <= DECK_MAX:
        raise entry_error(file, place, f"{size} cards (the 10 Universal cards included); a deck holds "
                          f"{DECK_MIN}-{DECK_MAX}", "cards")
    return DeckDef(spec.id, spec.name, spec.faction, tuple(sorted(cards.elements())))


def check_squad(squad: SquadDef, content: Content, file: str) -> None:
    """A squad's references: one faction's frames and decks, known wounds."""
    place = f"squad.{squad.id}"
    if squad.faction not in content.factions:
        raise entry_error(file, place, f"unknown faction {squad.faction!r}", "faction")
    for i, c in enumerate(squad.caskets):
        where = f"{place}.caskets[{i + 1}]"
        if c.chassis not in content.chassis:
            raise entry_error(file, where, f"unknown chassis {c.chassis!r}", "chassis")
        if c.deck not in content.decks:
            raise entry_error(file, where, f"unknown deck {c.deck!r}", "deck")
        if content.chassis[c.chassis].faction != squad.faction:
            raise entry_error(file, where, f"chassis {c.chassis!r} is not a {squad.faction} frame", "chassis")
        if content.decks[c.deck].faction != squad.faction:
            raise entry_error(file, where, f"deck {c.deck!r} is not a {squad.faction} deck", "deck")
        for w in c.wounds:
            if w not in content.wounds:
                raise entry_error(file, where, f"unknown wound {w!r}", "wounds")


def load_content(files: list[Path]) -> Content:
    """Load and validate content from the given TOML files."""
    docs = [(str(p), load_toml(p)) for p in files]
    content = Content({}, {}, {}, {}, {}, {}, ())
    seen: dict[tuple[str, str], str] = {}

    def claim(table: str, entries: dict[str, Any], file: str) -> dict[str, Any]:
        for key in entries:
            if (table, key) in seen:
                raise UserError(f"{table} {key!r} is defined twice (also in {seen[(table, key)]})", file,
                                f"{table}.{key}")
            seen[(table, key)] = file
        return entries

    decks: list[tuple[str, DeckSpec]] = []
    squads: list[tuple[str, SquadDef]] = []
    for file, doc in docs:
        for name in doc:
            if name not in TABLES:
                raise UserError(f"unknown table [{name}] (expected one of {', '.join(TABLES)})", file)
        factions = claim("faction", decode_entries(doc, "faction", Faction, file, False), file)
        content.factions.update((key, f.name) for key, f in factions.items())
        content.wounds.update(claim("wound", decode_entries(doc, "wound", WoundDef, file, False), file))
        if "broken_finger" in doc:
            finger: BrokenFinger = decode(doc["broken_finger"], BrokenFinger, file, "broken_finger")
            content.finger_types = finger.types
        if DAMAGE_CARD in (doc.get("card") or {}):
            raise UserError("'damage' is the reserved Damage card", file, f"card.{DAMAGE_CARD}")
        content.cards.update(claim("card", decode_entries(doc, "card", CardDef, file, False), file))
        chassis = decode_entries(doc, "chassis", ChassisDef, file, False)
        content.chassis.update(claim("chassis", chassis, file))
        deck_specs = claim("deck", decode_entries(doc, "deck", DeckSpec, file, False), file)
        decks += [(file, d) for d in deck_specs.values()]
        squad_defs = claim("squad", decode_entries(doc, "squad", SquadDef, file, False), file)
        squads += [(file, sq) for sq in squad_defs.values()]
    for key, card in content.cards.items():
        if card.faction and card.faction not in content.factions:
            raise entry_error(seen[("card", key)], f"card.{key}", f"unknown faction {card.faction!r}",
                              "faction")
    for key, frame in content.chassis.items():
        if frame.faction not in content.factions:
            raise entry_error(seen[("chassis", key)], f"chassis.{key}", f"unknown faction {frame.faction!r}",
                              "faction")
    if len(content.universal) != 10:
        raise UserError(f"the rules need exactly 10 Universal cards, found {len(content.universal)}",
                        docs[0][0] if docs else "")
    for file, spec in decks:
        content.decks[spec.id] = build_deck(spec, content, file)
    for file, squad in squads:
        check_squad(squad, content, file)
        content.squads[squad.id] = squad
    by_severity = Counter(w.severity for w in content.wounds.values())
    if dict(by_severity) != {"minor": 5, "severe": 3, "trauma": 2}:
        raise UserError("the wound deck needs 5 minor, 3 severe and 2 trauma cards", docs[0][0])
    if not content.finger_types:
        raise UserError("missing [broken_finger] types", docs[0][0])
    return content


def data_files(folder: Path = DATA_DIR) -> list[Path]:
    """The shipped data files, in name order."""
    return sorted(folder.glob("*.toml"))


@lru_cache(maxsize=1)
def shipped() -> Content:
    """The shipped content (loaded once)."""
    return load_content(data_files())


def check_cap(deck: DeckDef, cap: int | None, where: str) -> None:
    """The optional event rule: a deck-size cap (e.g. 30)."""
    if cap is not None and len(deck.cards) > cap:
        raise UserError(f"deck {deck.id!r} has {len(deck.cards)} cards, over the event cap of {cap}",
                        where)
