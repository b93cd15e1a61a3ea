"""The launcher's first frame against pygame_gui's, in a real window (run under Xvfb).

    DISPLAY=:N python benchmarks/first_frame_look.py [--scale 1.5] [--out /tmp/look]

In a scratch user folder and cache folder, at the given UI scale, twice: a first start (no picture
kept: the launcher's sketch, game/ui/launcher_sketch.py, in `first-start/`) and a later one
(`python -m game` is started once before: its picture kept, in `later-start/`). Each time a child
runs the launcher as `python -m game` does and takes screenshots of its window (ImageMagick's
`import`):
1. `first.png`, the first frame (the sketch, or the kept picture with this start's seed), drawn
   without pygame_gui;
2. `gui.png`, pygame_gui's launcher in the same state (before the chosen ruleset is read, same seed)
   drawn into the same window: it must be the same pixels (`compare -metric AE`: 0);
3. `whole.png`, the window after pygame_gui's launcher took over and the ruleset's choices were
   read (the rows under the ruleset fill in; nothing above or at the foot moves).
Then input sent through the X server (xdotool) while the first frame shows, before pygame_gui is
imported, in two more starts of the same kind: a click on New seed gives a new seed once the
launcher takes over; Return starts a battle.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, os, subprocess, sys, time
import pygame
from game.ui.app import App
from game.ui.launcher_picture import PictureScene
out, mode = sys.argv[1], sys.argv[2]
app = App()
app.fps = 0
app.to_launcher(deferred=True)
picture = app.scene
assert isinstance(picture, PictureScene), type(picture).__name__
wid = str(pygame.display.get_wm_info()["window"])
def shot(name):
    pygame.event.pump()
    subprocess.run(["import", "-window", wid, os.path.join(out, name)], check=True)
app.step(block=False)  # the first frame
assert app.scene is picture and "pygame_gui" not in sys.modules
seed = picture.launcher["seed"]
report = {"seed": seed, "drawn from": "the sketch" if picture.keep is not None else "the kept picture"}
if mode == "look":
    pygame.mouse.set_pos((2, 2))  # no widget under the pointer: pygame_gui would show a hovered look
    shot("first.png")
    from game.ui.scenes.launcher import LauncherScene
    gui = LauncherScene(app, deferred=True, seed=seed, notice="")
    gui.update(0.0)
    gui.draw(app.screen)
    pygame.display.flip()
    shot("gui.png")
    gui.leave()
    picture.draw(app.screen)
    pygame.display.flip()
    app.step(block=False)  # the takeover: pygame_gui's launcher
    while not app.scene.ready:  # after a sketch: its picture kept, then the launcher made whole
        app.step(block=False)
    app.scene.update(0.0)
    app.scene.draw(app.screen)
    pygame.display.flip()
    shot("whole.png")
else:
    # real input through the X server while the first frame shows (pygame_gui not yet imported)
    pygame.mouse.set_pos(tuple(json.loads(sys.argv[3])))  # New seed's centre, from a probe run
    time.sleep(0.2)
    if mode == "click":
        subprocess.run(["xdotool", "click", "1"], check=True)
    else:
        subprocess.run(["xdotool", "key", "Return"], check=True)
    time.sleep(0.2)
    report["pygame_gui imported before the takeover"] = "pygame_gui" in sys.modules
    for _ in range(6):
        app.step(block=False)
    report["scene"] = type(app.scene).__name__
    if mode == "click":
        report["seed after the click"] = app.scene.seed
print(json.dumps(report))
pygame.quit()
"""

PROBE = r"""
import json
from game.ui.app import App
from game.ui.scenes.launcher import LauncherScene
app = App()
print(json.dumps(LauncherScene(app, deferred=True, seed=1, notice="").new_seed.rect.center))
"""


def main() -> int:
    """Screenshots, their comparison and the input check, printed."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.5)
    ap.add_argument("--out", type=Path, default=Path(tempfile.mkdtemp(prefix="first-frame-look-")))
    args = ap.parse_args()
    if not os.environ.get("DISPLAY"):
        print("no DISPLAY: run under Xvfb (Xvfb :N -screen 0 1600x1000x24, DISPLAY=:N)")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="first-frame-look-home-"))
    env = dict(os.environ, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_CACHE_HOME=str(home / "cache"))
    data = home / "data" / "skirmish-table"
    (data / "learn").mkdir(parents=True)
    (data / "learn" / "offered").write_text("1")
    (data / "settings.json").write_text(json.dumps({"ui_scale": args.scale}))
    centre = None
    for start in ("first-start", "later-start"):
        out = args.out / start
        out.mkdir(exist_ok=True)
        for mode in ("look", "click", "key"):
            shutil.rmtree(home / "cache", ignore_errors=True)
            if start == "later-start":  # the picture kept by a start before (into the scratch cache)
                subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, check=True, capture_output=True,
                               env=dict(env, SKIRMISH_EXIT_AFTER_FIRST_FRAME="1"))
            if centre is None:
                centre = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True,
                                        text=True, timeout=120).stdout.strip().splitlines()[-1]
            run = subprocess.run([sys.executable, "-c", CHILD, str(out), mode, centre], cwd=ROOT, env=env,
                                 capture_output=True, text=True, timeout=120)
            if mode == "look":
                if run.returncode:
                    print(run.stderr[-2000:])
                    return 1
                print(f"scale {args.scale:.0%}, {start}: screenshots in {out}: {run.stdout.strip()}")
                for a, b in (("first", "gui"), ("first", "whole")):
                    pair = [str(out / f"{a}.png"), str(out / f"{b}.png")]
                    cmp = subprocess.run(["compare", "-metric", "AE", *pair, str(out / f"diff-{a}-{b}.png")],
                                         capture_output=True, text=True)
                    print(f"  {a}.png vs {b}.png: {cmp.stderr.strip()} pixels differ")
                continue
            what = "a click on New seed" if mode == "click" else "Return"
            print(f"  {what} while the first frame shows: {run.stdout.strip() or run.stderr[-1500:]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
