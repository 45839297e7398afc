"""Sound effects from ``assets/sounds``; silent (never failing) without an audio device.

The mixer is opened and the sounds read on first use or by ``load()`` (the control object
calls it after the first frame), never on the way to the first frame."""

from __future__ import annotations

import pygame

from magdagdon.assets_path import asset_path

SOUND_NAMES = ("roll", "place", "take_back", "confirm", "magdagdon", "ruin", "game_over")


class Audio:
    def __init__(self, enabled: bool = True, volume: float = 1.0) -> None:
        self.enabled = enabled
        self.volume = volume  # 0..1, for every effect (they are made equally loud)
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.loaded = False

    def load(self) -> None:
        if self.loaded:
            return
        self.loaded = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            for name in SOUND_NAMES:
                path = asset_path("sounds", f"{name}.wav")
                if path.exists():
                    self.sounds[name] = pygame.mixer.Sound(str(path))
            self.available = True
        except pygame.error:
            self.sounds = {}  # no audio device: the game runs silently

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.load()
        if self.available:
            sound = self.sounds.get(name)
            if sound is not None:
                try:
                    sound.set_volume(self.volume)
                    sound.play()
                except pygame.error:
                    pass
