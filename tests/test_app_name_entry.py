"""The name entry: a result that makes the table is recorded under the name the player gives
by touch, by typing or with a game controller, cleaned of what a name must not hold."""

from datetime import datetime, timezone

import pygame
import pytest

from magdagdon.app.results.player_name import add_typed, final_name
from magdagdon.app.ui import palette
from magdagdon.engine import Difficulty
from magdagdon.storage import open_store
from magdagdon.storage.settings import load_settings

from support.player import Player
from test_storage_support import finished_games

NOW = datetime(2026, 11, 30, 20, 0, tzinfo=timezone.utc)


def asked(tmp_path, **options) -> Player:
    player = Player(tmp_path, seed=7, scene="name_entry", **options)
    player.wait_for(lambda: player.top_key == "name_entry", limit=6.0)
    return player


def recorded_names(tmp_path) -> list[str]:
    return [entry.name for entry in open_store(tmp_path).high_scores(Difficulty.PEACEFUL)]


def key_rect(player: Player, ident: str) -> pygame.Rect:
    return next(key.rect for key in player.top.keys if key.ident == ident)


def on_screen(player: Player) -> set[str]:
    """Every text on the frame drawn now (cached key pictures included)."""
    player.post(pygame.WINDOWEXPOSED)
    player.wait(0.05)
    return set(player.frame_log.words())


def pad_button(player: Player, button: int) -> None:
    player.post(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0)
    player.post(pygame.CONTROLLERBUTTONUP, 0.05, button=button, instance_id=0)
    player.wait(0.3)


# --- cleaning ---------------------------------------------------------------------------------

@pytest.mark.parametrize("typed, kept", [
    ("Ana", "Ana"),
    ("  Ana   Lu ", "Ana Lu"),
    ("a\u202eb\u2066c\u200bd\u200de\ufeff", "abcde"),  # bidi overrides, zero-width characters
    ("a\nb\tc\x1b[1m\x00", "a b c[1m"),  # control characters
    ("ABCDEFGHIJKLMNOPQ", "ABCDEFGHIJKL"),  # twelve at most
    ("\u200b\u202e  ", "Player"),  # nothing left: the default name
    ("علی", "علی"), ("अनु", "अनु"), ("Zoë Юля", "Zoë Юля"),
])
def test_a_name_keeps_only_what_reads_plainly(typed, kept):
    assert final_name(add_typed("", typed)) == kept


# --- through the loop -------------------------------------------------------------------------

def test_touch_keys_name_the_game_on_the_table_and_the_game_over_screen(tmp_path):
    player = asked(tmp_path)
    for ident in ("A", "N", "A", "space", "L", "delete", "B", "2"):
        player.tap(key_rect(player, ident).center)
    assert player.top.name == "Ana B2"
    texts = {t for t, _ in player.look()}
    assert "Ana B2" in texts
    player.tap(key_rect(player, "ok").center, then=2.0)
    assert player.top_key == "game_over"
    assert recorded_names(tmp_path) == ["Ana B2"]
    shown = {t for t, _ in player.look()}
    assert "Ana B2: #1 in the PEACEFUL table" in shown


def test_typing_through_text_input_with_bad_characters(tmp_path):
    player = asked(tmp_path)
    player.post(pygame.TEXTEDITING, text="ज़", start=0, length=1)  # an input method composing
    player.wait(0.2)
    assert player.top.name == "" and player.top.composing == "ज़"
    player.post(pygame.TEXTINPUT, text="Zoë\u202e\u200b\x07 Юля 12345678")
    player.key(pygame.K_RETURN, then=1.0)
    assert recorded_names(tmp_path) == ["Zoë Юля 1234"]


def test_a_press_that_slides_off_a_key_types_nothing(tmp_path):
    player = asked(tmp_path)
    player.post(pygame.MOUSEBUTTONDOWN, pos=key_rect(player, "Q").center, button=1, touch=False)
    player.post(pygame.MOUSEBUTTONUP, 0.05, pos=key_rect(player, "P").center, button=1, touch=False)
    player.wait(0.3)
    assert player.top.name == ""


