"""Nothing below game.ui imports pygame; headless commands run with pygame unimportable."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_no_pygame_below_ui():
    offenders = [
        str(p.relative_to(GAME)) for p in GAME.rglob("*.py")
        if "ui" not in p.relative_to(GAME).parts[:1]
        and {"pygame", "pygame_gui"} & _imports(p)
    ]
    assert offenders == []


def test_no_random_module_anywhere():
    offenders = [str(p.relative_to(GAME)) for p in GAME.rglob("*.py") if "random" in _imports(p)]
    assert offenders == []


def test_core_does_not_import_rulesets_ai_or_ui_at_module_level():
    for p in (GAME / "core").rglob("*.py"):
        tree = ast.parse(p.read_text())
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith(("game.rulesets", "game.ai", "game.ui")), p


def test_headless_simulate_without_pygame(tmp_path):
    blocker = tmp_path / "pygame.py"
    blocker.write_text("raise ImportError('pygame is blocked in this test')\n")
    (tmp_path / "pygame_gui.py").write_text("raise ImportError('blocked')\n")
    code = (f"import sys; sys.path.insert(0, {str(tmp_path)!r}); from game.cli import main; "
            "raise SystemExit(main(['simulate', '--ruleset', 'voidmarked', "
            "'--games', '1', '--seed', '3', '--json']))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=GAME.parent, timeout=300)
    assert res.returncode == 0, res.stderr
    assert '"games": 1' in res.stdout


def _modules(path: Path) -> set[str]:
    """Every module a file imports, at any depth (function-level imports included)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_only_the_command_line_reaches_up_into_ui():
    # the report, the ladder and the rulesets run headless: a name they print must not need the UI
    offenders = [
        str(p.relative_to(GAME)) for p in GAME.rglob("*.py")
        if p.relative_to(GAME).parts[0] not in ("ui", "cli.py")
        and any(m == "game.ui" or m.startswith("game.ui.") for m in _modules(p))
    ]
    assert offenders == []
