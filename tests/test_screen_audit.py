"""The whole-screen audit: every scene a player meets, in English, Italian, Urdu, Hindi and a
pseudo-English 30 % longer, at 800x600, 1280x720, 1920x1080, 1080x1920 and 3840x2160 (opened
at one of them, the window then resized to the others), is drawn whole and judged whole (see docs/SCREEN_AUDIT.md): nothing overlaps, nothing leaves
its panel or the window or is cut, nothing is too small to read, nothing declared is
missing, no mark covers what it points at, no row of buttons mixes sizes. And every state
the game can make is shown by some scene."""

from __future__ import annotations


import pytest

import magdagdon.app.text.i18n as i18n
from magdagdon.app.audit.draw_log import DrawnFrame, Role
from magdagdon.app.audit.screen_audit import audit_frame

from screen_scenes import (AUDITED, DATA_KINDS, LOCALES, SCENES, SIZES, first_size, fresh_copy, make_data, sweep,
                           write_pseudo_catalogs)
from support.player import Player


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("i18n")
    write_pseudo_catalogs(i18n.catalog_dir(), folder)
    return folder


@pytest.fixture(scope="module")
def data_folders(tmp_path_factory):
    return {kind: make_data(tmp_path_factory.mktemp(f"data-{kind}"), kind) for kind in DATA_KINDS}


@pytest.mark.slow
@pytest.mark.parametrize("scene", SCENES, ids=lambda scene: scene.name)
def test_the_whole_screen_is_right_at_every_size_in_every_language(tmp_path, monkeypatch, catalogs, data_folders, scene):
    monkeypatch.setattr(i18n, "catalog_dir", lambda: catalogs)
    data = fresh_copy(data_folders, scene.data, tmp_path / "data")
    opened = first_size(scene)
    found = sweep(scene, data, (opened, *(size for size in SIZES if size != opened)))
    for size, problems in found.items():
        AUDITED.append((scene.name, size, len(LOCALES), len(problems)))  # for the run's summary (conftest)
    problems = [problem for size in SIZES for problem in found.get(size, [])]
    assert problems == [] and len(found) == len(SIZES), "\n" + "\n".join(problems)


def test_every_state_the_game_can_make_has_a_scene(tmp_path):
    player = Player(tmp_path, scene="title")
    try:
        states = player.screen_keys
    finally:
        player.close()
    shown = {state for scene in SCENES for state in scene.states}
    assert states - shown == set(), f"states no scene shows: {sorted(states - shown)}"


def test_every_screen_the_game_opens_on_is_audited():
    """Each ``--scene`` the game opens on (for screenshots and tests) is a scene of the
    audit: each is opened at every size and drawn in every language, and the audit fails
    when it shows another state than the one it names or draws nothing its plans place."""
    from magdagdon.app.shell.scenes import SCENE_STATE, SCENES as OPENINGS

    opened = {(scene.options.get("scene"), scene.states[-1]) for scene in SCENES}
    assert [name for name in OPENINGS if (name, SCENE_STATE.get(name, name)) not in opened] == []


# --- the audit's own rules, on frames made by hand -----------------------------------------

def _text(words, rect, order, panel=("s",), px=20, role=Role.LABEL, baseline=None, **more):
    import pygame

    from magdagdon.app.audit.draw_log import Drawn

    area = pygame.Rect(rect)
    mask = pygame.mask.Mask(area.size, fill=True)
    return Drawn("text", words, area, area, role, panel, pygame.Rect(0, 0, 800, 600), order, px=px,
                 baseline=area.bottom if baseline is None else baseline, origin=area.topleft, mask=mask, **more)


def _element(name, rect, order, role=Role.BUTTON, panel=("s",), **more):
    import pygame

    from magdagdon.app.audit.draw_log import Drawn

    area = pygame.Rect(rect)
    return Drawn("element", name, area, area, role, panel, None, order, **more)


def _rules(records, floor=16, declared=()):
    return {finding.rule for finding in audit_frame(DrawnFrame((800, 600), ("s",), tuple(records)), floor, declared)}


def test_the_audit_finds_texts_over_texts_and_nothing_in_a_clean_frame():
    assert _rules([_text("a", (10, 10, 50, 20), 1), _text("b", (10, 40, 50, 20), 2)]) == set()
    assert "overlap" in _rules([_text("a", (10, 10, 50, 20), 1), _text("b", (40, 20, 50, 20), 2)])


def test_the_audit_finds_small_cut_and_stray_text():
    assert "too small" in _rules([_text("a", (10, 10, 50, 20), 1, px=12)])
    assert "outside the window" in _rules([_text("a", (780, 10, 50, 20), 1)])
    import pygame

    clipped = _text("a", (10, 10, 50, 20), 1)
    from dataclasses import replace

    assert "cut" in _rules([replace(clipped, shown=pygame.Rect(10, 10, 50, 12))])


