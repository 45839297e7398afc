"""Choosing the language: --lang, the saved setting, the system locale, and the Settings
menu, driven through the real loop."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import argparse  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.engine import Difficulty  # noqa: E402
from magdagdon.storage.settings import SETTINGS_FILE, Settings, load_settings, save_settings  # noqa: E402

from test_app_features import choose  # noqa: E402
from test_app_persistence import open_settings  # noqa: E402


def start(tmp_path, **kw) -> Control:
    base = dict(size=(800, 600), data_dir=tmp_path, windowed=True, sound=False, difficulty=Difficulty.PEACEFUL)
    base.update(kw)
    return Control(Options(**base))


def mirrored(layout) -> bool:
    return layout.tray.centerx < layout.board.centerx  # right to left: the tray on the left


def parse(*argv):
    from magdagdon.cli import play

    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    return play.options_from(parser.parse_args(list(argv)))


def test_lang_option_is_checked_and_given_to_the_game():
    assert parse("--lang", "ur").locale == "ur"
    assert parse("--lang", "HI").locale == "hi"
    assert parse().locale is None  # not given: the saved setting, else the system's language
    with pytest.raises(ValueError, match="unknown language 'xx'; one of en, hi, it, ur"):
        parse("--lang", "xx")


def test_bad_lang_on_the_command_line_is_one_clear_line(tmp_path):
    from magdagdon.cli import play

    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    with pytest.raises(SystemExit, match="magdagdon: unknown language"):
        play.run(parser.parse_args(["--lang", "klingon", "--data-dir", str(tmp_path)]))


def test_language_comes_from_the_command_line_then_the_settings_then_the_system(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "hi")
    control = start(tmp_path)
    assert control.ctx.text.locale == "hi" and control.ctx.fonts.setter.home_script == "devanagari"
    pygame.display.quit()
    save_settings(Settings(language="ur"), tmp_path)
    control = start(tmp_path)
    assert control.ctx.text.locale == "ur" and control.ctx.text.rtl and mirrored(control.ctx.layout)
    pygame.display.quit()
    control = start(tmp_path, locale="it")
    assert control.ctx.text.locale == "it"
    assert load_settings(tmp_path).settings.language == "ur"  # the command line is for this run only
    pygame.display.quit()


def test_a_saved_language_that_is_not_shipped_falls_back_to_english(tmp_path):
    save_settings(Settings(language="fr"), tmp_path)
    control = start(tmp_path)
    assert control.ctx.text.locale == "en"
    pygame.display.quit()


def test_settings_lists_each_language_in_its_own_script_and_switches(tmp_path):
    control = start(tmp_path)
    open_settings(control)
    menu = control.machine.top
    labels = {ident: button.text for button, ident in menu.buttons}
    assert [labels[f"language:{x}"] for x in ("en", "hi", "it", "ur")] == ["English", "हिन्दी", "Italiano", "اردو"]
    styles = {ident: button.object_ids[-1] for button, ident in menu.buttons}
    assert styles["language:en"] == "#script_latin_chosen" and styles["language:ur"] == "#script_arabic"
    assert styles["difficulty:PEACEFUL"] == "#script_latin_chosen"
    choose(control, "language:ur")
    assert control.ctx.text.locale == "ur" and mirrored(control.ctx.layout)
    assert control.ctx.fonts.setter.home_script == "arabic"
    assert load_settings(tmp_path).settings.language == "ur"
    menu = control.machine.top
    assert menu.title_label.text == "سیٹنگز"
    styles = {ident: button.object_ids[-1] for button, ident in menu.buttons}
    assert styles["language:ur"] == "#script_arabic_chosen" and styles["language:en"] == "#script_latin"
    assert styles["difficulty:SURVIVAL"] == "#script_latin"  # PEACEFUL in Latin letters, not empty boxes
    control.step([], 2)  # draws in the new language
    pygame.display.quit()
    again = start(tmp_path)
    assert again.ctx.text.locale == "ur"
    pygame.display.quit()


def test_a_damaged_language_field_sets_the_settings_aside(tmp_path):
    import json

    save_settings(Settings(Difficulty.SURVIVAL, language="ur"), tmp_path)
    path = tmp_path / SETTINGS_FILE
    document = json.loads(path.read_text(encoding="utf-8"))
    document["data"]["language"] = ["ur"]
    path.write_text(json.dumps(document), encoding="utf-8")
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings() and loaded.notice is not None


def test_every_menu_font_of_the_urdu_theme_shapes_right_to_left_bold_included():
    import pygame_gui  # noqa: F401  (make_ui_manager imports it)

    from magdagdon.app.ui_theme import make_ui_manager

    pygame.init()
    pygame.display.set_mode((800, 600))
    manager = make_ui_manager((800, 600), "arabic")
    fonts = manager.get_theme().get_font_dictionary().loaded_fonts
    ours = {font_id: resource for font_id, resource in fonts.items() if font_id.startswith("magda_") and "arabic" not in font_id
            and "latin" not in font_id and "devanagari" not in font_id}
    assert any("bold" in font_id for font_id in ours)  # the <b> variants of text boxes
    for font_id, resource in ours.items():
        assert resource.loaded_font.get_direction() == pygame.DIRECTION_RTL, font_id
    pygame.display.quit()
