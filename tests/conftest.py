"""Shared test set-up: every test runs headless and without an audio device."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game follows the system language unless told otherwise: tests run in English.
os.environ["LANGUAGE"] = "en"

from hypothesis import settings  # noqa: E402

# Same examples on every run and machine: a red CI must be reproducible.
settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.load_profile("deterministic")
