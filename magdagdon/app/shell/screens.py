"""Every screen the state machine can open, one line each: its key and where it is made.

A screen's module offers a maker, ``screen(services) -> State`` (or another name after a
colon), handed the one :class:`Services` bundle and taking from it what it uses. The
module is imported when the screen first opens, so start-up loads only what the first
frame shows; a new screen is its own file and one line here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable

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

SCREENS: dict[str, str] = {
    "rolling": "magdagdon.app.table.rolling",
    "staging": "magdagdon.app.table.staging",
    "magdagdon": "magdagdon.app.table.magdagdon",
    "ruin_pick": "magdagdon.app.table.ruin_pick",
    "hint_warning": "magdagdon.app.table.hint_warning",
    "game_over": "magdagdon.app.results.game_over",
    "name_entry": "magdagdon.app.results.name_entry",
    "high_scores": "magdagdon.app.results.high_scores",
    "replay": "magdagdon.app.results.replay_viewer",
    "title": "magdagdon.app.menus.title",
    "settings": "magdagdon.app.menus.settings_menu",
    "rules": "magdagdon.app.menus.rules",
    "about": "magdagdon.app.menus.about",
    "licences": "magdagdon.app.menus.licences",
    "code_entry": "magdagdon.app.menus.code_entry",
    "daily_intro": "magdagdon.app.menus.daily_intro",
    "board_address": "magdagdon.app.world.address_entry",
    "confirm": "magdagdon.app.menus.confirm_dialog",
    "party_setup": "magdagdon.app.party.setup",
    "party_handover": "magdagdon.app.party.handover",
    "party_results": "magdagdon.app.party.results",
    "phones_lobby": "magdagdon.app.phones.lobby",
    "phones_remove": "magdagdon.app.phones.lobby:remove_guest_screen",
    "phones_race": "magdagdon.app.phones.race",
    "phones_results": "magdagdon.app.phones.race:results_screen",
    "attract_card": "magdagdon.app.kiosk.attract_card",
    "still_playing": "magdagdon.app.kiosk.still_playing",
}


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


def make_screen(where: str, services: Services) -> State:
    """The screen made by the maker at ``where`` ("module" or "module:maker")."""
    module_name, _, maker_name = where.partition(":")
    maker: Callable[[Services], State] = getattr(importlib.import_module(module_name), maker_name or "screen")
    return maker(services)


def screen_factories(services: Services, screens: dict[str, str] = SCREENS) -> dict[str, Callable[[], State]]:
    """The state machine's factories: each key's screen, made from ``services`` when opened."""
    return {key: partial(make_screen, where, services) for key, where in screens.items()}
