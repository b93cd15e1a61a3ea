"""Plans of the maps made for saves, tokens and varium (written by tools/make_maps.py).

Each is drawn for what its ruleset rewards (docs/maps.md, "Shipped maps"); like the others the
top half is drawn and the bottom half is the top rotated 180°.
"""

from __future__ import annotations

from map_plans import Plan, Zone, block, mirror_cells, rot180, square_layers

# Saves: side turns resolve together, so several attackers on one target gang up (+1 each).
# A river with two one-square bridges and a two-square mud ford makes chokepoints where the side
# holding the far bank gangs up on whoever crosses; sandbags and barricades by the bridgeheads
# impair arrows shot across (SV-IMPAIR). Routed units leave, and a unit may flee only through a
# gate (objects of kind `exit`), so the walls make the way out something to fight for.
FORD_TOP = [
    "#####__####ww###########",
    "#....._....ww.....c....#",
    "#..ss.._...ww......M...#",
    "#......,.._____..s.....#",
    "#..B.....s.ww..........#",
    "#.......,..ww....cc....#",
    "#.##.......ww......B...#",
    "#..#...B...ww.....##...#",
    "__........~~~~........__",
]


def saves_ford() -> Plan:
    """A walled river crossing: two bridges and a ford, four gates to flee through."""
    size = (24, 18)
    plan = rot180(FORD_TOP, size[1])
    p1 = block(1, 7, 2, 10)
    west, north = [(0, 8), (0, 9)], [(5, 0), (6, 0)]
    return Plan(
        "maps/square/saves_ford.tmx", "orthogonal", size, "square_terrain",
        square_layers(plan, "floor"),
        [Zone("spawn", "p1 spawn", p1, {"side": "p1"}),
         Zone("spawn", "p2 spawn", mirror_cells(p1, size), {"side": "p2"}),
         Zone("objective", "west gate", west, {"kind": "exit"}),
         Zone("objective", "east gate", mirror_cells(west, size), {"kind": "exit"}),
         Zone("objective", "north gate", north, {"kind": "exit"}),
         Zone("objective", "south gate", mirror_cells(north, size), {"kind": "exit"})],
        {"title": "Old Ford", "ruleset": "saves",
         "description": "A walled river crossing: two narrow bridges, a muddy ford and four gates."},
    )


# Tokens: an enemy sees 10 tiles along a clear line but a low-light tile only from 2, and Sneak
# needs low light. Lit lanes along the north and south walls run the whole width (overwatch
# lanes for Awaiting); between them container stacks break every long line and the alleys are
# dark near the middle, so a sneaker can close in unseen, but must cross a lit gap to strike.
YARD_TOP = [
    "########################",
    "#____________c_________#",
    "#__c_____M_____________#",
    "####_######__######_####",
    "#.........##.......##..#",
    "#..##..........##......#",
    "#..##...##.........##..#",
    "#.......##...~~.....#..#",
    "#....#.........#.......#",
]
YARD_LIGHT_TOP = [
    "                        ",
    "                        ",
    "                        ",
    "                        ",
    "    gDDDDDgggDDDDDDg    ",
    "    gDDDDDDgDDDDDDDg    ",
    "    ggggDgggggDgggg     ",
    "                        ",
    "                        ",
]


def tokens_yard() -> Plan:
    """Lit lanes for overwatch along the walls, dark alleys between container stacks."""
    size = (24, 18)
    plan = rot180(YARD_TOP, size[1])
    light = rot180(YARD_LIGHT_TOP, size[1])
    p1 = block(1, 7, 2, 10)
    return Plan(
        "maps/square/tokens_yard.tmx", "orthogonal", size, "square_terrain",
        square_layers(plan, "floor", light),
        [Zone("spawn", "p1 spawn", p1, {"side": "p1"}),
         Zone("spawn", "p2 spawn", mirror_cells(p1, size), {"side": "p2"}),
         Zone("objective", "floodlit crossing", block(11, 8, 12, 9), {"kind": "hold"})],
        {"title": "Freight Yard", "ruleset": "tokens",
         "description": "Floodlit lanes along the walls; dark alleys between the container stacks."},
    )


# Varium: evasion is dealt by the cover on the line of fire (crates 1, barricade 2, machinery 3:
# 3, 4 or 5 cards), Hide's DC halves in dim or dark squares, two bodies may share a square and a
# long jump clears a fence. Courtyards joined by one-square doorways make melee crowd in them;
# each courtyard has cover of all three levels; dim arcades line the walls; fences cut corners
# for whoever can jump. 20x14 because varium units run 4-5 squares a turn.
CANAL_TOP = [
    "####################",
    "#,,,#....f.....#,,,#",
    "#,,,#.c..f..B..#.M.#",
    "#,,,.....f.....#...#",
    "#.M.#..###..c..#...#",
    "##.##..#.......f...#",
    "#......#..M....c...#",
]
CANAL_LIGHT_TOP = [
    "                    ",
    " ggg            ggg ",
    " ggg            ggg ",
    " gggg           ggg ",
    " ggg     gg     ggg ",
    "        gDDg        ",
    "        gDDg        ",
]


def varium_courts() -> Plan:
    """Courtyards with cover of every level, dim arcades, narrow doorways and jumpable fences."""
    size = (20, 14)
    plan = rot180(CANAL_TOP, size[1])
    light = rot180(CANAL_LIGHT_TOP, size[1])
    p1 = block(1, 6, 3, 7)
    return Plan(
        "maps/square/varium_courts.tmx", "orthogonal", size, "square_terrain",
        square_layers(plan, "paving", light),
        [Zone("spawn", "p1 spawn", p1, {"side": "p1"}),
         Zone("spawn", "p2 spawn", mirror_cells(p1, size), {"side": "p2"}),
         Zone("objective", "pump house", block(9, 6, 10, 7), {"kind": "hold"})],
        {"title": "Courtyards", "ruleset": "varium",
         "description": "Walled courtyards joined by narrow doors; dim arcades, fences to jump."},
    )


RULESET_PLANS = (saves_ford, tokens_yard, varium_courts)
