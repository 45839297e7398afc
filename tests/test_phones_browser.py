"""Phones in a real browser: Debian's Chromium driven by Playwright, one isolated context
per phone at 360×640.

- Three phones open the URL read back from the QR code's image (zbarimg), join with their
  names, play a whole game at once by tapping what the page shows (dice, glowing cells,
  CONFIRM, −1/+1, RE-ROLL, MAGDAGDON's accept and ruin), one reloads mid-turn and carries on
  in its seat; every action a page sent was played, the recorded replays verify and hold
  exactly those actions, and each phone's last score is the one recorded.
- In each of the four languages, at 360×640 and 320×568, in every view (joining, the
  lobby, placing with a die chosen, MAGDAGDON, the ruin, the game over): every control lies
  inside the screen, is at least 48 px either way and shows its whole text, and nothing of
  the play is cut off below or beside the screen; the board's first cell is at the top left
  in every language (the grid is read left to right, as on the big screen).

Every wait is for something the page or the server signals (the page's move count, a
view, a selector), never for a time. Without Chromium, zbarimg or Playwright the tests
skip, except in CI, where they fail (.ci/run installs Chromium and zbar-tools)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any, Callable

import pytest

from magdagdon.ai import make_policy
from magdagdon.engine import Difficulty, Game, Phase, roll_dice
from magdagdon.phones.qr import qr_png
from magdagdon.phones.room import RoomPhase
from magdagdon.storage.replay_archive import ReplayArchive
from support.phone_client import STARTED, Host

CHROMIUM = "/usr/bin/chromium"
ZBARIMG = "zbarimg"
LANGUAGES = ("en", "it", "ur", "hi")
SIZES = ((360, 640), (320, 568))
# What the browser tests saw, printed at the end of the run (conftest.py): CI's log shows it.
REPORT: list[str] = []


@pytest.fixture(scope="module")
def browser():
    reason = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "the browser test needs Playwright (pip install playwright)"
    if reason is None and shutil.which(CHROMIUM) is None:
        reason = "the browser test needs Chromium (apt-get install -y chromium)"
    if reason is None and shutil.which(ZBARIMG) is None:
        reason = "the browser test reads the QR code with zbarimg (apt-get install -y zbar-tools)"
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the browser test: " + reason)
        pytest.skip(reason)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def url_in_qr_code(url: str, folder: Path) -> str:
    """What a phone's camera reads from the QR code the host shows for ``url``."""
    image = folder / "room-qr.png"
    image.write_bytes(qr_png(url))
    found = subprocess.run([ZBARIMG, "--raw", "-q", str(image)], capture_output=True, text=True, check=True)
    return found.stdout.strip()


class Wire:
    """What a page says to the server and hears back, read off its websocket (reloads too)."""

    def __init__(self, page: Any) -> None:
        self.sent: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, socket: Any) -> None:
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))
        socket.on("framereceived", self._received)

    def _received(self, payload: str) -> None:
        message = json.loads(payload)
        if message["type"] == "error":
            self.errors.append(message)

    @property
    def actions(self) -> list[str]:
        return [message["action"] for message in self.sent if message["type"] == "act"]


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
        url = url_in_qr_code(host.server.url, tmp_path)
        assert url == host.url
        contexts = [browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True) for _ in names]
        pages = [context.new_page() for context in contexts]
        wires = [Wire(page) for page in pages]
        for page in pages:
            page.set_default_timeout(20_000)  # a guard against a hang, not a wait for timing
        for page, name, language in zip(pages, names, ["en", "it", "ur"]):
            page.goto(f"{url}?lang={language}")
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
    assert [wire.errors for wire in wires] == [[], [], []]  # every action a page sent was played
    assert all(any(m["type"] == "rejoin" for m in wire.sent) == (seat == 1) for seat, wire in enumerate(wires))
    archive = ReplayArchive(tmp_path)
    assert sorted(archive.stored_ids()) == sorted(host.keeper.recorded_id(i) for i in range(len(room.seats)))
    for index, (seat, wire) in enumerate(zip(room.seats, wires)):
        archived = archive.load(host.keeper.recorded_id(index))
        assert archived.name == seat.name
        assert archived.replay.verify().log == seat.game.log
        assert [a.to_text() for a in archived.replay.verify().log if a.keyword != "roll"] == wire.actions
    assert host.files.unfinished(STARTED) is None
    for index, (seat, wire, language) in enumerate(zip(room.seats, wires, ["en", "it", "ur"])):
        REPORT.append(f"phone {index + 1} ({language}, 360x640): {len(wire.actions)} actions sent, all played; "
                      f"score {seat.game.score().total} shown and recorded; replay verified"
                      + ("; reloaded mid-turn 3 and carried on in its seat" if index == 1 else ""))


