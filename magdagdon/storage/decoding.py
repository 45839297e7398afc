"""Reading a data file's JSON, checked field by field: the one way the storage decodes.

``json.loads`` gives back objects, lists, strings, numbers, booleans and null, whatever a
hand edit or a flipped bit left there. A reader wraps each JSON object it expects in
:class:`Fields` and asks for every field by the type it must hold —
``fields.get("volume", integer(0, 100))``, ``fields.get("difficulty", difficulty)`` — and
gets that type, or one :class:`BadField` naming the file, the field (its place in the
file, such as ``tables.PEACEFUL[2].when``), the value found and what the field must hold.
A decoder is a plain function of the value that raises :class:`Unfit` with that rule.

BadField is a :class:`~.envelope.CorruptFile`, so the data folder's policy applies as
before: a file that does not read is set aside with a notice. The readers that keep what
reads of a damaged file (settings.json, daily.json) catch BadField per value or per entry.
No pygame here.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from typing import Any, Callable, Collection, Iterator, TypeVar

from ..engine.difficulty import Difficulty
from ..shown_value import shown
from .envelope import CorruptFile, is_int

T = TypeVar("T")
Decoder = Callable[[Any], T]
SHOWN_CHARACTERS = 60  # a value quoted in an error is cut here: one log line holds it

_NOTHING = object()  # no value to quote (a missing field, a whole object of the wrong shape)


class Unfit(ValueError):
    """Raised by a decoder: the value does not fit; ``rule`` says what would ("it must be ...")."""

    def __init__(self, rule: str) -> None:
        super().__init__(rule)
        self.rule = rule


class BadField(CorruptFile):
    """One field of one data file that does not read.

    ``problem`` names the field and says what is wrong with it, without the file
    ("volume is 101: it must be a whole number from 0 to 100"): for lines that already name
    the file. ``str()`` is "<file>: <problem>"."""

    def __init__(self, document: str, field: str, rule: str, value: Any = _NOTHING) -> None:
        self.document, self.field, self.rule = document, field, rule
        if value is not _NOTHING:
            self.problem = f"{field} is {shown_json(value)}: {rule}"
        else:
            self.problem = f"{field} {rule}" if field else rule
        super().__init__(f"{document}: {self.problem}")


def shown_json(value: Any) -> str:
    """A value as the file wrote it (JSON: it was read from JSON), cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, RecursionError):  # a value no file could hold (an integer of 5,000 digits)
        return shown(value, SHOWN_CHARACTERS)
    return text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS - 3] + "..."


class Fields:
    """One JSON object of a data file (``document``: the file's name as a player sees it;
    ``where``: the object's place in it, "" for the file's data itself)."""

    def __init__(self, raw: Any, document: str, where: str = "", what: str = "it",
                 exactly: Collection[str] | None = None) -> None:
        """``raw`` as an object; ``what`` names it when it is not one ("settings must be an
        object"); ``exactly``: the only field names it may have, all of them present."""
        self.document, self.where = document, where
        if not isinstance(raw, dict):
            if where:
                raise BadField(document, where, "it must be an object", raw)
            raise BadField(document, "", f"{what} must be an object")
        if exactly is not None and set(raw) != set(exactly):
            raise BadField(document, where or what, "needs exactly the fields " + ", ".join(sorted(exactly)))
        self.raw: dict[str, Any] = raw

    def place(self, name: str) -> str:
        """The place of field ``name`` in the file, as an error names it."""
        return f"{self.where}.{name}" if self.where else name

    def __contains__(self, name: str) -> bool:
        return name in self.raw

    def names(self) -> list[str]:
        """The object's field names, as written (for maps keyed by data: days, difficulties)."""
        return list(self.raw)

    def bad(self, name: str, rule: str, value: Any = _NOTHING) -> BadField:
        """The error for field ``name`` (a check across fields, made by the reader)."""
        return BadField(self.document, self.place(name), rule, value)

    def get(self, name: str, decode: Decoder[T]) -> T:
        """Field ``name`` read by ``decode``; BadField if it is missing or does not fit."""
        if name not in self.raw:
            raise BadField(self.document, self.place(name), "is missing")
        return self.decoded(name, self.raw[name], decode)

    def optional(self, name: str, decode: Decoder[T]) -> T | None:
        """Field ``name`` read by ``decode``; None when it is absent or null."""
        value = self.raw.get(name)
        return None if value is None else self.decoded(name, value, decode)

    def decoded(self, name: str, value: Any, decode: Decoder[T]) -> T:
        try:
            return decode(value)
        except Unfit as unfit:
            raise BadField(self.document, self.place(name), unfit.rule, value) from None

    def object(self, name: str, exactly: Collection[str] | None = None) -> "Fields":
        """Field ``name``, itself an object."""
        if name not in self.raw:
            raise BadField(self.document, self.place(name), "is missing")
        return Fields(self.raw[name], self.document, self.place(name), exactly=exactly)

    def objects(self, name: str, min_items: int = 0, max_items: int | None = None,
                exactly: Collection[str] | None = None) -> list["Fields"]:
        """Field ``name``, a list of objects (``name[0]``, ``name[1]``, ...)."""
        items = self.get(name, list_of(anything, min_items, max_items, "objects"))
        return [Fields(item, self.document, f"{self.place(name)}[{index}]", exactly=exactly)
                for index, item in enumerate(items)]

    def each(self, decode_name: Decoder[T]) -> Iterator[tuple[T, str]]:
        """Every field of a map keyed by data (days, difficulties): (its name read by
        ``decode_name``, the name as written)."""
        for name in self.raw:
            yield self.decoded(name, name, decode_name), name


