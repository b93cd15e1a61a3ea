"""What a casket can do now, derived from component damage, wounds and threads (never stored)."""

from __future__ import annotations

from game.rulesets.casket.carddefs import CardDef
from game.rulesets.casket.components import (
    Casket,
    CasketFrame,
    CasketPilot,
    CasketThreads,
    CasketWounds,
    get,
)

RANGE_FOR_REPAIR_ALONE = 6


def wounds_up(ent: int) -> list[str]:
    """The pilot's face-up wound cards."""
    return list(get(ent, CasketWounds).zones.get("up", []))


def has_wound(ent: int, wound: str) -> bool:
    """Whether a wound card is face up."""
    return wound in get(ent, CasketWounds).zones.get("up", [])


def destroyed(ent: int, loc: str) -> bool:
    """Whether a component has reached its threshold."""
    return get(ent, CasketFrame).destroyed(loc)


def thread_ok(ent: int, thread: str) -> bool:
    """Whether a neural thread still works."""
    return get(ent, CasketThreads).working(thread)


def sp_max(ent: int) -> int:
    """Weight-class SP minus Chassis destroyed (-1), Concussion (-1), Shattered Hand (-2)."""
    sp = get(ent, Casket).base_sp
    sp -= destroyed(ent, "chassis")
    sp -= has_wound(ent, "concussion")
    sp -= 2 * has_wound(ent, "shattered_hand")
    return max(0, sp)


def sp_max_lines(ent: int) -> list[str]:
    """The SP maximum's breakdown."""
    out = [f"weight class {get(ent, Casket).weight}: {get(ent, Casket).base_sp}"]
    if destroyed(ent, "chassis"):
        out.append("Chassis destroyed: -1")
    if has_wound(ent, "concussion"):
        out.append("Concussion: -1")
    if has_wound(ent, "shattered_hand"):
        out.append("Shattered Hand: -2")
    return out


def move_penalty(ent: int) -> int:
    """Extra SP per hex: Legs destroyed, Spinal Trauma, Right Middle thread snapped (+1 each)."""
    return (int(destroyed(ent, "legs")) + int(has_wound(ent, "spinal_trauma"))
            + int(not thread_ok(ent, "right_middle")))


def hex_limit(ent: int) -> int | None:
    """Legs destroyed: no sprinting, at most 3 hexes an activation."""
    return 3 if destroyed(ent, "legs") else None


def defense_malus(ent: int) -> int:
    """Blocks lost: Chassis destroyed (-1 Defense) and Left Index snapped (-1 Defense rolls)."""
    return int(destroyed(ent, "chassis")) + int(not thread_ok(ent, "left_index"))


def damage_malus(ent: int) -> int:
    """Dislocated Shoulder: -2 damage on every attack."""
    return 2 if has_wound(ent, "dislocated_shoulder") else 0


def ranged_malus_lines(ent: int) -> list[tuple[str, int]]:
    """To-hit penalties of ranged attacks: Head destroyed +1, Right Index snapped +2."""
    out = []
    if destroyed(ent, "head"):
        out.append(("Head destroyed (ranged)", 1))
    if not thread_ok(ent, "right_index"):
        out.append(("Right Index thread snapped (ranged)", 2))
    return out


def arm_lost(ent: int, card: CardDef) -> bool:
    """Cards a destroyed arm takes away for the battle: Primary (Right Arm), shield/offhand (Left Arm)."""
    if card.category == "primary":
        return destroyed(ent, "right_arm")
    return card.category == "secondary" and card.slot in ("shield", "offhand") and destroyed(ent, "left_arm")


def card_block(ent: int, card: CardDef) -> str:
    """Why the casket cannot play a card now (empty when it can), regardless of SP."""
    if card.category == "primary":
        if destroyed(ent, "right_arm"):
            return "Right Arm destroyed: no Primary Weapon cards"
        if not thread_ok(ent, "right_thumb"):
            return "Right Thumb thread snapped: the weapon drops"
    if card.category == "secondary":
        if not thread_ok(ent, "left_thumb"):
            return "Left Thumb thread snapped: no Secondary Equipment"
        if destroyed(ent, "left_arm") and card.slot in ("shield", "offhand"):
            return "Left Arm destroyed: no shield or offhand cards"
    if card.targeting and destroyed(ent, "head"):
        return "Head destroyed: no sensor or targeting cards"
    broken = get(ent, CasketPilot).broken_type
    if broken and card.type == broken:
        return f"Broken Finger: no {broken} cards"
    return ""
