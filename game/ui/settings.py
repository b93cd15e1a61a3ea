"""Player settings (UI scale, animation speed, palette, sound, fullscreen, AI reasoning), kept as JSON."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

ANIM_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "instant": 0.0}
UI_SCALES: tuple[float, ...] = (0.75, 1.0, 1.25, 1.5, 2.0)
PALETTES: tuple[str, ...] = ("okabe-ito", "high-contrast", "muted")


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


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or defaults when there are none or the file is unreadable."""
    path = path or settings_path()
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    try:
        return Settings(**{k: v for k, v in data.items() if k in known}).clean()
    except (TypeError, ValueError):
        return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write settings atomically (temp file, then rename)."""
    path = path or settings_path()
    write_atomic(path, json.dumps(asdict(settings), indent=2, sort_keys=True))


def write_atomic(path: Path, text: str) -> None:
    """Write a file so a crash leaves either the old or the new content, never half of one."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
