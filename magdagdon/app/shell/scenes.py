"""``--scene NAME`` (hidden option): open straight on one screen, for screenshots and tests.

Positions are reached by playing the engine with the greedy baseline, so every scene is a
real game position.
"""

from __future__ import annotations

import copy
import functools
import itertools
import random
from typing import Callable, TypeVar

from magdagdon.ai import Policy, make_policy
from magdagdon.engine import Accept, Difficulty, Game, Phase, Roll, Stage, rescue
from magdagdon.party import Party
from magdagdon.phones.room import Room, RoomPhase, SeatStatus

from .screen_key import ScreenKey
from .scene_names import (  # noqa: F401 (the names, where the scenes' users look for them)
    GAME_SCENES, MENU_SCENES, NAME_SCENE, PARTY_SCENES, PHONE_SCENES, SCENE_STATE, SCENES, TURN_SCENES,
)

PARTY_SEATS = [("ANA", False), ("BO", False), ("Computer", True)]
# A full table: long names (the longest a seat takes, 12 wide capitals, shortened at 800 px),
# other scripts and two computers, for the players' row and strip.
EIGHT_SEATS = [("ANA", False), ("BO", False), ("Computer", True), ("MWAMBA WAMWE", False), ("عائشہ", False),
               ("प्रिया", False), ("Maximiliana", False), ("Computer 2", True)]


def _greedy(seed: int) -> Policy:
    return make_policy("greedy", random.Random(seed))


def play_until(difficulty: Difficulty, seed: int, stop: Callable[[Game], bool]) -> Game | None:
    game = Game(difficulty, seed)
    policy = _greedy(seed)
    for _ in range(500):
        if stop(game):
            return game
        if game.is_over:
            return None
        game.play(policy.choose(game))
    return None


def _savable(game: Game) -> str:
    """What could save this MAGDAGDON roll (RULES.md §6): "adjust" (−1/+1), "reroll" (only a
    re-roll, with luck) or "" (nothing)."""
    can = rescue(game.board, game.dice, game.required, game.powers_left)
    return "adjust" if can.adjust else "reroll" if can.reroll else ""


Played = TypeVar("Played")


def _played_once(play: Callable[[str, Difficulty, int], Played]) -> Callable[[str, Difficulty, int], Played]:
    """``play`` run once a run for each scene, difficulty and seed (screenshots and the
    audit open the same scenes again and again), each opening given its own copy."""
    kept = functools.cache(play)

    @functools.wraps(play)
    def fresh(scene: str, difficulty: Difficulty, seed: int) -> Played:
        return copy.deepcopy(kept(scene, difficulty, seed))
    return fresh


@_played_once
def scene_game(scene: str, difficulty: Difficulty, seed: int) -> Game:
    """A game positioned for ``scene``."""
    for attempt in range(seed, seed + 400):
        if scene in ("magdagdon", "magdagdon_reroll", "magdagdon_beyond", "ruin_pick"):
            # "magdagdon": a roll −1/+1 could save (where powers are left); "magdagdon_reroll":
            # one only a re-roll may save; "magdagdon_beyond": one no power can save
            wanted = {"magdagdon": "adjust", "magdagdon_reroll": "reroll", "magdagdon_beyond": ""}.get(scene)
            game = play_until(difficulty, attempt, lambda g: g.phase is Phase.MAGDAGDON and g.turn > 2
                              and (wanted is None or not g.powers_left or _savable(g) == wanted))
            if game is not None and scene == "ruin_pick":
                game.play(Accept())
        elif scene == "game_over":
            game = play_until(difficulty, attempt, lambda g: g.is_over)
        elif scene == "staging":
            game = play_until(difficulty, attempt, lambda g: g.phase is Phase.STAGING and g.turn >= 3 and not g.staged)
            if game is not None:
                die = next((d for d in game.tray if game.legal_cells_for(d)), None)
                if die is None:
                    continue
                game.play(Stage(die, min(game.legal_cells_for(die))))
        else:
            game = play_until(difficulty, attempt, lambda g: g.phase is Phase.ROLL and g.turn >= 2)
        if game is not None:
            return game
    game = Game(difficulty, seed)
    game.play(Roll())
    return game


