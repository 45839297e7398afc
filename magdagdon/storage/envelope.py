"""The versioned JSON envelope every data file uses: ``{"kind", "version", "data"}``.

Each kind of file names its current version and one migrate step per older version
(``migrations[v]`` turns version ``v`` data into version ``v + 1``), as Home Assistant's
``helpers/storage.py`` does. A file from a newer version is never rewritten.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

Migration = Callable[[Any], Any]


class CorruptFile(ValueError):
    """Bytes that are not a valid envelope of the expected kind (or data of wrong shape)."""


class NewerVersion(Exception):
    """A file written by a newer MAGDAGDON; it must be left untouched."""

    def __init__(self, kind: str, version: int) -> None:
        super().__init__(f"{kind} version {version} is newer than this program understands")


@dataclass(frozen=True)
class FileKind:
    name: str
    version: int
    max_bytes: int  # anything larger is "absurdly large": treated as corrupt, never parsed
    migrations: Mapping[int, Migration] = field(default_factory=dict)


def encode(kind: FileKind, data: Any) -> bytes:
    document = {"kind": kind.name, "version": kind.version, "data": data}
    text = json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    encoded = text.encode("utf-8")
    if len(encoded) > kind.max_bytes:  # never write what we would refuse to read
        raise ValueError(f"{kind.name} document of {len(encoded)} bytes exceeds {kind.max_bytes}")
    return encoded


def decode(kind: FileKind, raw: bytes) -> Any:
    """The envelope's data migrated to the current version; CorruptFile / NewerVersion otherwise."""
    if len(raw) > kind.max_bytes:
        raise CorruptFile(f"larger than {kind.max_bytes} bytes")
    try:
        document = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise CorruptFile(f"not JSON: {error}") from None
    if not isinstance(document, dict) or set(document) != {"kind", "version", "data"}:
        raise CorruptFile("not a MAGDAGDON envelope")
    if document["kind"] != kind.name:
        raise CorruptFile(f"kind {document['kind']!r}, expected {kind.name!r}")
    version = document["version"]
    if not is_int(version) or version < 1:
        raise CorruptFile(f"bad version {version!r}")
    if version > kind.version:
        raise NewerVersion(kind.name, version)
    data = document["data"]
    while version < kind.version:
        step = kind.migrations.get(version)
        if step is None:
            raise CorruptFile(f"no migration from {kind.name} version {version}")
        try:
            data = step(data)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise CorruptFile(f"migration from version {version} failed: {error!r}") from None
        version += 1
    return data


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")
