"""The table as a player sees it whole, read from the draw log of frames drawn through the
real loop: buttons side by side at one text size, no words below the readable size, what
−1/+1 wait for said where it fits, Urdu letters neither cut nor off their baseline, the
score panel keeping every part (the line-bonus legend, "with staged dice") and growing
with Large text."""

from __future__ import annotations

import pytest

from magdagdon.app.audit.draw_log import DrawnFrame, Role
from magdagdon.app.text.fit import min_text_px
from magdagdon.app.audit.screen_audit import audit_frame

from support.player import Player

LANGUAGES = ("en", "it", "ur", "hi")
SIZES = ((800, 600), (1280, 720), (1920, 1080), (1080, 1920))


def frame(player: Player) -> DrawnFrame:
    """The whole screen drawn now."""
    return player.drawn()


def open_table(tmp_path, scene: str, size: tuple[int, int], locale: str, **options) -> Player:
    player = Player(tmp_path, size=size, scene=scene, seed=3, locale=locale, **options)
    player.wait(0.4)
    return player


def label_sizes_by_row(drawn: DrawnFrame) -> list[dict[str, int]]:
    """For each row of buttons (same top and height), each button's label size."""
    rows: dict[tuple[int, int], dict[str, int]] = {}
    for button in (e for e in drawn.elements if e.role is Role.BUTTON and e.words.startswith("button ")):
        label = next((t for t in drawn.texts if t.role is Role.BUTTON_LABEL and button.words in t.panel), None)
        if label is not None:
            rows.setdefault((button.rect.top, button.rect.height), {})[button.words] = label.px
    return [row for row in rows.values() if len(row) > 1]


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("locale", LANGUAGES)
@pytest.mark.parametrize("scene", ["staging", "magdagdon"])
def test_a_row_of_table_buttons_shows_its_labels_at_one_size(tmp_path, scene, locale, size):
    player = open_table(tmp_path, scene, size, locale)
    try:
        rows = label_sizes_by_row(frame(player))
        assert len(rows) >= 3  # CONFIRM and Take back all, the three powers, Hint and Menu (and the banner's)
        for row in rows:
            assert len(set(row.values())) == 1, row
    finally:
        player.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("locale", LANGUAGES)
def test_no_word_on_the_table_is_below_the_readable_size(tmp_path, locale, size):
    player = open_table(tmp_path, "staging", size, locale)
    try:
        drawn = frame(player)
        floor = min_text_px(size)
        small = [(t.words, t.px) for t in drawn.texts if t.role is not Role.SHADOW and t.px < floor]
        assert small == [], f"below {floor} px"
    finally:
        player.close()


def test_what_minus_and_plus_wait_for_is_said_on_them_or_in_the_guide_line(tmp_path):
    # Wide enough at 1920x1080: the buttons say it. "prima scegli un dado" cannot fit a
    # 99 px button at 16 px: the guide line says it instead (it was drawn at 8 px).
    player = open_table(tmp_path, "staging", (1920, 1080), "en")
    try:
        texts = frame(player).texts
        assert sum(t.words == "pick a die first" for t in texts) == 2
        assert not any("For –1 or +1" in t.words for t in texts)
    finally:
        player.close()
    player = open_table(tmp_path / "it", "staging", (800, 600), "it")
    try:
        text = player.text
        texts = frame(player).texts
        on_buttons = [t.words for t in texts if "button minus" in t.panel or "button plus" in t.panel]
        assert text("power.pick_die") not in on_buttons
        guide = " ".join(t.words for t in texts if t.role is Role.GUIDE)
        assert text("guide.adjust_pick_die") in guide
    finally:
        player.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_urdu_on_the_table_is_whole_and_on_its_baselines(tmp_path, size):
    """The −1/+1 labels and the guide line are not cut and stay in their boxes; labels and
    values side by side (score rows, the powers caption) share a baseline."""
    player = open_table(tmp_path, "staging", size, "ur")
    try:
        findings = audit_frame(frame(player), min_text_px(size))
        wrong = [str(f) for f in findings if f.rule in ("cut", "outside its panel", "outside the window", "baselines")]
        assert wrong == []
    finally:
        player.close()


def words_of(drawn: DrawnFrame) -> set[str]:
    return {word for text in drawn.texts for word in text.words.split()}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_score_panel_drops_nothing_for_room(tmp_path, locale, size):
    """The line-bonus legend and "with staged dice" are on screen in every language and
    size (they were dropped at 1920x1080 and in Italian and Hindi)."""
    player = open_table(tmp_path, "staging", size, locale)
    try:
        assert player.table.game.staged
        text, shown = player.text, words_of(frame(player))
        for key in ("score.legend", "score.preview", "score.title"):
            assert set(text(key).split()) <= shown, key
    finally:
        player.close()


def score_row_sizes(drawn: DrawnFrame) -> list[int]:
    return [t.px for t in drawn.texts if any(name.startswith("row ") for name in t.panel) and "score" in t.panel]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("locale", ["en", "ur"])
def test_large_text_never_makes_the_score_breakdown_smaller(tmp_path, locale, size):
    player = open_table(tmp_path, "staging", size, locale)
    try:
        normal = score_row_sizes(frame(player))
        player.fonts.set_scale(1.25)  # as Settings → Large text does
        large = score_row_sizes(frame(player))
        assert len(normal) == len(large) == 8
        assert min(large) >= min(normal), (normal, large)
    finally:
        player.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_ruin_pick_banner_keeps_its_title(tmp_path, locale, size):
    """The title and the sentence both (the title was dropped in Urdu at 800x600)."""
    player = open_table(tmp_path, "ruin_pick", size, locale)
    try:
        text, texts = player.text, frame(player).texts
        banner = [t.words for t in texts if "banner" in t.panel]
        assert text("banner.ruin_pick") in banner
        assert set(text("banner.ruin_pick_why").split()) <= {w for line in banner for w in line.split()}
        findings = audit_frame(frame(player), min_text_px(size))
        assert [str(f) for f in findings] == []
    finally:
        player.close()
