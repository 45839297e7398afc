"""The plan audit: what a player would find wrong with a screen, judged from what its plans
place (:mod:`..ui.placed`) before anything is drawn.

A screen's plan fails when
- it places nothing (the screen keeps no plan the audit can read);
- a text is smaller than the readable floor;
- a text's ink leaves the window, or the box it belongs in (its button, card, panel);
- two texts' inks overlap;
- a text lies over a control (a button, a die, a cell) that is not its own;
- two buttons overlap;
- a button or a dialog leaves the window (a long menu in Nastaliq must still end inside it);
- a text is half under a dialog standing over it (wholly under one, it is simply hidden).

What lies under a veil over the whole window (a menu dims the screen under it) is
background, judged on its own screen. The drawn frame is judged afterwards by
:mod:`.screen_audit`, from the pixels; this judge needs no drawing, so a layout test can
ask it at any size and language for the cost of making the plans."""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

import pygame

from .draw_log import Role
from .screen_audit import TOLERANCE, Finding
from ..ui.placed import Placed

CONTROLS = frozenset({Role.BUTTON, Role.DIE, Role.CELL})


def _short(piece: Placed) -> str:
    words = piece.words if len(piece.words) <= 40 else piece.words[:38] + "…"
    return f"{words!r} ({piece.role.value})"


def visible_pieces(pieces: Sequence[Placed], size: tuple[int, int]) -> list[Placed]:
    """The pieces a player sees: those on or over the top veil that covers the window, and
    not wholly under an opaque dialog of a higher layer."""
    window = pygame.Rect((0, 0), size)
    veils = [p.layer for p in pieces if p.role is Role.VEIL and p.rect.contains(window)]
    lowest = max(veils, default=0)
    shown = [p for p in pieces if p.layer >= lowest]
    dialogs = [p for p in shown if p.role is Role.DIALOG and p.opaque]
    return [p for p in shown if not any(d.layer > p.layer and d.rect.contains(p.rect) for d in dialogs)]


def audit_plan(pieces: Sequence[Placed], size: tuple[int, int], floor: int) -> list[Finding]:
    if not pieces:
        return [Finding("nothing planned", "the screen's plans place nothing the audit can judge")]
    shown = visible_pieces(pieces, size)
    texts = [p for p in shown if p.is_text]
    elements = [p for p in shown if not p.is_text]
    window = pygame.Rect((0, 0), size)
    findings: list[Finding] = []
    add = findings.append
    slack = 2 * TOLERANCE

    for text in texts:
        if text.role is not Role.SHADOW and text.px < floor:
            add(Finding("too small", f"{_short(text)} at {text.px} px, below {floor} px"))
        if not window.inflate(slack, slack).contains(text.rect):
            add(Finding("outside the window", f"{_short(text)} ink {tuple(text.rect)} in a {size} window"))
        elif text.box is not None and not text.box.inflate(slack, slack).contains(text.rect):
            add(Finding("outside its box", f"{_short(text)} ink {tuple(text.rect)} outside {tuple(text.box)}"))

    for first, second in combinations([t for t in texts if t.role is not Role.SHADOW], 2):
        if first.rect.colliderect(second.rect):
            add(Finding("overlap", f"{_short(first)} and {_short(second)} overlap"))

    for text in texts:
        for control in elements:
            if control.role not in CONTROLS or control.layer > text.layer or _belongs(text, control):
                continue
            if control.rect.colliderect(text.rect.inflate(-slack, -slack)):
                add(Finding("text over a control", f"{_short(text)} lies over {control.words}"))
        for dialog in elements:
            if dialog.role is Role.DIALOG and dialog.opaque and dialog.layer > text.layer \
                    and dialog.rect.colliderect(text.rect):
                add(Finding("covered", f"{_short(text)} is half under {dialog.words}"))

    for control in elements:
        if control.role in (Role.BUTTON, Role.DIALOG) and not window.inflate(slack, slack).contains(control.rect):
            add(Finding("outside the window", f"{control.words} at {tuple(control.rect)} in a {size} window"))

    buttons = [e for e in elements if e.role is Role.BUTTON]
    for first, second in combinations(buttons, 2):
        if first.layer == second.layer and first.rect.colliderect(second.rect):
            add(Finding("controls overlap", f"{first.words} and {second.words} overlap"))
    return findings


def _belongs(text: Placed, control: Placed) -> bool:
    """A text belongs to a control whose area holds the text's box (a button's label, a
    cell's number)."""
    return text.box is not None and control.rect.inflate(2, 2).contains(text.box)
