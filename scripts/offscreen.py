"""For the scripts that play the game through the tests' player, off screen (the audit, its
pictures, the memory soak): the checkout and its tests on the import path, SDL's dummy
video and audio drivers, pygame's greeting off. Import it before pygame."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