def test_the_audit_finds_marks_over_their_target_and_over_controls_they_do_not_name():
    die = _element("die 0", (100, 100, 40, 40), 1, Role.DIE)
    confirm = _element("button confirm", (300, 100, 80, 40), 2)
    mark = _element("coach", (90, 90, 60, 30), 3, Role.MARK, names=("button confirm",))
    assert "mark covers" in _rules([die, confirm, mark])  # over a die it does not name
    aside = _element("coach", (200, 200, 60, 30), 3, Role.MARK, names=("button confirm",))
    assert _rules([die, confirm, aside]) == set()


def test_the_audit_finds_a_row_of_buttons_in_two_sizes_and_words_off_their_baseline():
    row = [_element("button a", (10, 500, 100, 40), 1), _element("button b", (120, 500, 100, 40), 3),
           _text("A", (20, 510, 30, 20), 2, panel=("s", "button a"), px=20, role=Role.BUTTON_LABEL),
           _text("B", (130, 510, 30, 20), 4, panel=("s", "button b"), px=14, role=Role.BUTTON_LABEL)]
    assert "row sizes" in _rules(row, floor=10)
    side_by_side = [_text("Base", (10, 10, 50, 20), 1, baseline=28), _text("12", (200, 12, 20, 18), 2, baseline=24)]
    assert "baselines" in _rules(side_by_side)


def test_the_audit_finds_declared_content_that_is_not_drawn_and_text_without_a_role():
    assert "missing" in _rules([_text("a", (10, 10, 50, 20), 1)], declared=("review",))
    assert _rules([_text("a", (10, 10, 50, 20), 1, panel=("s", "review"))], declared=("review",)) == set()
    assert "no role" in _rules([_text("a", (10, 10, 50, 20), 1, role=None)])


def test_what_lies_under_a_veil_is_background_and_a_dialog_hides_what_it_covers():
    under = [_text("a", (10, 10, 50, 20), 1), _text("b", (40, 20, 50, 20), 2)]
    veil = _element("veil", (0, 0, 800, 600), 3, Role.VEIL, opaque=False)
    assert _rules(under + [veil]) == set()
    dialog = _element("banner", (0, 0, 400, 300), 3, Role.DIALOG)
    assert _rules(under + [dialog]) == set()


def test_the_audit_finds_columns_jammed_into_one_phrase_whatever_the_script():
    score, date = _text("Score", (100, 10, 50, 20), 1, baseline=28), _text("Date", (158, 6, 40, 24), 2, baseline=28)
    assert "jammed" in _rules([score, date])  # 8 px: less than a word space and a half at 20 px
    assert _rules([score, _text("Date", (170, 6, 40, 24), 2, baseline=28)]) == set()  # 20 px: an em
    # a name and its own score, and a line drawn in two colours, are one phrase
    assert _rules([score, _text("12", (158, 10, 20, 20), 2, baseline=28, role=Role.VALUE)]) == set()
    assert _rules([score, _text(" · 3 left", (158, 10, 60, 20), 2, baseline=28)]) == set()
    # another line, or another panel, is not a column of this one
    assert _rules([score, _text("Date", (158, 40, 40, 20), 2)]) == set()


def test_the_audit_finds_a_value_nearer_another_rows_words_than_its_own():
    card = _element("table", (0, 0, 800, 300), 0, Role.PANEL, opaque=False)
    own = _text("2. ANA", (400, 10, 60, 20), 1, panel=("s", "table", "today", "row 2"), role=Role.NAME)
    value = _text("220", (100, 10, 30, 20), 2, panel=("s", "table", "today", "row 2"), role=Role.VALUE)
    other = _text("2. BO", (170, 10, 50, 20), 3, panel=("s", "table", "all time", "row 2"), role=Role.NAME)
    its_value = _text("210", (240, 10, 30, 20), 4, panel=("s", "table", "all time", "row 2"), role=Role.VALUE)
    assert "far from its own" in _rules([card, own, value, other, its_value])
    assert _rules([card, own, value, other]) == set()  # words with no value of their own are no row (a caption)
    beside = _text("220", (470, 10, 30, 20), 2, panel=("s", "table", "today", "row 2"), role=Role.VALUE)
    assert _rules([card, own, beside, other, its_value]) == set()
    apart = _element("other card", (150, 0, 300, 300), 0, Role.PANEL, opaque=False)
    in_its_own_card = _text("2. BO", (170, 10, 50, 20), 3, panel=("s", "other card", "row 2"), role=Role.NAME)
    elsewhere = _text("210", (240, 10, 30, 20), 4, panel=("s", "other card", "row 2"), role=Role.VALUE)
    assert "far from its own" not in _rules([card, own, value, apart, in_its_own_card, elsewhere])


def _tile(name, left, top=100, size=(200, 150)):
    return _element(name, (left, top, *size), 0, Role.PANEL, opaque=False)


