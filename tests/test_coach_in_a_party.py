"""The coach at a party table: the marks and tips are the person's, never shown while the
computer plays its turn; and a tip seen in a game does not come back each time the party
hands that game back."""

from __future__ import annotations

from magdagdon.app.table.coach import Coach
from magdagdon.app.table.table_state import TableState
from magdagdon.engine import Board, Difficulty, Game, Phase

from support.party_player import set_up_party
from support.player import Player


def test_no_mark_stands_while_the_computer_plays(tmp_path):
    player = Player(tmp_path, size=(1280, 800), seed=7, coach=True)
    try:
        set_up_party(player, [("", True), ("ANA", False)])  # the computer plays first
        seen = 0
        for _ in range(12):
            player.wait(0.25)
            table = player.top
            if not isinstance(table, TableState):
                continue  # the hand-over between turns
            party = table.party
            if party is None or not party.computer_to_move(table.session):
                break
            player.fresh()
            assert table.coach_target is None and table.skip_rect is None, player.top_key
            seen += 1
        assert seen >= 3  # looked at the computer's turn, frame after frame
    finally:
        player.close()


def magdagdon_game() -> Game:
    game = Game.set_up_position(Board.parse("1616/6161/6161/616."), (3, 3, 3, 3), Difficulty.PEACEFUL)
    assert game.phase is Phase.MAGDAGDON
    return game


def test_a_tip_seen_in_a_game_stays_seen_when_the_party_comes_back_to_it():
    """A party table coaches every game (every guest is new), and switches games at each
    hand-over: the tip each game has shown is remembered with that game."""
    coach = Coach(True, (), lambda **_: True, every_game=True)
    ana, bo = magdagdon_game(), magdagdon_game()
    coach.follow(ana)
    assert coach.current_tip(ana) == "magdagdon"  # Ana's first MAGDAGDON: the tip
    coach.dismiss_tip()
    coach.follow(bo)
    assert coach.current_tip(bo) == "magdagdon"  # Bo is new too: his own tip
    coach.dismiss_tip()
    coach.follow(ana)  # back to Ana, at a MAGDAGDON again
    assert coach.current_tip(ana) is None
