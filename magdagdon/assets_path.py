"""Where the game's assets (fonts, theme, translations, sounds) are found, however it runs.

The repository keeps ``assets/`` at its top. Every install carries that folder *inside* the
package as ``magdagdon/assets`` (``pyproject.toml`` maps it there for wheels and sdists;
``scripts/build_exe.py`` does the same for the PyInstaller bundle), and the game reads it
from its own package with :mod:`importlib.resources`, wherever that package was installed.

A source checkout has no ``magdagdon/assets``: ``python -m magdagdon`` and ``python -m
pytest`` run in the repository import the package from the current directory (even when a
copy is installed too), and an editable install points at the checkout. There the folder
beside the package is used. It is looked up rather than copied or linked into the package
because a copy drifts from the original and symbolic links do not survive every platform's
git.
"""

from __future__ import annotations

import atexit
import contextlib
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:
    from importlib.abc import Traversable

PACKAGE = "magdagdon"
FOLDER = "assets"


class AssetsMissing(FileNotFoundError):
    """Neither the package nor the checkout holds the assets: a broken install."""


@lru_cache(maxsize=1)
def assets_root() -> Traversable:
    """The assets folder: the package's own in an install, the repository's in a checkout."""
    packaged = resources.files(PACKAGE).joinpath(FOLDER)
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / FOLDER
    if checkout.is_dir():
        return checkout
    raise AssetsMissing(f"the game's assets are missing (looked in {packaged} and {checkout}): reinstall MAGDAGDON")


def asset(*parts: str) -> Traversable:
    """``assets/<parts...>`` to read (``read_text``, ``read_bytes``, ``open``, ``iterdir``)."""
    node = assets_root()
    for part in parts:
        node = node.joinpath(part)
    return node


# Paths handed out by ``asset_path`` stay valid until the process exits (pygame opens fonts
# lazily, long after the lookup); only a zipped install needs the temporary copies this closes.
_real_files = contextlib.ExitStack()
atexit.register(_real_files.close)


@lru_cache(maxsize=None)
def asset_path(*parts: str) -> Path:
    """A real file-system path of ``assets/<parts...>``, for APIs that want one (pygame's
    fonts and sounds, pygame_gui's theme fonts, ``open``). In a wheel, a checkout or a bundle
    this is the file or folder itself; from a zip archive, a temporary copy (of a folder
    only on Python 3.12 and later)."""
    return _real_files.enter_context(resources.as_file(asset(*parts)))
