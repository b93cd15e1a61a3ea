"""The launcher's first frame imports only the chosen ruleset's rules (issue 38: command to first
frame within 2x a bare pygame window's): the others are listed by name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from game.ui.app import App
app = App()
app.to_launcher()
app.scene.draw(app.screen)
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("game.rulesets.", "game.core.tmx.")))))
"""


def test_launcher_imports_only_the_chosen_ruleset(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    modules = json.loads(out.stdout.strip().splitlines()[-1])
    rulesets = {m.split(".")[2] for m in modules if m.startswith("game.rulesets.")}
    assert rulesets == {"voidmarked"}  # the first offered: nothing remembered in a fresh data folder
    assert "game.core.tmx.loader" not in modules
