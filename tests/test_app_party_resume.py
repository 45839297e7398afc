"""A party killed with SIGKILL at a random moment resumes at the same player and turn,
and when finished records each person's game once."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from magdagdon.storage import open_store

from support.party_player import play_party
from support.player import Player

TESTS = Path(__file__).parent


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
@pytest.mark.parametrize("moment", [random.Random(13).randrange(2, 30)])
def test_kill_9_then_resume_at_the_same_player_and_turn(tmp_path, moment):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(TESTS), str(TESTS.parent)]),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    child = subprocess.Popen([sys.executable, str(TESTS / "support" / "party_child.py"), str(tmp_path)],
                             stdout=subprocess.PIPE, text=True, env=env, cwd=TESTS.parent)
    lines: list[str] = []
    try:
        assert child.stdout is not None
        while len([line for line in lines if line.startswith("saved")]) < moment:
            line = child.stdout.readline()
            assert line, f"the party ended early: {lines[-3:]}"
            lines.append(line.split("\n")[0])
        time.sleep(random.Random(moment).uniform(0.0, 0.3))  # anywhere in the next turn
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    lines += rest.splitlines()
    saved = [line.split()[1:] for line in lines if line.startswith("saved")]
    saving = [line.split()[1:] for line in lines if line.startswith("saving")]
    # The file holds the last save that finished, or one that was under way when killed.
    possible = {tuple(saved[-1]), tuple(saving[-1])}

    player = Player(tmp_path, seed=8)
    try:
        player.key(pygame.K_ESCAPE)
        player.choose("party")
        assert player.top_key == "party_setup"
        player.choose("continue")
        assert player.top_key == "party_handover"
        play = player.top.play
        assert (str(play.party.current_index), str(play.party.turn)) in possible
        assert [p.name for p in play.players] == ["ANA", "BO", "Expert"]
        play_party(player)
        table = open_store(tmp_path).high_scores(play.party.difficulty)
        assert sorted(e.name for e in table) == ["ANA", "BO"]
        for entry in table:
            person = next(p for p in play.players if p.name == entry.name)
            assert entry.score == person.game.score().total
    finally:
        player.close()
