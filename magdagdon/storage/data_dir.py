"""Where the data lives: ``--data-dir``, then ``MAGDAGDON_DATA_DIR``, then the per-user folder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping

ENVIRONMENT_VARIABLE = "MAGDAGDON_DATA_DIR"
APP_NAME = "magdagdon"
APP_AUTHOR = "CUBIRI"


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The data folder to use (not created here)."""
    if explicit is not None and str(explicit) != "":
        return Path(explicit).expanduser()
    environ = os.environ if environ is None else environ
    from_environment = environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if from_environment:
        return Path(from_environment).expanduser()
    import platformdirs  # imported late: only the default case needs it

    return Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR, roaming=False))
