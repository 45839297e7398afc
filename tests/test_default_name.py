"""A player who gives no name is recorded as "Player" in every language (one identity in the
files) and shown as the word of the language on screen."""

from __future__ import annotations

from datetime import datetime, timezone

import pygame
import pytest

from magdagdon.app.text.i18n import Catalog
from magdagdon.app.text.text_runs import without_controls
from magdagdon.app.shell.scenes import play_until
from magdagdon.engine import Difficulty
from magdagdon.storage import DEFAULT_NAME, open_store

from support.player import Player

SHOWN = {"en": "Player", "it": "Giocatore", "ur": "کھلاڑی", "hi": "खिलाड़ी"}


@pytest.mark.parametrize("locale", sorted(SHOWN))
def test_the_default_name_is_a_word_of_each_language(locale):
    text = Catalog(locale)
    assert text.shown_name(DEFAULT_NAME) == SHOWN[locale]
    assert text.shown_name("Ada") == "Ada" and text.shown_name("player") == "player"  # only the default
    line = without_controls(text("party.handover", name=DEFAULT_NAME))
    assert SHOWN[locale] in line and (locale == "en" or DEFAULT_NAME not in line)


def test_high_scores_show_the_default_name_in_italian_and_keep_it_in_the_file(tmp_path):
    store = open_store(tmp_path)
    store.record_result(play_until(Difficulty.PEACEFUL, 100, lambda g: g.is_over), datetime.now(timezone.utc))
    player = Player(tmp_path, scene="high_scores", locale="it")
    try:
        player.wait(0.5)
        words = [text for text, _ in player.look()]
        assert "Giocatore" in words and DEFAULT_NAME not in words
    finally:
        player.close()
    assert [entry.name for entry in open_store(tmp_path).high_scores(Difficulty.PEACEFUL)] == [DEFAULT_NAME]


def test_the_name_entry_offers_the_default_name_in_urdu(tmp_path):
    player = Player(tmp_path, scene="name_entry", locale="ur")
    try:
        player.wait_for(lambda: player.top_key == "name_entry", limit=10.0)  # once the end was seen
        player.wait(0.5)
        assert any("کھلاڑی" in text for text, _ in player.look())  # the field's hint offers it
    finally:
        player.close()


def test_a_result_without_a_name_reads_in_italian_and_is_filed_as_player(tmp_path):
    player = Player(tmp_path, size=(1280, 720), scene="name_entry", locale="it")
    try:
        player.wait(0.5)
        player.give_name("")
        player.wait(1.0)
        assert "Giocatore: 1° nella classifica PEACEFUL" in [text for text, _ in player.look()]
    finally:
        player.close()
    assert [entry.name for entry in open_store(tmp_path).high_scores(Difficulty.PEACEFUL)] == [DEFAULT_NAME]


def test_the_party_strip_names_a_nameless_player_in_hindi(tmp_path):
    player = Player(tmp_path, scene="title", locale="hi")
    try:
        player.wait(0.4)
        player.choose("party")
        player.choose("add_player")
        player.give_name("")
        assert player.top.seats[0][0] == DEFAULT_NAME  # the party keeps the identity
        assert "खिलाड़ी" in [text for text, _ in player.look()]  # beside the seat's number
        player.key(pygame.K_ESCAPE)
    finally:
        player.close()
