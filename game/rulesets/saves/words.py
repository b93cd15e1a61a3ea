"""Names players read in the log: a side by its squad's name, never its id."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.saves.content import shipped

if TYPE_CHECKING:
    from game.core.match import Match


def side_label(match: Match, side: str) -> str:
    """The side's squad name ("Raider warband"); sides fielding the same squad are numbered."""
    squads = match.scenario.squads
    sid = squads.get(side, "")
    known = shipped().squads.get(sid)
    name = known.name if known is not None else f"Side {sorted(squads).index(side) + 1}" if side in squads \
        else side
    if sid and list(squads.values()).count(sid) > 1:
        name = f"{name} {sorted(squads).index(side) + 1}"
    return name


#: what each kind of declaration does, for hovering its button (items: their own `description`)
ACTION_HELP = {
    "move": "Walk here, up to the unit's Speed. A move can be taken back (U) until you Resolve.",
    "swap": "Instead of moving: stow what the unit holds and take this weapon in hand",
    "attack": "Declare the attack: at Resolve, roll the weapon's die and keep the highest die; every "
              "extra attacker on the same target adds +1 (at most +5). The target may dodge or "
              "counter-attack.",
    "knockdown": "The target saves DEX or falls Prone: attacks at it are Enhanced and getting up "
                 "costs its next move.",
    "snatch": "The target saves STR or loses a weapon from its hands to this unit.",
    "flee": "Leave the fight by this way out; with an enemy next to it the unit needs a DEX save to "
            "get away. A unit that flees is out of the fight.",
    "tend": "Spend the action on an ally with Critical Damage next to this unit: it stays out of "
            "this fight, but it will live.",
    "parley": "Call on the wounded opponent (0 HP) to surrender: it saves WIL or gives up.",
    "cancel": "Take back this unit's declaration to choose again.",
    "end": "Roll everything declared this turn: items, tending and maneuvers first, then the attacks, "
           "target by target.",
}


def weapon_words(damage: int, reach: int, blast: int, uses: int) -> str:
    """A weapon's numbers in players' words: "d8, range 12 squares, 3 uses"."""
    parts = [f"d{damage} damage", f"range {reach} squares" if reach else "melee"]
    if blast:
        parts.append(f"hits every unit within {blast} square{'s' if blast > 1 else ''} of the target")
    if uses:
        parts.append(f"{uses} use{'s' if uses > 1 else ''}")
    return ", ".join(parts)
