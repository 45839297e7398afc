"""Translation catalogs: ``assets/i18n/<locale>.json``, one flat ``key -> text`` object.

Adding a language is adding a file. Its ``_meta`` block names the writing direction
(``"rtl": true`` for Urdu or Arabic) and the script, which picks the font
(:mod:`magdagdon.app.fonts`). Keys missing from a locale fall back to English.
"""

from __future__ import annotations

import json

from magdagdon.assets_path import Traversable, asset

DEFAULT_LOCALE = "en"


def catalog_dir() -> Traversable:
    return asset("i18n")


def available_locales() -> list[str]:
    return sorted(p.name.removesuffix(".json") for p in catalog_dir().iterdir() if p.name.endswith(".json"))


def _load(locale: str, directory: Traversable | None = None) -> dict:
    return json.loads((directory or catalog_dir()).joinpath(f"{locale}.json").read_text(encoding="utf-8"))


class Catalog:
    """Looks up visible text by key; ``text(key, **values)`` fills ``{placeholders}``."""

    def __init__(self, locale: str = DEFAULT_LOCALE, directory: Traversable | None = None) -> None:
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
