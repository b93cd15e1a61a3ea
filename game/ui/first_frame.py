"""The first frame's part of the App: work held back until the window shows, and the first-frame
marks benchmarks/frame.py reads (`FIRST_FRAME_ENV`)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from game.errors import UserError

FIRST_FRAME_ENV = "SKIRMISH_EXIT_AFTER_FIRST_FRAME"
#: SDL's video drivers that show nothing: used when SDL_VIDEODRIVER names them (tests, screenshots),
#: and by SDL itself as the last resort when no screen answers
HEADLESS_DRIVERS = ("dummy", "offscreen")
#: waits before asking the screen again (seconds): an X server answers nobody for a moment while it
#: resets, which it does each time its last client leaves
DISPLAY_RETRY_WAITS = (0.05, 0.1, 0.2, 0.4, 0.8)


def open_display(pygame: Any, waits: tuple[float, ...] = DISPLAY_RETRY_WAITS) -> str:
    """Initialise pygame's display on a screen the player sees; returns SDL's driver name.

    SDL falls back to its offscreen driver when its X11 (and Wayland) connection is refused, and
    the game then ran whole, idle and in no window: a start once in a few under Xvfb, whose server
    refuses connections while it resets as its last client leaves. So a headless driver nobody
    asked for means the screen did not answer: asked again a few times, then a UserError."""
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower()
    headless_asked = any(name in asked for name in HEADLESS_DRIVERS)
    problem = ""
    for wait in (*waits, None):
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
        except pygame.error as exc:  # a driver named in SDL_VIDEODRIVER that could not connect
            problem, driver = str(exc), ""
        if driver and (headless_asked or driver.lower() not in HEADLESS_DRIVERS):
            return driver
        pygame.display.quit()
        if wait is not None:
            time.sleep(wait)
    screen = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or ""
    where = f" ({screen})" if screen else ""
    raise UserError(f"cannot open the game's window: the screen{where} did not answer"
                    + (f" ({problem})" if problem else ""))


class FirstFrame:
    """Mixed into `App`: it sets `deferred`, `first_frame_at`, `_bench_complete`, `running` and
    `scene`."""

    deferred: list[Callable[[], None]]
    first_frame_at: float | None
    _bench_complete: bool
    running: bool
    scene: Any

    def after_first_frame(self, work: Callable[[], None]) -> None:
        """Run `work` at the start of the pass after the first frame was shown (before that
        pass's input is handled), so the window shows without waiting for it."""
        self.deferred.append(work)

    def _run_deferred(self) -> None:
        work, self.deferred = self.deferred, []
        for fn in work:
            fn()
        self.scene.dirty = True  # what the work changed is shown in this pass
        if not self.deferred:  # work may defer more (the launcher taking over from its sketch)
            _collect_again()

    def _first_frames(self) -> None:
        """Note the first frame; with FIRST_FRAME_ENV set (benchmarks/frame.py), print when it and
        the frame after the deferred work were shown, then stop."""
        bench = os.environ.get(FIRST_FRAME_ENV)
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            if not self.deferred:
                _collect_again()
            if bench:
                print(f"first-frame-at {time.time():.6f} cpu {time.process_time():.4f}", flush=True)
                self._bench_complete = not self.deferred
        elif bench and not self._bench_complete and not self.deferred:
            self._bench_complete = True
        else:
            return
        if bench and self._bench_complete:
            print(f"complete-frame-at {time.time():.6f} cpu {time.process_time():.4f}", flush=True)
            self.running = False


def _collect_again() -> None:
    """The cyclic collector on again: `python -m game` keeps it off until the first frame and the
    work deferred past it are done (game/__main__.py; pygame_gui's import and the launcher's
    widgets, built when it takes over from the first frame's picture, free nothing)."""
    import gc

    gc.enable()
