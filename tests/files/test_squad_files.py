"""Hostile squad files go through the bounded reading layer (game.core.tomlfile): one line naming
the file, within seconds and bounded memory, from read_squad, the command line and the launcher's
listing of saved squads; TOML parse-time shapes are refused before tomllib sees them."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.core.tomlfile import MAX_KEY_PARTS, TOML_LIMIT, parse_toml
from game.errors import UserError
from game.rulesets.tokens.squadbuild import SquadBuilder, read_squad, saved_squads, squad_text

GOOD = squad_text(SquadBuilder.from_squad("wardens").to_file())
DOTTED = ".".join(["a"] * 20_000) + " = 1\n"  # 40 KB: over 20 s in tomllib


def hostile_texts() -> list[tuple[str, bytes, str]]:
    """(case, file bytes, what the one line says)."""
    return [
        ("nested arrays", b"x = " + b"[" * 5_000 + b"]" * 5_000, "nested 5000 levels deep"),
        ("nested inline tables", b"x = " + b"{a = " * 3_000 + b"1" + b"}" * 3_000, "levels deep"),
        ("dotted key of 20,000 parts", DOTTED.encode(), f"more than {MAX_KEY_PARTS} dotted parts"),
        ("dotted table name", b"[" + b".".join([b"a"] * 9_000) + b"]\n", "dotted parts"),
        ("quoted dotted key", b".".join([b'"a"'] * 9_000) + b" = 1\n", "dotted parts"),
        ("5,000-digit number", b"format = " + b"9" * 5_000 + b"\n", "a number too long"),
        ("not UTF-8", GOOD.encode() + b"\xff\xfe", "not UTF-8"),
        ("TOML syntax", b"format = [\n", "TOML syntax"),
        ("a date", GOOD.replace("format = 1", "format = 1979-05-27").encode(), "format: unexpected date"),
    ]


@pytest.mark.parametrize(("case", "data", "said"), hostile_texts(), ids=[c for c, _, _ in hostile_texts()])
def test_a_hostile_squad_file_is_one_line(case, data, said, tmp_path, hang_guard):
    path = tmp_path / "bad.toml"
    path.write_bytes(data)
    started = time.perf_counter()
    with pytest.raises(UserError) as err:
        read_squad(path)
    assert time.perf_counter() - started < 5
    line = err.value.line()
    assert "\n" not in line and line.startswith(str(path)) and said in line, line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_before_reading(tmp_path, hang_guard):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    with pytest.raises(UserError, match="not a regular file"):
        read_squad(fifo)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_link_to_dev_zero_is_refused(tmp_path, hang_guard):
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    with pytest.raises(UserError, match="not a regular file"):
        read_squad(link)


def test_a_folder_named_like_a_squad_is_refused(tmp_path):
    (tmp_path / "dir.toml").mkdir()
    with pytest.raises(UserError, match="is a folder"):
        read_squad(tmp_path / "dir.toml")


def test_the_good_squad_still_reads(tmp_path):
    path = tmp_path / "good.toml"
    path.write_text(GOOD)
    assert read_squad(path).name


def test_the_launcher_listing_skips_damaged_files_and_names_them(tmp_path, hang_guard):
    """Deep nesting used to raise RecursionError out of the listing (the launcher crashed each
    time tokens was chosen); a FIFO hung it."""
    from game.rulesets.tokens.squadbuild import read_saved_squads

    (tmp_path / "good.toml").write_text(GOOD)
    (tmp_path / "deep.toml").write_bytes(b"x = " + b"[" * 5_000 + b"]" * 5_000)
    (tmp_path / "dotted.toml").write_text(DOTTED)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.toml")
    started = time.perf_counter()
    good, damaged = read_saved_squads(tmp_path)
    assert time.perf_counter() - started < 5
    assert [p.name for _, p in good] == ["good.toml"]
    assert sorted(Path(e.file).name for e in damaged) == sorted(
        ["deep.toml", "dotted.toml"] + (["fifo.toml"] if hasattr(os, "mkfifo") else []))
    assert [p.name for _, p in saved_squads(tmp_path)] == ["good.toml"]


def test_the_launcher_choices_show_damaged_squads_as_a_notice(tmp_path, monkeypatch):
    from game.rulesets.tokens import squadbuild
    from game.ui.scenes.squad_choices import damaged_squads_notice

    (tmp_path / "good.toml").write_text(GOOD)
    (tmp_path / "deep.toml").write_bytes(b"x = " + b"[" * 5_000 + b"]" * 5_000)
    monkeypatch.setattr(squadbuild, "squads_dir", lambda: tmp_path)
    text = damaged_squads_notice("tokens")
    assert "deep.toml" in text and "\n" not in text and str(tmp_path) not in text
    assert damaged_squads_notice("voidmarked") == ""


def _worst_shapes(n: int) -> dict[str, bytes]:
    """The costliest shapes found for tomllib within the checks (benchmarks/untrusted_files.py)."""
    key = ".".join(["a"] * (MAX_KEY_PARTS - 1))

    def fill(unit: str) -> bytes:
        return (unit * (n // len(unit))).encode()

    return {
        "array tables + dotted keys": fill(f"[[x]]\n{key} = 1\n"),
        "array tables of long names": fill(f"[[{key}]]\n"),
        "quoted dotted keys": "".join(f'"k{i}"."q".x = 1\n' for i in range(n // 18)).encode()[:n - 20],
        "arrays 15 deep": b"x = [" + b"[" * 14 + b"1" + b"]" * 14 + (b", [" + b"[" * 13 + b"1" + b"]" * 14)
        * ((n - 50) // 32) + b"]",
    }


@pytest.mark.parametrize("shape", list(_worst_shapes(64)))
def test_no_toml_shape_within_the_limits_parses_for_long(shape, hang_guard):
    """Not a speed target: a guard that the checks leave tomllib nothing quadratic (each shape
    parses in about half a second on a loaded two-core machine)."""
    data = _worst_shapes(TOML_LIMIT)[shape]
    assert len(data) <= TOML_LIMIT
    started = time.perf_counter()
    try:
        parse_toml(data, "w.toml")
    except UserError:
        pass
    assert time.perf_counter() - started < 5


def test_dots_in_strings_comments_and_numbers_are_not_key_parts():
    text = (b'# see https://a.b.c.d.e.f.g.h.i.j.k/\n'
            b'url = "a.b.c.d.e.f.g.h.i.j.k.l"\nlit = \'a.b.c.d.e.f.g.h.i.j\'\n'
            b'ml = """\nx.y.z.a.b.c.d.e.f.g.h\n"""\nnums = [1.5, 2.5e3, 3.25]\n'
            b'when = 1979-05-27T07:32:00.999Z\n' + b".".join([b"k"] * MAX_KEY_PARTS) + b" = 1\n")
    doc = parse_toml(text.replace(b"when = 1979-05-27T07:32:00.999Z\n", b""), "ok.toml")
    assert doc["url"] == "a.b.c.d.e.f.g.h.i.j.k.l" and doc["nums"][1] == 2500.0


def test_a_long_key_is_named_by_its_line():
    text = b'a = """\n\n"""\nb = 1\n' + b".".join([b"k"] * (MAX_KEY_PARTS + 1)) + b" = 1\n"
    with pytest.raises(UserError) as err:
        parse_toml(text, "f.toml")
    assert err.value.place == "line 5"
