"""Decision kinds are named once (each ruleset's kinds.py, class `Ask`) and never spelled as bare
strings: not where a `Decision` is raised, not where a controller or the UI reads `decision.kind`,
and not where the UI registers a prompt part, hotkeys or short labels for a kind. Their values are
stored in saves, replays and logs, so a rename must be one edit that keeps the value."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME_FILES = sorted((ROOT / "game").rglob("*.py"))
RULESETS = sorted(p.parent.name for p in (ROOT / "game/rulesets").glob("*/kinds.py"))
#: the names code gives a decision whose kind it reads (`decision.kind`, `d.kind`...)
DECISION_VARS = {"decision", "d", "dec", "pending", "question"}
#: the UI's registries keyed by decision kind (game/ui/battle/prompt_parts.py)
REGISTRIES = {"register_kind", "register_hotkeys", "register_short_labels"}


def _kind_arg(call: ast.Call) -> ast.expr | None:
    """A `Decision(...)` call's kind: its second positional argument or `kind=`."""
    if len(call.args) >= 2:
        return call.args[1]
    return next((k.value for k in call.keywords if k.arg == "kind"), None)


def _callee(call: ast.Call) -> str:
    return getattr(call.func, "id", getattr(call.func, "attr", ""))


def _is_literal(e: ast.expr) -> bool:
    return isinstance(e, ast.JoinedStr) or isinstance(e, ast.Constant) and isinstance(e.value, str)


def _is_ask(e: ast.expr) -> bool:
    """`Ask.NAME`."""
    return isinstance(e, ast.Attribute) and getattr(e.value, "id", "") == "Ask"


def _is_decision_kind(e: ast.expr) -> bool:
    return isinstance(e, ast.Attribute) and e.attr == "kind" and getattr(e.value, "id", "") in DECISION_VARS


def _spelled_decision_kinds(path: Path) -> list[tuple[int, str]]:
    """Decision kinds given as string literals: `Decision(side, "x", ...)` / `Decision(kind="x")`,
    `decision.kind == "x"` / `d.kind in ("x", ...)`, and `register_kind("x", ...)`. In a ruleset a
    raised Decision's kind must moreover be its `Ask.NAME`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_ruleset = any(path.parts[i:i + 2] == ("game", "rulesets") for i in range(len(path.parts)))
    bad: list[tuple[int, str]] = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and _callee(n) == "Decision":
            kind = _kind_arg(n)
            if kind is None:
                continue
            if _is_literal(kind):
                bad.append((n.lineno, ast.unparse(kind)))
            elif in_ruleset and not _is_ask(kind):
                bad.append((n.lineno, ast.unparse(kind)))
        if isinstance(n, ast.Call) and _callee(n) in REGISTRIES and n.args and _is_literal(n.args[0]):
            bad.append((n.lineno, ast.unparse(n.args[0])))
        if isinstance(n, ast.Compare) and any(_is_decision_kind(s) for s in (n.left, *n.comparators)):
            bad += [(c.lineno, repr(c.value)) for s in (n.left, *n.comparators) for c in ast.walk(s)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    return sorted(bad)


def test_the_decision_scanner_finds_a_spelled_kind(tmp_path: Path) -> None:
    rules = tmp_path / "game" / "rulesets" / "x"
    rules.mkdir(parents=True)
    probe = rules / "probe.py"
    probe.write_text(
        'yield Decision(side, "face", "Which way?", opts)\n'
        'yield Decision(side, Ask.FACE, "Which way?", opts)\n'
        'return Decision(side=s, kind="ally", prompt="p", options=())\n'
        'if decision.kind in ("aoo", Ask.MODE):\n    pass\n'
        'if d.kind == Ask.AOO and eff.kind == "heat":\n    pass\n'
        'register_kind("leave", (KEY,))\n'
        'yield Decision(side, kind, "p", opts)\n',
        encoding="utf-8")
    assert _spelled_decision_kinds(probe) == [(1, "'face'"), (3, "'ally'"), (4, "'aoo'"), (8, "'leave'"),
                                              (9, "kind")]
    generic = tmp_path / "prompt.py"
    generic.write_text('Decision(side, kind, "p", opts)\nDecision(side, f"{k}", "p", opts)\n',
                       encoding="utf-8")
    assert _spelled_decision_kinds(generic) == [(2, "f'{k}'")]


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_decision_kind_is_spelled_outside_its_kinds_module(path: Path) -> None:
    bad = _spelled_decision_kinds(path)
    assert not bad, (f"{path.relative_to(ROOT)}: name decision kinds in the ruleset's kinds.py "
                     f"(Ask.NAME): {bad}")


def _asks(rid: str) -> dict[str, object]:
    ask = getattr(importlib.import_module(f"game.rulesets.{rid}.kinds"), "Ask", None)
    assert ask is not None, f"game/rulesets/{rid}/kinds.py has no Ask class"
    return {k: v for k, v in vars(ask).items() if k.isupper()}


@pytest.mark.parametrize("rid", RULESETS)
def test_a_rulesets_decision_kinds_are_distinct_names(rid: str) -> None:
    names = _asks(rid)
    assert names and all(isinstance(v, str) and v for v in names.values())
    assert len(set(names.values())) == len(names), f"{rid}: two decision names share a kind"
    assert all(k == str(v).upper() for k, v in names.items()), f"{rid}: an Ask name does not read as its kind"


@pytest.mark.parametrize("rid", RULESETS)
def test_a_ruleset_raises_exactly_the_decision_kinds_it_names(rid: str) -> None:
    raised = set()
    for path in sorted((ROOT / "game/rulesets" / rid).rglob("*.py")):
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Call) and _callee(n) == "Decision":
                kind = _kind_arg(n)
                if kind is not None and _is_ask(kind):
                    raised.add(kind.attr)  # type: ignore[attr-defined]
    assert raised == set(_asks(rid)), f"{rid}: Ask names {sorted(set(_asks(rid)) - raised)} are never raised"
