"""Translation catalogs: ``assets/i18n/<locale>.json``, one flat ``key -> text`` object.

Adding a language is adding a file. Its ``_meta`` block gives the language's own name
(``"name"``, shown in its own script), the writing direction (``"rtl": true`` for Urdu) and
the script, which picks the fonts (:mod:`magdagdon.app.text.fonts`). Keys missing from a locale
fall back to English.

Plural forms: a text that depends on a count has one key per plural category, ``key.one``
and ``key.other`` (:mod:`.plural_rules` says which a count takes in each language):

- ``text("button.place_more", count=3)`` picks ``button.place_more.one`` or ``.other`` by
  the value named ``count`` when the plain key does not exist;
- inside any text, ``{turns:@count.turns}`` writes the value ``turns`` with the plural
  phrase ``count.turns.one`` / ``count.turns.other`` (whose ``{count}`` is that value), so
  one sentence may hold several counts, and a language may use a phrase where English
  needs none.

Ordinals: ``{rank:#ordinal.place}`` writes the value ``rank`` with the phrase
``ordinal.place.=<rank>`` for that number if the language has one, else with
``ordinal.place.<form>`` by the language's ordinal rule, else ``ordinal.place.other``
(Hindi: पहला, दूसरा, तीसरा, चौथा, छठा, and "{count}वाँ" for the others). Such phrases
belong to the language that needs them: English writes "#{rank}", Italian "{rank}°".

Words from outside the sentence — a player's name, a difficulty's name, a challenge code —
are written as bidi isolates (:data:`ISOLATED_PLACEHOLDERS`): an Urdu name in
an English line, or PEACEFUL in an Urdu one, then moves nothing around it.

A player who gave no name is recorded as ``DEFAULT_NAME`` ("Player", the same in every
file and language, so a result keeps its identity); it is shown as the catalog's
``name.default`` (:meth:`Catalog.shown_name`, and every ``{name}``).
"""

from __future__ import annotations

import json
import locale as system_locale_module
import os
import string
from collections.abc import Mapping
from pathlib import Path

from magdagdon.assets_path import asset_path
from magdagdon.storage import DEFAULT_NAME

from .direction import LEFT_TO_RIGHT, RIGHT_TO_LEFT, Direction
from .plural_rules import ordinal_category, plural_category
from .text_runs import isolated

DEFAULT_LOCALE = "en"

# Placeholders whose value is a word of its own, in any script and direction: each is written
# as an isolate (FSI ... PDI), so it keeps its own direction and reorders nothing around it
# ("عائشہ: #3 in the PEACEFUL table", not "in the PEACEFUL table 3#:عائشہ").
ISOLATED_PLACEHOLDERS = frozenset({"name", "names", "difficulty", "code", "address", "example", "https", "http",
                                   # a number that carries its own sign ("+42", "–31": the review's
                                   # sums): its sign stays before its digits in Urdu too
                                   "luck", "choice", "choices", "expected", "final"})
# The other placeholders are numbers, or phrases the game writes in the sentence's own
# language (a cell's name, the dice of a roll, a piece of advice), or the name of one of the
# game's own files (``path``: "scores.json", in Latin letters): isolating a number would part
# it from its sign or "#", and turn a list of numbers around in Urdu.
SENTENCE_PLACEHOLDERS = frozenset({
    "advice", "assisted", "bucket", "cell", "chance", "col", "connected", "count", "date", "day", "default",
    "dice", "hint", "left", "length", "licences", "loss", "margin", "path", "title", "penalty", "percent", "place", "points", "power", "powers", "problem", "rank", "required", "row", "score",
    "seconds", "seed", "text", "total", "turn", "turns", "value", "values", "version",
})


def catalog_dir() -> Path:
    return asset_path("i18n")


def available_locales() -> list[str]:
    return sorted(p.stem for p in catalog_dir().glob("*.json"))


def _load(locale: str, directory: Path | None = None) -> dict:
    with open((directory or catalog_dir()) / f"{locale}.json", encoding="utf-8") as file:
        strings = json.load(file)
    if not isinstance(strings, dict):
        raise ValueError(f"{locale}.json is not a key -> text object")
    return strings


_METAS: dict[tuple[Path, int, int], dict] = {}


def _meta(locale: str) -> dict:
    """A catalog's ``_meta`` block, read once per version of its file (the Settings menu
    names and styles every language at each build)."""
    path = catalog_dir() / f"{locale}.json"
    stat = path.stat()
    key = (path, stat.st_mtime_ns, stat.st_size)
    meta = _METAS.get(key)
    if meta is None:
        found = _load(locale).get("_meta", {})
        meta = _METAS[key] = found if isinstance(found, dict) else {}
    return meta


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The shipped language the system asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, then the locale module: ``ur_PK.UTF-8`` means Urdu), else English."""
    variables: Mapping[str, str] = os.environ if environ is None else environ
    wanted: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        wanted += [part for part in variables.get(name, "").split(":") if part]
    if not wanted:
        try:
            wanted.append(system_locale_module.getlocale()[0] or "")
        except (ValueError, TypeError):
            pass
    shipped = set(available_locales())
    for name in wanted:
        code = name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in shipped:
            return code
        if code in ("c", "posix"):
            break
    return DEFAULT_LOCALE


def language_names() -> dict[str, str]:
    """Each shipped language's name in its own script (English, Italiano, اردو, हिन्दी)."""
    names = {}
    for locale in available_locales():
        try:
            names[locale] = str(_meta(locale).get("name", locale))
        except (OSError, ValueError):
            continue  # a damaged catalog is not offered
    return names


