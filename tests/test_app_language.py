"""Choosing the language: --lang, the saved setting, the system locale, and the Settings
menu, driven through the real loop."""

import argparse

import pygame
import pytest

from magdagdon.engine import Difficulty
from magdagdon.storage.settings import SETTINGS_FILE, Settings, load_settings, save_settings

from support.player import Player


def start(tmp_path, **options) -> Player:
    return Player(tmp_path, **options)


def mirrored(layout) -> bool:
    return layout.tray.centerx < layout.board.centerx  # right to left: the tray on the left


def parser() -> argparse.ArgumentParser:
    from magdagdon.cli import play

    result = argparse.ArgumentParser(prog="magdagdon")
    play.add_arguments(result)
    return result


def parse(*argv):
    from magdagdon.cli import play

    return play.options_from(parser().parse_args(list(argv)))


def test_lang_option_is_checked_and_given_to_the_game():
    assert parse("--lang", "ur").locale == "ur"
    assert parse("--lang", "HI").locale == "hi"
    assert parse().locale is None  # not given: the saved setting, else the system's language


def test_bad_lang_on_the_command_line_is_one_clear_line(capsys):
    with pytest.raises(SystemExit) as stopped:
        parser().parse_args(["--lang", "klingon"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error == "magdagdon: error: argument --lang: unknown language 'klingon'; choose one of en, hi, it, ur"


def test_language_comes_from_the_command_line_then_the_settings_then_the_system(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "hi")
    player = start(tmp_path)
    assert player.text.locale == "hi" and player.fonts.setter.home_script == "devanagari"
    player.close()
    save_settings(Settings(language="ur"), tmp_path)
    player = start(tmp_path)
    assert player.text.locale == "ur" and player.text.rtl and mirrored(player.layout)
    player.close()
    player = start(tmp_path, locale="it")
    assert player.text.locale == "it"
    assert load_settings(tmp_path).settings.language == "ur"  # the command line is for this run only
    player.close()


def test_a_saved_language_that_is_not_shipped_falls_back_to_english(tmp_path):
    save_settings(Settings(language="fr"), tmp_path)
    player = start(tmp_path)
    assert player.text.locale == "en"
    player.close()


def open_settings(player: Player) -> None:
    player.wait(0.5)
    player.choose("settings")


def test_settings_lists_each_language_in_its_own_script_and_switches(tmp_path):
    player = start(tmp_path)
    open_settings(player)
    labels = player.top.button_labels
    assert [labels[f"language:{x}"] for x in ("en", "hi", "it", "ur")] == ["English", "हिन्दी", "Italiano", "اردو"]
    styles = {ident: button.object_ids[-1] for button, ident in player.top.buttons}
    assert styles["language:en"] == "#chosen" and styles["language:ur"] != "#chosen"
    assert styles["difficulty:PEACEFUL"] == "#chosen"
    player.choose("language:ur")
    assert player.text.locale == "ur" and mirrored(player.layout)
    assert player.fonts.setter.home_script == "arabic"
    assert player.table.fonts is player.fonts and player.table.text.locale == "ur"  # the table follows
    assert load_settings(tmp_path).settings.language == "ur"
    assert player.top_key == "settings"
    styles = {ident: button.object_ids[-1] for button, ident in player.top.buttons}
    assert styles["language:ur"] == "#chosen" and styles["language:en"] != "#chosen"
    assert styles["difficulty:SURVIVAL"] != "#chosen"
    player.wait(0.1)  # draws in the new language
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "title"
    player.close()
    again = start(tmp_path)
    assert again.text.locale == "ur"
    again.close()


def test_a_damaged_language_field_is_dropped_and_the_other_settings_kept(tmp_path):
    import json

    save_settings(Settings(Difficulty.SURVIVAL, language="ur"), tmp_path)
    path = tmp_path / SETTINGS_FILE
    document = json.loads(path.read_text(encoding="utf-8"))
    document["data"]["language"] = ["ur"]
    path.write_text(json.dumps(document), encoding="utf-8")
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings(Difficulty.SURVIVAL) and loaded.notice is not None


@pytest.mark.parametrize("first, then", [("en", "ur"), ("ur", "en"), ("ur", "hi")])
def test_the_language_row_keeps_its_order_under_the_finger(tmp_path, first, then):
    """Switching to or from Urdu mirrors the menus, but not the row of languages: a second
    tap on the same place picks the same language (docs/LANGUAGES.md: one order, left to
    right, whatever the language)."""
    player = start(tmp_path, locale=first)
    open_settings(player)
    place = player.menu_button_rects()[f"language:{then}"].center
    player.tap(place)
    assert player.text.locale == then and player.top_key == "settings"
    player.wait(0.1)
    player.tap(place)
    assert player.text.locale == then
    rects = player.menu_button_rects()
    lefts = [rects[f"language:{locale}"].left for locale in ("en", "hi", "it", "ur")]
    assert lefts == sorted(lefts)  # English at the left, Urdu at the right, in every language
    player.close()
