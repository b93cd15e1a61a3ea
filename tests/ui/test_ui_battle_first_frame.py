"""`python -m game play`'s first frame waits for none of what it does not show (issue 38: command
to first usable frame within 2x a bare pygame window's): not the other rulesets, the AI levels,
pygame_gui, python-i18n, pytmx (a shipped map is plain), multiprocessing or OpenSSL; the AI side's
controller is made when it is first asked, and thinks as before."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from game.ui import first_frame
seen = {}
def mark(self):
    players = {s: type(p).__name__ for s, p in self.scene.session.players.items()}
    if not seen:
        seen["modules"] = sorted(sys.modules)
        seen["players"] = players
        self.first_frame_at = 0.0  # the next frame is the one after the deferred work
        return
    seen["then"] = players
    self.running = False
first_frame.FirstFrame._first_frames = mark
from game.cli import main
main(["play", "--ruleset", sys.argv[1], "--seed", "3"])
print(repr(seen))
"""

NOT_BEFORE = ("game.ai.levels", "game.ai.search", "game.ai.utility", "game.sim", "pygame_gui", "i18n",
              "yaml", "pytmx", "multiprocessing", "hashlib", "json", "argparse")


@pytest.mark.parametrize("ruleset", ["voidmarked", "casket", "varium", "tokens", "saves"])
def test_the_battles_first_frame_imports_only_what_it_shows(tmp_path, ruleset):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", PROBE, ruleset], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    seen = ast.literal_eval(out.stdout.strip().splitlines()[-1])
    modules = set(seen["modules"])
    rulesets = {m.split(".")[2] for m in modules if m.startswith("game.rulesets.")}
    assert rulesets == {ruleset}
    early = sorted(m for m in modules if m.split(".")[0] in NOT_BEFORE or m in NOT_BEFORE)
    assert early == []
    assert seen["players"] == {"p1": "NoneType", "p2": "UnmadeController"}
    assert seen["then"] == {"p1": "NoneType", "p2": "NormalAI"}  # made in the pass after it


MAIN_PROBE = """
import os, runpy, sys
from game.ui import first_frame
def mark(self):
    print(repr(sorted(sys.modules)), flush=True)
    os._exit(0)
first_frame.FirstFrame._first_frames = mark
sys.argv = ["game", "play", "--ruleset", "voidmarked", "--seed", "3"]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


def test_a_second_start_reads_the_map_and_msgspec_without_their_parsers(tmp_path):
    """`python -m game play`: at a start after the first, the map's XML is kept parsed (no
    xml.etree) and msgspec comes without typing_extensions."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path),
               XDG_CACHE_HOME=str(tmp_path / "cache"), SKIRMISH_EXIT_AFTER_FIRST_FRAME="1")
    play = ["play", "--ruleset", "voidmarked", "--seed", "3"]
    once = subprocess.run([sys.executable, "-m", "game", *play], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)  # keeps its work at exit
    assert once.returncode == 0, once.stderr
    again = subprocess.run([sys.executable, "-c", MAIN_PROBE], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    then = set(ast.literal_eval(again.stdout.strip().splitlines()[-1]))
    assert "msgspec" in then and "game.core.tmx.xmltree" in then
    assert sorted(m for m in then if m.split(".")[0] in ("xml", "typing_extensions", "argparse")) == []


def test_an_unmade_controller_is_made_when_asked_and_plays(mini_registered):
    from miniset import blank_board_for

    from game.core.match import Match, Scenario
    from game.ui.session import Session, UnmadeController

    scenario = Scenario("mini", "blank-square-6x6", {"p1": "duo", "p2": "duo"}, 5)
    match = Match(mini_registered, scenario, blank_board_for(scenario.map))
    session = Session(match, {"p1": "ai:easy", "p2": "human"})
    assert isinstance(session.players["p1"], UnmadeController)
    assert session.waiting_for_ai and session.players["p1"].level == "easy"
    step = session.step_ai()
    assert type(session.players["p1"]).__name__ == "EasyAI"
    assert step.thought is not None and step.thought.level == "easy"
