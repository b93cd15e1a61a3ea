"""What the UI may show of a casket (no hidden information), and the conformance invariants."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.core.cards import Cards
from game.core.components import Position, Status
from game.rulesets.casket.components import (
    LOCATION_NAMES,
    THREAD_NAMES,
    THRESHOLDS,
    Casket,
    CasketFrame,
    CasketHeat,
    CasketMotion,
    CasketPilot,
    CasketRevealed,
    CasketSP,
    CasketThreads,
    CasketWounds,
    caskets,
    cell_of,
    facing_of,
    get,
    name_of,
    side_of,
    structure,
)
from game.rulesets.casket.content import DAMAGE_CARD, Content
from game.rulesets.casket.status import sp_max, wounds_up

if TYPE_CHECKING:
    from game.core.match import Match


def structure_left(ent: int) -> int:
    """Damage the casket can still absorb: deck + discard, plus the hand it may discard from."""
    z = structure(ent).zones
    return len(z.get("deck", [])) + len(z.get("discard", [])) + len(z.get("hand", []))


def strength(ent: int) -> float:
    """A casket's fighting value for search leaves: 1 + structure left + pilot health - broken parts."""
    start = max(1, len(get(ent, Casket).start_deck))
    wounds = len(get(ent, CasketWounds).zones.get("up", []))
    broken = sum(1 for loc in THRESHOLDS if get(ent, CasketFrame).destroyed(loc))
    return 1.0 + min(1.0, structure_left(ent) / start) + 0.5 * (1 - wounds / 10) - 0.15 * broken


def unit_view(match: Match, ent: int, side: str | None) -> dict[str, Any]:
    """Panels for one casket as `side` sees it (None: an observer who sees everything)."""
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    with match.world:
        cards = structure(ent)
        z = cards.zones
        owner = side_of(ent)
        frame = get(ent, CasketFrame)
        threads = get(ent, CasketThreads)
        casket = get(ent, Casket)
        hand = list(z.get("hand", []))
        seen = Counter(get(ent, CasketRevealed).by_side.get(side or "", [])) & Counter(hand)
        up = wounds_up(ent)
        out: dict[str, Any] = {
            "name": name_of(ent),
            "side": owner,
            "status": get(ent, Status).state,
            "cell": list(cell_of(ent)),
            # the structure left is the casket's hit points: deck + discard + hand
            "hp": structure_left(ent),
            "hp_max": len(casket.start_deck),
            "sp": get(ent, CasketSP).sp,
            "sp_max": sp_max(ent),
            "heat": get(ent, CasketHeat).value,
            "components": {LOCATION_NAMES[loc]: f"{frame.damage[loc]}/{THRESHOLDS[loc]}"
                           + (" destroyed" if frame.destroyed(loc) else "") for loc in THRESHOLDS},
            "threads": {THREAD_NAMES[t]: "snapped" if t in threads.snapped else "fragile"
                        for t in THREAD_NAMES if t in threads.snapped or t in threads.fragile},
            "wounds": [content.wounds[w].name for w in up],
        }
        if side is None or side == owner:
            out["hand"] = [content.card(c).name for c in hand]
        elif seen:
            out["revealed"] = [content.card(c).name for c in sorted(seen.elements())]
        out.update({
            "frame": f"{content.chassis[casket.chassis].name} "
                     f"({casket.weight}, {content.factions[casket.faction]})",
            "pilot": casket.pilot,
            "facing": facing_of(ent),
            "moved_this": get(ent, CasketMotion).moved_this,
            "moved_last": get(ent, CasketMotion).moved_last,
            "deck": len(z.get("deck", [])),
            "hand_count": len(hand),
            "discard": len(z.get("discard", [])),
            "lost": len(z.get("lost", [])),
            "damage_cards": cards.all_cards()[DAMAGE_CARD],
            "discard_top": content.card(z["discard"][-1]).name if z.get("discard") else None,
            "wounds_face_down": len(get(ent, CasketWounds).zones.get("deck", [])),
            "broken_finger": get(ent, CasketPilot).broken_type,
            "pilot_dead": get(ent, CasketPilot).dead,
        })
        return out


@lru_cache(maxsize=64)
def _deck_counts(start: tuple[str, ...], damage_cards: int) -> Counter[str]:
    """The cards a structure deck must hold: its deck list plus one Damage card per reshuffle."""
    counts = Counter(start)
    counts[DAMAGE_CARD] += damage_cards
    return counts


def invariants(match: Match) -> list[str]:
    """Broken invariants: empty when all is well."""
    bad: list[str] = []
    with match.world:
        cells: dict[tuple[int, int], int] = {}
        for ent in caskets(match):
            name = name_of(ent)
            cards = get(ent, Cards)
            expected = _deck_counts(tuple(get(ent, Casket).start_deck), cards.reshuffles)
            held = cards.all_cards()
            if held != expected:
                bad.append(f"{name}: structure cards not conserved ({held - expected} extra, "
                           f"{expected - held} missing)")
            wounds = get(ent, CasketWounds).all_cards()
            if sum(wounds.values()) != 10 or len(wounds) != 10:
                bad.append(f"{name}: the wound deck does not hold its 10 cards")
            cell = get(ent, Position).cell
            if cell in cells:
                bad.append(f"{name} shares hex {cell} with {name_of(cells[cell])}")
            cells[cell] = ent
            if not match.board.passable(cell):
                bad.append(f"{name} stands on a blocked or off-board hex {cell}")
            if get(ent, CasketSP).sp < 0:
                bad.append(f"{name} has negative SP")
            if get(ent, CasketHeat).value < 0:
                bad.append(f"{name} has negative heat")
            if get(ent, CasketPilot).dead and get(ent, Status).state == "active":
                bad.append(f"{name}'s pilot is dead but the casket still acts")
            if cards.visibility.get("hand") != side_of(ent):
                bad.append(f"{name}'s hand is not private to its side")
    return bad
