"""Translation catalogs: ``assets/i18n/<locale>.json``, one flat ``key -> text`` object.

Adding a language is adding a file. Its ``_meta`` block names the writing direction
(``"rtl": true`` for Urdu or Arabic) and the script, which picks the font
(:mod:`magdagdon.app.fonts`). Keys missing from a locale fall back to English.
"""

from __future__ import annotations

import json
from pathlib import Path

from magdagdon.assets_path import asset_path

DEFAULT_LOCALE = "en"


def catalog_dir() -> Path:
    return asset_path("i18n")


def available_locales() -> list[str]:
    return sorted(p.stem for p in catalog_dir().glob("*.json"))


def _load(locale: str, directory: Path | None = None) -> dict:
    with open((directory or catalog_dir()) / f"{locale}.json", encoding="utf-8") as file:
        return json.load(file)


class Catalog:
    """Looks up visible text by key; ``text(key, **values)`` fills ``{placeholders}``."""

    def __init__(self, locale: str = DEFAULT_LOCALE, directory: Path | None = None) -> None:
        self.fallback = _load(DEFAULT_LOCALE)
        try:
            self.strings = self.fallback if locale == DEFAULT_LOCALE else _load(locale, directory)
        except FileNotFoundError:  # an unknown language: English rather than a crash
            self.strings, locale = self.fallback, DEFAULT_LOCALE
        meta = {**self.fallback.get("_meta", {}), **self.strings.get("_meta", {})}
        self.locale = locale
        self.rtl = bool(meta.get("rtl", False))
        self.script = str(meta.get("script", "latin"))

    def has(self, key: str) -> bool:
        return key in self.strings or key in self.fallback

    def text(self, key: str, **values: object) -> str:
        template = self.strings.get(key, self.fallback.get(key))
        if template is None:
            return key  # visible and greppable, never a crash
        return template.format(**values) if values else template

    __call__ = text
