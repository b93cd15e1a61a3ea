"""Generate the shipped Tiled maps (maps/square/*.tmx, maps/hex/*.tmx) from the plans below.

    python tools/make_maps.py                 # write the maps, check each, print figures
    python tools/make_maps.py --preview DIR   # also render PNG previews (uses pygame)

Plans are character grids; the top half of each map is drawn and the bottom half is the top
rotated 180°, so both sides get the same ground. Tiles are found in the .tsx files by their
`name` property (ids are never hard-coded). Output is deterministic. Conventions: docs/maps.md.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections import deque
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from map_plans import (  # noqa: E402 - tools/ is put on the path just above
    HX_GROUND,
    HX_OVER,
    Plan,
    Zone,
    block,
    grid_from,
    mirror_cells,
    rot180,
    square_layers,
    tile_ids,
)
from ruleset_maps import RULESET_PLANS  # noqa: E402

TILESETS = ROOT / "assets" / "tilesets"
SQ = 32
HEX_W, HEX_H, HEX_SIDE = 56, 64, 32


WAREHOUSE_TOP = [
    "########################",
    "#,.....c....#.....,....#",
    "#..ss.......#..B....M..#",
    "#.......,...#..........#",
    "#..B...M...~~~...cc....#",
    "#...........~....cc.ss.#",
    "#.......####...###.....#",
    "#.....##.......B.......#",
    "#.....c..c.........,...#",
]


def warehouse() -> Plan:
    """The default voidmarked map: cover of three heights around a walled centre, three lanes."""
    size = (24, 18)
    plan = rot180(WAREHOUSE_TOP, size[1])
    p1 = block(1, 7, 2, 10)
    return Plan(
        "maps/square/voidmarked_warehouse.tmx", "orthogonal", size, "square_terrain",
        square_layers(plan, "floor"),
        [Zone("spawn", "p1 spawn", p1, {"side": "p1"}),
         Zone("spawn", "p2 spawn", mirror_cells(p1, size), {"side": "p2"}),
         Zone("objective", "loading bay", block(11, 8, 12, 9), {"kind": "hold"})],
        {"title": "Warehouse", "ruleset": "voidmarked",
         "description": "Crates, sandbags, barricades and machinery around a walled centre."},
    )


NIGHTMARKET_TOP = [
    "________________________",
    "_SS_SS__#____SS_SS__#___",
    "________#___________#_c_",
    "_S____s_____##___M______",
    "_S____s_________________",
    "_____BB___S_SS____cc____",
    "_##________________S____",
    "_______cc____________S__",
    "_____________##_________",
]
NIGHTMARKET_LIGHT_TOP = [
    "DDDDDDDDg      gDDDDDDDD",
    "DDDDDDDDg      gDDDDDDDD",
    "DDDDDDgggg    ggDDDDDDDD",
    "gggggggg       ggggDDDDD",
    "                   gDDDD",
    "                   gggDD",
    "ggg                  gDD",
    "DDgg        gg       ggD",
    "DDDg       gDDg       gD",
]


def nightmarket() -> Plan:
    """Stalls and lamp-lit aisles; dark and dim corners reward stealth."""
    size = (24, 18)
    plan = rot180(NIGHTMARKET_TOP, size[1])
    light = rot180(NIGHTMARKET_LIGHT_TOP, size[1])
    p1 = block(0, 7, 1, 10)
    return Plan(
        "maps/square/voidmarked_nightmarket.tmx", "orthogonal", size, "square_terrain",
        square_layers(plan, "paving", light),
        [Zone("spawn", "p1 spawn", p1, {"side": "p1"}),
         Zone("spawn", "p2 spawn", mirror_cells(p1, size), {"side": "p2"}),
         Zone("objective", "fountain square", block(11, 8, 12, 9), {"kind": "hold"})],
        {"title": "Night Market", "ruleset": "voidmarked",
         "description": "Market stalls under failing lamps: dark alleys, dim aisles, lit squares."},
    )


def bench() -> Plan:
    """A 40x40 board for frame-time benchmarks: every tile kind, many walls and cover pieces."""
    size = (40, 40)
    rng = random.Random(4040)
    top = [["."] * 40 for _ in range(20)]
    for c in range(40):
        top[0][c] = "#"
    for r in range(20):
        top[r][0] = top[r][39] = "#"
    pieces = ["#", "#", "c", "s", "B", "M", "S", "~", "f", "w", ","]
    for _ in range(70):
        ch = rng.choice(pieces)
        c, r = rng.randint(5, 34), rng.randint(2, 19)
        horizontal = rng.random() < 0.5
        for k in range(rng.randint(1, 4)):
            cc, rr = (c + k, r) if horizontal else (c, min(r + k, 19))
            top[rr][cc] = ch
    plan = rot180(["".join(r) for r in top], 40)
    light: list[str] = []
    for r in range(20):
        light.append("".join("D" if (c // 8 + r // 5) % 4 == 0 else "g" if (c // 8 + r // 5) % 4 == 2
                             else " " for c in range(40)))
    p1 = block(1, 17, 3, 22)
    return Plan(
        "maps/square/bench_40x40.tmx", "orthogonal", size, "square_terrain",
        square_layers(plan, "floor", rot180(light, 40)),
        [Zone("spawn", "p1 spawn", p1, {"side": "p1"}),
         Zone("spawn", "p2 spawn", mirror_cells(p1, size), {"side": "p2"}),
         Zone("objective", "centre", block(19, 19, 20, 20), {"kind": "hold"})],
        {"title": "Benchmark 40x40", "description": "Large busy board for frame-time measurements."},
    )


FOUNDRY_GROUND_TOP = [
    "====,,====,,====",
    "===~~====#======",
    "=,,====hh====~~=",
    "====#==hHh======",
    "==========~~====",
    "=,====#=======,=",
]
FOUNDRY_OVER_TOP = [
    "  r        ss   ",
    "       r   s    ",
    "  W    s      r ",
    "     r  s       ",
    "  rr      F  W  ",
    "         s   rr ",
]


def casket_foundry() -> Plan:
    """Slag pools, gantry high ground and furnace smoke on iron plates."""
    size = (16, 12)
    ground = rot180(FOUNDRY_GROUND_TOP, 12)
    over = rot180(FOUNDRY_OVER_TOP, 12)
    p1 = block(0, 3, 1, 8)
    return Plan(
        "maps/hex/casket_foundry.tmx", "hexagonal", size, "hex_terrain",
        [("ground", grid_from(ground, HX_GROUND)), ("terrain", grid_from(over, HX_OVER))],
        [Zone("spawn", "p1 spawn", p1, {"side": "p1"}),
         Zone("spawn", "p2 spawn", mirror_cells(p1, size), {"side": "p2"}),
         Zone("objective", "crucible", [(7, 5), (8, 6)], {"kind": "hold"})],
        {"title": "Foundry", "ruleset": "casket",
         "description": "Iron plates between slag pools; smoke drifts from the furnaces."},
    )


RIDGE_GROUND_TOP = [
    "......,.....hh..",
    "..,.......#hHh..",
    "....hh..#..hh...",
    "...hHHh.........",
    ".,..hh.....,#...",
    "......#...h.....",
]
RIDGE_OVER_TOP = [
    " FF        r    ",
    " F     FF       ",
    "     r    ss  F ",
    "   r    s     FF",
    "          r     ",
    "  FF    ss  r   ",
]


def casket_ridge() -> Plan:
    """Two hills with high ground, woods on the flanks and smoke in the valley."""
    size = (16, 12)
    ground = rot180(RIDGE_GROUND_TOP, 12)
    over = rot180(RIDGE_OVER_TOP, 12)
    p1 = block(0, 3, 1, 8)
    return Plan(
        "maps/hex/casket_ridge.tmx", "hexagonal", size, "hex_terrain",
        [("ground", grid_from(ground, HX_GROUND)), ("terrain", grid_from(over, HX_OVER))],
        [Zone("spawn", "p1 spawn", p1, {"side": "p1"}),
         Zone("spawn", "p2 spawn", mirror_cells(p1, size), {"side": "p2"}),
         Zone("objective", "cairn", [(7, 5), (8, 6)], {"kind": "hold"})],
        {"title": "Ridge", "ruleset": "casket",
         "description": "Hills and high ground across a smoky valley, woods on both flanks."},
    )


PLANS = (warehouse, nightmarket, bench, casket_foundry, casket_ridge, *RULESET_PLANS)


# -- writing TMX -------------------------------------------------------------------------------

def centre(plan: Plan, col: int, row: int) -> tuple[float, float]:
    """Pixel centre of a cell as Tiled draws it (pointy-top, odd rows shifted, for hex)."""
    if plan.orientation == "orthogonal":
        return (col + 0.5) * SQ, (row + 0.5) * SQ
    row_h = (HEX_H + HEX_SIDE) // 2
    x = col * HEX_W + (HEX_W // 2 if row % 2 else 0)
    return x + HEX_W / 2, row * row_h + HEX_H / 2


def zone_shape(plan: Plan, zone: Zone) -> dict[str, float]:
    """A rectangle (x, y, width, height) around the cells' centres, or a point."""
    pts = [centre(plan, c, r) for c, r in zone.cells]
    if zone.point:
        x, y = pts[0]
        return {"x": x, "y": y}
    if plan.orientation == "orthogonal":
        cols = [c for c, _ in zone.cells]
        rows = [r for _, r in zone.cells]
        return {"x": min(cols) * SQ, "y": min(rows) * SQ, "width": (max(cols) - min(cols) + 1) * SQ,
                "height": (max(rows) - min(rows) + 1) * SQ}
    margin = 8.0  # well under half the spacing between hex centres
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    return {"x": min(xs) - margin, "y": min(ys) - margin, "width": max(xs) - min(xs) + 2 * margin,
            "height": max(ys) - min(ys) + 2 * margin}


