"""Every screen the state machine can open: its key (:class:`.screen_key.ScreenKey`) and
where it is made, one case each in :func:`make_screen`.

A screen's module offers a maker, ``screen(services) -> State`` (or another name), handed
the one :class:`Services` bundle and taking from it what it uses. The module is imported
when the screen first opens (the import inside its case), so start-up loads only what the
first frame shows: importing every screen at start would add 0.3 to 0.45 s to a start of
0.3 to 0.6 s (to the first frame). mypy checks the cases against the keys: a key without its case is a missing
return. A new screen is its own file, a key and a case here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable

from .screen_key import ScreenKey

if TYPE_CHECKING:
    from ..phones.host import PhoneHost
    from ..players.review_shelf import ReviewShelf
    from ..players.worker import Worker
    from ..world.world_board import WorldBoard
    from ..results.player_name import LastName
    from ..services.audio import Audio
    from ..services.notices import Notices
    from ..services.preferences import Preferences
    from ..services.store_access import StoreAccess
    from ..table.games import Games
    from ..table.table_state import TableKit
    from ..ui.menu import MenuKit
    from .state_machine import State
    from .window import Window


@dataclass(frozen=True)
class Services:
    """What the screens are handed: the kits of the table and of the menus, and the services
    behind them. Made once by the control; a screen keeps only the parts it uses."""

    table: TableKit
    menu: MenuKit
    games: Games
    storage: StoreAccess
    worker: Worker
    reviews: ReviewShelf  # the expert's reviews and lines of the games last looked at
    notices: Notices
    audio: Audio
    window: Window
    preferences: Preferences
    last_name: LastName
    set_language: Callable[[str], None]
    phones: Callable[[], PhoneHost]  # the phones' host, made when a room first opens
    world: WorldBoard  # Today's dice sent to and read from the world board


def make_screen(key: ScreenKey, services: Services) -> State:
    """The screen opened by ``key``, made from ``services``."""
    match key:
        case ScreenKey.ROLLING:
            from ..table import rolling
            return rolling.screen(services)
        case ScreenKey.STAGING:
            from ..table import staging
            return staging.screen(services)
        case ScreenKey.MAGDAGDON:
            from ..table import magdagdon
            return magdagdon.screen(services)
        case ScreenKey.RUIN_PICK:
            from ..table import ruin_pick
            return ruin_pick.screen(services)
        case ScreenKey.HINT_WARNING:
            from ..table import hint_warning
            return hint_warning.screen(services)
        case ScreenKey.GAME_OVER:
            from ..results import game_over
            return game_over.screen(services)
        case ScreenKey.NAME_ENTRY:
            from ..results import name_entry
            return name_entry.screen(services)
        case ScreenKey.HIGH_SCORES:
            from ..results import high_scores
            return high_scores.screen(services)
        case ScreenKey.REPLAY:
            from ..results import replay_viewer
            return replay_viewer.screen(services)
        case ScreenKey.TITLE:
            from ..menus import title
            return title.screen(services)
        case ScreenKey.SETTINGS:
            from ..menus import settings_menu
            return settings_menu.screen(services)
        case ScreenKey.RULES:
            from ..menus import rules
            return rules.screen(services)
        case ScreenKey.ABOUT:
            from ..menus import about
            return about.screen(services)
        case ScreenKey.LICENCES:
            from ..menus import licences
            return licences.screen(services)
        case ScreenKey.CODE_ENTRY:
            from ..menus import code_entry
            return code_entry.screen(services)
        case ScreenKey.DAILY_INTRO:
            from ..menus import daily_intro
            return daily_intro.screen(services)
        case ScreenKey.BOARD_ADDRESS:
            from ..world import address_entry
            return address_entry.screen(services)
        case ScreenKey.CONFIRM:
            from ..menus import confirm_dialog
            return confirm_dialog.screen(services)
        case ScreenKey.PARTY_SETUP:
            from ..party import setup
            return setup.screen(services)
        case ScreenKey.PARTY_HANDOVER:
            from ..party import handover
            return handover.screen(services)
        case ScreenKey.PARTY_RESULTS:
            from ..party import results
            return results.screen(services)
        case ScreenKey.PHONES_LOBBY:
            from ..phones import lobby
            return lobby.screen(services)
        case ScreenKey.PHONES_REMOVE:
            from ..phones import lobby
            return lobby.remove_guest_screen(services)
        case ScreenKey.PHONES_RACE:
            from ..phones import race
            return race.screen(services)
        case ScreenKey.PHONES_RESULTS:
            from ..phones import race
            return race.results_screen(services)
        case ScreenKey.ATTRACT_CARD:
            from ..kiosk import attract_card
            return attract_card.screen(services)
        case ScreenKey.STILL_PLAYING:
            from ..kiosk import still_playing
            return still_playing.screen(services)


def screen_factories(services: Services) -> dict[ScreenKey, Callable[[], State]]:
    """The state machine's factories: each key's screen, made from ``services`` when opened."""
    return {key: partial(make_screen, key, services) for key in ScreenKey}