@_played_once
def scene_party(scene: str, difficulty: Difficulty, seed: int) -> Party:
    """A three-player party (one computer) positioned for ``scene``: at turn 5's
    hand-over, in the middle of ANA's turn 5 (placing dice), or over; ``party_turn_eight``
    is ANA's turn 5 at a table of eight."""
    for attempt in range(seed, seed + 50):
        party = _party_until(scene, difficulty, attempt)
        if scene not in TURN_SCENES or party.players[0].game.phase is Phase.STAGING:
            return party
    return party


def _party_until(scene: str, difficulty: Difficulty, seed: int) -> Party:
    if scene == "party_turn_eight":  # quick policies play all eight (the expert would take seconds)
        party = Party.new(difficulty, seed, EIGHT_SEATS)
        policies = [make_policy(("greedy", "random")[seat % 2], random.Random(seed + seat)) for seat in range(8)]
    else:
        party = Party.new(difficulty, seed, PARTY_SEATS)
        policies = [make_policy(name, random.Random(seed)) for name in ("greedy", "random", "expert")]
    for _ in range(3000):
        current = party.current_index
        if current is None:
            break
        game = party.players[current].game
        if scene != "party_results" and party.turn == 5 and current == 0 and game.phase is Phase.ROLL:
            if scene in TURN_SCENES:
                game.play(Roll())
                die = next((d for d in game.tray if game.legal_cells_for(d)), None)
                if die is not None:
                    game.play(Stage(die, min(game.legal_cells_for(die))))
            break
        game.play(policies[current].choose(game))
    return party


GUEST_NAMES = ("Ana", "عائشہ خان", "प्रिया", "Wolfgang Amadeus", "Chiara", "Bilal", "Maximiliana", "👩‍💻 Zoë", "Ngozi",
               "Siddharth", "Łucja", "Tõ\u0338\u0322\u031b\u0317\u0332\u0344\u033e\u0352más")  # an emoji, a tower of marks
SCENE_CODE = "K9Y3V2"
SCENE_TURN = 5


def guest_name(index: int) -> str:
    name = GUEST_NAMES[index % len(GUEST_NAMES)]
    return name if index < len(GUEST_NAMES) else f"{name.split()[0]} {index + 1}"


def scene_room(screen: ScreenKey, guests: int, difficulty: Difficulty, seed: int) -> Room:
    """A room of ``guests`` (names in several scripts): in the lobby (every second phone
    connected), at turn 5 of the race (some placing, some done, one away, one without a
    phone, one removed once there are eight), or finished."""
    numbers = itertools.count(1)
    room = Room(SCENE_CODE, difficulty, seed, 60.0 if screen is ScreenKey.PHONES_RACE else None,
                make_secret=lambda: f"seat-{next(numbers)}")
    for index in range(guests):
        joined = room.join(SCENE_CODE, guest_name(index))
        room.set_connected(joined, index % 2 == 0 or screen is not ScreenKey.PHONES_LOBBY)
    if screen is ScreenKey.PHONES_LOBBY or not guests:
        return room
    room.start(0.0)
    policies = [make_policy(("greedy", "random")[index % 2], random.Random(seed + index)) for index in range(guests)]
    last = SCENE_TURN if screen is ScreenKey.PHONES_RACE else 10**6
    for _ in range(100000):
        if room.phase is not RoomPhase.PLAYING or room.turn >= last:
            break
        for index, seat in enumerate(room.seats):  # each plays the room's turn through
            while seat.game.phase not in (Phase.ROLL, Phase.GAME_OVER):
                room.act(seat.secret, policies[index].choose(seat.game.copy()), 0.0)
    if screen is ScreenKey.PHONES_RACE:
        for index, seat in enumerate(room.seats):  # half of them finish the turn shown
            while index % 2 and seat.game.phase not in (Phase.ROLL, Phase.GAME_OVER):
                room.act(seat.secret, policies[index].choose(seat.game.copy()), 0.0)
        if guests >= 8:
            room.seats[guests - 3].status = SeatStatus.AWAY  # as the timer would (published below)
            room.set_connected(guests - 2, False)
            room.remove(guests - 1, 0.0)
    return room
