"""Conventions as code (#18): the action kinds, decision-context keys and unit-view keys the generic
layers rely on are named once (game/core/kinds.py) and never spelled as bare strings elsewhere in
core, ai, ui or report; each finished ruleset names its action kinds once (its actions.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.core import kinds

ROOT = Path(__file__).resolve().parents[1]
GENERIC = ("game/core", "game/ai", "game/ui", "game/report")
#: names whose spelling is shared with other schemas (hand entries' "unit", a chance piece's "die",
#: the Health component's "health" text): named in kinds.py, but not policed as bare strings
SHARED_SPELLINGS = {"unit", "die", "health"}
NAMED = {v for k, v in vars(kinds).items() if k.isupper() and isinstance(v, str)} - SHARED_SPELLINGS


def _bare_strings(path: Path) -> list[tuple[int, str]]:
    """String literals in code: not docstrings, text inside f-strings or `__all__` names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
            skip.update(id(v) for v in ast.walk(node.value))  # exported names, not kinds or keys
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip]


def _generic_files() -> list[Path]:
    out = [p for d in GENERIC for p in sorted((ROOT / d).rglob("*.py"))]
    return [p for p in out if p != ROOT / "game/core/kinds.py"]


def test_the_named_set_is_not_empty_and_covers_the_end_and_move_kinds() -> None:
    assert {kinds.END, kinds.MOVE, kinds.CTX_CARDS, kinds.CTX_ODDS, kinds.VIEW_HP} <= NAMED


def test_the_scanner_finds_a_bare_kind() -> None:
    probe = ROOT / "tests" / "_conventions_probe.py"
    probe.write_text('"""doc "end"."""\nX = f"end {1}"\nif a.kind == "end":\n    pass\n', encoding="utf-8")
    try:
        assert _bare_strings(probe) == [(3, "end")]
    finally:
        probe.unlink()


@pytest.mark.parametrize("path", _generic_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_layers_spell_no_named_kind_or_key(path: Path) -> None:
    bad = [(line, s) for line, s in _bare_strings(path) if s in NAMED]
    assert not bad, f"{path.relative_to(ROOT)}: use the names in game/core/kinds.py for {bad}"
