"""Casket content from TOML: cards (with effect tags), chassis, decks, squads, pilot wounds.

Every data file may hold any of the tables `faction`, `card`, `chassis`, `deck`, `squad`,
`wound`, `broken_finger`; the loader merges them and validates entries and cross references,
raising a UserError that names the file, the entry and the problem.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from game.core.content import Fields, load_toml
from game.errors import UserError

DATA_DIR = Path(__file__).resolve().parent / "data"

CATEGORIES = ("universal", "faction", "primary", "secondary")
SLOTS = ("shield", "offhand", "accessory")
TYPES = ("movement", "defense", "heat", "utility", "support", "combat", "attack")
WEIGHTS = {"light": 6, "medium": 5, "heavy": 4}
DECK_MIN, DECK_MAX = 26, 50
SQUAD_MIN, SQUAD_MAX = 2, 3
HAND_SIZE = 6
DAMAGE_CARD = "damage"
#: effect kinds that need a target or a cell from the action (a card holds at most one)
TARGETED = ("move", "attack", "reveal")
REACTION_KINDS = ("reduce", "draw")
SEVERITIES = ("minor", "severe", "trauma")


@dataclass(frozen=True)
class Effect:
    """One effect tag of a card, e.g. {kind="attack", damage=4, range=1}."""

    kind: str
    damage: int = 0
    range: int = 0
    hexes: int = 0
    amount: int = 0
    cards: int = 0
    bypass: int = 0
    ignore_armor: int = 0
    snap: bool = False
    steady: bool = False


@dataclass(frozen=True)
class CardDef:
    """A structure-deck card."""

    id: str
    name: str
    category: str
    type: str
    sp: int
    effects: tuple[Effect, ...]
    faction: str = ""
    weapon: str = ""
    slot: str = ""
    reaction: bool = False
    targeting: bool = False
    text: str = ""

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


DAMAGE = CardDef(DAMAGE_CARD, "Damage", "damage", "damage", 0, (),
                 text="Structural degradation: a dead draw; playing it (0 SP) does nothing.")


@dataclass(frozen=True)
class ChassisDef:
    """A casket frame: weight class sets the SP maximum."""

    id: str
    name: str
    faction: str
    weight: str

    @property
    def sp(self) -> int:
        """SP maximum of the weight class (Light 6, Medium 5, Heavy 4)."""
        return WEIGHTS[self.weight]


@dataclass(frozen=True)
class DeckDef:
    """A legal structure deck (the 10 Universal cards included)."""

    id: str
    name: str
    faction: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CasketDef:
    """One casket of a squad: frame, deck and pilot."""

    name: str
    chassis: str
    deck: str
    grit: int = 2
    repair: int = 0
    wounds: tuple[str, ...] = ()


@dataclass(frozen=True)
class SquadDef:
    """A side's force."""

    id: str
    name: str
    faction: str
    description: str
    caskets: tuple[CasketDef, ...]
    duel: bool = False


@dataclass(frozen=True)
class WoundDef:
    """A pilot wound card."""

    id: str
    name: str
    severity: str
    text: str


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


# -- parsing ---------------------------------------------------------------------------------------

_EFFECT_KEYS: dict[str, dict[str, tuple[int, int, Any]]] = {
    # key: (lo, hi, default); default None = required
    "move": {"hexes": (1, 12, None)},
    "attack": {"damage": (0, 20, None), "range": (1, 20, 1), "bypass": (0, 6, 0), "ignore_armor": (0, 6, 0)},
    "heat": {"amount": (-10, 10, None)},
    "draw": {"cards": (1, 5, None)},
    "reveal": {"cards": (1, 3, 1)},
    "ally_draw": {"cards": (1, 3, 1), "range": (1, 10, 3)},
    "boost": {"damage": (1, 10, None)},
    "no_attack": {},
    "sacrifice": {"cards": (1, 10, None)},
    "reduce": {"amount": (1, 10, None)},
}
_EFFECT_FLAGS = {"move": ("steady",), "attack": ("snap",)}


def parse_effect(data: Any, file: str, place: str) -> Effect:
    """One effect tag, checked against its kind's keys."""
    f = Fields(data, file, place)
    kind = f.choice("kind", list(_EFFECT_KEYS))
    values: dict[str, Any] = {"kind": kind}
    for key, (lo, hi, default) in _EFFECT_KEYS[kind].items():
        values[key] = f.int_in(key, lo, hi) if default is None else f.int_in(key, lo, hi, default)
    for flag in _EFFECT_FLAGS.get(kind, ()):
        values[flag] = f.get(flag, bool, False)
    f.no_extras()
    if kind == "heat" and values["amount"] == 0:
        raise f.fail("a heat effect needs a non-zero amount", "amount")
    return Effect(**values)


