"""Start-up: the first frame is drawn before pygame_gui, storage and the sounds are
loaded; the menus, the saved game and the mixer follow right after it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME_PROBE = """
import sys
import pygame
from magdagdon.app.control import Control
from magdagdon.app.options import Options
control = Control(Options(windowed=True, size=(800, 600), data_dir=sys.argv[1], sound=True))
flips = []
real_flip = pygame.display.flip
def flip():
    flips.append(("pygame_gui" in sys.modules, control.storage.is_open, control.audio.loaded))
    real_flip()
pygame.display.flip = flip
control.run(1)
assert flips == [(False, False, False)], flips
assert control.machine.top_key == "title"
control = Control(Options(windowed=True, size=(800, 600), data_dir=sys.argv[1], sound=True, frames=3))
control.run(3)
assert "pygame_gui" in sys.modules and control.machine.top.built and control.audio.loaded
assert control.storage.is_open
print("ok")
"""


def test_first_frame_is_drawn_before_pygame_gui_storage_and_sounds(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", FIRST_FRAME_PROBE, str(tmp_path)], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("ok")
