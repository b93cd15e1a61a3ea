"""Conventions as code (#18): the action kinds, event kinds, decision-context keys, unit-view keys and
hand-view keys the generic layers rely on are named once (game/core/kinds.py) and never spelled as
bare strings elsewhere in core, ai, ui or report; each ruleset names its action kinds, event kinds
and move kinds once (its kinds.py)."""

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
#: hand_view keys ("name", "text", "kind"...) share their spelling with every other dict: they are
#: policed where hand entries are built and read (test_hand_entries_use_the_named_keys), not everywhere
HAND_KEYS = {v for k, v in vars(kinds).items() if k.startswith("HAND_") and isinstance(v, str)}
#: damage-data keys ("target", "action"...) share their spelling with an input's action: policed in
#: the rulesets' damage events and where the report reads them (tests/test_report_data.py)
NAMED = ({v for k, v in vars(kinds).items()
          if k.isupper() and isinstance(v, str) and not k.startswith(("HAND_", "DATA_"))} - SHARED_SPELLINGS)


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


# -- event kinds --------------------------------------------------------------------------------
def _event_kinds_spelled(path: Path) -> list[tuple[int, str]]:
    """Where an event's kind is given as anything but a name: `emit(kind, text, ...)` (two or more
    positional arguments: the match log's emit, not a markup writer's) and `Event(kind, ...)`.

    In a ruleset the kind must be its `Ev.NAME` (or a core EVENT_ name); elsewhere it must not be a
    string literal."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_ruleset = "rulesets" in path.parts
    bad: list[tuple[int, str]] = []
    for n in ast.walk(tree):
        name = getattr(n.func, "attr", getattr(n.func, "id", "")) if isinstance(n, ast.Call) else ""
        if isinstance(n, ast.Call) and (name == "emit" and len(n.args) >= 2
                                        or name == "Event" and (n.args or n.keywords)):
            first = n.args[0] if n.args else next((k.value for k in n.keywords if k.arg == "kind"), None)
            if first is None:
                continue
            if isinstance(first, ast.Constant):
                bad.append((n.lineno, repr(first.value)))
            elif in_ruleset and not (
                    isinstance(first, ast.Attribute) and getattr(first.value, "id", "") == "Ev"
                    or isinstance(first, ast.Name) and first.id.startswith("EVENT_")):
                bad.append((n.lineno, ast.unparse(first)))
        if isinstance(n, ast.Compare) and not in_ruleset:
            # `ev.kind == "x"` in the generic layers: an event kind read by its spelling
            sides = [n.left, *n.comparators]
            reads_kind = any(isinstance(s, ast.Attribute) and s.attr == "kind"
                             and getattr(s.value, "id", "") in ("ev", "event") for s in sides)
            if reads_kind and isinstance(n.ops[0], (ast.Eq, ast.NotEq)):
                bad += [(n.lineno, repr(s.value)) for s in sides if isinstance(s, ast.Constant)]
    return bad


def test_the_event_scanner_finds_a_spelled_event_kind(tmp_path: Path) -> None:
    rules = tmp_path / "game" / "rulesets" / "x"
    rules.mkdir(parents=True)
    probe = rules / "probe.py"
    probe.write_text('match.emit("spot", "found")\nmatch.emit(Ev.SPOT, "ok")\nmatch.emit(kind, "no")\n'
                     'w.emit(f"<b>")\nEvent("x", "t")\nmatch.emit(EVENT_MATCH_OVER, "over")\n',
                     encoding="utf-8")
    assert _event_kinds_spelled(probe) == [(1, "'spot'"), (3, "kind"), (5, "'x'")]
    generic = tmp_path / "scene.py"
    generic.write_text('if ev.kind == "end":\n    pass\nlog.emit(KIND, "t")\n', encoding="utf-8")
    assert _event_kinds_spelled(generic) == [(1, "'end'")]


ALL_FILES = sorted((ROOT / "game").rglob("*.py"))


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_event_kind_is_spelled_outside_its_kinds_module(path: Path) -> None:
    bad = _event_kinds_spelled(path)
    assert not bad, (f"{path.relative_to(ROOT)}: name event kinds in the ruleset's kinds.py (Ev) or "
                     f"game/core/kinds.py (EVENT_*): {bad}")


@pytest.mark.parametrize("rid", RULESETS)
def test_a_rulesets_event_kinds_are_distinct_names(rid: str) -> None:
    import importlib

    ev = importlib.import_module(f"game.rulesets.{rid}.kinds").Ev
    names = {k: v for k, v in vars(ev).items() if k.isupper()}
    assert names and all(isinstance(v, str) and v for v in names.values())
    assert len(set(names.values())) == len(names), f"{rid}: two event names share a kind"
    assert all(k == v.upper() for k, v in names.items()), f"{rid}: an event name does not read as its kind"


# -- hand_view keys -------------------------------------------------------------------------------
#: the names code gives a hand entry it reads (`for e in self.hand`, `entry = self._hand_card_at(...)`)
ENTRY_VARS = {"e", "entry", "entries"}


def _entry(node: ast.expr) -> bool:
    """`e`, `entry` or `entries[0]`: a hand entry being read."""
    if isinstance(node, ast.Subscript):
        node = node.value
    return isinstance(node, ast.Name) and node.id in ENTRY_VARS


def _hand_key_literals(path: Path) -> list[tuple[int, str]]:
    """Hand-view keys spelled as literals where hand entries are built or read: in functions whose
    name or body speaks of a hand (`hand_view`, `self.hand`, `hand_hits`...), a dict literal's key
    (functions named for a hand, not a decision's `context=`) or a hand entry's subscript or `.get`."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    text = source.splitlines()
    found: list[tuple[int, str]] = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = "\n".join(text[fn.lineno - 1:fn.end_lineno])
        if "hand" not in fn.name and "self.hand" not in body and "hand_view" not in body:
            continue
        contexts = {id(k.value) for n in ast.walk(fn) if isinstance(n, ast.Call)
                    for k in n.keywords if k.arg == "context"}
        for n in ast.walk(fn):
            keys: list[ast.expr | None] = []
            if isinstance(n, ast.Dict) and "hand" in fn.name and id(n) not in contexts:
                keys = list(n.keys)
            elif isinstance(n, ast.Subscript) and _entry(n.value):
                keys = [n.slice]
            elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get"
                  and n.args and _entry(n.func.value)):
                keys = [n.args[0]]
            found += [(k.lineno, k.value) for k in keys
                      if isinstance(k, ast.Constant) and k.value in HAND_KEYS]
    return sorted(set(found))


