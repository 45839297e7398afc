"""About tells the game's story (a CUBIRI ORIGINAL made for Majduška's 20th birthday), its
credits and where its licences are, in every language; and the Licences page it opens names
every library the game depends on and every font it ships."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from magdagdon.app.menus.licences import COMPONENTS
from magdagdon.app.text.text_runs import without_controls
from magdagdon.storage.settings import Settings, save_settings

from support.player import Player

ROOT = Path(__file__).resolve().parent.parent
HEADINGS = {"en": ("The story", "Credits", "Licences"), "it": ("La storia", "Riconoscimenti", "Licenze"),
            "ur": ("کہانی", "اعتراف", "لائسنس"), "hi": ("कहानी", "आभार", "लाइसेंस")}


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_about_tells_the_story_the_credits_and_the_licences(tmp_path, locale):
    save_settings(Settings(language=locale), tmp_path)
    player = Player(tmp_path, (1280, 720), scene="about")
    try:
        player.wait(0.5)
        page = without_controls(player.top.body_html())
        for heading in HEADINGS[locale]:
            assert f"<b>{heading}</b>" in page, heading
        assert "CUBIRI ORIGINAL" in page and "Majduška" in page and "20" in page
        assert "SIL Open Font License 1.1" in page and player.text("about.licences") in page  # the button it names
    finally:
        player.close()


@pytest.mark.parametrize("locale", ["it", "hi"])
def test_about_has_its_headings_in_italian_and_hindi(locale):
    from magdagdon.app.text.i18n import Catalog

    page = Catalog(locale)("about.body", version="1", licences="x")
    assert all(f"<b>{heading}</b>" in page for heading in HEADINGS[locale])


def test_the_licences_name_every_dependency_and_every_font():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    needed = {re.split(r"[<>=!~ ;\[]", spec, maxsplit=1)[0].lower().replace("_", "-")
              for spec in project["dependencies"]}
    listed = {c.distribution.lower().replace("_", "-") for c in COMPONENTS if c.distribution}
    assert needed <= listed, needed - listed
    names = {c.name for c in COMPONENTS}
    fonts = {"Noto Sans" if f.stem.startswith("NotoSans-") else
             re.sub(r"(?<=[a-z])(?=[A-Z])", " ", f.stem.split("-")[0]) for f in (ROOT / "assets" / "fonts").glob("*.ttf")}
    assert fonts <= names, fonts - names
