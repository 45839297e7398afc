"""What the game first opens on: the title over a fresh game (a player's start), the demo
(``--demo``), a game from a given seed with no menu, or one of the ``--scene`` openings the
screenshots and the whole-screen audit use.

The scenes play their positions with the AI and build parties and phones' rooms: they are
imported only when a scene asks for them, so a player's start never loads them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from magdagdon.storage import DEFAULT_NAME

from ..services.wall_clock import now
from ..table.table_state import PHASE_STATE
from .payloads import Confirm, Question
from .play_context import PlayContext
from .scene_names import GAME_SCENES, MENU_SCENES, NAME_SCENE, PARTY_SCENES, PHONE_SCENES, TURN_SCENES
from .screen_key import ScreenKey

if TYPE_CHECKING:
    from ..phones.host import PhoneHost
    from ..services.store_access import StoreAccess
    from ..table.games import Games
    from .options import Options
    from .state_machine import StateMachine


def open_first_screen(machine: StateMachine, options: Options, games: Games, storage: StoreAccess,
                      phones: Callable[[], PhoneHost]) -> None:
    """Start ``machine`` on the screen ``options`` ask for."""
    scene = options.scene
    if scene in PARTY_SCENES:
        _open_party_scene(machine, scene, options, games, storage)
        return
    if scene in PHONE_SCENES:
        _open_phones_scene(machine, scene, options, games, phones)
        return
    if scene in GAME_SCENES or scene == NAME_SCENE:
        from .scenes import scene_game  # its position is played out by the AI: loaded for a scene only

        game = scene_game("game_over" if scene == NAME_SCENE else scene, games.difficulty, options.seed or 1)
        session = games.resume_session(game)
        if scene == "game_over":
            session.player_name = DEFAULT_NAME
        machine.start(PHASE_STATE[game.phase], PlayContext(session))
        return
    if options.demo:
        demo = games.demo_session(games.fresh_game(seed=options.seed))
        machine.start(ScreenKey.ROLLING, PlayContext(demo))
        return
    context = PlayContext(games.new_session(options.difficulty, options.seed))
    if scene in MENU_SCENES:
        overlays = (ScreenKey.TITLE,) if scene == "title" else (ScreenKey.TITLE, ScreenKey(scene))
        asked = Confirm(Question("confirm.quit"), None) if scene == "confirm" else None
        machine.start(ScreenKey.ROLLING, context, overlays, asked)
        return
    machine.start(ScreenKey.ROLLING, context, () if options.seed is not None else (ScreenKey.TITLE,))


def _open_party_scene(machine: StateMachine, scene: str, options: Options, games: Games,
                      storage: StoreAccess) -> None:
    """A party for screenshots, kept in memory only (never written nor recorded)."""
    from magdagdon.party.keeper import PartyKeeper
    from magdagdon.storage.party_file import PartyFiles

    from ..party.play import PartyPlay
    from .scenes import scene_party

    party = scene_party(scene, games.difficulty, options.seed or 1)
    play = PartyPlay(PartyKeeper(PartyFiles.unavailable(), lambda: None, party, now()), games, storage)
    context = PlayContext(games.new_session(seed=party.seed), play)
    if scene in TURN_SCENES:
        context.session = play.hand_over()
        machine.start(ScreenKey.STAGING, context)
    else:
        machine.start(ScreenKey.PARTY_RESULTS if scene == "party_results" else ScreenKey.PARTY_HANDOVER, context)


def _open_phones_scene(machine: StateMachine, scene: str, options: Options, games: Games,
                       phones: Callable[[], PhoneHost]) -> None:
    """A room for screenshots, kept in memory only (no server, never written nor recorded)."""
    from .scenes import scene_room

    screen, guests = PHONE_SCENES[scene]
    room = scene_room(screen, guests, games.difficulty, options.seed or 1)
    host = phones()
    host.clock = lambda: 18.0  # the race's timer shows 42 s left
    host.show(room, f"http://192.168.1.23:8765/r/{room.code}")
    context = PlayContext(games.new_session())
    if screen is ScreenKey.PHONES_LOBBY:
        machine.start(ScreenKey.ROLLING, context, (ScreenKey.TITLE, ScreenKey.PHONES_LOBBY))
    else:
        machine.start(screen, context)