def _num(v: float) -> str:
    return f"{v:g}"


def tmx_text(plan: Plan) -> str:
    """The .tmx file for a plan (Tiled 1.10 XML, CSV layers, one external tileset)."""
    ids = tile_ids(TILESETS / f"{plan.tileset}.tsx")
    w, h = plan.size
    tsx_rel = Path("../../assets/tilesets") / f"{plan.tileset}.tsx"
    attrs = [f'version="1.10" tiledversion="1.10.2" orientation="{plan.orientation}" '
             f'renderorder="right-down" width="{w}" height="{h}"']
    if plan.orientation == "hexagonal":
        attrs.append(f'tilewidth="{HEX_W}" tileheight="{HEX_H}" infinite="0" hexsidelength="{HEX_SIDE}" '
                     'staggeraxis="y" staggerindex="odd"')
    else:
        attrs.append(f'tilewidth="{SQ}" tileheight="{SQ}" infinite="0"')
    n_layers = len(plan.layers) + 1
    attrs.append(f'nextlayerid="{n_layers + 1}" nextobjectid="{len(plan.zones) + 1}"')
    out = ['<?xml version="1.0" encoding="UTF-8"?>', f'<map {" ".join(attrs)}>', ' <properties>']
    for key, value in sorted(plan.props.items()):
        out.append(f'  <property name="{key}" value={quoteattr(value)}/>')
    out.append(' </properties>')
    out.append(f' <tileset firstgid="1" source="{tsx_rel.as_posix()}"/>')
    for lid, (name, grid) in enumerate(plan.layers, 1):
        assert len(grid) == h and all(len(r) == w for r in grid), (plan.path, name)
        out.append(f' <layer id="{lid}" name="{name}" width="{w}" height="{h}">')
        out.append('  <data encoding="csv">')
        rows = [",".join(str(ids[t] + 1) if t else "0" for t in row) for row in grid]
        out.append(",\n".join(rows))
        out.append('</data>')
        out.append(' </layer>')
    out.append(f' <objectgroup id="{n_layers}" name="zones">')
    for oid, zone in enumerate(plan.zones, 1):
        shape = zone_shape(plan, zone)
        geo = " ".join(f'{k}="{_num(v)}"' for k, v in shape.items())
        out.append(f'  <object id="{oid}" name={quoteattr(zone.name)} type="{zone.kind}" {geo}>')
        out.append('   <properties>')
        for key, value in sorted(zone.props.items()):
            out.append(f'    <property name="{key}" value={quoteattr(value)}/>')
        out.append('   </properties>')
        if zone.point:
            out.append('   <point/>')
        out.append('  </object>')
    out.append(' </objectgroup>')
    out.append('</map>')
    return "\n".join(out) + "\n"


