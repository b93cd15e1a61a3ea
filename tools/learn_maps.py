"""Generate the guided battles' small maps (maps/learn/*.tmx) from the plans below.

    python tools/learn_maps.py        # write the maps, check each with the game's loader

The maps live under maps/learn/, not maps/square or maps/hex, so the launcher never offers them
for a skirmish; a lesson names its map as "learn/<file>.tmx". Same writer and checks as
tools/make_maps.py (conventions: docs/maps.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from make_maps import figures, tmx_text  # noqa: E402 - tools/ is put on the path just above
from map_plans import HX_GROUND, HX_OVER, Plan, Zone, block, grid_from, square_layers  # noqa: E402

# Varium: a short alley, two squares between the two fighters, so the first turn is a Dash and a
# Dodge; a crate stack and a fence to give the board some shape without cover on the line.
VARIUM_ALLEY = [
    "......#...",
    "#..c.....#",
    "#........#",
    "#........#",
    "#........#",
    "#.....f..#",
    "......#...",
]


def varium_alley() -> Plan:
    """The varium guided battle: Rook and one guard in a walled alley."""
    return Plan(
        "maps/learn/varium_alley.tmx", "orthogonal", (10, 7), "square_terrain",
        square_layers(VARIUM_ALLEY, "paving"),
        [Zone("spawn", "p1 spawn", block(1, 3, 2, 5), {"side": "p1"}),
         Zone("spawn", "p2 spawn", block(3, 3, 4, 5), {"side": "p2"})],
        {"title": "Back Alley", "ruleset": "varium",
         "description": "A short walled alley: the guided first battle of varium."},
    )


# Tokens: a short yard with a dark west end. The shade starts in the dark, where the rifles
# cannot see it from more than 2 tiles, so it may sneak at once; the vanguard stands in the light.
TOKENS_YARD = [
    "#########",
    "#.......#",
    "#.......#",
    "#.......#",
    "#.......#",
    "#########",
]
TOKENS_YARD_LIGHT = [
    "         ",
    " D       ",
    " D       ",
    " D       ",
    " D       ",
    "         ",
]


def tokens_yard() -> Plan:
    """The tokens guided battle: a shade and a vanguard against two rifles in a small yard."""
    return Plan(
        "maps/learn/tokens_yard.tmx", "orthogonal", (9, 6), "square_terrain",
        square_layers(TOKENS_YARD, "floor", TOKENS_YARD_LIGHT),
        [Zone("spawn", "p1 spawn", block(1, 1, 2, 3), {"side": "p1"}),
         Zone("spawn", "p2 spawn", block(6, 1, 7, 3), {"side": "p2"})],
        {"title": "Small Yard", "ruleset": "tokens",
         "description": "A small yard with a dark end: the guided first battle of tokens."},
    )


# Saves: an open courtyard; the raiders start three squares from the party so that the first
# blows come at once.
SAVES_COURT = [
    "#########",
    "#...s...#",
    "#.......#",
    "#.......#",
    "#.......#",
    "#...s...#",
    "#########",
]


def saves_court() -> Plan:
    """The saves guided battle: two heroes and a torch-bearer against two raiders."""
    return Plan(
        "maps/learn/saves_court.tmx", "orthogonal", (9, 7), "square_terrain",
        square_layers(SAVES_COURT, "paving"),
        [Zone("spawn", "p1 spawn", block(1, 2, 2, 4), {"side": "p1"}),
         Zone("spawn", "p2 spawn", block(4, 2, 5, 4), {"side": "p2"})],
        {"title": "Courtyard", "ruleset": "saves",
         "description": "A small courtyard: the guided first battle of saves."},
    )


# Voidmarked: a short street with a crate to hide behind.
VOIDMARKED_STREET = [
    "......#...",
    "#........#",
    "#...c....#",
    "#........#",
    "#........#",
    "#....c...#",
    "......#...",
]


def voidmarked_street() -> Plan:
    """The voidmarked guided battle: Oriel Vast against one thug."""
    return Plan(
        "maps/learn/voidmarked_street.tmx", "orthogonal", (10, 7), "square_terrain",
        square_layers(VOIDMARKED_STREET, "paving"),
        [Zone("spawn", "p1 spawn", block(1, 2, 2, 4), {"side": "p1"}),
         Zone("spawn", "p2 spawn", block(7, 2, 8, 4), {"side": "p2"})],
        {"title": "Back Street", "ruleset": "voidmarked",
         "description": "A short street: the guided first battle of voidmarked."},
    )


# Casket: a small hex yard; the two caskets start three hexes apart, so the first activation is a
# move, a facing and one melee attack. They fight left of the middle, so that a prompt finds room
# beside them at 150 %; a rubble heap and a rock give the board some shape.
CASKET_YARD_GROUND = [
    "..........",
    "..........",
    "..........",
    "..........",
    "......#...",
    "..........",
]
CASKET_YARD_OVER = [
    "          ",
    "       r  ",
    "          ",
    "          ",
    "          ",
    "          ",
]


def casket_yard() -> Plan:
    """The casket guided battle: a light Confessor against a worn-out Ironclad."""
    return Plan(
        "maps/learn/casket_yard.tmx", "hexagonal", (10, 6), "hex_terrain",
        [("ground", grid_from(CASKET_YARD_GROUND, HX_GROUND)),
         ("terrain", grid_from(CASKET_YARD_OVER, HX_OVER))],
        [Zone("spawn", "p1 spawn", block(1, 2, 2, 4), {"side": "p1"}),
         Zone("spawn", "p2 spawn", block(4, 2, 5, 4), {"side": "p2"})],
        {"title": "Scrap Yard", "ruleset": "casket",
         "description": "A small yard of iron plates: the guided first battle of casket."},
    )


PLANS = (varium_alley, tokens_yard, saves_court, voidmarked_street, casket_yard)


def main() -> int:
    """Write every lesson map and check it with the game's own loader."""
    for make in PLANS:
        plan = make()
        path = ROOT / plan.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(tmx_text(plan))
        print(figures(path, plan).replace(str(ROOT) + "/", ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
