"""The world board's page in a real browser (Debian's Chromium through Playwright), served
by the board's own server on 127.0.0.1: today's top 100 of each difficulty, a game opened
in the replay viewer and stepped through, in English and in Urdu (right to left), at
360×640 (one difficulty at a time, tabs) and 1920×1080 (the three side by side); the board
in Italian and Hindi too, each in its own words, on the phone (the narrower fit). Nothing
lies outside the screen's width, every control is at least 48 px either way, a name is text
in its own isolate (never HTML), and the page says what a replay cannot prove.

Without Chromium or Playwright the test skips, except in CI, where it fails."""

from __future__ import annotations

import json
import os
import shutil
from importlib import resources

import pytest

from magdagdon.board.install_key import new_key
from magdagdon.engine import Difficulty, Replay
from support.board_fixtures import NOW, TODAY, finished_game
from support.board_server import LoopbackBoard

CHROMIUM = "/usr/bin/chromium"
NAMES = ["Ana", "<b>Bo</b>", "عائشہ", "राहुल", "Chiara"]
# every control and link the page shows: its size, and whether it lies within the screen's width
CONTROLS = """() => [...document.querySelectorAll('button, select, a')].filter(e => e.offsetParent)
  .map(e => { const r = e.getBoundingClientRect(); return [e.id || e.textContent, r.width, r.height, r.left, r.right]; })"""


@pytest.fixture(scope="module")
def chromium():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    reason = "the page's test needs Playwright" if sync_playwright is None else \
        "the page's test needs Chromium (apt-get install -y chromium)" if shutil.which(CHROMIUM) is None else None
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the board's browser test: " + reason)
        pytest.skip(reason)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


def test_the_board_page_in_four_languages_and_its_replay_viewer_on_a_phone_and_a_wide_screen(
        chromium, tmp_path, board_verifiers):
    with LoopbackBoard(f"sqlite:{tmp_path / 'board.sqlite3'}", tmp_path, board_verifiers, now=lambda: NOW) as board:
        for n in range(105):  # more than a page: the page shows the top 100
            board.call("POST", f"/v1/days/{TODAY.isoformat()}/PEACEFUL/games",
                       {"replay": Replay.of(finished_game(TODAY, Difficulty.PEACEFUL, n)).to_dict(),
                        "name": NAMES[n % len(NAMES)], "install": new_key(), "assisted": n % 7 == 0})
        board.call("POST", f"/v1/days/{TODAY.isoformat()}/NIGHTMARE/games",
                   {"replay": Replay.of(finished_game(TODAY, Difficulty.NIGHTMARE, 1)).to_dict(), "name": "Zoë",
                    "install": new_key()})
        best = board.call("GET", f"/v1/days/{TODAY.isoformat()}/PEACEFUL?limit=1").json["entries"][0]
        turns = board.call("GET", f"/v1/replays/{best['replay_id']}/turns").json["turns"]
        texts = json.loads((resources.files("magdagdon.board") / "page" / "texts.json").read_text("utf-8"))
        for language, direction in (("en", "ltr"), ("ur", "rtl"), ("it", "ltr"), ("hi", "ltr")):
            for width, height in ((360, 640), (1920, 1080)) if language in ("en", "ur") else ((360, 640),):
                page = chromium.new_page(viewport={"width": width, "height": height})
                page.set_default_timeout(20_000)
                page.goto(f"{board.url}/?lang={language}")
                page.wait_for_selector("body[data-loaded=yes]")
                assert page.evaluate("document.documentElement.dir") == direction
                assert page.evaluate("document.documentElement.lang") == language
                assert page.locator("#heading").text_content() == texts[language]["title"]
                assert page.locator("[data-text=cannot]").text_content() == texts[language]["cannot"]
                assert page.evaluate("document.documentElement.scrollWidth") <= width
                peaceful = page.locator(".day-table[data-difficulty=PEACEFUL] tbody tr")
                assert peaceful.count() == 100
                names = page.locator(".day-table[data-difficulty=PEACEFUL] td.name bdi").all_text_contents()
                assert "<b>Bo</b>" in names and page.locator("td.name b").count() == 0  # text, never HTML
                assert page.locator(".day-table[data-difficulty=PEACEFUL] td.hints:not(:empty)").count() >= 10
                for ident, control_w, control_h, left, right in page.evaluate(CONTROLS):
                    assert control_w >= 48 and control_h >= 48, (ident, control_w, control_h)
                    assert left >= 0 and right <= width, (ident, left, right)
                if language in ("it", "hi"):  # their words fit; the viewer is the same page
                    page.close()
                    continue
                if width == 360:  # one difficulty at a time: its tab shows the others
                    assert page.locator(".day-table.shown").count() == 1
                    page.locator("#tabs button", has_text="NIGHTMARE").click()
                    assert page.locator(".day-table.shown").get_attribute("data-difficulty") == "NIGHTMARE"
                    page.locator("#tabs button", has_text="PEACEFUL").click()
                else:  # the three side by side, each where the reader starts in turn
                    boxes = [page.locator(f".day-table[data-difficulty={d}]").bounding_box() for d in
                             ("PEACEFUL", "SURVIVAL", "NIGHTMARE")]
                    lefts = [box["x"] for box in boxes]
                    assert lefts == sorted(lefts, reverse=direction == "rtl")
                page.locator(".day-table[data-difficulty=PEACEFUL] td.replay a").first.click()
                page.wait_for_selector("body[data-view=replay][data-loaded=yes]")
                assert page.evaluate("document.documentElement.scrollWidth") <= width
                assert page.locator("#replay-title bdi").text_content() == best["name"]
                assert page.locator(".cell").count() == 16
                assert page.evaluate("document.body.dataset.turn") == str(len(turns))
                final_board = "".join(turns[-1]["board"]).replace(".", "").replace("X", "✕")
                assert "".join(page.locator(".cell").all_text_contents()) == final_board
                page.locator("#previous").click()
                assert page.evaluate("document.body.dataset.turn") == str(len(turns) - 1)
                if width == 360 and language == "en":  # a link cannot put another name on a game
                    page.goto(f"{board.url}/replay/{best['replay_id']}?name=Mallory")
                    page.wait_for_selector("body[data-view=replay][data-loaded=yes]")
                    assert page.locator("#replay-title bdi").text_content() == best["name"]
                for ident, control_w, control_h, left, right in page.evaluate(CONTROLS):
                    assert control_w >= 48 and control_h >= 48, (ident, control_w, control_h)
                    assert left >= 0 and right <= width, (ident, left, right)
                page.close()