def test_a_game_controller_names_the_game(tmp_path):
    player = asked(tmp_path)
    pad_button(player, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # shows the focus on Q
    pad_button(player, pygame.CONTROLLER_BUTTON_A)  # Q
    pad_button(player, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    pad_button(player, pygame.CONTROLLER_BUTTON_A)  # w
    player.post(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTY, value=30000, instance_id=0)
    player.post(pygame.CONTROLLERAXISMOTION, 0.1, axis=pygame.CONTROLLER_AXIS_LEFTY, value=31000, instance_id=0)
    player.post(pygame.CONTROLLERAXISMOTION, 0.2, axis=pygame.CONTROLLER_AXIS_LEFTY, value=0, instance_id=0)
    player.wait(0.4)  # one push of the stick: one row down, to S
    pad_button(player, pygame.CONTROLLER_BUTTON_A)
    pad_button(player, pygame.CONTROLLER_BUTTON_B)  # takes the s back
    pad_button(player, pygame.CONTROLLER_BUTTON_A)
    assert player.top.name == "Qws"
    pad_button(player, pygame.CONTROLLER_BUTTON_X)
    player.wait(1.0)
    assert recorded_names(tmp_path) == ["Qws"]


def test_the_last_name_is_offered_not_typed_in_and_an_empty_name_is_the_default(tmp_path):
    """The next guest finds the field empty and the last name on a key of its own: OK alone
    files the score under the default name, never under someone else's."""
    player = asked(tmp_path)
    player.give_name("Mira", then=1.0)
    assert recorded_names(tmp_path) == ["Mira"]
    player.close()
    assert load_settings(tmp_path).settings.name == "Mira"  # kept for the next run
    again = Player(tmp_path, seed=8, scene="name_entry")
    again.wait_for(lambda: again.top_key == "name_entry", limit=6.0)
    assert again.top.name == ""
    offer = key_rect(again, "offer")
    assert "Mira?" in on_screen(again)
    again.key(pygame.K_RETURN, then=1.0)  # straight to OK: not Mira's
    assert sorted(recorded_names(tmp_path)) == ["Mira", "Player"]
    again.close()
    third = Player(tmp_path, seed=9, scene="name_entry")
    third.wait_for(lambda: third.top_key == "name_entry", limit=6.0)
    third.tap(offer.center)  # Mira again, by her own tap
    assert third.top.name == "Mira" and "offer" not in {key.ident for key in third.top.keys}
    third.tap(key_rect(third, "ok").center, then=1.0)
    assert sorted(recorded_names(tmp_path)) == ["Mira", "Mira", "Player"]


def test_a_result_off_the_table_asks_nothing(tmp_path):
    store = open_store(tmp_path, NOW)
    games = [g for g in finished_games(60) if g.score().total > 53][:20]
    assert len(games) == 20
    for game in games:
        store.record_result(game, NOW, name="Best")
    player = Player(tmp_path, seed=7, scene="name_entry")  # a game scoring 53
    player.wait(2.0)
    assert player.top_key == "game_over"
    assert recorded_names(tmp_path) == ["Best"] * 20


def test_the_kiosk_time_out_records_the_default_name(tmp_path):
    player = Player(tmp_path, seed=7, scene="name_entry")
    player.set_name_timeout(30.0)
    player.wait_for(lambda: player.top_key == "name_entry", limit=6.0)
    player.post(pygame.TEXTINPUT, text="Half", delay=20.0)  # input restarts the wait
    player.wait(45.0)
    assert player.top_key == "name_entry" and recorded_names(tmp_path) == []
    player.wait(6.0)
    assert player.top_key == "game_over"
    assert recorded_names(tmp_path) == ["Player"]


def test_a_game_left_at_the_name_entry_is_recorded_under_the_default_at_the_next_start(tmp_path):
    player = asked(tmp_path)
    player.post(pygame.TEXTINPUT, text="Gone")
    player.wait(0.2)
    player.shut_down()  # the process ends here (power cut, kill) without a name
    player.close()
    assert recorded_names(tmp_path) == []
    again = Player(tmp_path)  # the next start finds the finished game and records it
    again.wait(1.0)
    assert recorded_names(tmp_path) == ["Player"]
    assert open_store(tmp_path).in_progress_details() is None


def _ink_across(surface: pygame.Surface, field: pygame.Rect) -> tuple[int, int]:
    """The leftmost and rightmost columns of the field where something is drawn on its fill."""
    from magdagdon.app.ui import palette

    edge = field.height // 5  # clear of the rounded corners and the focus ring
    columns = [x for x in range(field.left + edge, field.right - edge)
               if any(tuple(surface.get_at((x, y)))[:3] != palette.SHADOW[:3]
                      for y in range(field.top + edge, field.bottom - edge, 2))]
    return min(columns), max(columns)


@pytest.mark.parametrize("locale, typed, side", [("ur", "علی", "right"), ("en", "Ana", "left"), ("ur", "", "right")])
def test_the_name_fills_the_field_from_the_side_the_language_reads_from(tmp_path, locale, typed, side):
    for size in [(1920, 1080), (800, 600), (1080, 1920)]:
        player = Player(tmp_path / f"{size[0]}", size, seed=7, scene="name_entry", locale=locale)
        player.wait_for(lambda: player.top_key == "name_entry", limit=6.0)
        for _ in range(16):
            player.key(pygame.K_BACKSPACE, then=0.0)
        if typed:
            player.post(pygame.TEXTINPUT, text=typed)
        player.wait(0.3)
        field = player.top.field
        left, right = _ink_across(player.fresh(), field)
        if side == "right":
            assert left > field.centerx and field.right - right < field.height, (size, field, left, right)
        else:
            assert right < field.centerx and left - field.left < field.height, (size, field, left, right)
        player.close()


# --- a keyboard for every guest's letters -------------------------------------------------------

@pytest.mark.parametrize("locale, first, letters, typed", [
    ("en", "latin", ("A", "N", "A"), "Ana"),
    ("ur", "arabic", ("ع", "ل", "ی"), "علی"),
    ("hi", "devanagari", ("अ", "न", "ु"), "अनु"),
])
def test_the_on_screen_keyboard_opens_on_the_letters_of_the_guest_s_language(tmp_path, locale, first, letters, typed):
    player = asked(tmp_path, locale=locale)
    assert player.top.keyboard.layout.script == first
    for letter in letters:
        player.tap(key_rect(player, letter).center)
    assert player.top.name == typed
    player.tap(key_rect(player, "ok").center, then=1.0)
    assert recorded_names(tmp_path) == [typed]


def test_every_script_is_a_key_away_and_typing_on_a_keyboard_still_works(tmp_path):
    player = asked(tmp_path)
    idents = {key.ident for key in player.top.keys}
    assert {"script:latin", "script:arabic", "script:devanagari"} <= idents and "ب" not in idents
    player.tap(key_rect(player, "script:arabic").center)
    assert "ب" in {key.ident for key in player.top.keys} and "Q" not in {key.ident for key in player.top.keys}
    for letter in "علی":
        player.tap(key_rect(player, letter).center)
    player.tap(key_rect(player, "space").center)
    player.tap(key_rect(player, "script:devanagari").center)
    player.tap(key_rect(player, "क").center)
    player.post(pygame.TEXTINPUT, text="é")  # a physical keyboard types whatever layout shows
    player.wait(0.2)
    assert player.top.name == "علی कé"
    # arrows and a pad walk the Devanagari rows too
    player.key(pygame.K_UP)  # shows the focus on the keyboard (on the Devanagari key tapped last)
    player.key(pygame.K_UP)  # up to the row of vowel signs
    player.key(pygame.K_RETURN)  # and presses the focused key
    assert len(player.top.name) == 7 and "\u0900" <= player.top.name[-1] <= "\u097f"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (1080, 1920)])