# --- decoders: a value in, the typed value out, or Unfit ---------------------------------------

def anything(value: Any) -> Any:
    """Any value at all (its reader checks it further)."""
    return value


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Unfit("it must be true or false")
    return value


def integer(low: int, high: int | None) -> Decoder[int]:
    """A whole number from ``low`` to ``high`` (None: no limit; true and false are not numbers)."""
    rule = f"it must be a whole number from {low} to {high}" if high is not None else f"it must be a whole number from {low} on"

    def read(value: Any) -> int:
        if not is_int(value) or value < low or (high is not None and value > high):
            raise Unfit(rule)
        return int(value)
    return read


def number(low: float, high: float) -> Decoder[float]:
    """A number, whole or not, from ``low`` to ``high``."""
    def read(value: Any) -> float:
        if not (is_int(value) or isinstance(value, float)) or not low <= value <= high:
            raise Unfit(f"it must be a number from {low:g} to {high:g}")
        return float(value)
    return read


def text(pattern: str | None = None, max_length: int | None = None, rule: str = "it must be a text") -> Decoder[str]:
    """A string, all of it matching ``pattern`` (a regular expression) if given, of at most
    ``max_length`` characters if given."""
    compiled = re.compile(pattern) if pattern is not None else None

    def read(value: Any) -> str:
        if not isinstance(value, str) or (max_length is not None and len(value) > max_length) \
                or (compiled is not None and not compiled.fullmatch(value)):
            raise Unfit(rule)
        return value
    return read


def one_of(choices: Collection[str], rule: str | None = None) -> Decoder[str]:
    def read(value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise Unfit(rule or "it must be one of " + ", ".join(choices))
        return value
    return read


def difficulty(value: Any) -> Difficulty:
    """A difficulty as the game writes it: its name, PEACEFUL, SURVIVAL or NIGHTMARE."""
    if not isinstance(value, str) or value not in Difficulty.__members__:
        raise Unfit("it must be one of " + ", ".join(Difficulty.__members__))
    return Difficulty[value]


def nullable(decode: Decoder[T]) -> Decoder[T | None]:
    """``decode``'s value, or None for null."""
    def read(value: Any) -> T | None:
        return None if value is None else decode(value)
    return read


def list_of(decode: Decoder[T], min_items: int = 0, max_items: int | None = None, items: str = "values",
            rule: str | None = None) -> Decoder[list[T]]:
    """A list of ``min_items`` to ``max_items`` values, each read by ``decode``; ``rule``
    replaces the rule of both the list and its items ("it must list some of ...")."""
    default = f"it must be a list of at most {max_items} {items}" if max_items is not None else f"it must be a list of {items}"
    if min_items:
        default = f"it must be a list of {min_items} to {max_items} {items}" if max_items is not None \
            else f"it must be a list of at least {min_items} {items}"

    def read(value: Any) -> list[T]:
        if not isinstance(value, list) or len(value) < min_items or (max_items is not None and len(value) > max_items):
            raise Unfit(rule or default)
        decoded: list[T] = []
        for index, item in enumerate(value):
            try:
                decoded.append(decode(item))
            except Unfit as unfit:
                raise Unfit(rule or f"item {index} is {shown_json(item)}: {unfit.rule}") from None
        return decoded
    return read


def checked(check: Callable[[Any], T], rule: str) -> Decoder[T]:
    """A decoder from a check that raises ValueError (or TypeError) on a value it refuses
    (the engine's ``check_seed``, ``date.fromisoformat``): ``rule`` says why."""
    def read(value: Any) -> T:
        try:
            return check(value)
        except (ValueError, TypeError):
            raise Unfit(rule) from None
    return read


# Recording times a file may hold: any local time zone can show them (Windows cannot before 1970).
EARLIEST = datetime(1970, 1, 2, tzinfo=timezone.utc)
LATEST = datetime(9998, 12, 31, tzinfo=timezone.utc)


def date_time(value: Any) -> datetime:
    """An ISO 8601 date and time with its time zone, between 1970 and 9998."""
    rule = "it must be an ISO date and time with its time zone, from 1970 to 9998"
    if not isinstance(value, str) or len(value) > 40:
        raise Unfit(rule)
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise Unfit(rule) from None
    if when.tzinfo is None or when.utcoffset() is None:
        raise Unfit(rule)
    try:
        in_utc = when.astimezone(timezone.utc)
    except OverflowError:
        raise Unfit(rule) from None
    # Sorting, printing and showing in local time must all work; no game is older than 1970.
    if not EARLIEST <= in_utc <= LATEST:
        raise Unfit(rule)
    return when


def value(raw: Any, decode: Decoder[T], document: str, field: str) -> T:
    """One value outside any object (a key, a line of a file), read by ``decode``."""
    try:
        return decode(raw)
    except Unfit as unfit:
        raise BadField(document, field, unfit.rule, raw) from None
