"""Packaging: what build.spec bundles, where the frozen app finds its data, the icon files.

Fast checks only: the spec is executed with stand-ins for PyInstaller's build classes, and a
frozen app is simulated by setting sys._MEIPASS. CI's .ci/run builds the real app and runs it.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import game.paths
from game import __version__
from game.core import ruleset as registry

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
PACKAGING = ROOT / "packaging"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

# What PyInstaller's hook for pygame_gui adds (dest name, source, kind), trimmed by the spec or kept.
GUI_UNUSED = ("NotoSansJP-Bold.otf", "NotoSansSC-Regular.otf", "NotoSansKR-Bold.ttf",
              "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Bold.ttf", "NotoSansGeorgian-Regular.ttf")
GUI_KEPT = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
            "NotoSans-BoldItalic.ttf", "FiraCode-Regular.ttf", "default_theme.json")


class _Built:
    """Stands in for one PyInstaller build class: records its arguments."""

    def __init__(self, kind: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs
        if kind == "Analysis":
            hook = [(f"pygame_gui/data/{name}", f"/site/pygame_gui/data/{name}", "DATA")
                    for name in GUI_UNUSED + GUI_KEPT]
            self.datas = [(str(Path(dest) / Path(src).name), src, "DATA")
                          for src, dest in kwargs["datas"]] + hook
            self.pure: list[Any] = []
            self.scripts: list[Any] = []
            self.binaries: list[Any] = []


def run_spec(
    monkeypatch: pytest.MonkeyPatch, platform: str = "linux", root: Path = ROOT
) -> dict[str, _Built]:
    """Execute build.spec as PyInstaller would (for the tree at `root`, on `platform`)."""
    built: dict[str, _Built] = {}

    def maker(kind: str) -> Any:
        def make(*args: Any, **kwargs: Any) -> _Built:
            built[kind] = _Built(kind, args, kwargs)
            return built[kind]
        return make

    names = ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
    namespace: dict[str, Any] = {"SPECPATH": str(root), **{n: maker(n) for n in names}}
    with monkeypatch.context() as m:
        m.setattr(sys, "platform", platform)
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return built


def _bundled(built: dict[str, _Built], root: Path = ROOT) -> dict[str, str]:
    """Source file (relative to the tree) -> folder it lands in inside the bundle (posix)."""
    out = {}
    for src, dest in built["Analysis"].kwargs["datas"]:
        out[Path(src).resolve().relative_to(root.resolve()).as_posix()] = Path(dest).as_posix()
    return out


def _files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]


def test_spec_bundles_every_data_file_at_its_source_place(monkeypatch):
    bundled = _bundled(run_spec(monkeypatch))
    wanted = _files(ROOT / "assets") + _files(ROOT / "maps") + _files(ROOT / "docs" / "rulesets")
    wanted += [p for p in _files(ROOT / "game" / "rulesets") if "data" in p.relative_to(ROOT).parts]
    wanted += list((ROOT / "game").rglob("*.toml"))
    assert any(p.suffix == ".toml" for p in wanted) and any(p.suffix == ".tmx" for p in wanted)
    for path in wanted:
        rel = path.relative_to(ROOT)
        assert rel.as_posix() in bundled, f"{rel} is not bundled"
        assert bundled[rel.as_posix()] == rel.parent.as_posix(), f"{rel} lands elsewhere"


def test_spec_collects_by_layout_not_by_a_fixed_list(monkeypatch, tmp_path):
    """Files added later (a ruleset's data, a rules reference) are picked up where they belong."""
    files = {
        "assets/fonts/a.ttf": "assets/fonts", "maps/hex/m.tmx": "maps/hex",
        "docs/rulesets/newrules.md": "docs/rulesets", "docs/HELPERS_BRIEF.md": None,
        "docs/architecture.md": None,
        "game/rulesets/newrules/data/units.toml": "game/rulesets/newrules/data",
        "game/rulesets/newrules/data/art/p.png": "game/rulesets/newrules/data/art",
        "game/rulesets/newrules/__init__.py": None, "game/rulesets/newrules/__pycache__/x.pyc": None,
        "game/extra.toml": "game", "tests/test_x.py": None, "benchmarks/b.py": None,
    }
    for rel in files:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x")
    (tmp_path / "game" / "__init__.py").write_text("")
    built = run_spec(monkeypatch, root=tmp_path)
    assert _bundled(built, tmp_path) == {rel: dest for rel, dest in files.items() if dest}
    assert "game.rulesets.newrules" in built["Analysis"].kwargs["hiddenimports"]


def test_spec_bundles_no_code_tests_or_project_notes(monkeypatch):
    for rel in _bundled(run_spec(monkeypatch)):
        assert not rel.endswith((".py", ".pyc")), rel
        assert rel.split("/")[0] in ("assets", "maps", "docs", "game"), rel
        assert not rel.startswith("docs/") or rel.startswith("docs/rulesets/"), rel


def test_ruleset_data_folders_match_the_bundle_layout(monkeypatch):
    """Rulesets read `Path(__file__).parent / "data"`: frozen, that is _MEIPASS/game/rulesets/<id>/data."""
    bundled = set(_bundled(run_spec(monkeypatch)).values())
    for rid in registry.available():
        package = Path(importlib.import_module(f"game.rulesets.{rid}").__file__).parent
        data = package / "data"
        if data.is_dir():
            assert data.relative_to(ROOT).as_posix() in bundled, rid
        # The rules reference is looked up relative to the code too, and bundled at docs/rulesets.
        doc = registry.get(rid).rules_doc().resolve()
        assert doc.relative_to(ROOT).parent.as_posix() == "docs/rulesets", doc


def test_spec_imports_every_game_module_and_excludes_tools(monkeypatch):
    analysis = run_spec(monkeypatch)["Analysis"]
    hidden = set(analysis.kwargs["hiddenimports"])
    # Rulesets are imported by name at run time, so static analysis alone would miss them.
    for rid in registry.RULESET_IDS:
        if (ROOT / "game" / "rulesets" / rid / "__init__.py").is_file():
            assert f"game.rulesets.{rid}" in hidden, rid
    assert {"game.cli", "game.ui.app", "game.core.ruleset"} <= hidden
    assert not any(name.endswith("__main__") for name in hidden)
    excludes = set(analysis.kwargs["excludes"])
    assert {"pytest", "_pytest", "hypothesis", "PyInstaller", "setuptools", "pip", "numpy",
            "tkinter"} <= excludes
    assert not excludes & {"pygame", "pygame_gui", "pytmx", "esper", "platformdirs", "game"}
    assert analysis.args[0] == [str(PACKAGING / "skirmish_entry.py")]


def test_spec_names_the_libraries_imported_lazily_or_by_name(monkeypatch):
    analysis = run_spec(monkeypatch)["Analysis"]
    libraries = {"msgspec", "tqdm", "markdown"}
    assert libraries <= set(analysis.kwargs["hiddenimports"])
    excludes = set(analysis.kwargs["excludes"])
    assert not libraries & excludes
    # tqdm's notebook front-end drags IPython and jedi (tens of MB) into the bundle
    assert {"tqdm.notebook", "IPython", "jedi"} <= excludes


def test_markdown_extensions_and_entry_points_are_collected_by_a_hook():
    """Naming markdown is enough only while PyInstaller's hook for it collects the extensions
    (imported by name) and Markdown's metadata (short names resolve through entry points)."""
    # found, not imported: importing it raises the process's recursion limit to 5000
    spec = importlib.util.find_spec("_pyinstaller_hooks_contrib")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("pyinstaller-hooks-contrib is not installed")
    hooks = sorted(p for d in spec.submodule_search_locations for p in Path(d).rglob("hook-markdown.py"))
    assert hooks, "no PyInstaller hook for markdown: collect markdown.extensions in build.spec"
    text = hooks[0].read_text(encoding="utf-8")
    assert "collect_submodules('markdown.extensions')" in text.replace('"', "'")
    assert "copy_metadata" in text


def test_spec_drops_unused_pygame_gui_fonts_only(monkeypatch):
    names = {Path(dest).name for dest, _, _ in run_spec(monkeypatch)["Analysis"].datas}
    assert not names & set(GUI_UNUSED)
    assert set(GUI_KEPT) <= names


@pytest.mark.parametrize(("platform", "icon", "bundle"), [
    ("linux", None, False), ("win32", "icon.ico", False), ("darwin", "icon.icns", True),
])
def test_spec_per_os(monkeypatch, platform, icon, bundle):
    built = run_spec(monkeypatch, platform)
    exe = built["EXE"].kwargs
    assert exe["name"] == "skirmish" and exe["console"] is True
    assert exe["exclude_binaries"] is True  # one folder, not one file
    assert built["COLLECT"].kwargs["name"] == "skirmish"
    if icon is None:
        assert exe["icon"] is None
    else:
        assert Path(exe["icon"]) == PACKAGING / icon and Path(exe["icon"]).is_file()
    assert ("BUNDLE" in built) is bundle
    assert exe["strip"] is (platform == "linux")


def test_ico_holds_png_images_up_to_256():
    data = (PACKAGING / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = set()
    for i in range(count):
        w, h, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert w == h
        sizes.add(w or 256)
        assert data[offset:offset + 8] == PNG_MAGIC and offset + length <= len(data)
    assert {16, 32, 48, 256} <= sizes


def test_icns_chunks_cover_the_file():
    data = (PACKAGING / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    kinds, pos = set(), 8
    while pos < len(data):
        kind, length = data[pos:pos + 4].decode("ascii"), struct.unpack_from(">I", data, pos + 4)[0]
        assert data[pos + 8:pos + 16] == PNG_MAGIC and length > 8
        kinds.add(kind)
        pos += length
    assert pos == len(data)
    assert {"ic07", "ic08", "ic09", "ic10"} <= kinds


@pytest.fixture
def frozen(tmp_path):
    """game.paths as a frozen app sees it, with the bundle in a temporary folder."""
    bundle = tmp_path / "bundle"
    (bundle / "maps" / "square").mkdir(parents=True)
    (bundle / "maps" / "square" / "only_in_bundle.tmx").write_text("<map/>")
    sys._MEIPASS = str(bundle)  # type: ignore[attr-defined]
    try:
        yield importlib.reload(game.paths), bundle
    finally:
        del sys._MEIPASS  # type: ignore[attr-defined]
        importlib.reload(game.paths)


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """Run from a folder holding decoy assets/ maps/ docs/ folders; user data under tmp."""
    cwd = tmp_path / "cwd"
    for sub in ("assets", "maps/square", "docs/rulesets"):
        (cwd / sub).mkdir(parents=True)
    (cwd / "maps" / "square" / "decoy.tmx").write_text("<map/>")
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return cwd


def test_frozen_app_reads_data_from_the_bundle(frozen, elsewhere):
    paths, bundle = frozen
    assert paths.ROOT == bundle
    assert (paths.ASSETS_DIR, paths.MAPS_DIR, paths.DOCS_DIR) == (
        bundle / "assets", bundle / "maps", bundle / "docs")
    assert [p.name for p in paths.maps_for("square")] == ["only_in_bundle.tmx"]


def test_source_tree_never_reads_data_from_the_working_directory(elsewhere):
    paths = importlib.reload(game.paths)
    assert paths.ROOT == ROOT and paths.ASSETS_DIR.is_absolute()
    assert (paths.ASSETS_DIR / "fonts").is_dir()
    assert "decoy.tmx" not in [p.name for p in paths.maps_for("square")]


def test_user_data_lives_outside_the_bundle_and_is_created(frozen, elsewhere, tmp_path):
    paths, bundle = frozen
    saves = paths.user_dir("saves")
    assert saves.is_dir()
    assert not saves.is_relative_to(bundle) and not saves.is_relative_to(elsewhere)
    assert not saves.is_relative_to(ROOT)
    if sys.platform.startswith("linux"):
        assert saves == tmp_path / "xdg" / "skirmish-table" / "saves"


def test_entry_script_runs_the_cli_from_any_folder(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(PACKAGING / "skirmish_entry.py"), "--version"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"skirmish-table {__version__}"
    text = (PACKAGING / "skirmish_entry.py").read_text(encoding="utf-8")
    assert "freeze_support()" in text  # ladder --jobs workers in a frozen app on Windows/macOS
