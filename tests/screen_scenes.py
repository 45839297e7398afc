"""Every screen a player can meet, reached through the real loop (scripted input, fake
clock), for the whole-screen audit (tests/test_screen_audit.py, scripts/screen_audit.py).

A scene names the states it shows; the audit checks that every state the game can make
(the control object's factories) is shown by at least one scene, so a new screen without a
scene fails. Languages are switched live (as Settings does) on each scene's screen; each
window size starts the scene afresh.
"""

from __future__ import annotations

import functools
import json
import math
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

import pygame

from magdagdon.app.text.fit import min_text_px
from magdagdon.app.shell.screen_key import ScreenKey
from magdagdon.app.shell.scenes import play_until, scene_room
from magdagdon.app.shell.loop import MAX_CATCH_UP_STEPS, UPDATES_PER_SECOND
from magdagdon.app.table.lessons import lesson_at
from magdagdon.app.audit.draw_log import DrawnFrame
from magdagdon.app.audit.plan_audit import audit_plan
from magdagdon.app.audit.plan_match import match_plan
from magdagdon.app.audit.screen_audit import Finding, audit_frame
from magdagdon.engine import Difficulty, Game
from magdagdon.phones.keeper import RoomKeeper
from magdagdon.storage import open_store
from magdagdon.storage.room_file import RoomFiles

from support.draw_searches import searches_while_drawing
from support.draw_watch import watch_draws
from support.player import Player

PSEUDO = "xx"  # English made 30 % longer, to find boxes only just wide enough
LOCALES = ("en", "it", "ur", "hi", PSEUDO)
SIZES = ((800, 600), (1280, 720), (1920, 1080), (1080, 1920), (3840, 2160))
# The audit's frames: the longest the loop runs whole (twelve fixed updates, no game time
# skipped). The screens are judged once settled, so fewer drawn frames judge the same screens.
FRAME_SECONDS = MAX_CATCH_UP_STEPS / UPDATES_PER_SECOND
DATA_KINDS = ("empty", "scores", "kiosk", "room")  # the data folders scenes start on (make_data)
LATIN_NAME, URDU_NAME, HINDI_NAME = "Ada Lovelace", "عائشہ خان", "प्रिया शर्मा"


@dataclass(frozen=True)
class Scene:
    name: str
    states: tuple[str, ...]  # the states it shows, bottom first (the top one is checked)
    options: dict[str, Any] = field(default_factory=dict)
    steps: Callable[[Player], None] | None = None
    data: str = "scores"  # "scores": a dozen results, names in three scripts; "empty"; "kiosk"
    settle: float = 0.5  # seconds of game time before the screen is judged
    # A kiosk scene of the attract loop: the loop's steps from the one shown (kiosk.json's
    # attract_steps), so it comes round at once instead of after every step before it.
    attract_steps: tuple[str, ...] = ()
    # A scene that goes on by itself (a game the attract loop plays): what brings it back to
    # the position it names before each window size is judged.
    again: Callable[[Player], None] | None = None


# --- steps -----------------------------------------------------------------------------------

def _type(player: Player, words: str) -> None:
    player.post(pygame.TEXTINPUT, text=words)
    player.wait(0.2)


def _escape(player: Player) -> None:
    player.key(pygame.K_ESCAPE)


def _tap_button(ident: str) -> Callable[[Player], None]:
    def tap(player: Player) -> None:
        table = player.table
        button = next(b for b in table.buttons() if b.ident == ident)
        player.tap(button.rect.center)
    return tap


def _key(key: int) -> Callable[[Player], None]:
    def press(player: Player) -> None:
        player.key(key, then=0.1)
    return press


def _chain(*steps: Callable[[Player], None]) -> Callable[[Player], None]:
    def run(player: Player) -> None:
        for step in steps:
            step(player)
    return run


def _choose(*idents: str) -> Callable[[Player], None]:
    def run(player: Player) -> None:
        for ident in idents:
            player.choose(ident)
    return run


def _wait_review(player: Player) -> None:
    """The game-over review runs on its own thread, in real time; it is asked for as game
    over comes up, so the panel (the finished board, the count-up) is waited for as well."""
    session = player.table.session
    player.wait_for(lambda: session.review_job is not None, limit=6.0)
    deadline = time.monotonic() + 120
    while not session.review_job.done and time.monotonic() < deadline:  # every turn valued
        time.sleep(0.05)
    player.wait_for(lambda: player.table.panel_shown, limit=6.0)
    player.wait(0.3)


