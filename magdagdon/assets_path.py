"""Where the game's assets live, in a source checkout and in a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def asset_path(*parts: str) -> Path:
    """Absolute path of ``assets/<parts...>``.

    A frozen PyInstaller app unpacks its data under ``sys._MEIPASS``; otherwise the
    ``assets`` folder sits beside the ``magdagdon`` package in the checkout.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if getattr(sys, "frozen", False) and bundle else Path(__file__).resolve().parent.parent
    return root.joinpath("assets", *parts)
