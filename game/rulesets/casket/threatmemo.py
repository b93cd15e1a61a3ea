"""Casket's threat memo: what one enemy threatens, kept per board so scratch copies reuse it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.board import board_tables
from game.core.knowledge import believed_cell
from game.core.memo import state_memo
from game.rulesets.casket.components import (
    Casket,
    CasketFrame,
    CasketPilot,
    CasketThreads,
    CasketWounds,
    caskets,
    get,
    is_active,
    side_of,
    structure,
)

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match
    from game.rulesets.casket.content import Content

Cell = tuple[int, int]

#: `threat_by`'s memo entries kept per board at most (cleared whole past it)
THREAT_MEMO_SIZE = 200_000


@dataclass
class ThreatMemo:
    """`threat_by`'s memo: what one enemy threatens depends only on the board and its key's parts,
    so scratch copies (which share their match's board) reuse what the live match found."""

    content: Content
    #: an id per enemy's full state as a side sees it, and per its place and status alone
    ids: dict[tuple[object, ...], int] = field(default_factory=dict)
    #: (hex, full id) -> expected best attack
    best: dict[tuple[Cell, int], float] = field(default_factory=dict)
    #: (hex, place id) -> each card's expected damage (None: no attack from there)
    per_card: dict[tuple[Cell, int], dict[str, float | None]] = field(default_factory=dict)
    #: full id -> the unseen cards counted and their kinds sorted (not counted in the size: fewer
    #: than the ids)
    hands: dict[int, tuple[Counter[str], tuple[str, ...]]] = field(default_factory=dict)
    #: (full id, each unseen kind's value) -> expected best attack (fewer than `best`)
    by_row: dict[tuple[int, tuple[float | None, ...]], float] = field(default_factory=dict)
    #: status id -> per card its attack's range, SP, damage, bypass and ranged penalty (None: no
    #: attack), and under "" the enemy's SP, SP per hex and hex limit (`_card_values`)
    cards: dict[int, dict[str, object]] = field(default_factory=dict)


def threat_memo(board: Board, content: Content) -> ThreatMemo:
    """`threat_by`'s memo for this board and content (started afresh past `THREAT_MEMO_SIZE`)."""
    tables = board_tables(board)
    kept = tables.get("casket-threat")
    if (kept is None or kept.content is not content
            or len(kept.best) + len(kept.per_card) + len(kept.ids) + len(kept.cards) > THREAT_MEMO_SIZE):
        kept = tables["casket-threat"] = ThreatMemo(content)
    return kept  # type: ignore[no-any-return]


def foe_keys(match: Match, side: str, memo: ThreatMemo) -> list[tuple[Cell, ...]]:
    """Per active enemy of `side`: id, believed place, hand size, the cards `side` has not seen
    (sorted) and the ids of its whole state, of its place and status and of its status alone
    (kept for the state)."""
    kept = state_memo(match, "casket-threat-foes")
    # the ids are the memo's: after `_threat_memo` starts a fresh one (past its size) within the
    # same state, the ones kept for the state would name other entries of the new memo
    found = kept.get((side, id(memo)))
    if found is None or kept.get((side, "memo")) is not memo:
        ids = memo.ids
        kept[(side, "memo")] = memo
        found = kept[(side, id(memo))] = []
        for foe in caskets(match):
            if side_of(foe) == side or not is_active(foe):
                continue
            here = believed_cell(match, side, foe)
            cards = structure(foe)
            hidden = tuple(sorted(cards.unseen_by(side)))
            held = len(cards.zones.get("hand", []))
            status = status_key(foe)
            place = ids.setdefault((foe, here, status), len(ids))
            whole = ids.setdefault((side, place, held, hidden), len(ids))
            kin = ids.setdefault((foe, status), len(ids))
            found.append((foe, here, held, hidden, whole, place, kin))
    return found  # type: ignore[no-any-return]


def status_key(ent: int) -> tuple[object, ...]:
    """Everything of a casket's state its threat reads beside its place and cards: its SP and
    movement (frame damage, wounds, threads) and the cards it may play (arms, head, threads,
    a broken finger)."""
    return (get(ent, Casket).base_sp, tuple(get(ent, CasketFrame).damage.values()),
            tuple(get(ent, CasketThreads).snapped), tuple(get(ent, CasketWounds).zones.get("up", ())),
            get(ent, CasketPilot).broken_type)