# -- checking and figures ----------------------------------------------------------------------

def figures(path: Path, plan: Plan) -> str:
    """Load through the game's loader and report playability figures."""
    from game.core.sight import has_los
    from game.core.tmx import check_map, load_board

    board = load_board(path)
    line = check_map(path)
    # A shipped map states everything: nothing may be left for the loader to assume.
    assert not board.warnings, f"{plan.path}: the loader had to assume: {board.warnings}"
    for zone in plan.zones:
        cells = sorted(board.grid.from_offset(c, r) for c, r in zone.cells)
        if zone.kind == "spawn":
            got = sorted(board.spawns[zone.props["side"]])
        else:
            got = sorted(next(o.cells for o in board.objectives if o.name == zone.name))
        assert got == cells, f"{plan.path}: zone {zone.name} covers {got}, planned {cells}"
    passable = [c for c in board.cells() if board.passable(c)]
    # Shortest walk between the zones, and how much of the board sees across.
    seen = {c: 0 for c in board.spawns["p1"]}
    todo = deque(board.spawns["p1"])
    while todo:
        cell = todo.popleft()
        for nxt in board.neighbors(cell):
            if nxt not in seen and board.passable(nxt):
                seen[nxt] = seen[cell] + 1
                todo.append(nxt)
    walk = min(seen[c] for c in board.spawns["p2"])
    pairs = list(itertools.product(board.spawns["p1"], board.spawns["p2"]))
    spawn_los = sum(has_los(board, a, b) for a, b in pairs) / len(pairs)
    rng = random.Random(7)
    sample = [tuple(rng.sample(passable, 2)) for _ in range(1500)]
    any_los = sum(has_los(board, a, b) for a, b in sample) / len(sample)
    return (f"{line}; walk between zones {walk} steps; LOS spawn-to-spawn {spawn_los:.0%}, "
            f"random passable pairs {any_los:.0%}")