# Every problem of fit on the page as it is shown: a control outside the screen, under
# 48 px or with its text spilling out; anything but the room's list of guests (which
# follows below the play) and the places after the podium's (beside the phone's own)
# beside or below the screen.
FIT_PROBLEMS = """() => {
  const width = innerWidth, height = innerHeight, problems = [];
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const name = (e) => e.id || e.dataset.cell && "cell " + e.dataset.cell || e.dataset.die && "die " + e.dataset.die
    || e.className || e.tagName;
  const below = "#others, #others *, #results, #podium, #podium li:not(.top, .you), #podium li:not(.top, .you) *";
  for (const e of document.querySelectorAll("body *:not(script, link)")) {
    if (e.matches(below)) continue;
    if (!shown(e)) continue;
    const box = e.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5)
      problems.push(`${name(e)} outside the screen: ${[box.left, box.top, box.right, box.bottom].map(Math.round)}`);
    if (!e.matches("button, select, input")) continue;
    if (box.width < 48 || box.height < 48) problems.push(`${name(e)} under 48 px: ${Math.round(box.width)}x${Math.round(box.height)}`);
    if (e.tagName === "BUTTON" && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
      problems.push(`${name(e)} text cut: ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`);
  }
  if (document.documentElement.scrollWidth > width) problems.push("the page is wider than the screen");
  return problems;
}"""


def fit_problems(page: Any, view: str) -> list[str]:
    """Every problem of fit in this view, at each size (the page reflows, nothing is sent)."""
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        language = page.evaluate("document.documentElement.lang")
        problems += [f"{language} {width}x{height} {view}: {p}" for p in page.evaluate(FIT_PROBLEMS)]
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    return problems


def play_until(host: Host, pages: list[Any], reached: Callable[[Game], bool]) -> None:
    """Every seat plays the expert's greedy choice (the same dice, so the same moves) until
    the first seat's game reaches the position; each page shows the state it was sent."""
    policy = make_policy("greedy", random.Random(1))
    while True:
        for seat, page in enumerate(pages):
            page.wait_for_function("m => Number(document.body.dataset.moves) === m",
                                   arg=len(host.room.seats[seat].game.log))
        if reached(host.room.seats[0].game) or host.room.seats[0].game.is_over:
            return
        for seat, page in enumerate(pages):
            game = host.room.seats[seat].game
            if not game.is_over and game.phase is not Phase.ROLL:
                before = moves(page)
                page.evaluate("action => act(action)", policy.choose(game.copy()).to_text())
                page.wait_for_function("m => Number(document.body.dataset.moves) > m", arg=before)


