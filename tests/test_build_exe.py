"""The PyInstaller app builds, runs headless for a few frames and saves a real picture; its
Urdu table (ICU's bidi levels and line breaks, bundled from pyicu-wheels) is the very picture
the game run from source draws.

Slow (about a minute): select with ``-m build``, skip with ``-m "not build"``.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pictures import assert_real_picture, assert_same_picture

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

pytestmark = pytest.mark.build


def test_one_folder_app_runs_headless_and_draws(tmp_path):
    pytest.importorskip("PyInstaller", reason='needs the build tools: pip install ".[test]"')
    import build_exe

    executable = build_exe.build(onefile=False, dist=tmp_path / "dist", work=tmp_path / "work")
    screenshot = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [str(executable), "--windowed", "--size", "1024x768", "--frames", "40",
         "--data-dir", str(tmp_path / "data"), "--seed", "7", "--screenshot", str(screenshot)],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert_real_picture(screenshot, (1024, 768))
    # The tools ride along in the same executable.
    sim = subprocess.run([str(executable), "simulate", "--policy", "expert", "--games", "3", "--json"],
                         env=env, capture_output=True, text=True, timeout=120)
    assert sim.returncode == 0 and '"games": 3' in sim.stdout, sim.stderr
    # Urdu with Latin words and signed numbers on one line: every line's runs come from ICU
    # in the bundle. Pixel for pixel what the source draws, so the bundled ICU is the one
    # the tests check (a missing or different ICU would stop the game or move a word).
    urdu = ["--windowed", "--size", "800x600", "--frames", "20", "--seed", "7", "--lang", "ur"]
    pictures = {}
    for label, command in (("bundle", [str(executable)]), ("source", [sys.executable, "-m", "magdagdon"])):
        pictures[label] = tmp_path / f"urdu-{label}.png"
        result = subprocess.run([*command, *urdu, "--data-dir", str(tmp_path / f"data-{label}"),
                                 "--screenshot", str(pictures[label])],
                                env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
    assert_same_picture(pictures["bundle"], pictures["source"])

