"""Which plural form a count takes, and which ordinal form a rank takes, in each language
(the CLDR rules, for whole numbers).

Cardinals: English, Italian and Urdu use "one" only for 1; Hindi uses it for 0 and 1 ("0 पासा"
like "1 पासा"). Every other count takes "other". A language without a rule here follows English.

Ordinals: Hindi writes 1ला, 2रा and 3रा, 4था, 6ठा and Nवाँ for the rest ("one", "two", "few",
"many", "other"); English 1st, 2nd, 3rd and Nth (11th, 12th, 13th); Italian and Urdu have one
form. A language without a rule here has "other" only.
"""

from __future__ import annotations

from typing import Callable

PLURAL_CATEGORIES = ("one", "other")
ORDINAL_CATEGORIES = ("one", "two", "few", "many", "other")


def _one_for_one(n: int) -> str:
    return "one" if n == 1 else "other"


def _one_for_zero_and_one(n: int) -> str:
    return "one" if n in (0, 1) else "other"


RULES = {
    "en": _one_for_one,
    "it": _one_for_one,
    "ur": _one_for_one,
    "hi": _one_for_zero_and_one,
}


def _english_ordinal(n: int) -> str:
    if n % 100 in (11, 12, 13):
        return "other"
    return {1: "one", 2: "two", 3: "few"}.get(n % 10, "other")


def _italian_ordinal(n: int) -> str:
    return "many" if n in (8, 11, 80, 800) else "other"  # l'8°, l'11°: the article's elision


def _hindi_ordinal(n: int) -> str:
    return {1: "one", 2: "two", 3: "two", 4: "few", 6: "many"}.get(n, "other")


ORDINAL_RULES: dict[str, Callable[[int], str]] = {
    "en": _english_ordinal,
    "it": _italian_ordinal,
    "hi": _hindi_ordinal,
}


def _whole(count: object) -> int | None:
    try:
        number = int(count)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return None
    if isinstance(count, float) and not count.is_integer():
        return None
    return abs(number)


def plural_category(locale: str, count: object) -> str:
    """``"one"`` or ``"other"`` for ``count`` in ``locale``; anything not a whole number is "other"."""
    number = _whole(count)
    return "other" if number is None else RULES.get(locale, _one_for_one)(number)


def ordinal_category(locale: str, rank: object) -> str:
    """The ordinal form of ``rank`` in ``locale`` (one of :data:`ORDINAL_CATEGORIES`)."""
    number = _whole(rank)
    rule = ORDINAL_RULES.get(locale)
    return "other" if number is None or rule is None else rule(number)
