"""Shared test set-up: every test runs headless and without an audio device."""

import gc
import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game follows the system language unless told otherwise: tests run in English.
os.environ["LANGUAGE"] = "en"

from hypothesis import settings  # noqa: E402

# Same examples on every run and machine: a red CI must be reproducible.
settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.load_profile("deterministic")


@pytest.fixture(autouse=True)
def no_window_or_mixer_left_behind():
    """A test that opened the game leaves no window, mixer or audio thread to later tests:
    a test that forks would otherwise inherit the audio lock held by that thread and hang
    when the child frees a sound."""
    yield
    pygame = sys.modules.get("pygame")
    if pygame is not None and (pygame.display.get_init() or pygame.mixer.get_init()):
        gc.collect()  # the game's sounds are freed here, while the mixer can free them
        pygame.quit()


@pytest.fixture(scope="session")
def x_display():
    """A real X server (Xvfb) for the tests that drive the game in a real window; without
    the X tools those tests skip, except in CI (``CI=true``), where they fail."""
    from x_window import XServer, missing_tools

    missing = missing_tools()
    if missing:
        reason = f"real-window test needs {', '.join(missing)} (apt-get install -y xvfb xdotool imagemagick x11-utils)"
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the real-window test: " + reason)
        pytest.skip(reason)
    server = XServer()
    try:
        yield server.display
    finally:
        server.stop()
