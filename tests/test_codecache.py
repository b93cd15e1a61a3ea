"""Work kept between starts (game/codecache.py): what comes back is what was computed, a file
that is damaged or of another Python is ignored, and dataclasses made from kept code behave alike."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from game import codecache
from game.codecache import Kept

ROOT = Path(__file__).resolve().parent.parent


def test_kept_values_come_back_by_group_and_key(tmp_path):
    kept = Kept("things")
    kept.load(str(tmp_path))
    assert kept.get("a", (1, b"x")) is None
    kept.put("a", (1, b"x"), b"value")
    kept.put("b", "k", {"n": [1, 2.5, "s"]})
    kept.save()
    again = Kept("things")
    again.load(str(tmp_path))
    assert again.packed is None and not again.groups  # nothing read before asked
    assert again.get("a", (1, b"x")) == b"value"
    assert again.groups.keys() == {"a"}
    assert again.get("b", "k") == {"n": [1, 2.5, "s"]}


def test_a_damaged_or_foreign_file_is_ignored(tmp_path):
    kept = Kept("things")
    kept.load(str(tmp_path))
    Path(kept.path).write_bytes(b"not marshal at all")
    kept.load(str(tmp_path))
    assert kept.get("a", "k") is None
    import marshal

    Path(kept.path).write_bytes(marshal.dumps((b"\0\0\r\n", {"a": marshal.dumps({"k": 1})})))
    kept = Kept("things")
    kept.load(str(tmp_path))
    assert kept.get("a", "k") is None


PROBE = """
import dataclasses, sys
from game.codecache import install
install(sys.argv[1])
@dataclasses.dataclass(frozen=True, order=True)
class Point:
    x: int
    y: int = 2
    tags: list = dataclasses.field(default_factory=list, compare=False)
p = Point(1)
print(repr(p), p == Point(1, 2), p < Point(2), hash(p) == hash(Point(1)), Point.__init__.__annotations__)
"""


def test_dataclasses_made_from_kept_code_behave_as_compiled_ones(tmp_path):
    runs = [subprocess.run([sys.executable, "-c", PROBE, str(tmp_path)], cwd=ROOT, capture_output=True,
                           text=True, timeout=60) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr + runs[1].stderr
    assert runs[0].stdout == runs[1].stdout  # the first compiled the code, the second was given it
    assert (tmp_path / f"dataclasses.{sys.implementation.cache_tag}.marshal").is_file()
    plain = subprocess.run([sys.executable, "-c", PROBE.replace("install(sys.argv[1])", "")], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    assert runs[1].stdout == plain.stdout
    assert "Point(x=1, y=2, tags=[])" in plain.stdout


def test_nothing_is_installed_outside_python_m_game():
    assert not codecache.STORES
    assert getattr(dataclasses, "exec", None) is None


def test_toml_kept_parsed_is_the_same_data_each_time_a_fresh_copy(tmp_path, monkeypatch):
    from game.core import tomlfile

    kept = Kept("toml")
    kept.load(str(tmp_path))
    monkeypatch.setitem(codecache.STORES, "toml", kept)
    data = b'[unit.a]\nhp = 3\nnames = ["x", "y"]\nodds = 0.5\n'
    first = tomlfile.parse_toml(data, "units.toml")
    monkeypatch.setattr(tomlfile, "_parse_toml", lambda *a: (_ for _ in ()).throw(AssertionError("parsed")))
    second = tomlfile.parse_toml(data, "units.toml")
    assert first == second == {"unit": {"a": {"hp": 3, "names": ["x", "y"], "odds": 0.5}}}
    first["unit"]["a"]["names"].append("z")
    assert tomlfile.parse_toml(data, "units.toml")["unit"]["a"]["names"] == ["x", "y"]
