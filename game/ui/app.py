"""The desktop app: window, main loop (60 fps cap, idle wait), scene stack, and the UI commands.

`python -m game` opens the launcher, `play` starts a skirmish directly and `screenshot` renders
the battle screen to a PNG through SDL's dummy driver. The loop sleeps (`App.idle_wait`)
whenever no scene animates, and draws only when a scene says something changed.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from game.errors import UserError
from game.ui.first_frame import FirstFrame, open_display
from game.ui.memory import release_memory

DEFAULT_SIZE = (1280, 720)
IDLE_WAIT_MS = 500
IDLE_POLL_S = 1 / 60
FPS = 60
#: the window's class for window managers and task bars (SDL otherwise takes the script's file
#: name: `python -m game` showed as "__main__.py")
WINDOW_CLASS = "skirmish-table"
WINDOW_TITLE = "Skirmish Table"


def has_display() -> bool:
    """Whether a window can be opened (a dummy/offscreen SDL driver counts: it needs none)."""
    driver = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if driver in ("dummy", "offscreen"):
        return True
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def random_seed() -> int:
    """A fresh seed from the operating system (the game never touches the random module)."""
    return int.from_bytes(os.urandom(4), "little") % 1_000_000_000


def side_spec(value: str) -> str:
    """A command-line side ('human', 'ai:hard', 'hard', 'baseline') as a controller spec."""
    if value in ("easy", "normal", "hard"):
        return f"ai:{value}"
    return value


def _pygame() -> Any:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # On X11 SDL2 otherwise draws the window through an OpenGL texture: it loads Mesa (about
    # 95 MiB resident with llvmpipe, libLLVM alone 53) and a flip took 16 ms median under Xvfb
    # against 0.5 ms through shared memory. A 2D game that flips one surface needs none of it.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    # Read by SDL when the window is made; pygame only fills them in when they are unset.
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)
    import pygame

    return pygame


class App(FirstFrame):
    """The window and the scene stack; `step` is one pass of the loop (tests call it directly)."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, settings: Any = None) -> None:
        pygame = _pygame()
        from game.ui.settings import load_settings
        from game.ui.sound import Sounds
        from game.ui.theme import Fonts, palette

        open_display(pygame)  # never SDL's offscreen stand-in for a window nobody sees
        pygame.font.init()
        #: work held back until the first frame is on screen (`after_first_frame`)
        self.deferred = []
        self.settings = settings if settings is not None else load_settings()
        #: why settings could not be written this run ("" while they could): the settings screen says it
        self.settings_write_notice = ""
        self.fonts = Fonts(self.settings.ui_scale)
        self.palette = palette(self.settings.palette)
        self.windowed_size = size
        self.screen = self._set_mode(size)
        pygame.display.set_caption(WINDOW_TITLE)
        pygame.key.set_repeat(0)
        self.sounds = Sounds(self.settings.effective_volume, open_now=False)
        self.after_first_frame(self.sounds.open)
        self.clock = pygame.time.Clock()
        self.stack: list[Any] = []
        self.running = True
        self.last = time.perf_counter()
        self.fps = FPS  # frame cap; tests set 0 to run without sleeping
        #: a seed the player typed in the launcher: offered again on coming back to it (None: a new
        #: random seed each time, as "New seed" asks)
        self.typed_seed: int | None = None
        self.frames_drawn = 0
        self.first_frame_at: float | None = None
        self._bench_complete = False

    def _set_mode(self, size: tuple[int, int]) -> Any:
        pygame = _pygame()
        if self.settings.fullscreen and os.environ.get("SDL_VIDEODRIVER") not in ("dummy", "offscreen"):
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    # -- scenes --------------------------------------------------------------------------------
    @property
    def scene(self) -> Any:
        """The scene on top."""
        return self.stack[-1]

    @property
    def screen_size(self) -> tuple[int, int]:
        """Current window size."""
        return self.screen.get_size()

    def switch(self, scene: Any) -> None:
        """Replace the whole stack with a scene."""
        for old in self.stack:
            old.leave()
        freed = bool(self.stack)  # the first scene frees nothing: no collection before the first frame
        self.stack = [scene]
        scene.dirty = True
        if freed:
            release_memory()

    def push(self, scene: Any) -> None:
        """Open a scene over the current one (settings, rules, load)."""
        self.stack.append(scene)
        scene.dirty = True

    def pop(self) -> None:
        """Close the top scene and return to the one below (restyled, since settings may have changed)."""
        if len(self.stack) > 1:
            self.stack.pop().leave()
            release_memory()
            below = self.scene
            restyle = getattr(below, "restyle", None)
            if callable(restyle):
                restyle()
            below.resize(self.screen_size)
            below.dirty = True
        else:
            self.to_launcher()

    def to_launcher(self, deferred: bool = False) -> None:
        """Back to the launcher (`deferred`: the window's first frame, drawn without pygame_gui
        when it can be, and the chosen ruleset imported after it)."""
        if deferred:
            from game.ui.launcher_picture import launcher_first_frame

            self.switch(launcher_first_frame(self))
            return
        from game.ui.scenes.launcher import LauncherScene

        self.switch(LauncherScene(self))

    def open_settings(self) -> None:
        """The settings screen over the current scene."""
        from game.ui.scenes.settings_scene import SettingsScene

        self.push(SettingsScene(self))

    def open_rules(self, ruleset: Any) -> None:
        """A ruleset's rules reference over the current scene."""
        from game.ui.scenes.rules import RulesScene

        self.push(RulesScene(self, ruleset))

    def apply_settings(self) -> None:
        """Use changed settings now: scale, palette, volume, fullscreen; persist them."""
        from game.ui.settings import store_settings
        from game.ui.theme import palette

        s = self.settings.clean()
        self.fonts.set_scale(s.ui_scale)
        self.palette = palette(s.palette)
        self.sounds.set_volume(s.effective_volume)
        full = bool(self.screen.get_flags() & _pygame().FULLSCREEN)
        if full != s.fullscreen:
            self.screen = self._set_mode(self.windowed_size)
        told = store_settings(s)  # a failed write is told once a run, never swallowed
        if told:
            self.settings_write_notice = told

    def quit(self) -> None:
        """Leave the main loop."""
        self.running = False

    def _ask_before_quit(self) -> bool:
        """Closing the window mid-battle with unsaved progress opens the pause menu's question
        instead (True); closing it again while the question is open quits."""
        from game.ui.scenes.menus import unsaved_progress

        scene = self.scene
        session = getattr(scene, "session", None)
        menu = getattr(scene, "menu", None)
        asking = getattr(scene, "overlay", None) == "pause" and getattr(menu, "asking", False)
        if asking or session is None or getattr(scene, "replay", False):
            return False
        open_menu = getattr(scene, "open_menu", None)
        if not callable(open_menu) or not unsaved_progress(session):
            return False
        open_menu()
        ask = getattr(getattr(scene, "menu", None), "ask", None)
        if not callable(ask):
            return False
        ask(self.quit, "Quit game")
        scene.dirty = True
        return True

    # -- loop ----------------------------------------------------------------------------------
    def step(self, block: bool = True) -> bool:
        """One pass: gather input (sleeping when idle), update, draw if needed; True if it drew."""
        pygame = _pygame()
        if self.deferred and self.first_frame_at is not None:
            self._run_deferred()
        scene = self.scene
        if block and not scene.animating and not scene.dirty:
            events = self.idle_wait(IDLE_WAIT_MS)
        else:
            events = pygame.event.get()
        now = time.perf_counter()
        dt = now - self.last
        self.last = now
        for event in events:
            if event.type == pygame.QUIT:
                if self._ask_before_quit():
                    continue
                self.running = False
                return False
            if event.type == pygame.VIDEORESIZE and not (self.screen.get_flags() & pygame.FULLSCREEN):
                self.windowed_size = (max(640, event.w), max(400, event.h))
                self.screen = pygame.display.get_surface() or self.screen
                self.scene.resize(self.screen_size)
                continue
            if event.type == pygame.WINDOWEXPOSED:
                self.scene.dirty = True
                continue
            self.scene.handle(event)
            if not self.running:
                return False
        scene = self.scene
        scene.update(dt)
        if scene is not self.scene:
            scene = self.scene
            scene.update(0.0)
        drew = False
        if scene.dirty:
            scene.dirty = False
            scene.draw(self.screen)
            # a scene that redrew only a few areas names them (the battle while the AI thinks)
            rects = getattr(scene, "update_rects", None)
            if rects:
                pygame.display.update(rects)
            else:
                pygame.display.flip()
            self.frames_drawn += 1
            self._first_frames()
            drew = True
        if drew or scene.animating:
            self.clock.tick(self.fps)
        return drew

    @staticmethod
    def idle_wait(timeout_ms: int) -> list[Any]:
        """Sleep until input arrives or the timeout passes; nothing is drawn meanwhile.

        pygame-ce's `event.wait(timeout)` polls SDL about every millisecond (about 2 % of a core
        measured here); checking the queue once per frame interval and sleeping in between costs
        about 0.4 % and answers within one frame.
        """
        pygame = _pygame()
        deadline = time.perf_counter() + timeout_ms / 1000
        while True:
            events = pygame.event.get()
            if events or time.perf_counter() >= deadline:
                return events
            time.sleep(IDLE_POLL_S)

    def run(self) -> None:
        """Until the window closes or Quit is chosen."""
        while self.running:
            self.step(block=True)


