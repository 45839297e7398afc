"""Licences, opened from About: every program and font the game is built with, its
version as installed and its licence, in every language; a component whose package
metadata is missing (a frozen build) is still named, without a version."""

from importlib import metadata

import pytest

from magdagdon.app.menus import licences
from magdagdon.app.menus.licences import COMPONENTS, installed_version
from magdagdon.app.text.text_runs import without_controls
from magdagdon.storage.settings import Settings, save_settings

from support.player import Player


def open_licences(tmp_path, locale: str = "en") -> Player:
    save_settings(Settings(language=locale), tmp_path)
    player = Player(tmp_path, (1280, 720), scene="about")
    player.wait(0.5)
    player.choose("licences")
    assert player.top_key == "licences"
    return player


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_about_opens_the_licences_which_name_every_component_with_its_licence(tmp_path, locale) -> None:
    player = open_licences(tmp_path, locale)
    page = without_controls(player.top.body_html())
    for component in COMPONENTS:
        assert component.name in page and component.licence in page and component.home in page
    assert f"pygame-ce</b> {metadata.version('pygame-ce')}" in page
    player.choose("back")
    assert player.top_key == "about"
    player.close()


def test_a_component_without_package_metadata_is_named_without_a_version(tmp_path, monkeypatch) -> None:
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(licences.metadata, "version", missing)
    assert all(installed_version(component) == "" for component in COMPONENTS)
    player = open_licences(tmp_path)
    page = without_controls(player.top.body_html())
    assert "<b>pygame-ce</b> · GNU LGPL 2.1" in page
    player.close()
