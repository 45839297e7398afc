"""The installation's key: a random secret the game keeps in its data folder and sends
with each game, so the board can keep one entry per installation and tell a copied replay
from a game sent again. The board stores only the key's hash.

The file is ``board_key.json`` (the data folder's envelope, written atomically); a damaged
one is set aside and a new key made — the board then sees a new installation."""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

from ..storage.atomic_file import write_atomic
from ..storage.document_file import load_document
from ..storage.envelope import CorruptFile, FileKind, encode

KEY_FILE = "board_key.json"
KEY_KIND = FileKind("magdagdon-board-key", 1, max_bytes=4096)
_KEY = re.compile(r"[A-Za-z0-9_-]{32,128}")


def is_key(raw: object) -> bool:
    return isinstance(raw, str) and _KEY.fullmatch(raw) is not None


def key_hash(key: str) -> str:
    """What the board keeps of a key (the key itself never leaves the installation's folder
    but to the board, which does not keep it)."""
    return hashlib.sha256(("magdagdon-board:" + key).encode("ascii")).hexdigest()


def new_key() -> str:
    return secrets.token_urlsafe(32)  # 256 random bits, 43 characters


def _parse(raw: Any) -> str:
    if not isinstance(raw, dict) or not is_key(raw.get("key")):
        raise CorruptFile("the board key file holds no key")
    return str(raw["key"])


def installation_key(data_dir: Path, now: datetime | None = None) -> str:
    """This installation's key, made and written on first use. OSError when the folder
    refuses it (then nothing can be sent: the game says so in one line)."""
    path = Path(data_dir) / KEY_FILE
    loaded = load_document(path, KEY_KIND, _parse, now)
    if loaded.value is not None:
        return loaded.value
    if loaded.blocks_writing:
        raise PermissionError(f"{path} cannot be read")
    key = new_key()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, encode(KEY_KIND, {"key": key}))
    return key
