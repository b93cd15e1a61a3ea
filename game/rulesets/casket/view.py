"""What the UI may show of a casket (no hidden information), and the conformance invariants."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.core.cards import Cards
from game.core.components import Position, Status
from game.core.kinds import (
    HAND_CARD,
    HAND_COST,
    HAND_COST_UNIT,
    HAND_GROUP,
    HAND_KIND,
    HAND_NAME,
    HAND_PLAYABLE,
    HAND_TEXT,
    HAND_UNIT,
    HAND_WHY,
)
from game.core.wording import plural
from game.rulesets.casket.carddefs import DAMAGE_CARD
from game.rulesets.casket.components import (
    LOCATION_NAMES,
    THREAD_NAMES,
    THREADS,
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
from game.rulesets.casket.content import Content
from game.rulesets.casket.heat import OVERHEAT
from game.rulesets.casket.movement import direction_name
from game.rulesets.casket.status import sp_max, wounds_up
from game.rulesets.casket.tohit import movement_mod
from game.rulesets.casket.turns import table

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
    """Panels for one casket as `side` sees it (None: an observer who sees everything).

    Besides the raw keys, "bars", "tags" and "sections" are the generic status panel the UI
    draws for any ruleset: structure, SP, heat and component damage against thresholds as bars,
    short states as tags (facing and the hexes moved among them, "tag_tips" saying what the hexes
    moved do to hitting), threads, wounds and the pilot as titled lines.
    """
    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    with match.world:
        cards = structure(ent)
        z = cards.zones
        owner = side_of(ent)
        frame = get(ent, CasketFrame)
        threads = get(ent, CasketThreads)
        casket = get(ent, Casket)
        pilot = get(ent, CasketPilot)
        motion = get(ent, CasketMotion)
        hand = list(z.get("hand", []))
        seen = Counter(get(ent, CasketRevealed).by_side.get(side or "", [])) & Counter(hand)
        up = wounds_up(ent)
        left, start = structure_left(ent), len(casket.start_deck)
        heat = get(ent, CasketHeat).value
        out: dict[str, Any] = {
            "name": name_of(ent),
            "side": owner,
            "status": get(ent, Status).state,
            "cell": list(cell_of(ent)),
            # the structure left is the casket's hit points: deck + discard + hand
            "health": left,
            "max_health": start,
            "health_label": "Structure",
            "hp": left,
            "hp_max": start,
            "sp": get(ent, CasketSP).sp,
            "sp_max": sp_max(ent),
            "heat": heat,
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
            "deck": len(z.get("deck", [])),
            "hand_count": len(hand),
            "discard": len(z.get("discard", [])),
            "lost": len(z.get("lost", [])),
            "damage_cards": cards.all_cards()[DAMAGE_CARD],
            "discard_top": content.card(z["discard"][-1]).name if z.get("discard") else None,
            "wounds_face_down": len(get(ent, CasketWounds).zones.get("deck", [])),
            "broken_finger": pilot.broken_type,
            "pilot_dead": pilot.dead,
        })
        bars: list[dict[str, Any]] = [
            {"label": "SP", "value": out["sp"], "max": out["sp_max"]},
            {"label": "Heat", "value": heat, "max": OVERHEAT, "good": "low",
             "note": "overheating" if heat >= OVERHEAT else ""},
        ]
        for loc in THRESHOLDS:
            bars.append({"label": LOCATION_NAMES[loc], "value": frame.damage[loc], "max": THRESHOLDS[loc],
                         "good": "low", "note": "destroyed" if frame.destroyed(loc) else ""})
        bars.append({"label": "Wounds", "value": len(up), "max": 10, "good": "low",
                     "note": "dead" if pilot.dead else ""})
        tags = [f"facing {direction_name(match, facing_of(ent))}"]
        # the hexes moved feed the to-hit target number (CK-TOHIT): the chip says how on hover
        acting = ent == table(match).actor and not match.over
        if acting:
            moved = f"moved {plural(motion.moved_this, 'hex')} · {motion.moved_last} last activation"
        else:
            moved = f"moved {plural(motion.moved_last, 'hex')} last activation"
        tags.append(moved)
        tips = {moved: _movement_tip(motion.moved_this if acting else None, motion.moved_last)}
        if heat >= OVERHEAT:
            tags.append("overheating")
        if pilot.skip_next:
            tags.append("pilot in pain")
        if pilot.broken_type:
            tags.append(f"no {pilot.broken_type} cards")
        if pilot.dead:
            tags.append("pilot dead")
        tags += [f"{LOCATION_NAMES[loc]} destroyed" for loc in THRESHOLDS if frame.destroyed(loc)]
        thread_lines = [f"{THREAD_NAMES[t]}: " + ("severed" if t in threads.severed else "snapped")
                        for t in THREADS if t in threads.snapped]
        thread_lines += [f"{THREAD_NAMES[t]}: fragile" for t in THREADS if t in threads.fragile]
        sections: dict[str, list[str]] = {
            "Threads": thread_lines or ["all six working"],
            "Wounds": [f"{content.wounds[w].name}: {content.wounds[w].text}" for w in up] or ["none"],
            "Structure": [f"deck {out['deck']} · hand {len(hand)} · discard {out['discard']} · "
                          f"lost {out['lost']}"
                          + (f" · Damage cards {out['damage_cards']}" if out["damage_cards"] else "")],
            "Pilot": [f"{casket.pilot or 'unnamed'}: Grit {casket.grit}, Repair {casket.repair}",
                      out["frame"]],
        }
        if "revealed" in out:
            sections["Revealed hand cards"] = list(out["revealed"])
        out.update({"bars": bars, "tags": tags, "tag_tips": tips, "sections": sections})
        return out


def _movement_tip(this: int | None, last: int) -> str:
    """What the hexes moved add to to-hit target numbers (CK-TOHIT), as the chip's hover text
    (`this`: the hexes moved so far by the casket activating, None for the others)."""
    lines = []
    if this is not None:
        lines.append(f"This activation: {plural(this, 'hex')}, its own attacks get +{movement_mod(this)} "
                     "to the target number.")
    until = "this activation ends" if this is not None else "its next activation ends"
    lines.append(f"Last activation: {plural(last, 'hex')}, attacks on it get +{movement_mod(last)} to the "
                 f"target number until {until}.")
    lines.append("By hexes moved: 1-3 +1, 4-6 +2, 7 or more +3.")
    return "\n".join(lines)


def hand_view(match: Match, side: str) -> list[dict[str, Any]]:
    """Every hand card of `side`'s caskets, priced, with whether it can be played right now and why not."""
    from game.rulesets.casket.actions import card_actions
    from game.rulesets.casket.effects import split_option
    from game.rulesets.casket.status import card_block

    content: Content = match.ruleset.content  # type: ignore[attr-defined]
    out: list[dict[str, Any]] = []
    with match.world:
        actor = table(match).actor
        for ent in caskets(match):
            if side_of(ent) != side:
                continue
            sp = get(ent, CasketSP).sp
            acting = ent == actor and not match.over
            legal = ({split_option(a.option)[0] for a in card_actions(match, content, ent, sp)}
                     if acting else set())
            for cid in structure(ent).zones.get("hand", []):
                card = content.card(cid)
                why = ""
                if card.reaction:
                    why = "reaction: played when this casket is hit"
                elif not acting:
                    why = "only while this casket activates"
                elif card_block(ent, card):
                    why = card_block(ent, card)
                elif card.sp > sp:
                    why = f"needs {card.sp} SP, {sp} left"
                elif cid not in legal:
                    why = _no_use(card)
                kind = "reaction" if card.reaction else card.category
                out.append({HAND_NAME: card.name, HAND_COST: card.sp, HAND_COST_UNIT: "SP",
                            HAND_PLAYABLE: not why, HAND_TEXT: card.text, HAND_KIND: kind, HAND_CARD: cid,
                            HAND_UNIT: ent, HAND_WHY: why, HAND_GROUP: card_group(cid)})
    return out


def card_group(card_id: str) -> str:
    """The hotkey group of the actions that play a card (the hand strip finds them by it)."""
    return f"card:{card_id}"


def _no_use(card: Any) -> str:
    """Why an affordable card has no legal use right now."""
    if card.attack is not None:
        return "no enemy in range, sight and arc"
    if card.effect("move") is not None:
        return "nowhere to move"
    if card.effect("reveal") is not None:
        return "no enemy hand to sweep"
    if card.effect("ally_draw") is not None:
        return "no ally close enough"
    return "cannot be played now"


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
