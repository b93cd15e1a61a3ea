"""msgspec imported without typing_extensions (game/leanimports.py, installed by `python -m game`)
reads the game's schemas alike: constraints, defaults and forward references still validate."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import sys
from game.leanimports import msgspec_without_typing_extensions
msgspec_without_typing_extensions()
import msgspec
assert "typing_extensions" not in sys.modules, "msgspec took typing_extensions"
from game.ui.settings import SettingsFile as Settings
from game.rulesets.voidmarked.content import content
assert content().units
try:
    msgspec.convert({"ui_scale": 20.0}, Settings)
except msgspec.ValidationError as exc:
    print("refused:", exc)
import importlib.util
if importlib.util.find_spec("typing_extensions") is None:
    print("ok, typing_extensions not installed")  # a fresh install: msgspec does not need it
else:
    import typing_extensions  # any other importer gets it
    print("ok", typing_extensions.__name__)
"""


def test_msgspec_without_typing_extensions_validates_alike():
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "refused: Expected `float` <= 10.0 - at `$.ui_scale`" in out.stdout
    assert out.stdout.strip().endswith(("ok typing_extensions", "ok, typing_extensions not installed"))
