"""A Python without the game's dependencies gets one line saying how to install them."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HIDE_PYGAME = """
import sys
sys.modules["pygame"] = None  # as if pygame-ce were not installed
from magdagdon.cli import main
sys.exit(main(["--windowed", "--frames", "1"]))
"""


def test_a_missing_pygame_is_one_line_not_a_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-c", HIDE_PYGAME], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"MAGDAGDON_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("magdagdon: pygame is missing") and "pip install" in lines[0]
