"""The launcher's first frame without pygame_gui: the picture pygame_gui drew of it at an earlier
start (kept in the user's cache folder), with this start's seed written in the seed field the way
pygame_gui writes it; pygame_gui's widgets take over in the pass after the frame is shown.

Importing and building pygame_gui (its modules, theme, manager and super-sampled rounded corners)
was more than half of the launcher's command → first frame. The picture is the launcher before
the chosen ruleset's rules are read (`LauncherScene.ready` False): the state pygame_gui's own first
frame shows. It is kept only when the seed drawn here onto the picture with an empty seed field
gives pygame_gui's frame pixel for pixel, and used only while everything that decides that frame is
unchanged (`first_frame_key`); otherwise the launcher's sketch (game/ui/launcher_sketch.py) is the
first frame and pygame_gui's launcher keeps the picture for the next start.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from pathlib import Path
from typing import Any

import pygame

FORMAT = 1
#: the files whose code or data decide the picture: a change to any makes the picture stale
_DECIDING = ("launcher_picture.py", "scenes/launcher_layout.py", "scenes/launcher.py",
             "scenes/gui.py", "scenes/launch_text.py", "scenes/squad_choices.py", "theme.py")


def cache_file(ruleset: str) -> Path | None:
    """Where the picture of the launcher opening on `ruleset` is kept (the user's cache folder,
    beside the bytecode; one per ruleset, so a player who switches keeps both); None without one."""
    name = "".join(c for c in ruleset if c.isalnum() or c == "_") or "none"
    try:
        from game.paths import user_base

        folder = user_base("cache") / "first-frame"
    except Exception:  # noqa: BLE001 - no cache folder: every first frame is sketched
        return None
    return folder / f"launcher-{name}.bin"


def _stamp(path: Path | str) -> list[int]:
    try:
        st = os.stat(path)
    except OSError:
        return []
    return [st.st_mtime_ns, st.st_size]


def _code_stamp() -> list[Any]:
    """Modification times and sizes of the code, fonts and pygame_gui that draw the launcher."""
    from importlib.util import find_spec

    from game.ui.theme import FONT_BOLD, FONT_REGULAR

    ui = Path(__file__).resolve().parent
    files: list[Path | str] = [ui / name for name in _DECIDING] + [FONT_REGULAR, FONT_BOLD]
    spec = find_spec("pygame_gui")
    if spec is not None and spec.origin:
        files.append(spec.origin)
    if getattr(sys, "frozen", False):
        files.append(sys.executable)  # a frozen build's sources are in its archive
    return [_stamp(f) for f in files]


def first_frame_key(app: Any, ruleset: str, names: dict[str, str], notice: str) -> dict[str, Any]:
    """Everything the launcher's first frame is drawn from, but the seed (and the code, in
    `_DECIDING`: which ruleset offers the squad builder is squad_choices.py's)."""
    return {
        "format": FORMAT,
        "size": list(app.screen_size),
        "scale": app.fonts.scale,
        "palette": app.settings.palette,
        "ruleset": ruleset,
        "names": names,
        "notice": notice,
        "pygame": pygame.version.ver,
        "code": _code_stamp(),
    }


