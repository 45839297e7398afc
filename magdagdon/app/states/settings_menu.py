"""Settings: difficulty (a new game, after asking if one is in progress), sound and its
volume, large text, reduce motion, display, language (each named in its own script)."""

from __future__ import annotations

from typing import Any, Callable

from magdagdon.engine import Difficulty

from ..audio import Audio
from ..games import Games
from ..i18n import language_names
from ..motion import MotionPreference
from ..preferences import Preferences
from ..payloads import Answer, ChangeDifficulty, Confirmed, Question
from ..ui_theme import language_style, script_style
from ..window import Window
from .menu import Item, MenuKit, MenuState


LARGE_TEXT_SCALE = 1.25
VOLUME_STEPS = (100, 75, 50, 25)  # a tap moves to the next, after 25 back to 100


class SettingsMenu(MenuState):
    title_key = "settings.title"

    def __init__(self, kit: MenuKit, games: Games, audio: Audio, window: Window, preferences: Preferences,
                 motion: MotionPreference, set_language: Callable[[str], None]) -> None:
        super().__init__(kit)
        self.games, self.audio, self.window, self.preferences = games, audio, window, preferences
        self.motion = motion
        self.set_language = set_language

    @property
    def volume_percent(self) -> int:
        return round(self.audio.volume * 100)

    @property
    def subtitle(self) -> str:
        return self.text("difficulty.summary." + self.games.difficulty.name)

    def items(self) -> list[Item]:
        text, current = self.text, self.games.difficulty
        # Difficulty names stay in Latin letters in every language: drawn in the Latin font.
        items = [Item(f"difficulty:{d.name}", text(f"difficulty.{d.name}"), script_style("latin", d is current), row=0)
                 for d in self.games.difficulties]
        items.append(Item("sound", text("settings.sound_on" if self.audio.enabled else "settings.sound_off")))
        items.append(Item("volume", text("settings.volume", percent=self.volume_percent)))
        large = self.fonts.scale > 1.0
        items.append(Item("large_text", text("settings.large_text_on" if large else "settings.large_text_off")))
        reduce = self.motion.reduce
        items.append(Item("reduce_motion", text("settings.reduce_motion_on" if reduce else "settings.reduce_motion_off")))
        if not self.kit.locked:
            items.append(Item("display", text("settings.fullscreen" if self.window.fullscreen else "settings.windowed")))
        for locale, name in language_names().items():
            items.append(Item(f"language:{locale}", name, language_style(locale, chosen=locale == text.locale), row=3))
        items.append(Item("back", text("button.back"), "#primary"))
        return items

    def on_choice(self, ident: str) -> None:
        if ident.startswith("difficulty:"):
            chosen = Difficulty.from_name(ident.split(":", 1)[1])
            if chosen not in self.games.difficulties:
                return
            current = self.session.game.difficulty if self.session else self.games.difficulty
            if chosen is current and self.games.difficulty is chosen:
                return
            if self.game_in_progress():
                question = Question("confirm.new_game", terms={"difficulty": "difficulty." + chosen.name})
                self.ask(question, ChangeDifficulty(chosen))
            else:
                self.remember(difficulty=chosen)
                self.start_new_game(self.games, chosen)
        elif ident == "sound":
            self.audio.enabled = not self.audio.enabled
            self.remember(sound=self.audio.enabled)
            self.build()
        elif ident == "volume":
            later = [step for step in VOLUME_STEPS if step < self.volume_percent]
            percent = later[0] if later else VOLUME_STEPS[0]
            self.audio.volume = percent / 100
            self.remember(volume=percent)
            self.audio.play("place")  # hear the new volume
            self.build()
        elif ident == "large_text":
            large = self.fonts.scale == 1.0
            self.fonts.set_scale(LARGE_TEXT_SCALE if large else 1.0)
            self.ui.set_text_scale(LARGE_TEXT_SCALE if large else 1.0)
            self.remember(large_text=large)
            self.build()
        elif ident == "reduce_motion":
            self.motion.reduce = not self.motion.reduce
            self.remember(reduce_motion=self.motion.reduce)
            self.build()
        elif ident == "display" and not self.kit.locked:
            # The new window size reaches every state through the control object, which
            # rebuilds this menu for it before the next frame is drawn.
            self.window.toggle_fullscreen()
            self.remember(fullscreen=self.window.fullscreen)
            self.build()
        elif ident.startswith("language:"):
            locale = ident.split(":", 1)[1]
            if locale != self.text.locale:
                self.remember(language=locale)
                self.set_language(locale)  # rebuilds every menu, this one included
        elif ident == "back":
            self.pop()

    def on_answer(self, answer: Answer) -> None:
        if isinstance(answer, Confirmed) and isinstance(answer.action, ChangeDifficulty):
            chosen = answer.action.difficulty
            self.remember(difficulty=chosen)
            self.start_new_game(self.games, chosen)

    def remember(self, **changes: Any) -> None:
        """Keep the player's choice for the next runs (quietly nothing if it cannot)."""
        self.preferences.remember(**changes)
