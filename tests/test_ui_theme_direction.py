"""The menus' theme reads the writing direction from the catalogs, never from a script's
name: Urdu's catalog says right to left, so its fonts are set right to left; a catalog
that said so of another script would turn that script's fonts too."""

from magdagdon.app.text import i18n
from magdagdon.app.ui import ui_theme


def directions(script: str) -> set[str]:
    theme, _sizes = ui_theme.theme_for((800, 600), script)
    return {block["font"]["direction"] for block in theme.values() if "direction" in block.get("font", {})
            and block["font"].get("name") == ui_theme.font_name(script)}


def test_the_shipped_catalogs_set_urdu_right_to_left_and_the_others_left_to_right() -> None:
    assert directions("arabic") == {"rtl"}
    assert directions("latin") == {"ltr"} and directions("devanagari") == {"ltr"}


def test_the_direction_follows_the_catalog_alone(monkeypatch) -> None:
    monkeypatch.setattr(i18n, "language_scripts", lambda: {"en": ("latin", True), "ur": ("arabic", False)})
    assert directions("latin") == {"rtl"} and directions("arabic") == {"ltr"}
