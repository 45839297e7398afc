"""A game sent to the board, read from the request's body: what the event loop checks
before a verifier plays the replay (which is all the rest)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .install_key import is_key, key_hash
from .names import board_name
from .refusals import Refusal, Refused

MAX_BODY_BYTES = 32 * 1024  # a long real game's replay is under 8 KiB
PLAYED_BY = "played_by"  # the mark ``simulate --save-replays`` puts on a computer's games


@dataclass(frozen=True)
class Submission:
    replay: dict[str, Any]  # the game's replay file, as sent
    name: str
    install_hash: str
    assisted: bool


def read_submission(body: bytes) -> Submission:
    """``{"replay": {...}, "name": "...", "install": "<key>", "assisted": false}``."""
    if len(body) > MAX_BODY_BYTES:
        raise Refused(Refusal.TOO_LARGE, f"a game is sent in at most {MAX_BODY_BYTES} bytes")
    try:
        document = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(Refusal.BAD_REQUEST, "the body is not JSON in UTF-8") from None
    if not isinstance(document, dict):
        raise Refused(Refusal.BAD_REQUEST, "the body is a JSON object")
    replay, install, assisted = document.get("replay"), document.get("install"), document.get("assisted", False)
    if not isinstance(replay, dict):
        raise Refused(Refusal.BAD_REQUEST, "'replay' is the game's replay file, a JSON object")
    if not is_key(install):
        raise Refused(Refusal.BAD_REQUEST, "'install' is the installation's key: 32 to 128 letters, digits, - or _")
    if not isinstance(assisted, bool):
        raise Refused(Refusal.BAD_REQUEST, "'assisted' is true or false")
    if replay.get(PLAYED_BY) is not None:
        raise Refused(Refusal.COMPUTER, "this replay says a program played it; the board holds players' games")
    return Submission(replay, board_name(document.get("name")), key_hash(str(install)), assisted)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
