"""A party through the game's loop: two people and the computer on the same dice."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.app.players.daemon_threads import DaemonThreads
from magdagdon.engine import Game, Replay, Roll
from magdagdon.storage import open_store
from magdagdon.storage.party_file import PartyFiles

from support.party_player import play_party, set_up_party
from support.player import Player

SEATS = [("ANA", False), ("BO", False), ("", True)]


def rolls_of(replay: Replay) -> dict[int, tuple[int, ...]]:
    """The dice each turn showed when rolled."""
    game = Game(replay.difficulty, replay.seed)
    seen = {}
    for action in replay.actions:
        game.play(action)
        if isinstance(action, Roll):
            seen[game.turn] = game.dice
    return seen


@pytest.fixture
def player(tmp_path):
    made = Player(tmp_path, seed=7)
    yield made
    made.close()


def test_a_three_player_party_with_the_computer(player, tmp_path):
    set_up_party(player, SEATS)
    play = player.top.play
    assert [p.name for p in play.players] == ["ANA", "BO", "Expert"]
    play_party(player)
    assert play.party.is_over
    texts = [t for t, _ in player.look()]
    assert player.top_key == "party_results" and "Best each turn" in texts
    winner = max(play.players, key=lambda p: p.game.score().total)
    assert f"#1 {winner.name}" in texts and str(winner.game.score().total) in texts
    # Each person's game is in the table under their name, as a verified solo replay.
    store = open_store(tmp_path)
    table = store.high_scores(play.party.difficulty)
    assert sorted(e.name for e in table) == ["ANA", "BO"]
    for entry in table:
        solo = store.archive.read(entry.replay_id).replay
        assert solo.verify().score().total == entry.score
        assert entry.score == next(p.game.score().total for p in play.players if p.name == entry.name)
    # The party file groups all three; the computer's game replays to its score too.
    record = PartyFiles(tmp_path).load(play.keeper.party_id)
    assert record is not None and record.finished and len(record.recorded) == 2
    for seat, player_now in zip(record.seats, play.players):
        assert seat.replay.verify().score().total == player_now.game.score().total
    # All saw the same dice on every turn they played.
    rolls = [rolls_of(seat.replay) for seat in record.seats]
    for turn in set().union(*rolls):
        assert len({r[turn] for r in rolls if turn in r}) == 1
    assert play.players[2].computer and play.players[2].game.turn > 3
    # Done: a fresh single game, without the party's strip.
    player.choose("done")
    assert player.stack_keys == ["rolling"] and player.layout.strip is None


@pytest.fixture
def wide(tmp_path):
    made = Player(tmp_path, size=(1280, 800), seed=7)  # room for the players' strip beside the table
    yield made
    made.close()


def test_the_table_shows_the_players_and_blocks_input_on_the_computers_turn(wide):
    player = wide
    set_up_party(player, [("", True), ("ANA", False)])
    player.wait(1.5)  # the computer's turn starts by itself
    assert player.top_key in ("rolling", "staging", "magdagdon", "ruin_pick")
    assert player.layout.strip is not None
    texts = [t for t, _ in player.look()]
    assert "Expert" in texts and "ANA" in texts and "playing" in texts
    player.wait_for(lambda: player.top_key == "staging" and player.top.game.tray, limit=30)
    state = player.top
    die = state.game.tray[0]
    state.session.selected = None
    player.tap(player.layout.tray_slots[die].center, then=0.05)
    assert state.session.selected is None  # the person's tap did not pick the computer's die
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "title"  # but the menu opens
    player.key(pygame.K_ESCAPE)
    player.wait_for(lambda: player.top_key == "party_handover", limit=60)
    assert "ANA's turn — same dice" in [t for t, _ in player.look()]


def test_setup_needs_two_players_and_can_remove_one(player):
    player.key(pygame.K_ESCAPE)
    player.choose("party")
    player.choose("add_expert")
    player.choose("start")
    assert player.top_key == "party_setup"
    assert player.top.notices() == ["A party needs at least 2 players."]
    player.choose("remove")
    assert player.top.seats == []
    player.choose("back")
    assert player.top_key == "title"


def test_quitting_mid_turn_resumes_at_the_same_player_and_turn(player, tmp_path):
    from support.party_player import play_human_step

    set_up_party(player, [("ANA", False), ("BO", False)])
    player.choose("go")
    play_human_step(player)  # roll
    play_human_step(player)  # pick and place a die
    game = player.top.game
    position = (game.turn, game.dice, game.staged)
    assert game.staged
    player.quit()
    player.close()
    again = Player(tmp_path, seed=9)
    try:
        again.key(pygame.K_ESCAPE)
        again.choose("party")
        again.choose("continue")
        assert again.top.play.party.current_index == 0
        again.choose("go")
        resumed = again.top.game
        assert (resumed.turn, resumed.dice, resumed.staged) == position
    finally:
        again.close()


class HeldExpert:
    """The expert, held back until the test lets it answer: a search as slow as we like."""

    name = "held expert"

    def __init__(self) -> None:
        from magdagdon.ai import make_policy
        import random
        import threading

        self.expert = make_policy("expert", random.Random(0))
        self.answer = threading.Event()

    def choose(self, game: Game):
        assert self.answer.wait(60), "the test never let the expert answer"
        return self.expert.choose(game)


@pytest.mark.frame_exact  # counts the frames drawn while the computer thinks
def test_the_computer_thinks_on_a_worker_thread_while_frames_go_on(tmp_path):
    player = Player(tmp_path, seed=7, thinker=DaemonThreads(1))
    try:
        expert = HeldExpert()
        player.set_computer_policy(lambda: expert)
        set_up_party(player, [("", True), ("ANA", False)])
        player.wait(1.5)  # the computer's turn starts by itself and asks for its roll
        game = player.top.game
        frames, log = player.frames_drawn, len(game.log)
        player.wait(3.0)  # the expert still thinks: the table keeps drawing, nothing is played
        assert player.thinking(0) is not None and not player.thinking(0).done()
        assert player.frames_drawn - frames > 100 and len(game.log) == log
        expert.answer.set()
        player.thinking(0).result(timeout=60)
        player.wait(1.0)
        assert len(game.log) > log  # its answer was played
    finally:
        player.close()


def test_the_menu_over_a_party_resumes_it_and_leaving_keeps_it(player, tmp_path):
    set_up_party(player, [("ANA", False), ("BO", False)])
    player.key(pygame.K_ESCAPE)  # the menu over the hand-over, before anyone played
    assert player.top_key == "title"
    buttons = player.menu_button_rects()
    assert "resume" in buttons and "play" not in buttons
    player.choose("resume")
    assert player.top_key == "party_handover"
    player.key(pygame.K_ESCAPE)
    player.choose("new_game")
    assert player.top_key == "confirm"
    assert any("Nothing is lost" in text for text, _ in player.look())
    player.choose("yes")
    assert player.stack_keys == ["rolling"] and player.party is None
    assert player.top.session.game.turn == 0  # a new single game
    player.key(pygame.K_ESCAPE)
    assert "play" in player.menu_button_rects()  # the menu over a single game again
    player.choose("party")
    assert "continue" in player.menu_button_rects()  # the party was kept
    player.choose("continue")
    assert player.top_key == "party_handover" and player.top.play.party.current_index == 0
