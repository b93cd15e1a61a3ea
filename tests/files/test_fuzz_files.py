"""A hypothesis fuzzer: valid replays, saves and settings mutated (types, numbers, nesting,
deletions, truncation, raw bytes) must load or be refused with one line naming the file.

Each example has a hypothesis deadline as its time limit (a hang guard, generous for a loaded
machine); the example counts are modest so the suite stays fast.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from broken_files import VALID_SETTINGS, dumps, one_line
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.errors import UserError

#: SKIRMISH_FUZZ_EXAMPLES=N runs N random (not derandomized) examples per file kind: a long hunt
_HUNT = int(os.environ.get("SKIRMISH_FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=_HUNT or 100, deadline=10_000, derandomize=not _HUNT, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])


def paths_of(data: Any, limit: int = 4000) -> list[tuple[Any, ...]]:
    """Every path into the JSON data (breadth first, at most `limit`)."""
    out: list[tuple[Any, ...]] = []
    queue: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while queue and len(out) < limit:
        node, path = queue.pop(0)
        if path:
            out.append(path)
        if isinstance(node, dict):
            queue.extend((v, (*path, k)) for k, v in node.items())
        elif isinstance(node, list):
            queue.extend((v, (*path, i)) for i, v in enumerate(node))
    return out


RAW_NUMBERS = ["1e400", "-1e400", "9" * 5000, "-" + "9" * 400, str(2**64), str(2**100), "1e-400",
               "0.5", "-0", "1E+2", "100000000"]

json_leaves = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, -1, 1, 2**31, 2**63 - 1, 2**64 - 1, 10**8, 10**6]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(["p1", "p2", "p3", "action", "answer", "Health", "human", "ai:godlike", ""]),
)
json_values = st.recursive(json_leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


KINDS = ("replace", "delete", "raw number", "nest", "truncate", "bytes", "two edits")


@st.composite
def mutated(draw: st.DrawFn, valid: dict[str, Any], paths: list[tuple[Any, ...]],
            kinds: tuple[str, ...] = KINDS) -> bytes:
    """A valid file changed in one of several ways."""
    data = copy.deepcopy(valid)
    kind = draw(st.sampled_from(kinds))
    if kind in ("replace", "two edits"):
        for _ in range(2 if kind == "two edits" else 1):
            path = draw(st.sampled_from(paths))
            try:
                _set(data, path, draw(json_values))
            except (KeyError, IndexError, TypeError):
                pass  # the path vanished with the first edit
        return dumps(data)
    if kind == "delete":
        path = draw(st.sampled_from(paths))
        parent = _get(data, path[:-1])
        del parent[path[-1]]
        return dumps(data)
    if kind in ("raw number", "nest"):
        path = draw(st.sampled_from(paths))
        if kind == "raw number":
            raw = draw(st.sampled_from(RAW_NUMBERS))
        else:
            depth = draw(st.integers(40, 3000))
            raw = "[" * depth + "]" * depth
        _set(data, path, "@@RAW@@")
        return dumps(data).replace(b'"@@RAW@@"', raw.encode(), 1)
    text = dumps(data)
    if kind == "truncate":
        return text[: draw(st.integers(0, len(text) - 1))]
    at = draw(st.integers(0, len(text)))
    return text[:at] + draw(st.binary(min_size=1, max_size=8)) + text[at:]


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


COUNTS: dict[str, int] = {"replay": 0, "save": 0, "settings": 0}


@pytest.fixture(scope="module")
def tmp_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def test_fuzzed_replays_run_or_are_refused_in_one_line(_valid_replay, tmp_dir):
    from game.sim import run_replay

    paths = paths_of(_valid_replay)

    @FUZZ
    @given(content=mutated(_valid_replay, paths))
    def check(content: bytes) -> None:
        COUNTS["replay"] += 1
        path = tmp_dir / "fuzzed-replay.json"
        path.write_bytes(content)
        try:
            match, _ = run_replay(path)
        except UserError as exc:
            one_line(exc.line(), str(path))
            return
        assert match.over  # a replay that runs, runs to its end with no input left over
        match.close()

    check()
    print(f"fuzzed {COUNTS['replay']} replay files")
    assert COUNTS["replay"] >= 20


@pytest.mark.parametrize("ruleset", ["voidmarked", "casket"])
def test_fuzzed_saves_load_or_are_refused_in_one_line(ruleset, _valid_save, _valid_casket_save, tmp_dir):
    from game.ui.saves import SaveError, load_game

    valid = _valid_save if ruleset == "voidmarked" else _valid_casket_save
    paths = paths_of(valid)
    before = COUNTS["save"]

    @FUZZ
    @given(content=mutated(valid, paths))
    def check(content: bytes) -> None:
        COUNTS["save"] += 1
        path = tmp_dir / "fuzzed-save.json"
        path.write_bytes(content)
        try:
            session = load_game(path)
        except SaveError as exc:
            one_line(str(exc), "fuzzed-save.json")
            return
        # it loaded: then it is a state the rules reach, and the screen's queries work on it
        assert session.match.ruleset.invariants(session.match) == []
        session.match.legal() if not session.over else None
        session.match.close()

    check()
    print(f"fuzzed {COUNTS['save'] - before} {ruleset} save files")
    assert COUNTS["save"] - before >= 20


def test_fuzzed_settings_give_usable_settings(tmp_dir, capsys):
    from game.ui.settings import ANIM_SPEEDS, PALETTES, UI_SCALES, load_settings, settings_notice

    paths = paths_of(VALID_SETTINGS)

    @FUZZ
    @given(content=mutated(VALID_SETTINGS, paths))
    def check(content: bytes) -> None:
        COUNTS["settings"] += 1
        path = tmp_dir / "settings.json"
        for old in tmp_dir.glob("settings*.json"):
            old.unlink()
        path.write_bytes(content)
        got = load_settings(path)
        assert got.ui_scale in UI_SCALES and got.anim_speed in ANIM_SPEEDS and got.palette in PALETTES
        assert 0.0 <= got.volume <= 1.0
        assert all(isinstance(v, bool) for v in (got.muted, got.fullscreen, got.ai_reasoning))
        if settings_notice():
            one_line(settings_notice(), "settings.json")
        capsys.readouterr()

    check()
    print(f"fuzzed {COUNTS['settings']} settings files")
    assert COUNTS["settings"] >= 20


@pytest.mark.parametrize("kind", KINDS)
def test_each_mutation_breaks_the_file_its_way(kind):
    """The fuzzer itself: each kind of mutation does what it says to a small valid file."""
    valid = {"a": 1, "b": [1, 2, {"c": "x"}]}
    seen: list[bytes] = []

    @settings(max_examples=15, derandomize=True, database=None)
    @given(content=mutated(valid, paths_of(valid), (kind,)))
    def collect(content: bytes) -> None:
        seen.append(content)

    collect()
    assert seen

    def parses(c: bytes) -> bool:
        try:
            json.loads(c)
        except ValueError:
            return False
        return True

    if kind == "nest":
        assert all(c.count(b"[") >= 40 for c in seen)
    elif kind == "raw number":
        assert any(not parses(c) or b"e" in c.lower() or len(c) > 60 for c in seen)
    elif kind == "truncate":
        assert not any(parses(c) for c in seen)
    elif kind == "delete":
        assert all(parses(c) and len(c) < len(dumps(valid)) for c in seen)
    elif kind in ("replace", "two edits"):
        assert any(c != dumps(valid) for c in seen)