def test_the_audit_finds_tiles_that_set_their_values_at_different_heights():
    tiles = [_tile("player 0", 10), _tile("player 1", 220)]

    def tile_words(index, left, score_top):
        panel = ("s", f"player {index}")
        return [_text("name", (left + 10, 110, 60, 20), 1 + index, panel=panel, role=Role.NAME),
                _text("189", (left + 10, score_top, 30, 20), 3 + index, panel=panel, role=Role.VALUE)]

    assert _rules(tiles + tile_words(0, 10, 140) + tile_words(1, 220, 140)) == set()
    assert "sibling lines" in _rules(tiles + tile_words(0, 10, 140) + tile_words(1, 220, 150))
    # one under another: the same height below each tile's top
    stacked = [_tile("player 0", 10, 100), _tile("player 1", 10, 300)]
    assert _rules(stacked + tile_words(0, 10, 140) + [
        _text("name", (20, 310, 60, 20), 2, panel=("s", "player 1"), role=Role.NAME),
        _text("35", (20, 340, 30, 20), 4, panel=("s", "player 1"), role=Role.VALUE)]) == set()


def test_the_audit_finds_text_near_its_boxs_edge_and_a_title_crowded_by_its_subtitle():
    card = _element("guest 1", (100, 100, 120, 60), 0, Role.PANEL, opaque=False)
    name = _text("Ada", (103, 110, 40, 16), 1, panel=("s", "guest 1"), px=16, role=Role.NAME)
    assert "near the edge" in _rules([card, name])  # 3 px from the side at 16 px
    clear = _text("Ada", (104, 110, 40, 16), 1, panel=("s", "guest 1"), px=16, role=Role.NAME)
    assert _rules([card, clear]) == set()  # a fifth of its size
    menu = _element("menu", (100, 50, 600, 400), 0, Role.DIALOG)
    title = _text("Gioca un codice", (200, 56, 300, 30), 1, panel=("s", "menu", "title"), px=36, role=Role.TITLE)
    subtitle = _text("Scrivi il codice", (220, 93, 260, 14), 2, panel=("s", "menu", "subtitle"), px=16,
                     role=Role.SUBTITLE)
    found = _rules([menu, title, subtitle])
    assert "near the edge" in found and "crowded title" in found  # 6 px from the top; 7 px over the subtitle
    apart = [menu, _text("Gioca un codice", (200, 62, 300, 30), 1, panel=("s", "menu", "title"), px=36, role=Role.TITLE),
             _text("Scrivi il codice", (220, 104, 260, 14), 2, panel=("s", "menu", "subtitle"), px=16,
                   role=Role.SUBTITLE)]
    assert _rules(apart) == set()


def _power(name, left, lines, order, px=16, width=98, note="–10", note_px=16):
    panel = ("s", f"button {name}")
    records = [_element(f"button {name}", (left, 300, width, 62), order, Role.BUTTON)]
    for index, words in enumerate(lines):
        records.append(_text(words, (left + 10, 306 + index * 16, min(width - 20, 9 * len(words)), 14), order + 1 + index,
                             panel=panel, px=px, role=Role.BUTTON_LABEL, baseline=320 + index * 16))
    records.append(_text(note, (left + 35, 344, 28, 10), order + 5, panel=panel, px=note_px, role=Role.LABEL,
                         baseline=354))
    return records


def test_the_audit_finds_a_sign_parted_from_its_word_and_a_row_in_two_line_counts():
    row = _power("minus", 10, ["RIDUCI –1"], 1) + _power("reroll", 230, ["RILANCIA"], 20)
    parted = _power("plus", 120, ["AUMENTA", "+1"], 10)
    found = _rules(row + parted)
    assert "parted" in found and "row lines" in found  # "+1" alone; "AUMENTA +1" fits on one line
    assert _rules(row + _power("plus", 120, ["AUMENTA +1"], 10)) == set()
    # two lines where one does not hold them is no finding
    narrow = _power("plus", 120, ["MOLTIPLICA", "TUTTO"], 10, width=80)
    assert "row lines" not in _rules(row + narrow)


def test_the_audit_finds_a_buttons_name_smaller_than_its_note():
    assert "label below its note" in _rules(_power("minus", 10, ["کم کریں −1"], 1, px=18, note_px=24))
    assert _rules(_power("minus", 10, ["کم کریں −1"], 1, px=24, note_px=18)) == set()


def test_the_audit_finds_a_dialog_over_the_header_where_it_fits_under_it():
    bar = _element("top", (0, 0, 800, 46), 0, Role.PANEL)
    veil = _element("veil", (0, 0, 800, 600), 1, Role.VEIL, opaque=False)
    assert "over the header" in _rules([bar, veil, _element("menu", (200, 35, 400, 530), 2, Role.DIALOG)])
    assert _rules([bar, veil, _element("menu", (200, 58, 400, 530), 2, Role.DIALOG)]) == set()
    assert _rules([bar, veil, _element("menu", (200, 10, 400, 580), 2, Role.DIALOG)]) == set()  # no room under it


def test_the_audit_finds_cards_that_set_their_pictures_at_different_heights():
    cards = [_tile("card 0", 10), _tile("card 1", 220)]

    def board(index, left, top):
        return _element("mini board", (left + 10, top, 80, 80), 5 + index, Role.PICTURE, panel=("s", f"card {index}"))

    assert _rules(cards + [board(0, 10, 110), board(1, 220, 110)]) == set()
    assert "sibling lines" in _rules(cards + [board(0, 10, 110), board(1, 220, 122)])