# -- building skirmishes ---------------------------------------------------------------------------
def build_session(
    ruleset_id: str, map_name: str | None, seed: int, p1: str, p2: str, squads: tuple[str, str] | None = None,
    options: dict[str, Any] | None = None,
) -> Any:
    """Scenario + match + who plays each side (raises UserError for a bad map)."""
    from game.core import ruleset as registry
    from game.core.match import Match, load_board_for
    from game.core.scenario import default_scenario
    from game.ui.session import Session

    scenario = default_scenario(ruleset_id, map_name, seed, squads, options)
    board = load_board_for(scenario)
    match = Match(registry.get(ruleset_id), scenario, board)
    return Session(match, {"p1": side_spec(p1), "p2": side_spec(p2)})


def launch_command(args: Any) -> int:
    """`python -m game` (launcher) and `python -m game play ...` (straight into a skirmish)."""
    playing = getattr(args, "command", None) == "play"
    options = {}
    if playing:  # refused before any window opens
        from game.core.options import options_from_args

        options = options_from_args(args)
    if not has_display():
        raise UserError(
            "no display found; try `python -m game simulate --ruleset voidmarked` or "
            "`python -m game screenshot --ruleset voidmarked --out shot.png`"
        )
    session = None
    if playing:
        seed = args.seed if args.seed is not None else random_seed()
        session = build_session(args.ruleset, args.map, seed, args.p1, args.p2, options=options)
    app = App()
    if session is not None:
        from game.ui.scenes.battle import BattleScene

        app.switch(BattleScene(app, session))
        # the AI side's level (its search and scoring modules) is made once the battle shows
        app.after_first_frame(session.make_controllers)
    else:
        # the chosen ruleset's rules and the first-launch check wait until the window shows
        app.to_launcher(deferred=True)
        app.after_first_frame(lambda: _offer_guided_battles(app))
    try:
        app.run()
    finally:
        _pygame().quit()
    return 0


