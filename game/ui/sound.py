"""Short sound effects with volume and mute; silent (never failing) where there is no audio device."""

from __future__ import annotations

import pygame

from game.paths import ASSETS_DIR

NAMES = ("flip", "roll", "hit", "miss", "click")


class Sounds:
    """The loaded effects; `play` is a no-op when audio is unavailable or muted."""

    def __init__(self, volume: float = 0.7, open_now: bool = True) -> None:
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []
        #: the audio device and the effects are opened once (the window opens them after its first
        #: frame: an audio server can take tens of milliseconds to answer)
        self.opened = False
        if open_now:
            self.open()

    def open(self) -> None:
        """Open the audio device and load the effects (once; silent when there is no device)."""
        if self.opened:
            return
        self.opened = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            for name in NAMES:
                path = ASSETS_DIR / "sounds" / f"{name}.wav"
                if path.exists():
                    self.sounds[name] = pygame.mixer.Sound(str(path))
        except pygame.error:
            self.sounds = {}

    @property
    def available(self) -> bool:
        """Whether effects can be heard at all."""
        self.open()
        return bool(self.sounds)

    def set_volume(self, volume: float) -> None:
        """0 silences; 1 is full."""
        self.volume = max(0.0, min(1.0, volume))

    def play(self, name: str | None) -> None:
        """Play an effect by name (records it, so tests can see what would be heard)."""
        if not name:
            return
        self.played.append(name)
        self.played = self.played[-50:]
        self.open()
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return
        sound.set_volume(self.volume)
        sound.play()
