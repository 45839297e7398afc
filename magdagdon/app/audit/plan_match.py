"""Whether a frame shows what its plans said it would: every text drawn lies in a text the
plans placed, and every text placed was drawn where it was placed.

The plan audit (:mod:`.plan_audit`) judges what the plans place; this check keeps the
plans honest, so a screen cannot pass the plan audit with pieces that are not what it
draws. A plan's text piece may hold several drawn lines (a block of lines placed as one)."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

import pygame

from .draw_log import Drawn, DrawnFrame, Role
from .plan_audit import visible_pieces
from .screen_audit import Finding, active_records, hidden
from ..ui.placed import Placed


def slack(px: int) -> int:
    """How far a drawn line's ink may stand from where its plan placed it: anti-aliasing
    and the rounding of a centred line, a few pixels at most."""
    return max(3, px // 10)


def room(piece: Placed) -> pygame.Rect:
    """Where a line the piece places may be drawn: its place, give or take :func:`slack`."""
    return piece.rect.inflate(2 * slack(piece.px), 2 * slack(piece.px))


class Holders:
    """The planned texts of a frame, to find which one holds a drawn line (pygame's own
    collision search narrows the candidates: a frame has hundreds of each)."""

    def __init__(self, pieces: Sequence[Placed]) -> None:
        self.pieces = [piece for piece in pieces if piece.is_text]
        self.rooms = [room(piece) for piece in self.pieces]

    def holding(self, rect: pygame.Rect) -> list[Placed]:
        return [self.pieces[i] for i in rect.collidelistall(self.rooms) if self.rooms[i].contains(rect)]

    def holder(self, rect: pygame.Rect) -> Placed | None:
        """The smallest planned text that holds ``rect`` (a drawn line's ink)."""
        return min(self.holding(rect), key=lambda p: p.rect.width * p.rect.height, default=None)


def with_planned_roles(frame: DrawnFrame, pieces: Sequence[Placed]) -> DrawnFrame:
    """The frame with each drawn line's role taken from the planned text that holds it: a
    text's role is its plan's. Only what no plan places names its own role as it draws
    (an effect's rising score and its shadow)."""
    holders = Holders(pieces)
    records = []
    for record in frame.records:
        piece = holders.holder(record.shown) if record.is_text and record.role is None else None
        records.append(replace(record, role=piece.role) if piece is not None else record)
    return DrawnFrame(frame.size, frame.states, tuple(records))


def match_plan(frame: DrawnFrame, pieces: Sequence[Placed]) -> list[Finding]:
    _, active = active_records(frame)
    dialogs = [r for r in active if r.role is Role.DIALOG and r.opaque]
    drawn = [r for r in active if r.is_text and r.role is not Role.SHADOW and r.shown.width and r.shown.height
             and not hidden(r, dialogs)]  # words wholly under a dialog drawn over them are not shown
    planned = [p for p in visible_pieces(pieces, frame.size) if p.is_text and p.role is not Role.SHADOW]
    findings: list[Finding] = []
    holders = Holders(planned)
    for record in drawn:
        if not holders.holding(record.shown):
            findings.append(Finding("drawn, not planned", f"{record.words!r} drawn at {tuple(record.shown)}"))
    inks = [record.shown for record in drawn]
    for piece in planned:
        space = room(piece)
        if not any(space.contains(inks[i]) for i in space.collidelistall(inks)):
            findings.append(Finding("planned, not drawn", f"{piece.words!r} planned at {tuple(piece.rect)}"))
    return findings