def test_every_control_fits_the_screen_in_every_language_and_view(tmp_path, browser):
    # NIGHTMARE on this seed meets a MAGDAGDON on turn 5 under the greedy choice
    with Host(tmp_path, difficulty=Difficulty.NIGHTMARE, seed=2) as host:
        contexts = [browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]}, has_touch=True)
                    for _ in LANGUAGES]
        pages = [context.new_page() for context in contexts]
        problems: list[str] = []
        views: list[str] = []

        def check(view: str) -> None:
            views.append(view)
            for page in pages:
                problems.extend(fit_problems(page, view))

        for page, language in zip(pages, LANGUAGES):
            page.set_default_timeout(20_000)  # a guard against a hang, not a wait for timing
            page.goto(f"{host.url}?lang={language}")
            page.wait_for_selector("body[data-view=join]")
            page.fill("#name", "Guest " + language)
        check("join")
        for page in pages:
            page.click("#join-button")
            page.wait_for_selector("body[data-view=wait]")
        pages[0].wait_for_function(f"document.querySelectorAll('#seats li').length === {len(pages)}")
        check("lobby")
        host.server.start_game()
        play_until(host, pages, lambda game: game.turn == 2 and len(game.staged) == 1)
        for page in pages:
            page.locator(".die").first.click()
            assert page.locator(".cell.legal").count() > 0  # a die chosen: its cells glow
        check("placing")
        for page, language in zip(pages, LANGUAGES):  # the board is read left to right, Urdu too
            corners = [page.locator(f".cell[data-cell='{cell}']").bounding_box() for cell in (0, 3, 12)]
            assert corners[0]["x"] < corners[1]["x"] and corners[0]["y"] < corners[2]["y"], language
        for page in pages:
            page.locator(".die.selected").click()
        play_until(host, pages, lambda game: game.phase is Phase.MAGDAGDON)
        assert all(page.locator("body[data-phase=magdagdon] #accept").is_visible() for page in pages)
        check("MAGDAGDON")
        for page in pages:
            tap_and_wait(page, "#accept")
        assert all(page.locator("body[data-phase=ruin_pick] .cell.legal").count() > 0 for page in pages)
        check("ruin")
        play_until(host, pages, lambda game: game.is_over)
        for page in pages:
            page.wait_for_selector("body[data-phase=finished]")
        check("game over")
        for context in contexts:
            context.close()
    REPORT.append(f"{len(LANGUAGES)} languages x {len(views)} views x {len(SIZES)} sizes "
                  f"({', '.join(f'{w}x{h}' for w, h in SIZES)}): {len(problems)} problems of fit")
    assert not problems, "\n".join(problems)


def page_text(key: str, language: str) -> str:
    texts = json.loads((Path(__file__).resolve().parent.parent / "magdagdon" / "phones" / "page" / "texts.json")
                       .read_text("utf-8"))
    return texts[language][key]


def play_everyone_until(host: Host, pages: list[Any], done: Callable[[], bool]) -> None:
    """Each seat plays the greedy choice through its page until ``done`` (the pages send,
    the server plays, each page shows what it was sent)."""
    policies = [make_policy("greedy", random.Random(1)) for _ in pages]  # one each: a plan is a seat's own
    while not done():
        for seat, page in enumerate(pages):
            game = host.room.seats[seat].game
            page.wait_for_function("m => Number(document.body.dataset.moves) === m", arg=len(game.log))
            if not game.is_over and game.phase is not Phase.ROLL and not done():
                before = moves(page)
                page.evaluate("action => act(action)", policies[seat].choose(game.copy()).to_text())
                page.wait_for_function("m => Number(document.body.dataset.moves) > m", arg=before)