def _asked_name(player: Player) -> None:
    """The name entry comes once the finished board and the count-up have been seen."""
    player.wait_for(lambda: player.top_key == "name_entry", limit=6.0)


def _name(words: str) -> Callable[[Player], None]:
    def run(player: Player) -> None:
        _asked_name(player)
        for _ in range(20):
            player.key(pygame.K_BACKSPACE, then=0.0)
        _type(player, words)
    return run


def _named_game_over(words: str) -> Callable[[Player], None]:
    def run(player: Player) -> None:
        _name(words)(player)
        player.key(pygame.K_RETURN)
        _wait_review(player)
    return run


def _reroll_pick(player: Player) -> None:
    _tap_button("reroll")(player)
    die = player.table.game.tray[0]
    player.tap(player.table.layout.tray_slots[die].center)


def _hint(player: Player) -> None:
    """HINT, and Show hint in the dialog before a game's first hint."""
    _tap_button("hint")(player)
    player.choose("show_hint")
    player.wait_for(lambda: player.table.session.hint is not None, limit=5.0)


def _magdagdon_turn(player: Player) -> None:
    """The replay viewer stepped on to the first MAGDAGDON turn."""
    viewer = player.top
    while not viewer.stories[viewer.page].magdagdon and viewer.page < len(viewer.stories) - 1:
        player.key(pygame.K_RIGHT, then=0.1)


def _expert_line(player: Player) -> None:
    """The replay viewer's expert side turned to the expert's own game, once it is played."""
    player.key(pygame.K_e, then=0.1)
    viewer = player.top
    deadline = time.monotonic() + 60
    while not viewer.line_ready and time.monotonic() < deadline:
        time.sleep(0.05)
    player.key(pygame.K_RIGHT, then=0.3)


def _party_seats(player: Player) -> None:
    player.choose("party")
    for name in (LATIN_NAME, URDU_NAME):
        player.choose("add_player")
        _name(name)(player)
        player.key(pygame.K_RETURN)
    for strength in ("beginner", "regular", "expert"):  # the computer at each strength: name, sign, words
        player.choose(f"add_{strength}")


def _kiosk_idle(seconds: float) -> Callable[[Player], None]:
    def run(player: Player) -> None:
        player.wait(seconds)
    return run


def _attract(card: str) -> Callable[[Player], None]:
    """Idle until the kiosk's attract loop shows ``card`` (or "how_to_play:N", its step N)."""
    name, _, step = card.partition(":")

    def run(player: Player) -> None:
        player.wait_for(lambda: player.top_key == "attract_card" and player.top.card == name, limit=400)
        if step:
            player.wait(int(step) * 2.0 + 1.0)
    return run


def _lesson_frame_again(step: int) -> Callable[[Player], None]:
    """The how-to-play card back at the lesson frame ``_attract("how_to_play:N")`` opened it
    on (the card goes on through its frames, then starts again)."""
    shown = lesson_at(int((step * 2.0 + 1.0) * UPDATES_PER_SECOND))

    def run(player: Player) -> None:
        player.wait_for(lambda: player.top_key == "attract_card" and player.top.card == "how_to_play"
                        and lesson_at(player.top.tick) == shown, limit=60)
    return run


