"""The assets are found however the game is laid out: a source checkout, an installed
package (assets inside it), a zipped package (pygame still gets real files), or none."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import magdagdon
from magdagdon.assets_path import assets_root

ROOT = Path(__file__).resolve().parent.parent
FONT = ("fonts", "NotoSans-Regular.ttf")


def run_python(code: str, cwd: Path, python_path: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if python_path is not None:
        env["PYTHONPATH"] = str(python_path)
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60)


def installed_layout(site: Path) -> Path:
    """A site-packages-like folder: the package with its assets inside, as a wheel installs it."""
    package = site / "magdagdon"
    package.mkdir(parents=True)
    for name in ("__init__.py", "assets_path.py"):
        shutil.copy(ROOT / "magdagdon" / name, package / name)
    (package / "assets" / "fonts").mkdir(parents=True)
    shutil.copy(ROOT / "assets" / "fonts" / FONT[1], package / "assets" / "fonts" / FONT[1])
    return package


def test_the_tests_run_the_checkouts_code_even_beside_an_installed_copy():
    assert Path(magdagdon.__file__).resolve().parent == ROOT / "magdagdon"


def test_a_checkout_reads_the_assets_at_the_top_of_the_repository():
    assert Path(str(assets_root())) == ROOT / "assets"


def test_an_installed_package_reads_the_assets_inside_it(tmp_path):
    package = installed_layout(tmp_path / "site")
    (tmp_path / "site" / "assets").mkdir()  # another project's stray top-level folder: not ours
    result = run_python("from magdagdon.assets_path import assets_root; print(assets_root())",
                        cwd=tmp_path, python_path=tmp_path / "site")
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()) == package / "assets"


def test_a_zipped_package_hands_pygame_a_real_font_file(tmp_path):
    package = installed_layout(tmp_path / "site")
    archive = tmp_path / "game.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in package.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                zipped.write(path, path.relative_to(tmp_path / "site").as_posix())
    code = (
        "import pygame; from magdagdon.assets_path import asset, asset_path\n"
        f"path = asset_path{FONT!r}\n"
        "assert path.is_file() and '.zip' not in str(path), path\n"
        f"assert path.read_bytes() == asset{FONT!r}.read_bytes()\n"
        f"assert asset_path{FONT!r} == path  # one copy, still there\n"
        "pygame.font.init(); print(pygame.font.Font(str(path), 20).size('MAGDAGDON'))\n"
    )
    result = run_python(code, cwd=tmp_path, python_path=archive)
    assert result.returncode == 0, result.stderr
    width, height = eval(result.stdout)
    assert width > 50 and height > 10


def test_a_broken_install_without_assets_says_so_in_one_line(tmp_path):
    shutil.copytree(ROOT / "magdagdon", tmp_path / "magdagdon", ignore=shutil.ignore_patterns("__pycache__"))
    result = subprocess.run(
        [sys.executable, "-m", "magdagdon", "--windowed", "--size", "800x600", "--frames", "3",
         "--data-dir", str(tmp_path / "data")],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
             "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("magdagdon: the game's assets are missing"), line
