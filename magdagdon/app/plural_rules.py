"""Which plural form a count takes in each language (the CLDR cardinal rules, for whole numbers).

English, Italian and Urdu use "one" only for 1; Hindi uses it for 0 and 1 ("0 पासा" like
"1 पासा"). Every other count takes "other". A language without a rule here follows English.
"""

from __future__ import annotations

PLURAL_CATEGORIES = ("one", "other")


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


def plural_category(locale: str, count: object) -> str:
    """``"one"`` or ``"other"`` for ``count`` in ``locale``; anything not a whole number is "other"."""
    try:
        number = int(count)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return "other"
    if isinstance(count, float) and not count.is_integer():
        return "other"
    return RULES.get(locale, _one_for_one)(abs(number))