def _best_today_again(player: Player) -> None:
    """The best-today card just shown again: it stands only INTRO_SECONDS before its game
    plays back, less than a size's five languages take, so each size waits for it to come
    round (after the game it introduces) rather than judge the game in its place."""
    player.wait_for(lambda: player.top_key == "attract_card" and player.top.card == "best_today"
                    and player.top.tick < UPDATES_PER_SECOND // 2, limit=120)


def _attract_table(step: str) -> Callable[[Player], None]:
    """Idle until the attract loop plays a game on the table at ``step`` ("best_today": today's
    best played back; "expert_demo": the expert's game), then until dice are staged."""
    def run(player: Player) -> None:
        player.wait_for(lambda: player.attract_game == step, limit=600)
        _dice_staged(player)
    return run


def _dice_staged(player: Player) -> None:
    """A game that plays itself has dice staged again, none moving (it has gone on meanwhile)."""
    player.wait_for(lambda: player.top_key == "staging" and bool(player.table.game.staged)
                    and not player.table.session.moving, limit=120)


def _still_playing(player: Player) -> None:
    player.choose("play")
    player.key(pygame.K_r)
    player.wait_for(lambda: player.top_key == "still_playing", limit=400)
    player.wait(2.0)


def _quiet_room(player: Player) -> None:
    """A kiosk's phones' race nobody touches, screen or phones, until it asks."""
    player.wait_for(lambda: player.top_key == "still_playing", limit=400)
    player.wait(2.0)


def _first_turn(until: str) -> Callable[[Player], None]:
    """A coached first game, played to the moment the coach shows ``until``."""
    def run(player: Player) -> None:
        if until == "roll":
            return
        player.key(pygame.K_r)
        player.wait(2.5)
        table = player.table
        game = table.game
        if until == "tap_die":
            return
        die = next(d for d in game.tray if game.legal_cells_for(d))
        player.tap(table.layout.tray_slots[die].center)
        if until == "tap_cell":
            return
        cell = min(game.legal_cells_for(die))
        player.tap(table.layout.cells[cell].center)
        while len(game.staged) < game.required:
            die = next(d for d in game.tray if game.legal_cells_for(d))
            player.tap(table.layout.tray_slots[die].center)
            player.tap(table.layout.cells[min(game.legal_cells_for(die))].center)
    return run


def _pick_die(player: Player) -> None:
    """A MAGDAGDON roll: the first tray die picked for a −1/+1."""
    table = player.table
    player.tap(table.session.sprites[table.game.tray[0]].rect.center)


def _code_problem(player: Player) -> None:
    player.choose("play_code")
    for key in (pygame.K_q, pygame.K_q):
        player.post(pygame.KEYDOWN, key=key, mod=0, unicode="q", scancode=0)
    player.wait(0.2)
    player.key(pygame.K_RETURN)


def _address_problem(player: Player) -> None:
    """The world board's address typed wrong: the field, its line of why, the keys."""
    player.choose("board_address")
    for char in "ftp://board.example.org":
        player.post(pygame.KEYDOWN, key=0, mod=0, unicode=char, scancode=0)
    player.wait(0.2)
    player.key(pygame.K_RETURN)


# --- the scenes ------------------------------------------------------------------------------

SCENES: tuple[Scene, ...] = (
    Scene("title", ("rolling", "title"), {"scene": "title"}),
    Scene("title empty", ("rolling", "title"), {"scene": "title"}, data="empty"),
    Scene("settings", ("rolling", "title", "settings"), {"scene": "settings"}),
    Scene("world board address, bad", ("rolling", "title", "settings", "board_address"), {"scene": "settings"},
          _address_problem),
    Scene("how to play", ("rolling", "title", "rules"), {"scene": "rules"}),
    Scene("high scores", ("rolling", "title", "high_scores"), {"scene": "high_scores"}),
    Scene("high scores today", ("rolling", "title", "high_scores"), {"scene": "high_scores"}, _choose("period:today")),
    Scene("high scores today's dice", ("rolling", "title", "high_scores"), {"scene": "high_scores"},
          _choose("period:daily")),  # This table, and World beside it
    Scene("high scores empty", ("rolling", "title", "high_scores"), {"scene": "high_scores"}, data="empty"),
    Scene("about", ("rolling", "title", "about"), {"scene": "about"}),
    Scene("licences", ("rolling", "title", "licences"), {"scene": "licences"}),
    Scene("quit?", ("rolling", "title", "confirm"), {"scene": "confirm"}),
    Scene("play a code", ("rolling", "title", "code_entry"), {"scene": "title"}, _choose("play_code")),
    Scene("play a code, bad", ("rolling", "title", "code_entry"), {"scene": "title"}, _code_problem),
    Scene("today's dice", ("rolling", "title", "daily_intro"), {"scene": "title"}, _choose("daily")),
    Scene("rolling", ("rolling",), {"scene": "rolling"}),
    Scene("staging", ("staging",), {"scene": "staging"}),
    Scene("re-roll pick", ("staging",), {"scene": "staging"}, _reroll_pick),
    Scene("magdagdon", ("magdagdon",), {"scene": "magdagdon"}),
    Scene("magdagdon, a die picked", ("magdagdon",), {"scene": "magdagdon"}, _pick_die),
    Scene("magdagdon, a re-roll may save it", ("magdagdon",), {"scene": "magdagdon_reroll"}),
    Scene("magdagdon, beyond powers", ("magdagdon",), {"scene": "magdagdon_beyond"}),
    Scene("magdagdon, hint", ("magdagdon",), {"scene": "magdagdon"}, _hint),
    Scene("magdagdon, a re-roll may save it, hint", ("magdagdon",), {"scene": "magdagdon_reroll"}, _hint),
    Scene("magdagdon, beyond powers, hint", ("magdagdon",), {"scene": "magdagdon_beyond"}, _hint),
    Scene("ruin pick", ("ruin_pick",), {"scene": "ruin_pick"}),
    Scene("hint warning", ("staging", "hint_warning"), {"scene": "staging"}, _tap_button("hint")),
    Scene("pause menu", ("staging", "title"), {"scene": "staging"}, _escape),
    Scene("new game?", ("staging", "title", "confirm"), {"scene": "staging"}, _chain(_escape, _choose("new_game"))),
    Scene("game over", ("game_over",), {"scene": "game_over"}, _wait_review, settle=0.2),
    Scene("name entry", ("game_over", "name_entry"), {"scene": "name_entry"}, _asked_name, settle=0.2),
    Scene("name entry, Latin", ("game_over", "name_entry"), {"scene": "name_entry"}, _name(LATIN_NAME)),
    Scene("name entry, Urdu", ("game_over", "name_entry"), {"scene": "name_entry"}, _name(URDU_NAME)),
    Scene("name entry, Hindi", ("game_over", "name_entry"), {"scene": "name_entry"}, _name(HINDI_NAME)),
    Scene("game over, Latin name", ("game_over",), {"scene": "name_entry"}, _named_game_over(LATIN_NAME)),
    Scene("game over, Urdu name", ("game_over",), {"scene": "name_entry"}, _named_game_over(URDU_NAME)),
    Scene("game over menu", ("game_over", "title"), {"scene": "game_over"}, _chain(_wait_review, _tap_button("menu"))),
    Scene("game over scores", ("game_over", "high_scores"), {"scene": "game_over"},
          _chain(_wait_review, _tap_button("scores"))),
    Scene("replay viewer", ("game_over", "replay"), {"scene": "game_over"}, _chain(_wait_review, _tap_button("replay"))),
    Scene("replay viewer, costliest turn", ("game_over", "replay"), {"scene": "game_over"},
          _chain(_wait_review, _tap_button("replay"), _key(pygame.K_c))),
    Scene("replay viewer, a MAGDAGDON turn", ("game_over", "replay"), {"scene": "game_over"},
          _chain(_wait_review, _tap_button("replay"), _magdagdon_turn)),
    Scene("replay viewer, the expert's game", ("game_over", "replay"), {"scene": "game_over"},
          _chain(_wait_review, _tap_button("replay"), _expert_line)),
    Scene("party set-up", ("rolling", "title", "party_setup"), {"scene": "title"}, _party_seats),
    Scene("party set-up, empty", ("rolling", "title", "party_setup"), {"scene": "title"}, _choose("party")),
    Scene("party hand-over", ("party_handover",), {"scene": "party_handover"}),
    Scene("party turn", ("staging",), {"scene": "party_turn"}),
    Scene("party of eight", ("staging",), {"scene": "party_turn_eight"}),
    Scene("party results", ("party_results",), {"scene": "party_results"}),
    Scene("phones lobby", ("rolling", "title", "phones_lobby"), {"scene": "phones_lobby"}),
    Scene("phones, continue the room", ("rolling", "title", "phones_lobby"), {"scene": "title"}, _choose("phones"),
          data="room"),
    Scene("phones lobby, 3 guests", ("rolling", "title", "phones_lobby"), {"scene": "phones_lobby_3"}),
    Scene("phones lobby, 20 guests", ("rolling", "title", "phones_lobby"), {"scene": "phones_lobby_20"}),
    Scene("phones lobby, 50 guests", ("rolling", "title", "phones_lobby"), {"scene": "phones_lobby_50"}),
    Scene("phones, remove a guest", ("rolling", "title", "phones_lobby", "phones_remove"),
          {"scene": "phones_lobby_20"}, _choose("remove")),
    Scene("phones race, 3 guests", ("phones_race",), {"scene": "phones_race_3"}),
    Scene("phones race, 8 guests", ("phones_race",), {"scene": "phones_race_8"}),
    Scene("phones race, 20 guests", ("phones_race",), {"scene": "phones_race_20"}),
    Scene("phones race, 50 guests", ("phones_race",), {"scene": "phones_race_50"}),
    Scene("phones results, 3 guests", ("phones_results",), {"scene": "phones_results_3"}),
    Scene("phones results, 20 guests", ("phones_results",), {"scene": "phones_results_20"}),
    Scene("coach, roll", ("rolling",), {"coach": True, "seed": 5}, _first_turn("roll"), data="empty"),
    Scene("coach, tap a die", ("staging",), {"coach": True, "seed": 5}, _first_turn("tap_die"), data="empty"),
    Scene("coach, tap a cell", ("staging",), {"coach": True, "seed": 5}, _first_turn("tap_cell"), data="empty"),
    Scene("coach, confirm", ("staging",), {"coach": True, "seed": 5}, _first_turn("confirm"), data="empty"),
    Scene("tip, magdagdon", ("magdagdon",), {"coach": True, "scene": "magdagdon"}, data="empty"),
    Scene("kiosk title", ("rolling", "title"), {"kiosk": True}, data="kiosk"),
    Scene("attract, title", ("attract_card",), {"kiosk": True}, _attract("title"),
          data="kiosk", attract_steps=("title",)),
    Scene("attract, scores", ("attract_card",), {"kiosk": True}, _attract("scores"),
          data="kiosk", attract_steps=("scores",)),
    Scene("attract, best today", ("attract_card",), {"kiosk": True}, _attract("best_today"),
          data="kiosk", attract_steps=("best_today",), again=_best_today_again),
    Scene("attract, how to play 1", ("attract_card",), {"kiosk": True}, _attract("how_to_play:0"),
          data="kiosk", attract_steps=("how_to_play",), again=_lesson_frame_again(0)),
    Scene("attract, how to play 2", ("attract_card",), {"kiosk": True}, _attract("how_to_play:1"),
          data="kiosk", attract_steps=("how_to_play",), again=_lesson_frame_again(1)),
    Scene("attract, how to play 3", ("attract_card",), {"kiosk": True}, _attract("how_to_play:2"),
          data="kiosk", attract_steps=("how_to_play",), again=_lesson_frame_again(2)),
    Scene("attract, best today played", ("staging",), {"kiosk": True}, _attract_table("best_today"),
          data="kiosk", attract_steps=("best_today",), again=_dice_staged,
          settle=0.0),
    Scene("attract, expert's game", ("staging",), {"kiosk": True}, _attract_table("expert_demo"),
          data="kiosk", attract_steps=("expert_demo",), again=_dice_staged,
          settle=0.0),
    Scene("still playing?", ("rolling", "still_playing"), {"kiosk": True}, _still_playing, data="kiosk"),
    Scene("still playing?, phones", ("phones_race", "still_playing"), {"kiosk": True, "scene": "phones_race_8"},
          _quiet_room, data="kiosk"),
)


# --- data folders ----------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _finished_game(seed: int) -> Game | None:
    """The PEACEFUL game of ``seed`` played to its end (the same every time: made once)."""
    return play_until(Difficulty.PEACEFUL, seed, lambda g: g.is_over)


def make_data(folder: Path, kind: str) -> Path:
    """A data folder for ``kind``: "empty"; "scores" (a dozen recorded games, names in Latin,
    Urdu and Hindi letters, two of them today); "kiosk" (the same, all today, for the
    attract loop's tables and today's best); "room" (the same and a phones' room left open)."""
    folder.mkdir(parents=True, exist_ok=True)
    if kind == "empty":
        return folder
    store = open_store(folder)
    now = datetime.now(timezone.utc)
    names = [LATIN_NAME, URDU_NAME, HINDI_NAME, "BO", "Wolfgang Amadeus", "ANA"]
    for index, seed in enumerate(range(100, 112)):
        game = _finished_game(seed)
        if game is None:
            continue
        when = now - timedelta(minutes=index) if kind == "kiosk" or index < 2 else now - timedelta(days=index + 1)
        store.record_result(game, when, name=names[index % len(names)], assisted=seed % 3 == 0)
    if kind == "room":  # a room a crash left open at turn 3, offered from Phones
        room = scene_room(ScreenKey.PHONES_RACE, 3, Difficulty.PEACEFUL, 3)
        for seat, secret in zip(room.seats, ("a" * 24, "b" * 24, "c" * 24)):
            seat.secret = secret
        RoomKeeper(RoomFiles(folder), lambda: store, room, now).save(now)
        return folder
    if kind == "kiosk":  # short waits, so the attract loop comes round quickly
        document = {"kind": "magdagdon-kiosk", "version": 1,
                    "data": {"attract_step_seconds": 8, "idle_seconds": 10, "abandon_seconds": 20, "phones": True}}
        (folder / "kiosk.json").write_text(json.dumps(document), encoding="utf-8")
    return folder


def workspace(work: Path) -> dict[str, Path]:
    """Set up ``work`` for sweeping scenes outside pytest (the scripts): the catalogs with
    pseudo-English read from there, and one data folder of each kind."""
    import magdagdon.app.text.i18n as i18n

    catalogs = work / "i18n"
    write_pseudo_catalogs(i18n.catalog_dir(), catalogs)
    i18n.catalog_dir = lambda: catalogs  # type: ignore[assignment]
    return {kind: make_data(work / f"data-{kind}", kind) for kind in DATA_KINDS}


def fresh_copy(folders: dict[str, Path], kind: str, run: Path) -> Path:
    """A scene's own copy of the data folder of ``kind`` at ``run`` (whatever the last left
    there goes). The kiosk's is made afresh: its games are all of today, and a folder made
    before midnight would have none of today by the time the attract loop looks."""
    import shutil

    if run.exists():
        shutil.rmtree(run)
    if kind == "kiosk":
        return make_data(run, kind)
    shutil.copytree(folders[kind], run)
    return run


# --- pseudo-English ------------------------------------------------------------------------

def write_pseudo_catalogs(source: Path, target: Path) -> None:
    """The shipped catalogs plus ``xx.json``: each English text 30 % longer."""
    target.mkdir(parents=True, exist_ok=True)
    for path in source.glob("*.json"):
        (target / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    english = json.loads((source / "en.json").read_text(encoding="utf-8"))
    pseudo = {key: lengthen(value) if isinstance(value, str) else value for key, value in english.items()}
    pseudo["_meta"] = {**english["_meta"], "locale": PSEUDO, "name": "Pseudo"}
    (target / f"{PSEUDO}.json").write_text(json.dumps(pseudo, ensure_ascii=False), encoding="utf-8")


def lengthen(text: str) -> str:
    """Each word ~30 % longer (placeholders and markup kept): "Play" -> "Plaay"."""
    def stretch(match: re.Match[str]) -> str:
        word = match.group(0)
        extra = math.ceil(len(word) * 0.3)
        middle = len(word) // 2
        return word[:middle] + word[middle - 1:middle] * extra + word[middle:] if len(word) > 1 else word + word

    parts = re.split(r"(\{[^}]*\}|<[^>]*>|%[A-Za-z])", text)
    return "".join(part if i % 2 else re.sub(r"[^\W\d_]+", stretch, part) for i, part in enumerate(parts))


# --- judging -------------------------------------------------------------------------------

def readable_floor(size: tuple[int, int]) -> int:
    return min_text_px(size)


def ready_data(scene: Scene, data: Path) -> None:
    """The scene's own touches to its copy of a data folder: the attract loop's steps."""
    if scene.attract_steps:
        path = data / "kiosk.json"
        document = json.loads(path.read_text(encoding="utf-8"))
        document["data"]["attract_steps"] = list(scene.attract_steps)
        path.write_text(json.dumps(document), encoding="utf-8")


def open_scene(scene: Scene, data: Path, size: tuple[int, int], draw_changes: list[str] | None = None) -> Player:
    """The scene reached through the real loop; with ``draw_changes``, every draw from the
    first is watched and what one changed is added to it (support/draw_watch.py)."""
    ready_data(scene, data)
    options = {**({} if scene.options.get("kiosk") else {"seed": 3}), **scene.options}
    player = Player(data, size=size, frame_seconds=FRAME_SECONDS, **options)
    if draw_changes is not None:
        watch_draws(player, data, draw_changes)
    player.wait(0.4)
    if scene.steps is not None:
        scene.steps(player)
    player.wait(scene.settle)
    return player


def settled(player: Player) -> DrawnFrame:
    """The whole screen drawn now; where a game plays itself, between two of its moves."""
    for _ in range(40):
        frame = player.drawn()
        if not _in_motion(player):
            break
        _still(player)
    return frame


def judge(player: Player, where: str) -> list[str]:
    """Judge the screen's plans, then draw the whole screen and list what the audit finds
    on it, each size search or line break its draw made (those belong to the screen's plan)
    and where the frame differs from what the plans placed."""
    with searches_while_drawing() as searches:
        frame = settled(player)
    pieces = player.control.frame_pieces  # what the plans the frame was drawn from placed
    planned = [f"{where}: plan: {finding}" for finding in dict.fromkeys(
        audit_plan(pieces, frame.size, readable_floor(frame.size)) + match_plan(frame, pieces))]
    # What the screen in use declares (a state under a menu's veil is judged on its own screen).
    declared = list(getattr(player.top, "declared_content", lambda: ())())
    findings: list[Finding] = audit_frame(frame, readable_floor(frame.size), declared)
    return planned + [f"{where}: {finding}" for finding in dict.fromkeys(findings)] + \
        [f"{where}: searched while drawing: {search}" for search in searches]


def _in_motion(player: Player) -> bool:
    """A die in flight or carried by a game that plays itself, or the effect of its last
    move still playing (a line's "+20" rising over the board it scored on)."""
    session = getattr(player.top, "session", None)
    return session is not None and (session.moving or any(s.dragging for s in session.sprites.values())
                                    or any(e.progress(session.ticks) < 1 for e in session.effects))


def _still(player: Player) -> None:
    """A game that plays itself (the kiosk's attract loop) goes on while the languages are
    switched: each screen is judged between two moves, with no die in flight."""
    player.wait_for(lambda: not _in_motion(player), limit=30)


# (scene, size, screens judged, findings) for each size swept in this run: the summary at
# the end of the test run prints the audit's table from it.
AUDITED: list[tuple[str, tuple[int, int], int, int]] = []


def first_size(scene: Scene) -> tuple[int, int]:
    """The size a scene is opened at before it is resized to the others: each size in turn
    down the list of scenes, so every size has scenes opened straight at it."""
    return SIZES[SCENES.index(scene) % len(SIZES)]


def resize(player: Player, size: tuple[int, int]) -> None:
    """The window made ``size`` as a window manager does: a new surface, then the event."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    player.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    player.wait(0.1)


def sweep(scene: Scene, data: Path, sizes: tuple[tuple[int, int], ...],
          locales: tuple[str, ...] = LOCALES) -> dict[tuple[int, int], list[str]]:
    """The scene opened at the first of ``sizes``, then the window resized to each of the
    others: at each size, in every language, what the audit finds and whether the scene
    still shows the states it names. A screen must look the same whether it was opened at
    a size, the window was changed to it or the language was (each size's first language
    is judged as the resize left it, the others each after a switch). Every draw, from the
    scene's first, is watched: one that wrote in the data folder or changed a setting or the
    game is a finding at the size it was drawn at."""
    draw_changes: list[str] = []
    player = open_scene(scene, data, sizes[0], draw_changes)
    found: dict[tuple[int, int], list[str]] = {}
    try:
        for turn, size in enumerate(sizes):
            if player.window_size != size:
                resize(player, size)
            if scene.again is not None:
                scene.again(player)
            problems = found[size] = []
            keys = tuple(player.stack_keys)
            where = f"{scene.name} {size[0]}x{size[1]}"
            if keys[-1] != scene.states[-1]:
                problems.append(f"{where}: the scene shows {keys}, not {scene.states}")
                break
            # Back and forth through the languages: each size starts in the language the last
            # one ended in, so its first screen is the one the resize itself made.
            for locale in (locales if turn % 2 == 0 else locales[::-1]):
                if locale != player.control.text.locale:
                    player.set_language(locale)
                _still(player)
                problems += judge(player, f"{where} {locale}")
            problems += [f"{where}: {change}" for change in dict.fromkeys(draw_changes)]
            draw_changes.clear()
    finally:
        player.close()
    return found