def preview(path: Path, out: Path) -> None:
    """Render a map to PNG through pytmx + pygame (a look at the art in place)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from pytmx.util_pygame import load_pygame

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    tm = load_pygame(str(path))
    if tm.orientation == "hexagonal":
        row_h = (tm.tileheight + tm.hexsidelength) // 2
        size = (tm.width * tm.tilewidth + tm.tilewidth // 2, (tm.height - 1) * row_h + tm.tileheight)
    else:
        size = (tm.width * tm.tilewidth, tm.height * tm.tileheight)
    surf = pygame.Surface(size)
    surf.fill((20, 20, 24))
    for layer in tm.visible_layers:
        if not hasattr(layer, "data"):
            continue
        for x, y, image in layer.tiles():
            if tm.orientation == "hexagonal":
                px = x * tm.tilewidth + (tm.tilewidth // 2 if y % 2 else 0)
                py = y * row_h
            else:
                px, py = x * tm.tilewidth, y * tm.tileheight
            surf.blit(image, (px, py))
    for obj in tm.objects:
        color = {"p1": (60, 140, 255), "p2": (255, 80, 60)}.get(obj.properties.get("side"), (255, 230, 80))
        if obj.width:
            pygame.draw.rect(surf, color, (obj.x, obj.y, obj.width, obj.height), 2)
        else:
            pygame.draw.circle(surf, color, (obj.x, obj.y), 6, 2)
    pygame.image.save(surf, str(out))


def main(argv: list[str] | None = None) -> int:
    """Write every map, check it with the game's own loader, print figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preview", type=Path, help="folder for PNG previews")
    args = ap.parse_args(argv)
    for make in PLANS:
        plan = make()
        path = ROOT / plan.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(tmx_text(plan))
        print(figures(path, plan).replace(str(ROOT) + "/", ""))
        if args.preview:
            args.preview.mkdir(parents=True, exist_ok=True)
            preview(path, args.preview / f"{path.stem}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