def test_the_urdu_title_stands_clear_of_its_field(tmp_path, size):
    from magdagdon.app.text.fit import min_text_px
    from magdagdon.app.audit.screen_audit import audit_frame

    player = asked(tmp_path, size=size, locale="ur")
    player.post(pygame.WINDOWEXPOSED)
    player.wait(0.05)
    frame = player.frame_log
    title = next(r for r in frame.texts if r.role is not None and r.role.value == "title" and "name entry" in r.panel)
    assert title.rect.bottom <= player.top.field.top
    placed = {"outside its panel", "outside the window", "covered", "overlap", "text over an element"}
    assert [str(f) for f in audit_frame(frame, min_text_px(size)) if f.rule in placed] == []



def test_the_field_is_planned_as_the_name_is_typed_not_as_frames_are_drawn(tmp_path):
    """The field's words, their ink, the caret and the count are planned from what is typed,
    before any frame shows them, and kept while the caret blinks."""
    player = asked(tmp_path)
    entry = player.top
    made = entry.plans.plans_made
    player.wait(2.5)  # the caret blinks twice
    assert entry.plans.plans_made == made
    skipped = []
    player.around_each_draw(lambda draw: skipped.append(draw))  # no frame drawn from here
    player.post(pygame.TEXTINPUT, text="Ana")
    player.wait(0.1)
    plan = entry.plan
    assert skipped and entry.plans.plans_made == made + 1
    assert plan.typed and plan.shown.words == "Ana" and plan.counter.words == "3/12"
    field = entry.field
    assert field.contains(plan.shown.ink) and plan.shown.ink.right < plan.caret_x < field.right
    player.close()


def test_the_caret_blinks_once_a_second_and_each_blink_is_shown_without_input(tmp_path):
    """Nothing records whether the caret was drawn: each blink asks for one frame, and the
    window shows the caret as the clock has it."""
    player = asked(tmp_path)
    entry = player.top
    player.wait(0.5)
    presented = player.frames_presented
    seen = set()
    for _ in range(4):
        player.wait(0.5)
        plan = entry.plan
        pixel = tuple(player.shown().get_at((plan.caret_x, entry.field.centery)))[:3]
        assert (pixel == palette.TEXT) == entry.caret_on(), (pixel, entry.caret_ticks)
        seen.add(entry.caret_on())
    assert seen == {True, False}
    assert 2 <= player.frames_presented - presented <= 4  # a frame a blink, no more
    player.close()


def test_the_scores_command_run_while_the_name_is_asked_leaves_the_game_to_the_game(tmp_path, capsys):
    """The finished game waits in the in-progress file while its player types a name: it is
    the running game's, not a finished game a crash left for another process to record."""
    from magdagdon.cli import main

    player = asked(tmp_path)
    try:
        assert main(["scores", "--data-dir", str(tmp_path)]) == 0
        capsys.readouterr()
        assert recorded_names(tmp_path) == []
        for ident in ("Z", "O", "E"):
            player.tap(key_rect(player, ident).center)
        player.tap(key_rect(player, "ok").center, then=2.0)
        assert recorded_names(tmp_path) == ["Zoe"]
    finally:
        player.close()
    assert recorded_names(tmp_path) == ["Zoe"]  # and nobody records it again once it has ended