def test_the_hand_scanner_finds_a_spelled_key(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text('def hand_view(m):\n    return [{"name": 1, HAND_COST: 2}]\n'
                     'def strip(self):\n    return [e.get("why") for e in self.hand if b.get("value")]\n'
                     'def other(d):\n    return d.get("name")\n'
                     'def ask_hand(e):\n    return Decision(context={"unit": e}), f"{e.get(\'name\', 1)}"\n',
                     encoding="utf-8")
    assert _hand_key_literals(probe) == [(2, "name"), (4, "why"), (8, "name")]


HAND_FILES = [p for d in (*GENERIC, "game/rulesets") for p in sorted((ROOT / d).rglob("*.py"))
              if p.name != "kinds.py"]


@pytest.mark.parametrize("path", HAND_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_hand_entries_use_the_named_keys(path: Path) -> None:
    bad = _hand_key_literals(path)
    assert not bad, f"{path.relative_to(ROOT)}: use the HAND_* names of game/core/kinds.py for {bad}"


# -- move kinds -----------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", RULESETS)
def test_a_ruleset_declares_its_move_kinds_among_its_action_kinds(rid: str) -> None:
    import importlib

    from game.core import ruleset as registry

    mod = importlib.import_module(f"game.rulesets.{rid}.kinds")
    declared = {v for k, v in vars(mod.Kind).items() if k.isupper()}
    assert mod.MOVE_KINDS and mod.MOVE_KINDS <= declared
    assert registry.get(rid).move_kinds == mod.MOVE_KINDS


def test_the_ui_asks_the_ruleset_which_kinds_are_moves() -> None:
    from game.core.action import Action
    from game.core.ruleset import Ruleset
    from game.ui.battle.model import is_move

    class Leaping:
        move_kinds = frozenset({"leap"})

    leap = Action("leap", 1, cell=(2, 3))
    assert is_move(leap, Leaping())  # type: ignore[arg-type]
    assert not is_move(leap)  # the core default knows only the plain move
    assert is_move(Action(kinds.MOVE, 1, cell=(2, 3)))
    assert Ruleset.move_kinds == kinds.MOVE_KINDS
    source = (ROOT / "game/ui/battle/model.py").read_text(encoding="utf-8")
    assert "MOVE_KINDS = " not in source  # no list of guessed kinds of its own


# -- the documented interface ------------------------------------------------------------------------
def test_the_architecture_table_names_every_ruleset_member() -> None:
    import re

    from game.core.ruleset import Ruleset

    doc = (ROOT / "docs/architecture.md").read_text(encoding="utf-8")
    table = doc[doc.index("| member | purpose |"):doc.index("**Named kinds and keys**")]
    named = set(re.findall(r"`(\w+)[(`]", table))
    # the interface spans Ruleset and the classes of core it inherits (the AI hooks: core.aihooks)
    members = [n for cls in Ruleset.__mro__ if cls.__module__.startswith("game.core.")
               for n in vars(cls) if not n.startswith("_")] + ["id", "name", "board_kind"]
    missing = [m for m in members if m not in named]
    assert not missing, f"docs/architecture.md's ruleset interface table lacks {missing}"
