"""The versioned envelope: a file of an older version is brought up to date step by step
(or named damaged when it cannot be), the largest file a kind allows is written and read,
and the reasons ``scores --verify`` prints for an archived game that is no envelope."""

from __future__ import annotations

import json

import pytest

from magdagdon.storage.envelope import CorruptFile, FileKind, NewerVersion, decode, encode


def _file(kind: str, version: object, data: object) -> bytes:
    return json.dumps({"kind": kind, "version": version, "data": data}).encode("utf-8")


# A kind at version 3: version 1 wrote a number, version 2 a list of it, version 3 an object.
THIRD = FileKind("magdagdon-test", 3, max_bytes=1024, migrations={1: lambda n: [n], 2: lambda l: {"values": l}})


def test_a_file_of_an_older_version_is_migrated_one_step_at_a_time():
    assert decode(THIRD, _file("magdagdon-test", 1, 7)) == {"values": [7]}
    assert decode(THIRD, _file("magdagdon-test", 2, [7, 8])) == {"values": [7, 8]}
    assert decode(THIRD, _file("magdagdon-test", 3, {"values": []})) == {"values": []}


def test_a_version_no_step_leads_from_is_a_damaged_file():
    without_first = FileKind("magdagdon-test", 3, max_bytes=1024, migrations={2: lambda l: {"values": l}})
    with pytest.raises(CorruptFile, match="^no migration from magdagdon-test version 1$"):
        decode(without_first, _file("magdagdon-test", 1, 7))


def test_data_an_older_step_cannot_read_is_a_damaged_file():
    with pytest.raises(CorruptFile, match=r"^migration from version 2 failed: KeyError\('values'\)$"):
        decode(FileKind("magdagdon-test", 3, max_bytes=1024, migrations={2: lambda d: d["values"]}),
               _file("magdagdon-test", 2, {}))


def test_a_newer_file_is_named_by_its_kind_and_version():
    with pytest.raises(NewerVersion, match="^magdagdon-test version 4 is newer than this program understands$"):
        decode(THIRD, _file("magdagdon-test", 4, None))


def test_a_document_of_exactly_the_largest_size_is_written_and_read():
    kind = FileKind("magdagdon-test", 1, max_bytes=100)
    overhead = len(encode(kind, ""))
    written = encode(kind, "x" * (kind.max_bytes - overhead))
    assert len(written) == kind.max_bytes and decode(kind, written) == "x" * (kind.max_bytes - overhead)
    with pytest.raises(ValueError):
        encode(kind, "x" * (kind.max_bytes - overhead + 1))