def test_phones_rejoin_a_room_continued_after_a_clean_quit_and_a_latecomer_plays_the_same_dice(tmp_path, browser):
    """Two guests play; a third joins at turn 3 and is dealt the room's turn 1; the host quits
    cleanly: each phone says the room is paused and keeps its page; the host continues the
    room (a new server on the same port, from the room's file): every phone rejoins by itself,
    and all three play to the end, each told its rank, every game recorded."""
    from magdagdon.phones.keeper import RoomKeeper
    from magdagdon.phones.server import RoomServer
    from magdagdon.storage.room_file import RoomFiles

    names, languages = ["Ana", "عائشہ خان", "👩‍💻 Zoë"], ["en", "ur", "en"]
    contexts = [browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True) for _ in names]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(20_000)  # a guard against a hang, not a wait for timing
    with Host(tmp_path) as host:
        for page, name, language in list(zip(pages, names, languages))[:2]:
            page.goto(f"{host.url}?lang={language}")
            page.fill("#name", name)
            page.click("#join-button")
            page.wait_for_selector("body[data-view=wait]")
        host.server.start_game()
        play_everyone_until(host, pages[:2], lambda: host.room.snapshot.turn == 3)
        late = pages[2]
        late.goto(f"{host.url}?lang=en")
        late.wait_for_selector("body[data-view=join] #join-note")
        late.fill("#name", names[2])
        late.click("#join-button")
        late.wait_for_selector("body[data-phase=staging]")
        assert late.locator(".die").all_text_contents() == [str(v) for v in roll_dice(host.seed, 1)]
        assert late.locator("#turn").text_content() == "Turn 1 (room: 3)"
        assert host.room.seats[2].name == names[2]  # the emoji and its joiner kept whole
        port = host.server.port
        host.server.stop()  # the host quits cleanly (SIGTERM, Back to the title mid-game)
        for page, language in zip(pages, languages):
            page.wait_for_selector("body[data-paused]")
            assert page.locator("#status").text_content() == page_text("paused", language)
            assert page.locator("body[data-ended]").count() == 0  # waiting, not ended
        files = RoomFiles(tmp_path)
        record = files.unfinished(STARTED)
        assert record is not None
        keeper = RoomKeeper.resume(files, lambda: host.store, record, host.clock())
        again = RoomServer(keeper.room, keeper, "127.0.0.1", port, host.clock, lambda: STARTED, host.limit)
        assert again.start() == host.url  # Continue: the same address, the same code
        try:
            for page in pages:  # each phone rejoins by itself, its game as it was
                page.wait_for_selector("body:not([data-paused])[data-phase]")
            host.room, host.keeper = keeper.room, keeper
            play_everyone_until(host, pages, lambda: keeper.room.snapshot.phase is RoomPhase.FINISHED)
            for page, language, seat in zip(pages, languages, keeper.room.seats):
                page.wait_for_selector("body[data-phase=finished] #podium li.you")
                place = 1 + sum(s.game.score().total > seat.game.score().total for s in keeper.room.seats)
                assert page.locator("#status").text_content() == page_text("rank", language).format(
                    place=place, count=3, score=seat.game.score().total)
                assert page.locator("#podium li").count() == 3
            # The emoji name is drawn whole where the phone has an emoji font, else as one
            # replacement mark: never empty boxes (this machine's Chromium may have none).
            has_emoji = late.evaluate("() => ink('\\u{1F469}') !== ink('\\u{10FFFD}')")
            shown = [late.locator("#podium bdi").nth(n).text_content() for n in range(3)]
            assert (names[2] if has_emoji else "\ufffd Zoë") in shown, shown
            REPORT.append(f"an emoji name on a phone {'with' if has_emoji else 'without'} an emoji font: "
                          f"shown as {shown[[n for n, _ in enumerate(shown) if 'Zo' in shown[n]][0]]!r}")
        finally:
            again.stop()
    for context in contexts:
        context.close()
    table = {entry.name for entry in host.store.high_scores(host.difficulty)}
    assert table == set(names)
    REPORT.append("3 phones (en, ur, en): paused after a clean quit, rejoined a continued room by themselves; "
                  "a latecomer at turn 3 dealt turn 1's dice; each told its rank; all three recorded")


def test_a_phone_can_leave_re_roll_choosing_and_is_told_take_back_all_when_stuck(tmp_path, browser):
    """RE-ROLL's choosing has a way out (Cancel: nothing sent, nothing used); a phone whose
    staged die leaves no cell for the others (turn 1 of seed 4 rolls 1 2 6 3: a 6 has no
    neighbour) is told that Take back all is the way on, and Take back all glows."""
    seed = 4
    assert list(roll_dice(seed, 1)) == [1, 2, 6, 3]
    with Host(tmp_path, seed=seed) as host:
        context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
        page = context.new_page()
        page.set_default_timeout(20_000)  # a guard against a hang, not a wait for timing
        wire = Wire(page)
        page.goto(f"{host.url}?lang=en")
        page.fill("#name", "Ana")
        page.click("#join-button")
        page.wait_for_selector("body[data-view=wait]")
        host.server.start_game()
        page.wait_for_selector("body[data-phase=staging]")
        assert page.locator("#cancel-reroll").is_hidden()
        page.click("#reroll")  # choosing the dice to re-roll...
        page.locator(".die >> nth=0").click()
        assert page.locator("#cancel-reroll").is_visible() and page.locator(".die.chosen").count() == 1
        page.click("#cancel-reroll")  # ... and leaving it
        assert page.locator("#cancel-reroll").is_hidden() and page.locator(".die.chosen").count() == 0
        assert page.locator("#reroll").text_content() == page_text("reroll", "en")
        assert host.room.seats[0].game.powers_used == 0 and not wire.actions  # nothing sent
        page.locator(".die >> nth=2").click()  # the 6
        tap_and_wait(page, ".cell.legal >> nth=0")
        assert page.locator("#status").text_content() == page_text("stuck", "en")
        assert page.locator("#back-all.suggested").count() == 1 and page.locator("#confirm").is_disabled()
        tap_and_wait(page, "#back-all")
        assert page.locator("#back-all.suggested").count() == 0
        assert page.locator("#status").text_content() != page_text("stuck", "en")
        context.close()