def draw_seed(surface: pygame.Surface, font: pygame.font.Font, text: str, colour: Any,
              at: tuple[int, int]) -> None:
    """`text` as pygame_gui writes a text field's text (white, premultiplied, tinted, blended)."""
    white = font.render(text, True, (255, 255, 255)).convert_alpha()
    if not white.get_width() or not white.get_height():
        return
    text_surface = white.premul_alpha()
    tint = pygame.Surface(text_surface.get_size(), pygame.SRCALPHA)
    tint.fill((*colour[:3], 255))
    text_surface.blit(tint, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(text_surface, at, special_flags=pygame.BLEND_PREMULTIPLIED)


class Picture:
    """A kept first frame: the window with an empty seed field, where and in which colour the
    seed's text goes."""

    def __init__(self, image: pygame.Surface, text_at: tuple[int, int], colour: tuple[int, int, int]) -> None:
        self.image = image
        self.text_at = text_at
        self.colour = colour
        self.size = image.get_size()

    def draw(self, surface: pygame.Surface, font: pygame.font.Font, seed: str) -> None:
        """The launcher's first frame with `seed` in its seed field."""
        surface.blit(self.image, (0, 0))
        draw_seed(surface, font, seed, self.colour, self.text_at)


def load_picture(key: dict[str, Any], path: Path | None = None) -> Picture | None:
    """The kept picture when it was drawn from `key`; None when there is none or it is stale."""
    path = path or cache_file(key["ruleset"])
    if path is None:
        return None
    width, height = key["size"]
    whole = width * height * 3  # the picture's pixels: the file holds them compressed, or is not ours
    try:
        with path.open("rb") as f:
            data = f.read(whole + 64 * 1024)
        head, _, body = data.partition(b"\n")
        meta = json.loads(head)
        if meta.get("key") != json.loads(json.dumps(key)):
            return None
        inflate = zlib.decompressobj()
        pixels = inflate.decompress(body, whole + 1)  # never much more than a window's worth
        if not inflate.eof or len(pixels) != whole:
            return None  # more than a window's worth, or cut short
        # on the bytes, not a copy of them (the surface keeps them alive)
        image = pygame.image.frombuffer(pixels, (width, height), "RGB")
        return Picture(image, tuple(meta["text_at"]), tuple(meta["colour"]))
    except Exception:  # noqa: BLE001 - a missing, damaged or foreign file: the frame is sketched
        return None


def _drawn(scene: Any, text: str) -> pygame.Surface:
    scene.seed_entry.set_text(text)
    for _ in range(2):  # the text's layout, then its surface
        scene.manager.update(0.0)
    surface = pygame.Surface(scene.app.screen_size)
    scene.draw(surface)
    return surface


def _changed(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> pygame.Rect | None:
    """The smallest rectangle holding every pixel that differs between a and b inside `rect`."""
    ra, rb = pygame.image.tobytes(a.subsurface(rect), "RGB"), pygame.image.tobytes(b.subsurface(rect), "RGB")
    row = rect.w * 3
    xs: list[int] = []
    ys: list[int] = []
    for y in range(rect.h):
        la, lb = ra[y * row:(y + 1) * row], rb[y * row:(y + 1) * row]
        if la == lb:
            continue
        ys.append(y)
        cols = [x for x in range(rect.w) if la[3 * x:3 * x + 3] != lb[3 * x:3 * x + 3]]
        xs += (cols[0], cols[-1])
    if not ys:
        return None
    return pygame.Rect(rect.x + min(xs), rect.y + ys[0], max(xs) - min(xs) + 1, ys[-1] - ys[0] + 1)


def keep_picture(scene: Any, key: dict[str, Any], path: Path | None = None) -> bool:
    """Keep the launcher's first frame (the scene before its rules are read, as pygame_gui draws
    it) for the next start; True when kept. Nothing is kept when the seed drawn onto the picture
    would not give pygame_gui's frame exactly."""
    path = path or cache_file(key["ruleset"])
    if path is None or scene.ready:
        return False
    manager = scene.manager
    # drawn with the mouse nowhere: until SDL is told where the pointer is it says the window's
    # centre, over a widget at some scales, and a picture is drawn for whatever start comes next
    manager._update_mouse_position = lambda: setattr(manager, "mouse_position", (-(10**6), -(10**6)))
    try:
        return _keep(scene, key, path)
    finally:
        del manager._update_mouse_position


def _keep(scene: Any, key: dict[str, Any], path: Path) -> bool:
    seed = scene.seed_entry.get_text()
    colour = tuple(scene.app.palette.text)
    font = scene.app.fonts.font(scene.app.fonts.BODY)
    try:
        blank, shown = _drawn(scene, ""), _drawn(scene, seed)
        changed = _changed(blank, shown, scene.seed_entry.rect)
        inked = font.render(seed, True, (255, 255, 255)).get_bounding_rect()
        if changed is None:
            return False
        want = pygame.image.tobytes(shown, "RGB")
        guess = (changed.x - inked.x, changed.y - inked.y)
        for dx, dy in [(0, 0)] + [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if x or y]:
            at = (guess[0] + dx, guess[1] + dy)
            trial = blank.copy()
            draw_seed(trial, font, seed, colour, at)
            if pygame.image.tobytes(trial, "RGB") == want:
                break
        else:
            return False
        body = zlib.compress(pygame.image.tobytes(blank, "RGB"), 1)
        head = json.dumps({"key": key, "text_at": list(at), "colour": list(colour)}).encode()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
        tmp.write_bytes(head + b"\n" + body)
        os.replace(tmp, path)
        return True
    except (OSError, pygame.error, ValueError):
        return False


class PictureScene:
    """The launcher until pygame_gui's takes over, in the pass after the first frame: the kept
    picture, or where none is kept the launcher's sketch (game/ui/launcher_sketch.py; pygame_gui's
    launcher then keeps its picture for the next start). Input that comes before is held and given
    to the launcher, in order, as it takes over. A scene (`Scene`'s protocol) that imports no
    pygame_gui."""

    animating = False

    def __init__(self, app: Any, picture: Any, launcher: dict[str, Any],
                 keep: dict[str, Any] | None = None) -> None:
        self.app = app
        self.dirty = True
        #: what draws the first frame: `draw(surface, font, seed)` and `size`
        self.picture = picture
        #: what the launcher is made with (seed, memory, notice): the one the picture shows
        self.launcher = launcher
        #: the first frame's key when pygame_gui's launcher is to keep its picture (sketched frames)
        self.keep = keep
        self.held: list[pygame.event.Event] = []
        self.successor: Any = None

    def draw(self, surface: pygame.Surface) -> None:
        """The kept picture and this start's seed."""
        self.picture.draw(surface, self.app.fonts.font(self.app.fonts.BODY), str(self.launcher["seed"]))

    def take_over(self) -> Any:
        """The launcher with its widgets and choices in this scene's place, given the held input.
        After a sketch it is first the launcher the sketch showed, before its rules are read (the
        same pixels), and keeps its picture as it reads them, in the next pass or at the first
        input (`LauncherScene.finish`)."""
        if self.successor is None:
            from game.ui.scenes.launcher import LauncherScene

            self.successor = LauncherScene(self.app, deferred=self.keep is not None, **self.launcher)
            self.successor.keep_first_frame = self.keep
            stack = self.app.stack
            if self in stack:
                stack[stack.index(self)] = self.successor
            held, self.held = self.held, []
            for event in held:
                self.successor.handle(event)
            self.successor.dirty = True
        return self.successor

    def handle(self, event: pygame.event.Event) -> None:
        """Held for the launcher (given to it as it takes over; to it directly after)."""
        if self.successor is not None:
            self.successor.handle(event)
        else:
            self.held.append(event)

    def update(self, dt: float) -> None:
        """Nothing moves on the picture."""

    def resize(self, size: tuple[int, int]) -> None:
        """A window of another size than the picture's: the launcher takes over, laid out for it."""
        if self.successor is not None or size != self.picture.size:
            self.take_over().resize(size)
        else:
            self.dirty = True

    def leave(self) -> None:
        """Replaced before it took over (nothing of it to drop)."""


def launcher_first_frame(app: Any) -> Any:
    """The launcher scene for the window's first frame: the kept picture while it is current, else
    the launcher's sketch; pygame_gui's launcher takes over in the next pass (after a sketch, it
    keeps its first frame as the picture for the next start)."""
    from game.core.names import offered_names
    from game.ui.app import random_seed
    from game.ui.launch_memory import load_memory, remembered_ruleset
    from game.ui.settings import take_settings_notice

    names = dict(offered_names())
    memory = load_memory()
    ruleset = remembered_ruleset(memory, list(names))
    made = {"seed": random_seed(), "memory": memory, "notice": take_settings_notice(app.settings)}
    key = first_frame_key(app, ruleset, names, made["notice"])
    picture: Any = load_picture(key)
    keep = None
    if picture is None:
        try:
            from game.ui.launcher_sketch import LauncherSketch

            picture, keep = LauncherSketch(app, names, ruleset, made["seed"], made["notice"]), key
        except (OSError, pygame.error):  # a font it cannot open: pygame_gui draws the first frame
            from game.ui.scenes.launcher import LauncherScene

            launcher = LauncherScene(app, deferred=True, **made)
            launcher.keep_first_frame = key
            return launcher
    scene = PictureScene(app, picture, made, keep)
    app.after_first_frame(scene.take_over)
    return scene
