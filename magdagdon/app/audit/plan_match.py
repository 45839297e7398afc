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


def holder(record: Drawn, pieces: Sequence[Placed]) -> Placed | None:
    """The planned text that holds a drawn line: the smallest whose place, give or take
    :func:`slack`, contains the line's ink."""
    holding = [p for p in pieces if p.is_text and p.rect.inflate(2 * slack(p.px), 2 * slack(p.px)).contains(record.shown)]
    return min(holding, key=lambda p: p.rect.width * p.rect.height, default=None)


def with_planned_roles(frame: DrawnFrame, pieces: Sequence[Placed]) -> DrawnFrame:
    """The frame with each drawn line's role taken from the planned text that holds it: a
    text's role is its plan's. Only what no plan places names its own role as it draws
    (an effect's rising score and its shadow)."""
    planned = [piece for piece in pieces if piece.is_text]
    records = []
    for record in frame.records:
        piece = holder(record, planned) if record.is_text and record.role is None else None
        records.append(replace(record, role=piece.role) if piece is not None else record)
    return DrawnFrame(frame.size, frame.states, tuple(records))


def match_plan(frame: DrawnFrame, pieces: Sequence[Placed]) -> list[Finding]:
    _, active = active_records(frame)
    dialogs = [r for r in active if r.role is Role.DIALOG and r.opaque]
    drawn = [r for r in active if r.is_text and r.role is not Role.SHADOW and r.shown.width and r.shown.height
             and not hidden(r, dialogs)]  # words wholly under a dialog drawn over them are not shown
    planned = [p for p in visible_pieces(pieces, frame.size) if p.is_text and p.role is not Role.SHADOW]
    findings: list[Finding] = []

    def holds(piece: Placed, rect: pygame.Rect) -> bool:
        room = slack(piece.px)
        return piece.rect.inflate(2 * room, 2 * room).contains(rect)

    for record in drawn:
        if not any(holds(piece, record.shown) for piece in planned):
            findings.append(Finding("drawn, not planned", f"{record.words!r} drawn at {tuple(record.shown)}"))
    for piece in planned:
        if not any(holds(piece, record.shown) for record in drawn):
            findings.append(Finding("planned, not drawn", f"{piece.words!r} planned at {tuple(piece.rect)}"))
    return findings
