"""The game installs like any Python game: sdist, then a wheel built from it, installed into a
fresh virtual environment, runs from a directory far from the checkout.

The fresh environment gets its dependencies from the package index, as a player's would.
Slow (a minute or so): select with ``-m build``, skip with ``-m "not build"``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from pictures import assert_real_picture

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.build

# Not part of a fresh clone; the build must not see them.
LOCAL_ONLY = (".git", ".ci-venv", ".venv", "build", "dist", "*.egg-info", "__pycache__",
              ".pytest_cache", ".hypothesis", "screenshots")


@dataclass(frozen=True)
class Installed:
    wheel: Path
    bin: Path  # the fresh environment's scripts folder
    elsewhere: Path  # a working directory with no checkout in sight


def run(command: list, cwd: Path, timeout: float = 900) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=env,
                            capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    work = tmp_path_factory.mktemp("install")
    # Built from a copy: setuptools writes build/ and *.egg-info into the tree it builds, and
    # a stale build/ in the checkout could slip old files into the wheel.
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*LOCAL_ONLY))
    venv = work / "venv"
    run([sys.executable, "-m", "venv", venv], cwd=work)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / "python"
    packages = work / "packages"
    run([python, "-m", "pip", "install", "--quiet", "setuptools>=77"], cwd=work)
    run([python, "-c", "import setuptools.build_meta as b, sys; b.build_sdist(sys.argv[1])", packages],
        cwd=source)
    (sdist,) = packages.glob("magdagdon-*.tar.gz")
    run([python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", packages, sdist], cwd=work)
    (wheel,) = packages.glob("magdagdon-*.whl")
    run([python, "-m", "pip", "install", "--quiet", wheel], cwd=work)
    elsewhere = work / "player"
    elsewhere.mkdir()
    return Installed(wheel, scripts, elsewhere)


def test_the_wheel_ships_every_module_and_every_asset(installed):
    shipped = set(zipfile.ZipFile(installed.wheel).namelist())
    modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / "magdagdon").rglob("*.py")}
    modules |= {path.relative_to(ROOT).as_posix() for path in (ROOT / "magdagdon" / "ai" / "data").glob("*.json")}
    assert "magdagdon/ai/data/NIGHTMARE.json" in modules  # the expert's learned network
    modules |= {path.relative_to(ROOT).as_posix() for path in (ROOT / "magdagdon" / "phones" / "page").iterdir()}
    assert "magdagdon/phones/page/phone.js" in modules  # the phone page
    assets = {"magdagdon/assets/" + path.relative_to(ROOT / "assets").as_posix()
              for path in (ROOT / "assets").rglob("*") if path.is_file()}
    assert "magdagdon/assets/i18n/en.json" in assets
    assert modules | assets <= shipped, sorted((modules | assets) - shipped)


def test_the_installed_game_reads_its_own_assets(installed):
    code = "from magdagdon.assets_path import assets_root; print(assets_root())"
    root = Path(run([installed.bin / "python", "-c", code], cwd=installed.elsewhere).strip())
    assert root.parts[-2:] == ("magdagdon", "assets")
    assert installed.bin.parent in root.parents  # the venv's copy, not the checkout


def test_the_installed_game_draws_a_window(installed):
    screenshot = installed.elsewhere / "shot.png"
    run([installed.bin / "magdagdon", "--windowed", "--size", "800x600", "--frames", "30",
         "--data-dir", installed.elsewhere / "data", "--screenshot", screenshot],
        cwd=installed.elsewhere, timeout=120)
    assert_real_picture(screenshot, (800, 600))


def test_the_installed_tools_run(installed):
    output = run([installed.bin / "magdagdon", "simulate", "--policy", "expert", "--games", "5", "--json"],
                 cwd=installed.elsewhere, timeout=120)
    summary = json.loads(output)
    assert summary["games"] == 5 and summary["min"] <= summary["mean"] <= summary["max"]
