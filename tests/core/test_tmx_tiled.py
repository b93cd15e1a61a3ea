"""Maps written by Tiled itself: its example maps load with warnings or are refused for their true
reason, and Tiled's own tools read (and re-save) the maps we ship.

The tests on tests/data/tiled always run; the ones that need the Debian `tiled` package (its
examples, `tiled --export-map`, `tmxrasterizer`) skip cleanly where it is absent.
"""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.core.match import Scenario
from game.core.tmx import check_map, load_board
from game.errors import UserError
from game.paths import MAPS_DIR, ROOT

DATA = Path(__file__).resolve().parent.parent / "data" / "tiled"
DEBIAN_EXAMPLES = Path("/usr/share/doc/tiled/examples")
SHIPPED = sorted(MAPS_DIR.glob("*/*.tmx"))
NO_ROOM = "no spawn zones and no room to place them"

# Every example map of Debian's tiled 1.8.2 and what the game makes of it: ("loads", kind) or
# ("refused", the true reason).
EXPECTED = {
    "desert.tmx": ("loads", "square"),
    "hexagonal-mini.tmx": ("loads", "hex"),
    "isometric_grass_and_water.tmx": ("refused", "orientation 'isometric' is not supported"),
    "isometric_staggered_grass_and_water.tmx": ("refused", "orientation 'staggered' is not supported"),
    "orthogonal-outside.tmx": ("loads", "square"),
    "perspective_walls.tmx": ("loads", "square"),
    "rpg/island.tmx": ("loads", "square"),
    **{f"sewer_automap/rule_00{i}.tmx": ("refused", NO_ROOM) for i in range(1, 10)},
    "sewer_automap/sewers.tmx": ("loads", "square"),
    "sewers.tmx": ("loads", "square"),
    "sticker-knight/map/sandbox.tmx": ("refused", "the map has no tile layer"),
    "sticker-knight/map/sandbox2.tmx": ("refused", "the map has no tile layer"),
    "test_hexagonal_tile_60x60x30.tmx": ("refused", NO_ROOM),
}


def refused(path: Path) -> str:
    with pytest.raises(UserError) as err:
        load_board(path)
    line = err.value.line()
    assert "\n" not in line and line.startswith(f"{path}: ")
    return line


# -- copies kept in tests/data ------------------------------------------------------------------

def test_hex_example_without_tilecount_or_spawns_loads_with_warnings():
    path = DATA / "hexagonal-mini.tmx"
    board = load_board(path)
    assert board.kind == "hex" and board.size == (20, 20) and len(board.terrain) == 400
    # 106x72 px image of 18x18 tiles: 5 columns x 4 rows, as Tiled counts them.
    assert any("'hex mini' (embedded) has no tilecount: counted 20 tiles" in w for w in board.warnings)
    assert any("every cell is open ground" in w for w in board.warnings)
    assert all(t.name == "open" and not t.blocks_move for t in board.terrain.values())
    cols = {side: {board.grid.to_offset(c)[0] for c in board.spawns[side]} for side in ("p1", "p2")}
    assert cols == {"p1": {0}, "p2": {19}}
    assert any("placed p1 on the west edge (column 0, 20 cells) and p2 on the east edge" in w
               for w in board.warnings)


def test_tileset_image_without_size_is_measured_from_the_png():
    board = load_board(DATA / "perspective_walls.tmx")
    # 256x256 px of 64x64 tiles: 16 tiles; without them gid 5 would belong to no tileset.
    assert any("perspective_walls.tsx has no tilecount: counted 16 tiles from its image (256x256 px"
               in w for w in board.warnings)
    assert len(board.spawns["p1"]) >= 6 and not set(board.spawns["p1"]) & set(board.spawns["p2"])


def test_image_height_not_a_multiple_of_the_tile_counts_whole_rows_only():
    board = load_board(DATA / "sewers.tmx")
    # 192x217 px of 24x24 tiles: 8 columns x 9 whole rows.
    assert any("counted 72 tiles" in w for w in board.warnings)
    assert board.size == (50, 50)


def test_flip_flags_are_dropped_and_a_tiny_board_is_refused_for_lack_of_room():
    # Row 0 and row 3 hold one tile flipped every way Tiled can (flag bits 28-31).
    assert NO_ROOM in refused(DATA / "test_hexagonal_tile_60x60x30.tmx")


def test_a_map_of_empty_cells_is_refused_as_such():
    assert "the map has no tiles: every cell is off the board" in refused(DATA / "mapobject.tmx")


def test_cli_check_map_prints_assumptions_as_warnings_and_exits_0():
    path = DATA / "hexagonal-mini.tmx"
    res = subprocess.run([sys.executable, "-m", "game", "check-map", str(path)], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0].startswith(f"{path}: hex 20x20, 400 cells, spawns p1 20 / p2 20")
    assert len(lines) == 4 and all(line.startswith(f"{path}: warning: ") for line in lines[1:])
    assert lines == check_map(path).splitlines()


@pytest.mark.parametrize("ruleset,name", [("voidmarked", "sewers.tmx"), ("casket", "hexagonal-mini.tmx")])
def test_a_tiled_example_is_played_to_the_end(ruleset, name):
    from game.sim import play_game

    match = play_game(_scenario(ruleset, DATA / name))
    assert match.over and match.board.warnings


