"""The party's and the phones' screens by plan: each laid out once for what it shows, the
window, the language and the text scale — not at each frame drawn — and again when one of
those changes (the whole-screen audit checks that their draw searches no size)."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.app.phones.guest_tiles import GuestMark

from support.player import Player


def redraw(player: Player, frames: int = 3) -> None:
    for _ in range(frames):
        player.post(pygame.WINDOWEXPOSED)  # a frame is drawn whether or not anything moved
        player.wait(0.05)


def resize(player: Player, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    player.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    player.wait(0.1)


def table_players(player: Player):
    players = player.table.party_players
    assert players is not None
    return players


PLANNED = {  # scene: the presenter that keeps the screen's plan
    "party_handover": lambda player: player.top.plans,
    "party_results": lambda player: player.top.plans,
    "party_turn": lambda player: table_players(player).plans,
    "phones_results_3": lambda player: player.top.plans,
}


@pytest.mark.parametrize("scene", PLANNED)
def test_a_party_or_room_screen_is_planned_once_across_frames_and_again_on_a_language_switch_and_a_resize(
        tmp_path, scene):
    player = Player(tmp_path, size=(1280, 720), scene=scene, seed=1)
    try:
        player.wait(0.2)
        plans = PLANNED[scene](player)
        made, first, drawn = plans.plans_made, plans.plan, player.frames_drawn
        assert first is not None
        redraw(player)
        assert player.frames_drawn > drawn and plans.plans_made == made and plans.plan is first
        player.set_language("ur")
        player.wait(0.1)
        plans = PLANNED[scene](player)
        assert plans.plans_made == made + 1 and plans.inputs.locale == "ur"
        resize(player, (800, 600))
        assert plans.plans_made == made + 2 and plans.inputs.window == (800, 600)
        redraw(player)
        assert plans.plans_made == made + 2
    finally:
        player.close()


def test_the_set_up_is_planned_again_when_a_seat_is_added_not_at_each_frame(tmp_path):
    player = Player(tmp_path, size=(1280, 720))
    try:
        player.wait(0.5)
        player.choose("party")
        setup = player.top
        made = setup.plans.plans_made
        assert setup.plan is not None and setup.plan.nobody and not setup.plan.seats
        redraw(player)
        assert setup.plans.plans_made == made
        player.choose("add_regular")
        player.wait(0.1)
        assert setup.plans.plans_made == made + 1 and len(setup.plan.seats) == 1
        assert setup.plan.seats[0].sign_box is not None  # the computer's sign
        redraw(player)
        assert setup.plans.plans_made == made + 1
    finally:
        player.close()


def test_the_race_keeps_its_plan_while_what_it_shows_holds_and_follows_a_guest_dropping(tmp_path):
    player = Player(tmp_path, size=(1280, 720), scene="phones_race_3")
    try:
        player.wait(0.3)
        race, room = player.top, player.room
        made, drawn = race.plans.plans_made, player.frames_drawn
        for _ in range(3):  # the room changes, nothing the race shows does: drawn from the kept plan
            room._changed()
            player.wait(0.15)
        redraw(player)
        assert player.frames_drawn > drawn and race.plans.plans_made == made
        room.set_connected(0, False)
        player.wait(0.3)
        assert race.plans.plans_made == made + 1
        assert race.plan.tiles.tiles[0].tile.mark is GuestMark.DISCONNECTED
        assert GuestMark.DISCONNECTED in {item.mark for item in race.plan.legend}
        player.set_language("hi")
        player.wait(0.1)
        assert race.plans.plans_made == made + 2 and race.plans.inputs.locale == "hi"
    finally:
        player.close()


def test_a_players_total_kept_between_ticks_follows_every_move():
    # The screens ask for every player's total at each tick; it is counted again only when
    # the board or the powers used change, and is always the game's own score.
    from types import SimpleNamespace

    from magdagdon.app.party.play import PartyPlay
    from magdagdon.engine import Difficulty
    from magdagdon.party import Party, Seat

    party = Party.new(Difficulty.PEACEFUL, 7, [Seat("Ana"), Seat("Bo")])
    play = PartyPlay(SimpleNamespace(party=party), None, None)  # only the party is read
    game = play.game_of(0)
    totals = set()
    order = ("Confirm", "Accept", "Stage", "Roll", "PlaceRuin")  # on through the game, never back
    for _ in range(400):
        if game.is_over:
            break
        moves = game.legal_moves()
        ahead = [m for m in moves if type(m).__name__ in order]
        # no die fits: a power (a reroll) changes the score without a die placed
        move = min(ahead, key=lambda m: order.index(type(m).__name__)) if ahead else moves[-1]
        game.play(move)
        assert play.total(0) == game.score().total
        totals.add(play.total(0))
    assert game.is_over and game.powers_used and len(totals) > 3  # the score moved as the game went on
