"""Three phones in a real browser: Debian's Chromium driven by Playwright, one isolated
context per phone at 360×640. They open the QR code's URL, join with their names, play a
whole game at once by tapping what the page shows (dice, glowing cells, CONFIRM, −1/+1,
RE-ROLL, MAGDAGDON's accept and ruin), one reloads mid-turn and carries on in its seat;
the recorded replays verify and each phone's last score is the one recorded.

Every wait is for something the page or the server signals (the page's move count, a
view, a selector), never for a time. Without Chromium or Playwright the test skips, except
in CI, where it fails (.ci/run installs Chromium)."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

from magdagdon.engine import Replay
from magdagdon.phones.qr import qr_matrix
from magdagdon.phones.room import RoomPhase
from magdagdon.storage.recorded_game import replay_id
from magdagdon.storage.replay_archive import ReplayArchive
from support.phone_client import STARTED, Host

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser():
    reason = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "the browser test needs Playwright (pip install playwright)"
    if reason is None and shutil.which(CHROMIUM) is None:
        reason = "the browser test needs Chromium (apt-get install -y chromium)"
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the browser test: " + reason)
        pytest.skip(reason)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def moves(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.moves || -1)"))


def tap_and_wait(page: Any, selector: str) -> None:
    """Tap something that sends an action; wait for the server's answer to reach the page."""
    before = moves(page)
    page.locator(selector).first.click()
    page.wait_for_function("m => Number(document.body.dataset.moves) > m", arg=before)


# What the page offers, read in one call: the phase, the enabled buttons, the dice.
OFFERS = """() => ({
  phase: document.body.dataset.phase,
  enabled: [...document.querySelectorAll('button[id]')].filter(b => !b.disabled && !b.hidden).map(b => b.id),
  dice: document.querySelectorAll('.die').length,
})"""


def step(page: Any, nth: int, powers: dict[str, Any]) -> bool:
    """One action for the phone, chosen from what its page shows; False when it has none.
    The choices turn with every action, so a placement that led nowhere is not tried again."""
    offers = page.evaluate(OFFERS)
    powers["actions"] = int(powers.get("actions", 0)) + 1
    nth += int(powers["actions"]) * 3
    phase, enabled, dice = offers["phase"], offers["enabled"], offers["dice"]
    if phase == "magdagdon":
        tap_and_wait(page, "#accept")
    elif phase == "ruin_pick":
        tap_and_wait(page, f".cell.legal >> nth={nth % page.locator('.cell.legal').count()}")
    elif phase != "staging":
        return False
    elif not powers["adjusted"] and dice:
        page.locator(".die").first.click()
        button = next((b for b in ("plus", "minus") if page.locator("#" + b).is_enabled()), None)
        powers["adjusted"] = True
        if button is None:
            page.locator(".die").first.click()  # let it go again
            return True
        tap_and_wait(page, "#" + button)
    elif not powers["rerolled"] and "reroll" in enabled and dice >= 2:
        powers["rerolled"] = True
        page.locator("#reroll").click()  # choose the dice, then RE-ROLL them
        page.locator(".die >> nth=0").click()
        page.locator(".die >> nth=1").click()
        assert page.locator(".die.chosen").count() == 2
        tap_and_wait(page, "#reroll")
    elif "confirm" in enabled:
        tap_and_wait(page, "#confirm")
    else:
        for index in range(dice):
            page.locator(f".die >> nth={(index + nth) % dice}").click()
            legal = page.locator(".cell.legal").count()
            if legal:
                tap_and_wait(page, f".cell.legal >> nth={nth % legal}")
                return True
            page.locator(".die.selected").click()  # no room for this one: let it go
        tap_and_wait(page, "#back-all")  # what is staged leaves no room for the rest
    return True


def test_three_phones_in_chromium_play_a_whole_game_and_one_reloads_mid_turn(tmp_path, browser):
    names = ["Ana", "<b>Bo</b>", "Chiara"]
    with Host(tmp_path) as host:
        assert qr_matrix(host.url) == qr_matrix(host.server.url)  # the URL the QR carries is the one opened
        contexts = [browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True) for _ in names]
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.set_default_timeout(20_000)  # a guard against a hang, not a wait for timing
        for page, name, language in zip(pages, names, ["en", "it", "ur"]):
            page.goto(f"{host.url}?lang={language}")
            page.wait_for_selector("body[data-view=join]")
            page.fill("#name", name)
            page.click("#join-button")
            page.wait_for_selector("body[data-view=wait]")
        pages[0].wait_for_function("document.querySelectorAll('#seats li').length === 3")
        assert pages[0].locator("#seats li bdi").all_text_contents() == names  # a name is text, never HTML
        assert pages[0].locator("#seats b").count() == 0
        assert pages[2].evaluate("document.documentElement.dir") == "rtl"
        host.server.start_game()
        for page in pages:
            page.wait_for_selector("body[data-phase=staging]")
        assert pages[2].locator("#confirm").text_content() == "تصدیق کریں"
        assert pages[1].locator("#reroll").text_content() == "RILANCIA"
        for page in pages:  # every tap target is at least 48 px either way
            sizes = page.evaluate("[...document.querySelectorAll('button:not([hidden])')]"
                                  ".filter(b => b.offsetParent).map(b => [b.offsetWidth, b.offsetHeight])")
            assert sizes and min(min(size) for size in sizes) >= 48, sizes
        powers: list[dict[str, Any]] = [{"adjusted": False, "rerolled": False} for _ in names]
        reloaded = False
        while host.room.snapshot.phase is RoomPhase.PLAYING:
            for seat, page in enumerate(pages):
                if not step(page, seat, powers[seat]):
                    continue
                if not reloaded and seat == 1 and host.room.snapshot.turn == 3 and host.room.seats[1].game.staged:
                    reloaded = True
                    staged_before = host.room.seats[1].game.staged
                    page.reload()  # mid-turn: the page comes back to its seat with its staged dice
                    page.wait_for_selector("body[data-phase=staging]")
                    assert page.locator(".cell.staged").count() == len(staged_before)
                    assert page.locator("body[data-view=join]").count() == 0
        assert reloaded
        for page in pages:
            page.wait_for_selector("body[data-phase=finished]")
        shown_scores = [int(page.locator("#score").text_content()) for page in pages]
        for context in contexts:
            context.close()
    room = host.room
    assert room.snapshot.phase is RoomPhase.FINISHED
    assert shown_scores == [seat.game.score().total for seat in room.seats]
    used = {a.keyword for seat in room.seats for a in seat.game.log}
    assert {"adjust", "reroll", "stage", "confirm"} <= used
    archive = ReplayArchive(tmp_path)
    for seat in room.seats:
        archived = archive.load(replay_id(Replay.of(seat.game)))
        assert archived.name == seat.name
        assert archived.replay.verify().log == seat.game.log
    assert host.files.unfinished(STARTED) is None
