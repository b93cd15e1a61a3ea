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


def test_the_scanner_finds_a_bare_kind(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text('"""doc "end"."""\nX = f"end {1}"\nif a.kind == "end":\n    pass\n', encoding="utf-8")
    assert _bare_strings(probe) == [(3, "end")]


@pytest.mark.parametrize("path", _generic_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_layers_spell_no_named_kind_or_key(path: Path) -> None:
    bad = [(line, s) for line, s in _bare_strings(path) if s in NAMED]
    assert not bad, f"{path.relative_to(ROOT)}: use the names in game/core/kinds.py for {bad}"


ACTION_VARS = {"action", "a", "act"}
RULESETS = sorted(p.parent.name for p in (ROOT / "game/rulesets").glob("*/kinds.py"))


def _is_action_kind(e: ast.expr) -> bool:
    """`kind` or `action.kind` (`a.kind`, `act.kind`), not a card effect's or an event's kind."""
    if isinstance(e, ast.Name):
        return e.id == "kind"
    return isinstance(e, ast.Attribute) and e.attr == "kind" and getattr(e.value, "id", "") in ACTION_VARS


def _spelled_kinds(path: Path, names: set[str]) -> list[tuple[int, str]]:
    """Action kinds spelled as literals where an action kind is meant: `Action("x", ...)`,
    `kind == "x"` / `action.kind in ("x", ...)`, and an `undoable` set."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[ast.Constant] = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and getattr(n.func, "id", getattr(n.func, "attr", "")) == "Action":
            first = n.args[0] if n.args else next((k.value for k in n.keywords if k.arg == "kind"), None)
            found += [first] if isinstance(first, ast.Constant) else []
        if isinstance(n, ast.Compare) and _is_action_kind(n.left):
            for comp in n.comparators:
                found += [c for c in ast.walk(comp) if isinstance(c, ast.Constant)]
        if isinstance(n, ast.AnnAssign) and getattr(n.target, "id", "") in ("undoable", "turn_ending"):
            found += [c for c in ast.walk(n.value or ast.Constant(None)) if isinstance(c, ast.Constant)]
    return [(c.lineno, c.value) for c in found if isinstance(c.value, str) and c.value in names]


def test_the_ruleset_scanner_finds_a_spelled_kind(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    text = ('Action("end", 1)\nif action.kind in ("dash", "x"):\n    emit("end")\n'
            'if eff.kind == "dash":\n    pass\n')
    probe.write_text(text, encoding="utf-8")
    assert _spelled_kinds(probe, {"end", "dash"}) == [(1, "end"), (2, "dash")]


@pytest.mark.parametrize("rid", RULESETS)
def test_a_ruleset_spells_its_action_kinds_only_in_its_kinds_module(rid: str) -> None:
    import importlib

    mod = importlib.import_module(f"game.rulesets.{rid}.kinds")
    names = {v for k, v in vars(mod.Kind).items() if k.isupper()}
    assert kinds.END in names  # every ruleset offers the generic end of turn
    bad = [(str(p.relative_to(ROOT)), line, s) for p in sorted((ROOT / "game/rulesets" / rid).rglob("*.py"))
           if p.name != "kinds.py" for line, s in _spelled_kinds(p, names)]
    assert not bad, f"use {rid}.kinds.Kind for {bad}"
