"""Shared test set-up: every test runs headless and without an audio device."""

import gc
import json
import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game follows the system language unless told otherwise: tests run in English.
os.environ["LANGUAGE"] = "en"

from hypothesis import settings  # noqa: E402

# The world board's shared fixtures: PostgreSQL started once per run, the verifiers, each store.
from support.board_fixtures import board_db, board_verifiers, postgres_cluster  # noqa: E402, F401

# A test run opens a thousand games in a few processes, each at its own window size and
# language: the pictures of lines set in white are kept for all of them (the game keeps a
# window's worth). The same lines, tinted, are drawn either way (text/line_pictures.py).
from magdagdon.app.text.line_pictures import LINE_PICTURES  # noqa: E402

LINE_PICTURES.budget = 256 * 1024 * 1024

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


@pytest.fixture(autouse=True)
def reviews_by_few_playouts(request, monkeypatch):
    """A review values each choice by 2 playouts instead of the shipped 16-24, unless a test
    is marked ``shipped_playouts``: the same code and the same kind of answer (cards,
    losses, suggestions, the laws a review keeps) for an eighth of the CPU. Tests think at
    once (``ThinkAtOnce``), so every screen test that reaches game over would otherwise wait
    5-10 s for numbers it never reads. What the shipped numbers are worth is asserted by the
    tests marked so and measured by scripts/bench_calibration.py."""
    if request.node.get_closest_marker("shipped_playouts"):
        return
    from magdagdon.ai import estimate

    monkeypatch.setattr(estimate, "PLAYOUTS", {difficulty: 2 for difficulty in estimate.PLAYOUTS})


@pytest.fixture(autouse=True)
def frames_of_the_test(request, monkeypatch):
    """Coarse fake frames (0.1 s, twelve fixed updates each) unless the test is marked
    ``fine_frames`` (1/30 s) or ``frame_exact`` (a frame at every fixed step, as on a fast
    machine); see ``support.player.FrameGrain``."""
    from support import player

    if request.node.get_closest_marker("frame_exact"):
        monkeypatch.setattr(player.frame_grain, "seconds", player.EXACT_FRAME_SECONDS)
    elif request.node.get_closest_marker("fine_frames"):
        monkeypatch.setattr(player.frame_grain, "seconds", player.FINE_FRAME_SECONDS)


# A finished game's review, by the game and the playouts it was valued with: game over and
# the replay viewer are tested on the same few games at every window size and language, and
# the review of each (seconds of the expert's playouts) is the same every time. The game's
# shelf keeps a review for one run of the game; this keeps it for the test run, as a
# player's game is reviewed once however often its screens are shown. A test that puts its
# own review builder in place (slow, broken) gets it as it is.
_REVIEWS: dict[tuple, object] = {}
_SHIPPED_BUILDER: list = []  # ReviewBuilder as the package defines it, taken before any test patches it


@pytest.fixture(autouse=True)
def each_game_reviewed_once(monkeypatch):
    from magdagdon.ai import estimate, review as ai_review
    from magdagdon.app.players.review_job import ReviewJob

    review = ReviewJob._review
    if not _SHIPPED_BUILDER:
        _SHIPPED_BUILDER.append(ai_review.ReviewBuilder)
    shipped = _SHIPPED_BUILDER[0]

    def reviewed_once(job):
        if ai_review.ReviewBuilder is not shipped:
            return review(job)
        key = (job.replay.to_json(), tuple((difficulty.name, count) for difficulty, count in estimate.PLAYOUTS.items()))
        if key not in _REVIEWS:
            _REVIEWS[key] = review(job)
        job.latest = _REVIEWS[key]
        return _REVIEWS[key]

    monkeypatch.setattr(ReviewJob, "_review", reviewed_once)


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


def pytest_collection_modifyitems(items):
    """The longest tests first (the executable's and the wheel's builds, then the audit at
    3840x2160): a parallel run's workers take them while the rest waits to be shared out,
    so none starts near the end and keeps the run waiting on one worker. Otherwise the
    order is the files' own; no test depends on another's order."""
    def weight(item) -> int:
        return 0 if item.get_closest_marker("build") else 1 if item.get_closest_marker("slow") else 2

    items.sort(key=weight)


# What the workers of a parallel run (pytest-xdist) saw, handed to the controller that prints
# the run's summary: the phones' browser report and the audit's rows.
_FROM_WORKERS: dict[str, list] = {"browser": [], "audited": []}


def _seen_here() -> dict[str, list]:
    browser = getattr(sys.modules.get("test_phones_browser"), "REPORT", None) or []
    audited = getattr(sys.modules.get("screen_scenes"), "AUDITED", None) or []
    return {"browser": list(browser), "audited": [[name, list(size), screens, findings]
                                                  for name, size, screens, findings in audited]}


def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a worker of a parallel run: its part of the summary
        workeroutput["summary"] = json.dumps(_seen_here())


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """A worker ended (pytest-xdist): keep what it saw for the summary."""
    summary = getattr(node, "workeroutput", {}).get("summary")
    if summary:
        for kind, rows in json.loads(summary).items():
            _FROM_WORKERS[kind].extend(rows)


def pytest_terminal_summary(terminalreporter):
    """What the phones' browser tests saw, and the whole-screen audit's table when this run
    swept scenes: screens judged and findings per window size (the details of each finding
    are in its failing test)."""
    seen = _seen_here()
    browser = seen["browser"] + _FROM_WORKERS["browser"]
    if browser:
        terminalreporter.section("phones in a real browser (Chromium)")
        for line in browser:
            terminalreporter.write_line(line)
    audited = [(name, tuple(size), screens, findings)
               for name, size, screens, findings in seen["audited"] + _FROM_WORKERS["audited"]]
    if not audited:
        return
    write = terminalreporter.write_line
    terminalreporter.section("whole-screen audit")
    sizes = sorted({size for _, size, _, _ in audited}, key=lambda size: size[0] * size[1])
    write(f"{'size':>11}  {'scenes':>6}  {'screens':>7}  {'findings':>8}")
    for size in sizes:
        rows = [row for row in audited if row[1] == size]
        write(f"{size[0]:>5}x{size[1]:<5}  {len(rows):>6}  {sum(r[2] for r in rows):>7}  {sum(r[3] for r in rows):>8}")
    write(f"{'all':>11}  {len({r[0] for r in audited}):>6}  {sum(r[2] for r in audited):>7}  "
          f"{sum(r[3] for r in audited):>8}")
