"""The keys the state machine opens screens by: one member a screen.

A key is a value of its own type, so mypy checks every ``push``, ``switch`` and ``reset``
and "go to definition" leads from a key to its maker (``screens.make_screen``). It is also
a ``str`` (its value), so the draw log names a state's panel by it and a test may compare
``top_key == "title"``. This module imports nothing, so any module may name a screen."""

from __future__ import annotations

import enum


class ScreenKey(str, enum.Enum):
    # the table: one state per phase of a turn
    ROLLING = "rolling"
    STAGING = "staging"
    MAGDAGDON = "magdagdon"
    RUIN_PICK = "ruin_pick"
    HINT_WARNING = "hint_warning"
    # results
    GAME_OVER = "game_over"
    NAME_ENTRY = "name_entry"
    HIGH_SCORES = "high_scores"
    REPLAY = "replay"
    # menus and dialogs
    TITLE = "title"
    SETTINGS = "settings"
    RULES = "rules"
    ABOUT = "about"
    LICENCES = "licences"
    CODE_ENTRY = "code_entry"
    DAILY_INTRO = "daily_intro"
    BOARD_ADDRESS = "board_address"
    CONFIRM = "confirm"
    # party play on one screen
    PARTY_SETUP = "party_setup"
    PARTY_HANDOVER = "party_handover"
    PARTY_RESULTS = "party_results"
    # the phones' room
    PHONES_LOBBY = "phones_lobby"
    PHONES_REMOVE = "phones_remove"
    PHONES_RACE = "phones_race"
    PHONES_RESULTS = "phones_results"
    # the kiosk
    ATTRACT_CARD = "attract_card"
    STILL_PLAYING = "still_playing"

    def __str__(self) -> str:  # the value, as a plain str would print (not "ScreenKey.TITLE")
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)
