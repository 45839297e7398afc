"""Why the board refuses a request: a stable code for clients, an HTTP status, and a
sentence for people reading the answer (``{"error": code, "message": ...}``).

The game shows its own words for each code (its catalogs), never the server's sentence."""

from __future__ import annotations

from enum import Enum


class Refusal(Enum):
    BAD_REQUEST = ("bad_request", 400)  # not JSON, or a field missing or of the wrong kind
    NOT_FOUND = ("not_found", 404)  # no such day, difficulty, replay or page
    NOT_YET = ("day_not_open", 403)  # a day whose midnight UTC has not come
    COMPUTER = ("computer_played", 403)  # the replay says a program played it
    COPIED = ("copied", 409)  # this game is on the board from another installation
    CLOSED = ("day_closed", 410)  # the day closed more than a day ago
    TOO_LARGE = ("too_large", 413)  # the body is larger than any real game's
    WRONG_SEED = ("wrong_seed", 422)  # not this day's dice (another day's, or none)
    WRONG_DIFFICULTY = ("wrong_difficulty", 422)  # played in another difficulty than the board's
    NOT_VERIFIED = ("not_verified", 422)  # the replay does not play, or claims what it does not give
    NOT_FINISHED = ("not_finished", 422)  # the game is not over
    BAD_NAME = ("bad_name", 422)  # control or direction-changing characters in the name
    RATE_LIMITED = ("rate_limited", 429)  # too many requests: Retry-After says when to come back
    UNAVAILABLE = ("unavailable", 503)  # the database or the verifiers are not answering

    @property
    def code(self) -> str:
        return self.value[0]

    @property
    def status(self) -> int:
        return self.value[1]

    @classmethod
    def of_code(cls, code: str) -> "Refusal | None":
        return next((refusal for refusal in cls if refusal.code == code), None)


class Refused(Exception):
    """A request the board will not carry out; pickles across the verifiers' processes."""

    def __init__(self, refusal: Refusal, message: str) -> None:
        super().__init__(refusal, message)
        self.refusal, self.message = refusal, message

    def __str__(self) -> str:
        return f"{self.refusal.code}: {self.message}"


class RateLimited(Refused):
    """Too many requests: ``retry_after`` whole seconds until the next is taken."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(Refusal.RATE_LIMITED, f"too many requests; come back in {retry_after} s")
        self.retry_after = retry_after
