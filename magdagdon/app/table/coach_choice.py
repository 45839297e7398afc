"""Whether this run's games are coached: decided once, at start-up, from the command line
and what the settings remember."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .coach import Coach

if TYPE_CHECKING:
    from ..services.preferences import Preferences
    from ..shell.options import Options


def choose_coach(options: Options, preferences: Preferences, kiosk_coaches_every_game: bool = False) -> Coach:
    """Coach a player's first game on a fresh install (in a kiosk every game, unless its
    config says not to); never a demo, a scene or a game started from a given seed
    (screenshots and tests), unless asked for."""
    saved = preferences.saved
    guiding = options.coach if options.coach is not None else (
        options.seed is None and options.scene is None and not options.demo)
    every_game = bool(guiding) and kiosk_coaches_every_game
    return Coach(bool(guiding) and not saved.coached, saved.tips_seen or (), preferences.remember,
                 tips=bool(guiding), every_game=every_game)