def parse_card(card_id: str, f: Fields) -> CardDef:
    """A card table, validated on its own (faction and weapon are checked later)."""
    category = f.choice("category", CATEGORIES)
    raw = f.get("effects", list)
    effects = tuple(parse_effect(e, f.file, f"{f.place}.effects[{i + 1}]") for i, e in enumerate(raw))
    card = CardDef(
        id=card_id,
        name=f.get("name", str),
        category=category,
        type=f.choice("type", TYPES),
        sp=f.int_in("sp", 0, 6),
        effects=effects,
        faction=f.get("faction", str, ""),
        weapon=f.get("weapon", str, ""),
        slot=f.choice("slot", SLOTS, "") if "slot" in f.data else "",
        reaction=f.get("reaction", bool, False),
        targeting=f.get("targeting", bool, False),
        text=f.get("text", str, ""),
    )
    f.no_extras()
    if not effects:
        raise f.fail("a card needs at least one effect", "effects")
    if category == "universal" and card.faction:
        raise f.fail("a Universal card belongs to no faction", "faction")
    if category != "universal" and not card.faction:
        raise f.fail(f"a {category} card needs a faction", "faction")
    if category == "primary" and not card.weapon:
        raise f.fail("a Primary Weapon card names its weapon", "weapon")
    if category == "secondary" and not card.slot:
        raise f.fail("a Secondary Equipment card needs a slot (shield, offhand, accessory)", "slot")
    if category not in ("primary", "secondary") and (card.weapon or card.slot):
        raise f.fail("only equipment cards have a weapon or slot")
    targeted = [e.kind for e in effects if e.kind in TARGETED]
    if len(targeted) > 1:
        raise f.fail(f"a card may hold one targeted effect, found {', '.join(targeted)}", "effects")
    if card.reaction and any(e.kind not in REACTION_KINDS for e in effects):
        raise f.fail("a reaction card may only reduce damage and draw", "effects")
    if not card.reaction and any(e.kind == "reduce" for e in effects):
        raise f.fail("'reduce' is a reaction effect: mark the card reaction = true", "effects")
    return card


def _entries(doc: dict[str, Any], table: str, file: str) -> list[tuple[str, Fields]]:
    root = doc.get(table, {})
    if not isinstance(root, dict):
        raise UserError(f"[{table}] should be a table of entries", file)
    return [(key, Fields(value, file, f"{table}.{key}")) for key, value in root.items()]


def build_deck(deck_id: str, f: Fields, content: Content) -> DeckDef:
    """A deck from its card counts plus one of each Universal card, with the deck rules checked."""
    faction = f.get("faction", str)
    if faction not in content.factions:
        raise f.fail(f"unknown faction {faction!r}", "faction")
    counts = f.sub("cards")
    cards: Counter[str] = Counter({cid: 1 for cid in content.universal})
    weapons: set[str] = set()
    for cid in counts.data:
        n = counts.int_in(cid, 1, 20)
        if cid not in content.cards:
            raise counts.fail(f"unknown card {cid!r}", cid)
        card = content.cards[cid]
        if card.category != "universal" and card.faction != faction:
            raise counts.fail(f"{card.name} is a {card.faction} card, not {faction}", cid)
        if card.category == "primary":
            weapons.add(card.weapon)
        cards[cid] += n
    name = f.get("name", str)
    f.no_extras()
    if len(weapons) > 1:
        raise f.fail(f"one primary weapon per casket, found {', '.join(sorted(weapons))}", "cards")
    size = sum(cards.values())
    if not DECK_MIN <= size <= DECK_MAX:
        raise f.fail(f"{size} cards (the 10 Universal cards included); a deck holds "
                     f"{DECK_MIN}-{DECK_MAX}", "cards")
    return DeckDef(deck_id, name, faction, tuple(sorted(cards.elements())))


