"""Player settings (UI scale, animation speed, palette, sound, fullscreen, AI reasoning, replays kept),
kept as JSON."""

from __future__ import annotations

import os
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta

from game.core.files import write_atomic

__all__ = ["Settings", "load_settings", "save_settings", "settings_notice", "store_settings",
           "take_settings_notice", "write_atomic"]

ANIM_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "instant": 0.0}
UI_SCALES: tuple[float, ...] = (0.75, 1.0, 1.25, 1.5, 2.0)
PALETTES: tuple[str, ...] = ("okabe-ito", "high-contrast", "muted")
#: how many finished games' replays the data folder keeps (the oldest beyond it are deleted)
REPLAYS_KEPT: tuple[int, ...] = (20, 50, 100, 200, 500, 1000)
DEFAULT_REPLAYS_KEPT = 200


@dataclass
class Settings:
    """What the player set on the settings screen."""

    ui_scale: float = 1.0
    anim_speed: str = "normal"
    palette: str = "okabe-ito"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    #: show each AI input's top candidates on the board and in the combat log (X in battle)
    ai_reasoning: bool = False
    #: replays of finished games kept in the data folder (game.ui.replays prunes the oldest)
    replays_kept: int = DEFAULT_REPLAYS_KEPT

    def clean(self) -> Settings:
        """Values forced into their allowed ranges (a hand-edited file cannot break the game)."""
        if self.ui_scale not in UI_SCALES:
            self.ui_scale = min(UI_SCALES, key=lambda s: abs(s - float(self.ui_scale or 1.0)))
        if self.anim_speed not in ANIM_SPEEDS:
            self.anim_speed = "normal"
        if self.palette not in PALETTES:
            self.palette = "okabe-ito"
        self.volume = min(1.0, max(0.0, float(self.volume)))
        self.muted = bool(self.muted)
        self.fullscreen = bool(self.fullscreen)
        self.ai_reasoning = bool(self.ai_reasoning)
        if self.replays_kept not in REPLAYS_KEPT:
            self.replays_kept = min(REPLAYS_KEPT, key=lambda n: abs(n - int(self.replays_kept)))
        return self

    @property
    def anim_factor(self) -> float:
        """Animation speed multiplier; 0 means no animation."""
        return ANIM_SPEEDS[self.anim_speed]

    @property
    def effective_volume(self) -> float:
        """Volume after mute."""
        return 0.0 if self.muted else self.volume


def settings_path() -> Path:
    """Where settings live."""
    from game.paths import user_dir

    return user_dir() / "settings.json"


SETTINGS_LIMIT = 64 << 10  # bytes; the file the game writes is about 200


class SettingsFile(msgspec.Struct):
    """settings.json's schema; keys it does not know are ignored (a newer version's file loads),
    values of the right type but out of range are brought into range by `Settings.clean`."""

    ui_scale: Annotated[float, Meta(ge=0.1, le=10.0)] = 1.0
    anim_speed: Annotated[str, Meta(max_length=40)] = "normal"
    palette: Annotated[str, Meta(max_length=40)] = "okabe-ito"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    ai_reasoning: bool = False
    replays_kept: Annotated[int, Meta(ge=0, le=1_000_000)] = DEFAULT_REPLAYS_KEPT


_notice = ""
#: the same for the window: what matters first (the launcher's one line is short at 150 %)
_window_notice = ""
#: lines already printed on stderr this run (a notice is printed once, however often it recurs)
_printed: set[str] = set()
#: whether the player was told this run that settings could not be written
_write_told = False
#: the Settings object that load produced along with `_notice` (the notice belongs to it only)
_notice_for: Settings | None = None


def settings_notice() -> str:
    """Why the last load fell back to the default settings ("" when it did not)."""
    return _notice


def take_settings_notice(settings: Settings) -> str:
    """The fall-back notice, once, if `settings` is what that load returned (the launcher shows
    it the first time it opens; an app given settings of its own has no notice to show)."""
    global _notice, _notice_for
    if settings is not _notice_for:
        return ""
    text, _notice, _notice_for = _window_notice or _notice, "", None
    return text


def _tell(line: str) -> None:
    """One line on stderr, once a run (the data folder's notice recurs at every settings load)."""
    if line not in _printed:
        _printed.add(line)
        print(f"skirmish: {line}", file=sys.stderr)


def _keep_aside(path: Path) -> Path | None:
    """Rename a damaged settings file out of the way (never overwrite it); its new path."""
    for n in range(1, 100):
        aside = path.with_name(f"{path.stem}.damaged{'' if n == 1 else f'-{n}'}{path.suffix}")
        if not os.path.lexists(aside):
            try:
                os.replace(path, aside)
            except OSError:
                return None
            return aside
    return None


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or defaults when there are none; a damaged file (not JSON, wrong
    types, too big or deep, not a regular file) gives defaults with one line on stderr, and is
    renamed to settings.damaged.json so the next save does not overwrite it silently."""
    from game.core.files import load_json
    from game.errors import UserError

    global _notice, _notice_for, _window_notice
    _notice, _notice_for, _window_notice = "", None, ""
    try:
        path = path or settings_path()
    except UserError as exc:
        _notice = f"{exc.line()}; using the default settings"
        _window_notice = f"Default settings: the data folder cannot be used ({exc.problem})"
        _tell(_notice)
        _notice_for = Settings()
        return _notice_for
    if not os.path.lexists(path):
        return Settings()
    try:
        data = load_json(path, SettingsFile, SETTINGS_LIMIT, file=path.name)
    except UserError as exc:
        aside = _keep_aside(path) if not exc.problem.startswith("cannot read") else None
        kept = f", the damaged file is kept as {aside.name}" if aside else ""
        # the file's name, not its folder: the line is also shown in the window, where width is short
        _notice = f"{exc.line()}; using the default settings{kept}"
        aside_text = f"set aside as {aside.name}" if aside else "damaged"
        _window_notice = f"Default settings: settings.json was {aside_text} ({exc.line()})"
        # the file is set aside, so this line never recurs
        print(f"skirmish: {_notice} (in {path.parent})", file=sys.stderr)
        _notice_for = Settings()
        return _notice_for
    return Settings(**msgspec.structs.asdict(data)).clean()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write settings atomically (temp file, fsync, rename, fsync of the folder)."""
    import json  # here: reading settings (every start, before the first frame) needs only msgspec

    path = path or settings_path()
    write_atomic(path, json.dumps(asdict(settings), indent=2, sort_keys=True))


def store_settings(settings: Settings, path: Path | None = None) -> str:
    """`save_settings` for the window: a failed write (full disk, read-only or unusable data
    folder) is told once a run: the player's one line the first time, "" after and on success."""
    from game.errors import UserError

    global _write_told
    try:
        save_settings(settings, path)
    except OSError as exc:
        if _write_told:
            return ""
        _write_told = True
        why = exc.problem if isinstance(exc, UserError) else (exc.strerror or str(exc))
        line = f"Settings could not be saved ({why[:80]}); they apply until you quit."
        _tell(line)
        return line
    return ""
