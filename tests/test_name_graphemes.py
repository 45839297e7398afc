"""Names as guests type them on a phone or at the table: an emoji sequence joined by
zero-width joiners stays whole (stored, cut, counted as one), a tower of combining marks is
cut to a few, and on the big screen a character no font of the game has is one clear
replacement mark, never an empty box; a towering letter stays inside its tile."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.audit.screen_audit import audit_frame  # noqa: E402
from magdagdon.app.results.player_name import add_typed, final_name  # noqa: E402
from magdagdon.app.text.fit import min_text_px  # noqa: E402
from magdagdon.app.text.fonts import FontBook  # noqa: E402
from magdagdon.app.text.text_layout import REPLACEMENT  # noqa: E402
from magdagdon.graphemes import MAX_MARKS, length  # noqa: E402
from magdagdon.party.model import clean_player_name  # noqa: E402
from magdagdon.storage import MAX_NAME_CHARACTERS, clean_name  # noqa: E402

from support.player import Player  # noqa: E402

CODER = "\U0001F469\u200d\U0001F4BB"  # woman technologist: woman, joiner, laptop
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
RAINBOW_FLAG = "\U0001F3F3\ufe0f\u200d\U0001F308"
SCOTLAND = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
TOWER = "Z" + "\u0338\u0322\u031b\u0317\u0332\u0344\u033e\u0352\u0301\u0300\u0303\u0304" * 2 + "alan"


@pytest.mark.parametrize("name", [f"{CODER} Zoë", f"{FAMILY} Ana", RAINBOW_FLAG, SCOTLAND, "👍🏽 Bo", "🇮🇹🇵🇰"])
def test_an_emoji_sequence_stays_whole_in_every_cleaning(name):
    assert clean_name(name) == name  # the tables' (and a phone's guest, a party's seat)
    assert clean_player_name(name, 0) == name
    assert final_name(add_typed("", name)) == name  # typed at the name entry


def test_a_name_is_counted_and_cut_by_what_a_reader_sees():
    twelve = FAMILY * (MAX_NAME_CHARACTERS + 3)
    assert clean_player_name(twelve, 0) == FAMILY * MAX_NAME_CHARACTERS  # never half a family
    assert final_name(add_typed("", twelve)) == FAMILY * MAX_NAME_CHARACTERS
    assert clean_name("a\u200db") == "ab" and clean_name(f"{CODER}\u200d") == CODER  # joiners join pictographs only


def test_a_tower_of_combining_marks_is_cut_to_a_few():
    for cleaned in (clean_name(TOWER), clean_player_name(TOWER, 0), final_name(add_typed("", TOWER))):
        assert cleaned.startswith("Z") and cleaned.endswith("alan") and length(cleaned) == 5
        assert len(cleaned) == 5 + MAX_MARKS
    assert clean_name("Nguyễn Thị Ánh") == "Nguyễn Thị Ánh"  # a language's own marks are kept
    assert clean_name("ے\u200cو") == "ے\u200cو"  # a non-joiner between two letters keeps them apart


def test_a_character_no_font_has_is_one_clear_mark_never_a_box():
    pygame.font.init()
    fonts = FontBook("latin")
    setter = fonts.setter
    assert setter.drawable(f"{CODER} Zoë") == f"{REPLACEMENT} Zoë"  # the whole sequence: one mark
    assert setter.drawable(f"{FAMILY}{RAINBOW_FLAG}!") == f"{REPLACEMENT}{REPLACEMENT}!"
    assert setter.drawable("Ana عائشہ प्रिया Zoë") == "Ana عائشہ प्रिया Zoë"  # every script of the game
    shown = pygame.image.tobytes(fonts.render(f"{CODER} Zoë", 30, (255, 255, 255)), "RGB")
    assert shown == pygame.image.tobytes(fonts.render(f"{REPLACEMENT} Zoë", 30, (255, 255, 255)), "RGB")


@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)])
def test_guests_with_an_emoji_and_a_towering_name_stay_inside_their_tiles(tmp_path, size):
    player = Player(tmp_path, size=size, scene="phones_race_8")
    player.wait(0.3)
    room = player.room
    for seat, name in zip(room.seats, (f"{CODER} Zoë", clean_player_name(TOWER, 0))):
        seat.name = name  # as the room names a guest who typed it
        room.set_connected(room.seats.index(seat), not seat.connected)  # published with the next change
    player.wait(0.3)
    frame = player.frame_log
    names = [record.words for record in frame.texts]
    assert f"{CODER} Zoë" in names
    towers = [words for words in names if words.startswith("Z\u0338")]
    assert towers and all(len(words) <= len("Zalan") + MAX_MARKS for words in towers)  # a few marks, not a tower
    assert [str(finding) for finding in audit_frame(frame, min_text_px(size))] == []