def build_squad(squad_id: str, f: Fields, content: Content) -> SquadDef:
    """A squad: 2-3 caskets of one faction (a duel squad: exactly one)."""
    faction = f.get("faction", str)
    if faction not in content.factions:
        raise f.fail(f"unknown faction {faction!r}", "faction")
    duel = f.get("duel", bool, False)
    raw = f.get("caskets", list)
    caskets = []
    for i, item in enumerate(raw):
        c = Fields(item, f.file, f"{f.place}.caskets[{i + 1}]")
        chassis = c.get("chassis", str)
        deck = c.get("deck", str)
        if chassis not in content.chassis:
            raise c.fail(f"unknown chassis {chassis!r}", "chassis")
        if deck not in content.decks:
            raise c.fail(f"unknown deck {deck!r}", "deck")
        if content.chassis[chassis].faction != faction:
            raise c.fail(f"chassis {chassis!r} is not a {faction} frame", "chassis")
        if content.decks[deck].faction != faction:
            raise c.fail(f"deck {deck!r} is not a {faction} deck", "deck")
        wounds = tuple(c.str_list("wounds", []))
        for w in wounds:
            if w not in content.wounds:
                raise c.fail(f"unknown wound {w!r}", "wounds")
        if len(set(wounds)) != len(wounds):
            raise c.fail("a wound card can be face up only once", "wounds")
        caskets.append(CasketDef(c.get("name", str), chassis, deck, c.int_in("grit", 0, 10, 2),
                                 c.int_in("repair", 0, 10, 0), wounds))
        c.no_extras()
    lo, hi = (1, 1) if duel else (SQUAD_MIN, SQUAD_MAX)
    if not lo <= len(caskets) <= hi:
        want = "exactly 1 casket" if duel else f"{SQUAD_MIN}-{SQUAD_MAX} caskets"
        raise f.fail(f"{len(caskets)} caskets; a {'duel ' if duel else ''}squad fields {want}", "caskets")
    squad = SquadDef(squad_id, f.get("name", str), faction, f.get("description", str, ""),
                     tuple(caskets), duel)
    f.no_extras()
    return squad


def load_content(files: list[Path]) -> Content:
    """Load and validate content from the given TOML files."""
    docs = [(str(p), load_toml(p)) for p in files]
    content = Content({}, {}, {}, {}, {}, {}, ())
    known = ("faction", "card", "chassis", "deck", "squad", "wound", "broken_finger")
    seen: dict[tuple[str, str], str] = {}

    def claim(table: str, key: str, file: str) -> None:
        if (table, key) in seen:
            raise UserError(f"{table} {key!r} is defined twice (also in {seen[(table, key)]})", file,
                            f"{table}.{key}")
        seen[(table, key)] = file

    for file, doc in docs:
        for table in doc:
            if table not in known:
                raise UserError(f"unknown table [{table}] (expected one of {', '.join(known)})", file)
        for key, f in _entries(doc, "faction", file):
            claim("faction", key, file)
            content.factions[key] = f.get("name", str)
            f.no_extras()
        for key, f in _entries(doc, "wound", file):
            claim("wound", key, file)
            content.wounds[key] = WoundDef(key, f.get("name", str), f.choice("severity", SEVERITIES),
                                           f.get("text", str, ""))
            f.no_extras()
        if "broken_finger" in doc:
            f = Fields(doc["broken_finger"], file, "broken_finger")
            types = f.str_list("types")
            if len(types) != 10:
                raise f.fail(f"needs 10 entries (one per d10 face), found {len(types)}", "types")
            for t in types:
                if t not in TYPES:
                    raise f.fail(f"{t!r} is not a card type ({', '.join(TYPES)})", "types")
            content.finger_types = tuple(types)
            f.no_extras()
        for key, f in _entries(doc, "card", file):
            claim("card", key, file)
            if key == DAMAGE_CARD:
                raise f.fail("'damage' is the reserved Damage card")
            content.cards[key] = parse_card(key, f)
        for key, f in _entries(doc, "chassis", file):
            claim("chassis", key, file)
            content.chassis[key] = ChassisDef(key, f.get("name", str), f.get("faction", str),
                                              f.choice("weight", list(WEIGHTS)))
            f.no_extras()
    for file, doc in docs:
        for key, f in _entries(doc, "card", file):
            card = content.cards[key]
            if card.faction and card.faction not in content.factions:
                raise f.fail(f"unknown faction {card.faction!r}", "faction")
        for key, f in _entries(doc, "chassis", file):
            if content.chassis[key].faction not in content.factions:
                raise f.fail(f"unknown faction {content.chassis[key].faction!r}", "faction")
    if len(content.universal) != 10:
        raise UserError(f"the rules need exactly 10 Universal cards, found {len(content.universal)}",
                        docs[0][0] if docs else "")
    for file, doc in docs:
        for key, f in _entries(doc, "deck", file):
            claim("deck", key, file)
            content.decks[key] = build_deck(key, f, content)
    for file, doc in docs:
        for key, f in _entries(doc, "squad", file):
            claim("squad", key, file)
            content.squads[key] = build_squad(key, f, content)
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