class _PluralFormatter(string.Formatter):
    """``str.format`` plus the ``{value:@phrase}`` spec for plural phrases and the
    ``{value:#phrase}`` spec for ordinal ones."""

    def __init__(self, catalog: "Catalog") -> None:
        self.catalog = catalog

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec.startswith("@"):
            return self.catalog.plural(format_spec[1:], value)
        if format_spec.startswith("#"):
            return self.catalog.ordinal(format_spec[1:], value)
        return super().format_field(value, format_spec)


class Catalog:
    """Looks up visible text by key; ``text(key, **values)`` fills ``{placeholders}``."""

    def __init__(self, locale: str | None = DEFAULT_LOCALE, directory: Path | None = None) -> None:
        self.directory = directory
        self.switch(locale)

    def switch(self, locale: str | None) -> None:
        """Speak ``locale`` from now on (everyone holding this catalog follows)."""
        directory = self.directory
        locale = locale or DEFAULT_LOCALE
        self.fallback = _load(DEFAULT_LOCALE)
        try:
            self.strings = self.fallback if locale == DEFAULT_LOCALE else _load(locale, directory)
        except (OSError, ValueError):  # an unknown or damaged language: English rather than a crash
            self.strings, locale = self.fallback, DEFAULT_LOCALE
        meta = {**self.fallback.get("_meta", {}), **self.strings.get("_meta", {})}
        self.locale = locale
        self.name = str(meta.get("name", locale))
        self.rtl = bool(meta.get("rtl", False))
        self.script = str(meta.get("script", "latin"))
        self._formatter = _PluralFormatter(self)

    @property
    def direction(self) -> Direction:
        """Which way the language reads, as its catalog says."""
        return RIGHT_TO_LEFT if self.rtl else LEFT_TO_RIGHT

    def _template(self, key: str) -> str | None:
        template = self.strings.get(key, self.fallback.get(key))
        return template if isinstance(template, str) else None

    def has(self, key: str) -> bool:
        return self._template(key) is not None or self._template(key + ".other") is not None

    def plural(self, key: str, count: object, **values: object) -> str:
        """The plural form of ``key`` for ``count`` (its ``{count}`` filled in)."""
        category = plural_category(self.locale, count)
        template = self._template(f"{key}.{category}") or self._template(f"{key}.other")
        if template is None:
            return str(count)
        return self._fill(template, f"{key}.{category}", {**values, "count": count})

    def ordinal(self, key: str, rank: object) -> str:
        """The ordinal form of ``key`` for ``rank`` (its ``{count}`` filled in): the phrase
        for that very number if there is one (``key.=1``: पहला), else the language's form
        for it (``key.few``), else ``key.other``."""
        for form in (f"={rank}", ordinal_category(self.locale, rank), "other"):
            template = self._template(f"{key}.{form}")
            if template is not None:
                return self._fill(template, f"{key}.{form}", {"count": rank})
        return str(rank)

    def text(self, key: str, **values: object) -> str:
        template = self._template(key)
        if template is None and "count" in values and self._template(key + ".other") is not None:
            others = {name: value for name, value in values.items() if name != "count"}
            return self.plural(key, values["count"], **others)
        if template is None:
            return key  # visible and greppable, never a crash
        return self._fill(template, key, values) if values else template

    def shown_name(self, name: str) -> str:
        """A player's name as the screen shows it: the name of a player who gave none in this
        language ("Giocatore", "کھلاڑی"), any other as it was typed."""
        return self.text("name.default") if name == DEFAULT_NAME else name

    def _fill(self, template: str, key: str, values: dict) -> str:
        """The template with its values; a broken translation falls back to English, then to
        the raw template, never an exception on screen."""
        if values.get("name") == DEFAULT_NAME:
            values = {**values, "name": self.shown_name(DEFAULT_NAME)}
        values = {name: isolated(value) if name in ISOLATED_PLACEHOLDERS and isinstance(value, str) else value
                  for name, value in values.items()}
        for candidate in (template, self.fallback.get(key)):
            if not isinstance(candidate, str):
                continue
            try:
                return self._formatter.vformat(candidate, (), values)
            except (KeyError, IndexError, ValueError, TypeError, RecursionError):
                continue
        return template

    __call__ = text
