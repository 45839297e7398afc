"""Settings: difficulty (a new game, after asking if one is in progress), the yes/no
settings, the volume, the world board (sending, and its address), the display, the language
(each named in its own script).

A yes/no setting is a field of :class:`~magdagdon.storage.settings.Settings` and one line of
``TOGGLES`` with its two labels; a tap changes it through the preferences, whose followers
(the sound, the fonts, the table) take it from there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from magdagdon.engine import Difficulty

from ..world.world_board import WorldBoard
from ..services.audio import Audio
from ..table.games import Games
from ..text.i18n import language_names
from ..services.preferences import Preferences
from ..shell.payloads import Answer, ChangeDifficulty, Confirmed, Question
from ..shell.window import Window
from ..ui.menu import Item, MenuKit, MenuState
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services



@dataclass(frozen=True)
class Toggle:
    """A yes/no setting as the menu shows it: its field and its label when on and when off."""

    setting: str  # a ``bool | None`` field of Settings (None: not chosen, off)
    on: str  # catalog keys
    off: str


TOGGLES = (
    Toggle("sound", "settings.sound_on", "settings.sound_off"),
    Toggle("large_text", "settings.large_text_on", "settings.large_text_off"),
    Toggle("reduce_motion", "settings.reduce_motion_on", "settings.reduce_motion_off"),
    Toggle("auto_roll", "settings.auto_roll_on", "settings.auto_roll_off"),
)
VOLUME_STEPS = (100, 75, 50, 25)  # a tap moves to the next, after 25 back to 100


class SettingsMenu(MenuState):
    title_key = "settings.title"

    def __init__(self, kit: MenuKit, games: Games, audio: Audio, window: Window, preferences: Preferences,
                 set_language: Callable[[str], None], world: WorldBoard) -> None:
        super().__init__(kit)
        self.games, self.audio, self.window, self.preferences = games, audio, window, preferences
        self.set_language, self.world = set_language, world

    @property
    def volume_percent(self) -> int:
        return round(self.audio.volume * 100)

    @property
    def subtitle(self) -> str:
        return self.text("difficulty.summary." + self.games.difficulty.name)

    def items(self) -> list[Item]:
        text, current = self.text, self.games.difficulty
        # Difficulty names stay in Latin letters in every language: drawn in the Latin font.
        items = [Item(f"difficulty:{d.name}", text(f"difficulty.{d.name}"), "#chosen" if d is current else "", row=0)
                 for d in self.games.difficulties]
        chosen = self.preferences.current
        for toggle in TOGGLES:
            on = bool(getattr(chosen, toggle.setting))
            items.append(Item(toggle.setting, text(toggle.on if on else toggle.off)))
            if toggle.setting == "sound":
                items.append(Item("volume", text("settings.volume", percent=self.volume_percent)))
        items += self._world_items()
        if not self.kit.locked:
            items.append(Item("display", text("settings.fullscreen" if self.window.fullscreen else "settings.windowed")))
        for locale, name in language_names().items():
            items.append(Item(f"language:{locale}", name, "#chosen" if locale == text.locale else "", row=3,
                              fixed_order=True))  # switching to Urdu must not turn the row under the finger
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
        elif any(toggle.setting == ident for toggle in TOGGLES):
            self.preferences.change(**{ident: not getattr(self.preferences.current, ident)})
            self.build()
        elif ident == "world_board" and self.world.choice().address is not None:
            self.preferences.change(world_board=not self.world.choice().sending)
            self.build()
        elif ident == "board_address" and not self.kit.locked:
            self.push(ScreenKey.BOARD_ADDRESS)
        elif ident == "volume":
            later = [step for step in VOLUME_STEPS if step < self.volume_percent]
            percent = later[0] if later else VOLUME_STEPS[0]
            self.preferences.change(volume=percent)
            self.audio.play("place")  # hear the new volume
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

    def _world_items(self) -> list[Item]:
        """Sending Today's dice to the world board (off until chosen) and the board's address,
        side by side. Without an address there is nothing to turn on: the line says so, and
        its neighbour asks for one. A kiosk's address is its kiosk.json's: shown, not typed."""
        from magdagdon.board.address import board_host

        choice = self.world.choice()
        address = choice.address
        if address is None:
            sending = Item("world_board", self.text("settings.world_board_no_address"), row=2, enabled=False)
            where = Item("board_address", self.text("settings.board_address_set"), row=2,
                         enabled=not self.kit.locked)
        else:
            sending = Item("world_board", self.text("settings.world_board_on" if choice.sending else
                                                    "settings.world_board_off"), row=2)
            where = Item("board_address", self.text("settings.board_address", address=board_host(address)), row=2,
                         enabled=not self.kit.locked)
        return [sending, where]

    def remember(self, **changes: Any) -> None:
        """Keep the player's choice for the next runs (quietly nothing if it cannot)."""
        self.preferences.remember(**changes)


def screen(services: Services) -> SettingsMenu:
    return SettingsMenu(services.menu, services.games, services.audio, services.window, services.preferences,
                        services.set_language, services.world)
