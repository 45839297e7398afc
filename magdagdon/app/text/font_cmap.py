"""What a TrueType/OpenType font file says of itself that SDL_ttf does not tell: which
characters it has glyphs for (its ``cmap`` table), and whether its glyphs reach above its
ascent or below its descent (``head`` against ``hhea``).

SDL_ttf draws a missing character as an empty box and cannot say which characters a font
lacks, so the text layout asks here before giving a character to a script's font.
Only the two common subtable formats are read: 4 (the Basic Multilingual Plane) and 12
(all planes); a file that cannot be read covers nothing, and the caller falls back.

SDL_ttf makes a line's picture taller where a glyph reaches past the font's ascent or
descent (a Devanagari reph with its candrabindu, a Nastaliq tail), moving the baseline down
when the room is added above; the layout needs to know on which side.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import lru_cache


def _format4(data: bytes, at: int) -> set[int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends_at = at + 14
    starts_at = ends_at + 2 * segments + 2
    deltas_at = starts_at + 2 * segments
    offsets_at = deltas_at + 2 * segments
    ends = struct.unpack_from(f">{segments}H", data, ends_at)
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, deltas_at)
    range_offsets = struct.unpack_from(f">{segments}H", data, offsets_at)
    codes: set[int] = set()
    for i, (start, end, delta, range_offset) in enumerate(zip(starts, ends, deltas, range_offsets)):
        end = min(end, 0xFFFE)
        if end < start:
            continue
        if range_offset == 0:
            # Every code of the segment maps to code + delta; one at most lands on glyph 0.
            missing = -delta & 0xFFFF
            codes.update(code for code in range(start, end + 1) if code != missing)
            continue
        where = offsets_at + 2 * i + range_offset
        glyphs = struct.unpack_from(f">{end - start + 1}H", data, where)
        codes.update(code for code, glyph in zip(range(start, end + 1), glyphs) if glyph and (glyph + delta) & 0xFFFF)
    return codes


def _format12(data: bytes, at: int) -> set[int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    codes: set[int] = set()
    for i in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        codes.update(range(start, end + 1) if glyph else range(start + 1, end + 1))
    return codes


def _tables(data: bytes) -> dict[bytes, int]:
    """Where each table of the font starts."""
    count = struct.unpack_from(">H", data, 4)[0]
    return {tag: offset for tag, _checksum, offset, _length in
            (struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(count))}


@dataclass(frozen=True)
class Overhang:
    """Whether some glyph of the font rises above its ascent, or sinks below its descent."""

    above: bool = False
    below: bool = False


@lru_cache(maxsize=16)
def overhang(path: str) -> Overhang:
    """The glyphs' extremes (``head``'s yMax and yMin) against the font's ascent and descent
    (``hhea``, which SDL_ttf uses); a file that cannot be read has none."""
    try:
        with open(path, "rb") as file:
            data = file.read()
        tables = _tables(data)
        y_min, y_max = struct.unpack_from(">hxxh", data, tables[b"head"] + 38)
        ascent, descent = struct.unpack_from(">hh", data, tables[b"hhea"] + 4)
    except (OSError, struct.error, KeyError):
        return Overhang()
    return Overhang(above=y_max > ascent, below=y_min < descent)


@lru_cache(maxsize=16)
def covered_code_points(path: str) -> frozenset[int]:
    try:
        with open(path, "rb") as file:
            data = file.read()
        cmap_at = _tables(data).get(b"cmap")
        if cmap_at is None:
            return frozenset()
        best: set[int] = set()
        for i in range(struct.unpack_from(">H", data, cmap_at + 2)[0]):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap_at + 4 + 8 * i)
            if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4), (0, 6)):
                continue  # not a Unicode subtable
            at = cmap_at + offset
            kind = struct.unpack_from(">H", data, at)[0]
            codes = _format4(data, at) if kind == 4 else _format12(data, at) if kind == 12 else set()
            if len(codes) > len(best):
                best = codes
        return frozenset(best)
    except (OSError, struct.error):
        return frozenset()