def _offer_guided_battles(app: App) -> None:
    """On the very first launch, the guided battles' menu over the launcher."""
    from game.learn import progress

    if progress.first_launch():  # the guided battles' menu is imported only to be shown
        from game.ui.learn.menu import offer_on_first_launch

        offer_on_first_launch(app)


def advance_turns(session: Any, turns: int, max_inputs: int = 5000) -> int:
    """Let the AIs play until `turns` turns have passed (or the match ends); returns inputs made."""

    def key() -> tuple[Any, ...]:
        if session.over:
            return ("over",)
        t = session.match.current()
        return (session.match.round, t.side, t.unit)

    made = 0
    passed = 0
    current = key()
    while passed < turns and not session.over and session.waiting_for_ai and made < max_inputs:
        session.step_ai()
        made += 1
        now = key()
        if now != current and session.decision is None:
            passed += 1
            current = now
    # Stop on an action, not half-way through a prompt.
    while session.decision is not None and session.waiting_for_ai and made < max_inputs:
        session.step_ai()
        made += 1
    return made


def render_battle(session: Any, size: tuple[int, int], settings: Any = None) -> Any:
    """The battle screen for the side about to act, with its options shown, as a pygame Surface."""
    from game.ui.scenes.battle import BattleScene
    from game.ui.settings import Settings

    app = App(size, settings or Settings())
    if session.need is not None:
        session.players[session.need.side] = None  # shown as a person would see their turn
    scene = BattleScene(app, session)
    if session.need is not None:
        scene.viewer = session.need.side
        scene.refresh()
        scene.update(0.0)  # a ruleset's layer picks whose choices to show (saves: the next to declare)
        scene.centre_on_active()
        scene.showcase_hover()
    app.switch(scene)
    scene.draw(app.screen)
    return app.screen


def screenshot_command(args: Any) -> int:
    """`python -m game screenshot`: the battle after N AI turns, as a PNG, without a window."""
    from game.core.options import options_from_args

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    options = options_from_args(args)
    pygame = _pygame()
    session = build_session(args.ruleset, args.map, args.seed, "ai:normal", "ai:normal",
                            options=options)
    advance_turns(session, max(0, args.turns))
    out: Path = args.out
    if out.parent and not out.parent.exists():
        raise UserError("the output folder does not exist", str(out.parent))
    surface = render_battle(session, tuple(args.size))
    width, height = surface.get_size()
    try:
        pygame.image.save(surface, str(out))
    except (pygame.error, OSError) as exc:
        raise UserError(f"cannot write the image: {exc}", str(out)) from None
    finally:
        pygame.quit()
    print(f"wrote {out} ({width}x{height})")
    return 0