def _scenario(ruleset: str, path: Path) -> Scenario:
    from game.sim import default_scenario

    return default_scenario(ruleset, str(path), 3)


# -- Debian's copies of Tiled's examples -----------------------------------------------------------

@pytest.fixture(scope="module")
def examples(tmp_path_factory) -> Path:
    if not DEBIAN_EXAMPLES.is_dir():
        pytest.skip("Tiled's examples are not installed (Debian package tiled)")
    out = tmp_path_factory.mktemp("tiled") / "examples"
    shutil.copytree(DEBIAN_EXAMPLES, out)
    for packed in out.rglob("*.gz"):  # Debian compresses larger documentation files
        packed.with_suffix("").write_bytes(gzip.decompress(packed.read_bytes()))
        packed.unlink()
    return out


def test_every_installed_example_is_accounted_for(examples):
    found = {p.relative_to(examples).as_posix() for p in examples.rglob("*.tmx")}
    assert found == set(EXPECTED)


def _accounted_for(path: Path, outcome: str, detail: str) -> None:
    if outcome == "refused":
        assert detail in refused(path)
        return
    board = load_board(path)
    assert board.kind == detail
    assert board.warnings, "a map made for another game needs assumptions; they must be printed"
    for side in ("p1", "p2"):
        assert len(board.spawns[side]) >= 6 and all(board.passable(c) for c in board.spawns[side])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_tiled_example_loads_or_is_refused_for_its_true_reason(examples, name):
    _accounted_for(examples / name, *EXPECTED[name])


# -- the examples only Tiled's git repository holds ------------------------------------------------
# Not ours to copy (docs/maps.md): run them from a checkout's `examples/` folder named by
# TILED_EXAMPLES; small maps of the same shape are in test_tmx_tiled_shapes.py.

TOO_BIG = "the map is 460x75 tiles; the game plays maps of at most 256x256"
REPOSITORY_ONLY = {
    "forest/forest.tmx": ("loads", "square"),
    "isometric.tmx": ("refused", "orientation 'isometric' is not supported"),
    "mapobject.tmx": ("refused", "every cell is off the board"),
    "other/MagicLand.tmx": ("refused", TOO_BIG),
    "other/MagicLand_xml.tmx": ("refused", TOO_BIG),
    "other/gameart2d-desert.tmx": ("loads", "square"),
    "other/jb-32.tmx": ("loads", "square"),
    "other/level25.tmx": ("loads", "square"),
}


@pytest.mark.parametrize("name", sorted(REPOSITORY_ONLY))
def test_repository_example_loads_or_is_refused_for_its_true_reason(name):
    path = Path(os.environ.get("TILED_EXAMPLES", "/nonexistent")) / name
    if not path.is_file():
        pytest.skip(f"{name}: set TILED_EXAMPLES to the examples/ folder of a Tiled checkout")
    _accounted_for(path, *REPOSITORY_ONLY[name])


# -- Tiled's own tools --------------------------------------------------------------------------

def _tiled_env() -> dict[str, str]:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": "/tmp"}


def _needs(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        pytest.skip(f"{tool} is not installed (Debian package tiled)")
    return found


def _same_board(a_path: Path, b_path: Path) -> None:
    a, b = load_board(a_path), load_board(b_path)
    assert (a.kind, a.size, a.tile_size) == (b.kind, b.size, b.tile_size)
    assert a.terrain == b.terrain
    assert a.spawns == b.spawns and a.objectives == b.objectives
    assert a.properties == b.properties


@pytest.mark.parametrize("embed", [False, True], ids=["external-tileset", "embedded-tileset"])
def test_maps_resaved_by_tiled_load_the_same(tmp_path, embed):
    tiled = _needs("tiled")
    for path in SHIPPED:
        out = tmp_path / path.name
        args = [tiled, "--export-map", "tmx", str(path), str(out)]
        if embed:
            args.insert(1, "--embed-tilesets")
        res = subprocess.run(args, capture_output=True, text=True, env=_tiled_env(), timeout=120)
        assert res.returncode == 0 and out.is_file(), res.stderr
        _same_board(path, out)


def test_our_tile_count_matches_the_one_tiled_writes(tmp_path):
    tiled = _needs("tiled")
    for name in ("hexagonal-mini.tmx", "sewers.tmx"):
        work = tmp_path / name
        shutil.copytree(DATA, work)
        out = work / f"resaved-{name}"
        res = subprocess.run([tiled, "--export-map", "tmx", str(work / name), str(out)],
                             capture_output=True, text=True, env=_tiled_env(), timeout=120)
        assert res.returncode == 0, res.stderr
        written = {ts.get("name"): int(ts.get("tilecount", "-1"))
                   for ts in ElementTree.parse(out).getroot().findall("tileset")}
        warnings = " ".join(load_board(work / name).warnings)
        for ts_name, count in written.items():
            assert f"'{ts_name}' (embedded) has no tilecount: counted {count} tiles" in warnings
        _same_board(work / name, out)


def test_tmxrasterizer_reads_the_maps_we_ship(tmp_path):
    raster = _needs("tmxrasterizer")
    for path in SHIPPED:
        png = tmp_path / f"{path.stem}.png"
        res = subprocess.run([raster, str(path), str(png)], capture_output=True, text=True,
                             env=_tiled_env(), timeout=120)
        assert res.returncode == 0 and png.stat().st_size > 1000, res.stderr
