"""Hypothesis fuzz targets for the inputs #34 names: squad files (a valid squad mutated, and TOML
text of hostile shapes) and the command line (arguments of every kind, hostile values). Each must
load or be refused with one line, exit code 2 and no traceback, within the example's deadline.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.errors import UserError
from game.rulesets.tokens.squadbuild import SquadBuilder, read_squad, squad_text

_HUNT = int(os.environ.get("SKIRMISH_FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=_HUNT or 60, deadline=10_000, derandomize=not _HUNT, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
GOOD = squad_text(SquadBuilder.from_squad("wardens").to_file())
LINES = GOOD.splitlines()

# pieces of TOML that stress tomllib or the checks in front of it
HOSTILE = st.sampled_from([
    "[" * 3000, "{a=" * 2000, ".".join(["a"] * 3000) + " = 1", "[" + ".".join(["b"] * 3000) + "]",
    ".".join(['"q"'] * 2000) + " = 1", "x = " + "9" * 5000, "x = 1e400", "x = nan",
    "x = 1979-05-27T07:32:00Z", '"""' + "a" * 50_000, "\\u" * 1000, "\x00", "\ufeff", "\r\n" * 1000,
    "[[units]]\n" * 2000, "x = [" + "1," * 20_000 + "]", "# " + "#" * 60_000,
    "kind = '" + "\\" * 1000 + "'",
])
TOML_BITS = st.one_of(HOSTILE, st.text(max_size=40), st.sampled_from(LINES))


@st.composite
def squad_files(draw: st.DrawFn) -> bytes:
    """The valid squad with lines replaced, inserted or cut, or hostile text put in."""
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines)))
        what = draw(st.sampled_from(["insert", "replace", "cut", "truncate"]))
        if what == "insert":
            lines.insert(at, draw(TOML_BITS))
        elif what == "replace" and lines:
            lines[min(at, len(lines) - 1)] = draw(TOML_BITS)
        elif what == "cut" and lines:
            del lines[min(at, len(lines) - 1)]
        else:
            text = "\n".join(lines)
            lines = [text[: draw(st.integers(0, len(text)))]]
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        return data
    return data + draw(st.binary(max_size=20))


@FUZZ
@given(data=squad_files())
def test_fuzzed_squad_files_load_or_are_one_line(data, tmp_path_factory):
    path = tmp_path_factory.mktemp("sq") / "fuzz.toml"
    path.write_bytes(data)
    try:
        read_squad(path)
    except UserError as exc:
        line = exc.line()
        assert "\n" not in line and line.startswith(str(path)), line
        assert len(line) < 1_000, line[:200]


# -- the command line ------------------------------------------------------------------------------
HOSTILE_VALUES = st.one_of(
    st.sampled_from(["", " ", "-1", "0", "1", "9" * 5000, "99999999999999999999", "1e400", "nan",
                     "inf", "0x10", "+5", "a" * 5000, "p1", "p2", "none", "k=v", "=", "p1=",
                     "surprise=p1", "surprise=p2", "/dev/zero", "/", "x.png", "\x00", "99999x99999",
                     "1280x720", "ai:godlike", "human", "saves", "tokens"]),
    st.text(max_size=12),
)
FLAGS = ["--games", "--seed", "--jobs", "--out", "--option", "--pc", "--squad", "--map", "--size",
         "--turns", "--p1", "--p2", "--levels", "--hard-budget", "--hard-samples", "--replay-dir",
         "--ruleset"]
# commands that stop at argument checks: no window, no long run (each example has a deadline)
COMMANDS = ["report", "ladder", "screenshot", "simulate"]


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A subcommand with a valid ruleset first, then up to four flags with hostile values."""
    argv = [draw(st.sampled_from(COMMANDS)), "--ruleset", draw(st.sampled_from(["saves", "tokens"]))]
    for _ in range(draw(st.integers(1, 4))):
        argv += [draw(st.sampled_from(FLAGS)), draw(HOSTILE_VALUES)]
    return argv


def _runs_games(argv: list[str]) -> bool:
    """Whether the arguments could all be valid (then the command would play games: skipped)."""
    from game.cli import build_parser

    try:
        args = build_parser().parse_args(argv)
        from game.core.options import options_from_args

        options_from_args(args)
    except (UserError, SystemExit):
        return False
    except Exception:  # noqa: BLE001 - a crash here is what the test reports below
        return False
    return True


@FUZZ
@given(argv=command_lines())
def test_fuzzed_command_lines_are_refused_in_one_line(argv, capsys, tmp_path_factory, monkeypatch):
    from game.cli import main

    monkeypatch.chdir(tmp_path_factory.mktemp("cli"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    if _runs_games(argv):
        return  # a valid command line: the other tests run those
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (argv[:6], err[:300])
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("skirmish: "), err[:300]
    assert "Traceback" not in err and len(lines[0]) < 1_000
