"""The casket dice: two custom attack dice, the defense die, and the plain dice the rules name.

Every die has a name so tests and worked examples can force it: `chance.force("attack",
"Strike", "Double Strike")`, `chance.force("defense", "Shield", "Blood")`, `force("location", 2)`.
"""

from __future__ import annotations

from game.core.chance import D20, Die

ATTACK_FACES = ("Strike", "Double Strike", "Death Blow", "Glance", "Jam", "Blood")
ATTACK_DIE = Die("attack", ATTACK_FACES, (3, 4, 5, 1, 0, 2))

DEFENSE_FACES = ("Shield", "Absorb", "Blood", "Critical", "Pierce", "Heat")
#: value = blocks the face gives (Shield and Absorb block one damage each)
DEFENSE_DIE = Die("defense", DEFENSE_FACES, (1, 1, 0, 0, 0, 0))
BLOCK_FACES = frozenset({"Shield", "Absorb"})

#: Random aim: 1 Head, 2 Right Arm, 3 Left Arm, 4 Chassis, 5-6 Legs
LOCATION_DIE = Die("location", ("1", "2", "3", "4", "5", "6"), (1, 2, 3, 4, 5, 6))
LOCATION_OF = {1: "head", 2: "right_arm", 3: "left_arm", 4: "chassis", 5: "legs", 6: "legs"}

#: each side's roll for who activates first in a round
INITIATIVE_DIE = Die("initiative", ("1", "2", "3", "4", "5", "6"), (1, 2, 3, 4, 5, 6))
D3 = Die.numeric(3)
D6 = Die.numeric(6)
D10 = Die.numeric(10)
GRIT_DIE = D20


def pick_die(name: str, items: list[str] | tuple[str, ...]) -> Die:
    """A die whose faces are the given items (random thread, revealed card): forcible by name."""
    return Die(name, tuple(items), tuple(range(len(items))))
