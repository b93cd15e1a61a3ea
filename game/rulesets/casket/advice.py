"""The casket AI's answers to decisions: facing, reactions, discards, damage sources, allies."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.core.action import Decision
from game.core.board import board_tables
from game.core.knowledge import believed_cell
from game.core.memo import state_memo
from game.rulesets.casket.carddefs import DAMAGE_CARD
from game.rulesets.casket.components import (
    CasketMotion,
    caskets,
    cell_of,
    get,
    is_active,
    side_of,
    structure,
)
from game.rulesets.casket.content import Content
from game.rulesets.casket.damage import component_points
from game.rulesets.casket.exposure import exposure
from game.rulesets.casket.kinds import Ask
from game.rulesets.casket.movement import turn_cost
from game.rulesets.casket.status import card_block
from game.rulesets.casket.structure import remaining
from game.rulesets.casket.tohit import (
    ARCS,
)

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]

#: value of each arc an enemy stands in, for the defender (the to-hit modifier, weapon side costs a point)
ARC_VALUE = {arc: mod - (0.4 if arc == 1 else 0.0) for arc, (_, mod) in ARCS.items()}


def facing_value(match: Match, ent: int, cell: Cell, facing: int) -> float:
    """How well a facing turns the defender's good arcs towards the enemies (near ones weigh more).

    A function of the hex, the facing and where the enemies are believed to be: kept per board
    on those (every turn the AI scores and every facing decision asks again)."""
    return _facing_value(match, cell, facing, _foe_cells(match, side_of(ent)))


def _facing_value(match: Match, cell: Cell, facing: int, foes: tuple[Cell, ...]) -> float:
    """`facing_value` with the enemies' believed places given."""
    table = board_tables(match.board).setdefault("casket-facing", {})
    key = (cell, facing, foes)
    found = table.get(key)
    if found is None:
        value = 0.0
        grid = match.board.grid
        for there in foes:
            dist = grid.distance(cell, there)
            arc = grid.arc(cell, facing, there)  # type: ignore[attr-defined]
            value += ARC_VALUE[arc] / (1.0 + 0.5 * max(0, dist - 1))
        if len(table) > 50_000:
            table.clear()
        found = table[key] = value
    return found


def _foe_cells(match: Match, side: str) -> tuple[Cell, ...]:
    """Where `side` believes each active enemy casket is, in casket order (kept for the state)."""
    memo = state_memo(match, "casket-foe-cells")
    found = memo.get(side)
    if found is None:
        found = memo[side] = tuple(believed_cell(match, side, foe) for foe in caskets(match)
                                   if side_of(foe) != side and is_active(foe))
    return found


def _card_keep_value(content: Content, ent: int, cid: str, hand: list[str] | None = None) -> float:
    """How much a card is worth keeping: attacks most; dead, unusable and spare reaction cards least."""
    if cid == DAMAGE_CARD:
        return 0.0
    card = content.card(cid)
    if card_block(ent, card):
        return 0.1
    if card.reaction:
        # reactions wait in hand for a hit: one is worth holding, more of them clog the hand
        held = sum(1 for c in hand or () if c != DAMAGE_CARD and content.card(c).reaction)
        return 0.9 if held <= 1 else 0.35
    return 1.6 if card.attack is not None else 1.0


def _discard_cost(content: Content, ent: int, cid: str, aimed: str, hand: list[str]) -> float:
    return _card_keep_value(content, ent, cid, hand) + 1.2 * component_points(content.card(cid), aimed)


def advise(match: Match, decision: Decision) -> dict[str, float]:
    """Values of each answer for the deciding side."""
    ent = decision.context.get("unit")
    if ent is None:
        return {}
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    kind = decision.kind
    if kind == Ask.FACE:
        here, foes = cell_of(ent), _foe_cells(match, side_of(ent))
        return {o.key: _facing_value(match, here, int(o.key), foes) - 0.3 * turn_cost(ent, int(o.key))
                for o in decision.options}
    if kind == Ask.REACTION:
        incoming = int(decision.context.get("incoming", 0))
        out = {"none": 0.0}
        for o in decision.options:
            if o.key != "none":
                cut = content.card(o.key).effect("reduce")
                out[o.key] = min(incoming, cut.amount if cut else 0) - 0.5
        return out
    if kind == Ask.DISCARD:
        aimed = str(decision.context.get("aimed", ""))
        hand = list(structure(ent).zones.get("hand", []))
        return {o.key: -_discard_cost(content, ent, o.key, aimed, hand) for o in decision.options}
    if kind == Ask.DAMAGE_SOURCE:
        return _source_values(content, match, ent, decision)
    if kind == Ask.ALLY:
        return {o.key: -len(structure(int(o.key)).zones.get("hand", [])) for o in decision.options}
    return {}


def advise_exact(match: Match, decision: Decision) -> dict[str, float] | None:
    """The facing after a move by exact `exposure` (its turn cost in SP priced as `advise` does);
    None for the other decisions."""
    ent = decision.context.get("unit")
    if decision.kind != Ask.FACE or ent is None:
        return None
    here, moved = cell_of(ent), get(ent, CasketMotion).moved_this
    return {o.key: -exposure(match, ent, here, int(o.key), moved) - 0.3 * turn_cost(ent, int(o.key))
            for o in decision.options}


def _source_values(content: Content, match: Match, ent: int, decision: Decision) -> dict[str, float]:
    amount = int(decision.context.get("amount", 0))
    aimed = str(decision.context.get("aimed", ""))
    cards = structure(ent)
    held = list(cards.zones.get("hand", []))
    hand = sorted(_discard_cost(content, ent, c, aimed, held) for c in held)
    unseen = Counter(cards.unseen_by(side_of(ent)))
    total = sum(unseen.values())
    # a deck card lost is a random future card: its average worth (discounted) and component damage
    per_deck = (sum(n * (0.8 * _card_keep_value(content, ent, c)
                         + 1.2 * component_points(content.card(c), aimed))
                    for c, n in unseen.items()) / total) if total else 0.0
    left = remaining(ent)
    out = {}
    for o in decision.options:
        k = int(o.key)
        from_deck = amount - k
        cost = sum(hand[:k]) + from_deck * per_deck
        if from_deck >= left:
            cost += 100.0
        out[o.key] = -cost
    return out
