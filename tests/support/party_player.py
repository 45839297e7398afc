"""A scripted party through the game's loop: set up the seats on the screens, then let
the people play by tapping dice and cells (and pressing R, C, A) and the computer play
by itself, until the results show."""

from __future__ import annotations

import pygame

from magdagdon.engine import Phase, find_placement
from magdagdon.party import Seat

from .player import Player

KEYS = {char: getattr(pygame, f"K_{char.lower()}") for char in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}


def type_text(player: Player, text: str) -> None:
    for char in text:
        player.post(pygame.KEYDOWN, key=KEYS.get(char.upper(), 0), mod=0, unicode=char, scancode=0)
        player.wait(0.05)


def set_up_party(player: Player, seats: list[Seat | tuple[str, bool]]) -> None:
    """The seats added on the set-up's buttons: a person by name, the computer at its strength
    ((name, True): the expert; the computer is named by its strength)."""
    player.key(pygame.K_ESCAPE)
    player.choose("party")
    assert player.top_key == "party_setup"
    for name, computer, strength in (Seat(*seat) for seat in seats):
        if computer:
            player.choose(f"add_{strength.value}")
        else:
            player.choose("add_player")
            assert player.top_key == "name_entry"
            player.post(pygame.TEXTINPUT, text=name)  # typed on a keyboard (SDL text input)
            player.wait(0.1)
            player.key(pygame.K_RETURN)
            assert player.top_key == "party_setup"
    player.choose("start")
    assert player.top_key == "party_handover"


def play_human_step(player: Player) -> None:
    """One action of the person at the table, as they would make it."""
    state = player.top
    game, layout = state.game, player.layout
    if game.phase is Phase.ROLL:
        player.key(pygame.K_r, then=1.2)
    elif game.phase is Phase.STAGING:
        greedy = state.party is not None and state.party.party.current_index % 2 == 1
        extra = next(((d, c) for d in game.tray for c in sorted(game.legal_cells_for(d))), None)
        if len(game.staged) >= game.required and (not greedy or extra is None):
            player.key(pygame.K_c, then=0.6)
            return
        if len(game.staged) >= game.required:  # this player places every die that fits
            die, cell = extra
            player.tap(layout.tray_slots[die].center)
            player.tap(layout.cells[cell].center)
            return
        if not game.staged:
            state.session.plan = find_placement(game.board, game.dice, game.required)
        value, cell = state.session.plan[len(game.staged)]
        die = next(d for d in game.tray if game.dice[d] == value)
        player.tap(layout.tray_slots[die].center)
        player.tap(layout.cells[cell].center)
    elif game.phase is Phase.MAGDAGDON:
        player.key(pygame.K_a, then=0.6)
    elif game.phase is Phase.RUIN_PICK:
        player.tap(layout.cells[game.board.empty_cells()[0]].center)
    else:  # the board is full: the table hands over on its next update
        player.wait(0.1)


def play_party(player: Player, stop_after: int | None = None) -> None:
    """Play until the results show (or ``stop_after`` human actions)."""
    steps = looks = 0
    until = player.now + 3600.0  # an hour of game time: far more than any party needs
    while player.top_key != "party_results":
        key = player.top_key
        looks += 1
        assert not player.quit_requested, "the game quit during the party"
        assert player.now < until and looks < 20_000, f"the party is stuck in {key}: {describe(player)}"
        if key == "party_handover":
            play = player.top.play
            current = play.party.current
            if current is not None and current.computer:
                player.wait(0.5)
            else:
                player.choose("go")
        elif play_is_computer(player):
            player.wait(0.5)
        else:
            play_human_step(player)
            steps += 1
            if stop_after is not None and steps >= stop_after:
                return


def play_is_computer(player: Player) -> bool:
    state = player.top
    party = getattr(state, "party", None)
    return party is not None and party.computer_to_move(state.session)


def describe(player: Player) -> str:
    state = player.top
    party = getattr(state, "play", None) or player.party
    if party is None:
        return "no party"
    game = getattr(state, "game", None)
    return (f"seat {party.party.current_index}, turn {party.party.turn}, "
            f"phase {game.phase if game else None}, thinking {player.thinking(0)}")
