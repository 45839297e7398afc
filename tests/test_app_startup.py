"""Start-up: the first frame is drawn before pygame_gui, storage and the sounds are
loaded, and without the AI, the party, the phones or the other languages; the menus, the
saved game, the mixer and the expert (on the worker) follow right after it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The probes start the game through the test player (as a player would start it: no
# difficulty or sound given, no draw log) in a process of their own, where nothing else
# has loaded a module yet.
PROBE_PATH = os.pathsep.join([str(ROOT), str(ROOT / "tests")])

FIRST_FRAME_PROBE = """
import sys
import pygame
from support.player import Player
player = Player(sys.argv[1], draw_log=False, difficulty=None, sound=True)
flips = []
real_flip = pygame.display.flip
def flip():
    flips.append(("pygame_gui" in sys.modules, player.store_open, player.sounds_loaded))
    real_flip()
pygame.display.flip = flip
player.run(1)
assert flips == [(False, False, False)], flips
assert player.top_key == "title"
player = Player(sys.argv[1], draw_log=False, difficulty=None, sound=True, frames=3)
player.run(3)
assert "pygame_gui" in sys.modules and player.top.built and player.sounds_loaded
assert player.store_open
print("ok")
"""


def test_first_frame_is_drawn_before_pygame_gui_storage_and_sounds(tmp_path):
    env = dict(os.environ, PYTHONPATH=PROBE_PATH, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", FIRST_FRAME_PROBE, str(tmp_path)], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("ok")


# Loaded when first needed, never for the first frame: the AI (and its networks), the party,
# the phones' room and its server, the screens not on show at start, the hint's words and
# the worker's threads (concurrent.futures brings logging with it).
LAZY_MODULES = ("concurrent.futures", "logging", "magdagdon.app.table.hints", "magdagdon.app.menus.licences",
                "magdagdon.ai", "magdagdon.party", "magdagdon.phones", "magdagdon.app.phones", "magdagdon.app.party.play",
                "magdagdon.app.shell.scenes", "magdagdon.app.results.replay_viewer", "magdagdon.app.results.game_over",
                "magdagdon.app.party.setup", "magdagdon.app.results.high_scores",
                "magdagdon.app.results.name_entry", "magdagdon.app.kiosk.director", "aiohttp", "segno")

LAZY_PROBE = """
import sys
from magdagdon.cli import main
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" and "assets" in str(args[0]) else None)
assert main(sys.argv[2:]) == 0
lazy = tuple(sys.argv[1].split(","))
print("loaded:", " ".join(sorted(m for m in sys.modules if m.startswith(lazy))))
print("opened:", " ".join(sorted({path.replace(chr(92), "/").rsplit("/", 1)[-1] for path in opened})))
"""


def start_to_first_frame(tmp_path, *args):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, "-c", LAZY_PROBE, ",".join(LAZY_MODULES), "--windowed", "--size", "1280x720",
               "--frames", "1", "--data-dir", str(tmp_path), *args]
    result = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(":", 1) for line in result.stdout.splitlines() if ":" in line)
    return lines["loaded"].split(), lines["opened"].split()


def test_the_first_frame_loads_no_ai_party_phones_or_screens_not_shown(tmp_path):
    loaded, _ = start_to_first_frame(tmp_path)
    assert loaded == []


def test_the_first_frame_reads_the_catalogs_and_fonts_of_its_language_only(tmp_path):
    _, opened = start_to_first_frame(tmp_path, "--lang", "it")
    catalogs = [name for name in opened if name.endswith(".json")]
    assert catalogs == ["en.json", "it.json"]  # Italian, English beneath it for a missing key
    assert not [name for name in opened if "Urdu" in name or "Devanagari" in name]


WARM_PROBE = """
import sys
from support.player import Player  # its computer players think at once

player = Player(sys.argv[1], draw_log=False, difficulty=None, sound=None)
player.run(1)
assert "magdagdon.ai" not in sys.modules
player = Player(sys.argv[1], draw_log=False, difficulty=None, sound=None)
player.run(2)
from magdagdon.ai.evaluation import load_evaluation
print("networks read:", load_evaluation.cache_info().currsize)
"""


def test_the_expert_is_made_ready_on_the_worker_after_the_first_frame(tmp_path):
    env = dict(os.environ, PYTHONPATH=PROBE_PATH, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", WARM_PROBE, str(tmp_path)], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "networks read: 3"  # every difficulty's, the one in play first
