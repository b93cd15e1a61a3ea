"""Play a guided battle in a real window and keep a picture of every step.

    Xvfb :18 -screen 0 1600x1000x24 &
    DISPLAY=:18 SDL_VIDEODRIVER=x11 python tools/learn_screenshots.py varium --scale 1.0 --out DIR

Each step is done through the screen as a person would (clicks on units and squares, number keys
for prompts: tests/ui/learn_pilot.py), then the window is saved as DIR/<ruleset>-<step>-<scale>.png
before the step's input (a hover step: with the mouse resting on its unit, the odds box open and
Next offered), and DIR/<ruleset>-end-<scale>.png at the end. `--reduce` then cuts each picture
to 128 colours, undithered (ImageMagick's convert, if installed) to keep the repository small.
The kept set, docs/screenshots/learn/, is 100 % and 150 %, both in a 1280x720 window (150 % there
is the tightest fit: the guide's band moves over the side panel while a prompt is open):

    for r in voidmarked casket saves tokens varium; do
      DISPLAY=:18 SDL_VIDEODRIVER=x11 python tools/learn_screenshots.py $r --scale 1.0 --reduce
      DISPLAY=:18 SDL_VIDEODRIVER=x11 python tools/learn_screenshots.py $r --scale 1.5 --reduce
    done
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "ui"))


class Driver:
    """Posts input events and runs the loop (as tests/ui/conftest.py's driver)."""

    def __init__(self, app) -> None:
        self.app = app

    def pump(self, passes: int = 2) -> None:
        for _ in range(passes):
            self.app.step(block=False)
            wait = getattr(self.app.scene, "wait_ai", None)
            if wait is not None:
                wait()

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        import pygame

        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
        self.pump()

    def move(self, pos) -> None:
        import pygame

        pos = (round(pos[0]), round(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.pump(1)

    def click(self, pos, button: int = 1) -> None:
        import pygame

        pos = (round(pos[0]), round(pos[1]))
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.pump()


def main() -> int:
    """Play the lesson, saving the window at every step (and at the end)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("ruleset")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "learn")
    ap.add_argument("--only", default="", help="comma-separated step numbers to keep (default: all)")
    ap.add_argument("--after", default="", help="steps also saved right after their input, the mouse left "
                    "where it was (a hover step's odds box): <ruleset>-<step>-after-<scale>.png")
    ap.add_argument("--reduce", action="store_true", help="cut each picture to 128 colours (convert)")
    args = ap.parse_args()
    os.environ.setdefault("XDG_DATA_HOME", "/tmp/learn-shots-xdg")
    import learn_pilot
    import pygame
    from learn_pilot import play_through

    from game.learn.coach import HOVER_DWELL
    from game.learn.lesson import lessons
    from game.ui.app import App
    from game.ui.learn.scene import LearnScene
    from game.ui.settings import Settings

    w, h = (int(v) for v in args.size.split("x"))
    app = App((w, h), Settings(ui_scale=args.scale, anim_speed="instant"))
    app.fps = 0
    driver = Driver(app)
    scene = LearnScene.open(app, lessons()[args.ruleset], resume=False)
    app.switch(scene)
    keep = {int(v) for v in args.only.split(",") if v}
    args.out.mkdir(parents=True, exist_ok=True)
    pct = round(args.scale * 100)

    saved: list[Path] = []

    def save(name: str) -> None:
        path = args.out / name
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    def shot(sc, i: int) -> None:
        if keep and i + 1 not in keep:
            return
        st = sc.coach.step
        if st is not None and st.wait_kind == "hover":
            # the step is about the box the hover opens: the mouse rests on the unit, Next offered
            driver.move(learn_pilot.unit_pos(sc, st.wait_args[0]))
            sc.update(HOVER_DWELL)
        else:
            # the mouse rests on the guide's band: no hover box left over from the last click
            driver.move((sc.guide.rect.x + 8, sc.guide.rect.bottom - 8))
        sc.invalidate()
        driver.pump(2)
        save(f"{args.ruleset}-{i + 1:02d}-{pct}.png")

    after = {int(v) for v in args.after.split(",") if v}
    perform = learn_pilot.perform

    def perform_and_keep(drv, sc) -> None:
        i = sc.coach.index
        perform(drv, sc)
        if i + 1 in after:
            sc.invalidate()
            drv.pump(2)
            save(f"{args.ruleset}-{i + 1:02d}-after-{pct}.png")

    learn_pilot.perform = perform_and_keep  # play_through calls it by its module's name
    play_through(driver, scene, shots=shot)
    scene.invalidate()
    driver.pump(2)
    save(f"{args.ruleset}-end-{pct}.png")
    print("played", len(scene.lesson.steps), "steps; winner", scene.match.result.winner)
    pygame.quit()
    if args.reduce and shutil.which("convert"):
        for path in saved:
            subprocess.run(["convert", str(path), "+dither", "-colors", "128",
                            "-define", "png:compression-level=9", str(path)], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
