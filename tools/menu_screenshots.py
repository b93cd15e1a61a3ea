"""Screenshots of the screens around the battle (launcher, rules, results) for both rulesets at
100 % and 150 % UI scale, taken from a real window: run under X (e.g. Xvfb) with xwininfo and
ImageMagick's `import` installed.

    Xvfb :92 -screen 0 1600x1000x24 & DISPLAY=:92 python tools/menu_screenshots.py [docs/screenshots]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Saves, settings and the replays a results screen keeps go to a scratch folder, not the user's.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="skirmish-shots-")


def grab(app, out: Path) -> None:  # noqa: ANN001
    """Draw the current scene a few times, then capture the window."""
    for _ in range(4):
        app.scene.dirty = True
        app.step(block=False)
        time.sleep(0.05)
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True, check=True).stdout
    wid = [line.split()[0] for line in tree.splitlines() if '"Skirmish Table"' in line][-1]
    subprocess.run(["import", "-window", wid, str(out)], check=True)
    print(f"wrote {out}")


def main() -> None:
    """Every screen at both scales."""
    import pygame

    from game.ui.app import App, build_session
    from game.ui.scenes.launcher import LauncherScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.settings import Settings

    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    for scale in (1.0, 1.5):
        pct = round(scale * 100)
        app = App((1280, 720), Settings(ui_scale=scale, anim_speed="instant"))
        app.fps = 0
        for rid, section in (("voidmarked", 5), ("casket", 4), ("saves", 5), ("tokens", 4), ("varium", 4)):
            launcher = LauncherScene(app)
            launcher._menu_changed(launcher.rs_menu, rid)
            launcher.seed = 12345
            launcher.build()
            app.switch(launcher)
            grab(app, folder / f"launcher-{rid}-{pct}.png")
            app.open_rules(launcher.ruleset)
            app.scene.show(section)  # the attack rules: headings, lists, tables, bold
            grab(app, folder / f"rules-{rid}-{pct}.png")
            session = build_session(rid, None, 3, "baseline", "baseline")
            while not session.over:
                session.step_ai()
            session.specs["p1"], session.players["p1"] = "human", None  # seen as the player
            app.switch(ResultsScene(app, session))
            grab(app, folder / f"results-{rid}-{pct}.png")
        pygame.display.quit()


if __name__ == "__main__":
    main()
