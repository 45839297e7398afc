"""The plan audit's rules, on pieces placed by hand: each rule finds its fault, and a clean
plan passes. And the check that keeps plans honest: a frame drawing other than its plan
placed is reported both ways."""

from __future__ import annotations

import pygame

from magdagdon.app.audit.draw_log import Drawn, DrawnFrame, Role
from magdagdon.app.audit.plan_audit import audit_plan
from magdagdon.app.audit.plan_match import match_plan
from magdagdon.app.ui.placed import Placed, element

WINDOW = (800, 600)
FLOOR = 16


def _text(words, rect, px=20, role=Role.LABEL, box=None, layer=0):
    return Placed(role, pygame.Rect(rect), words, px, pygame.Rect(box) if box else None, layer)


def _rules(pieces):
    return {finding.rule for finding in audit_plan(pieces, WINDOW, FLOOR)}


def _clean():
    button = element(Role.BUTTON, pygame.Rect(300, 400, 200, 60), "button play")
    return [element(Role.DIALOG, pygame.Rect(200, 100, 400, 400), "menu"),
            _text("Title", (320, 120, 160, 40), 36, Role.TITLE, box=(200, 100, 400, 400)),
            _text("Some words", (260, 200, 280, 24), box=(200, 100, 400, 400)),
            button, _text("Play", (370, 415, 60, 26), 24, Role.BUTTON_LABEL, box=button.rect)]


def test_a_clean_plan_passes_and_an_empty_one_is_named():
    assert _rules(_clean()) == set()
    assert _rules([]) == {"nothing planned"}


def test_small_text_and_text_out_of_the_window_or_its_box():
    assert _rules(_clean() + [_text("tiny", (10, 10, 30, 10), px=12)]) == {"too small"}
    assert _rules(_clean() + [_text("far", (780, 10, 60, 20))]) == {"outside the window"}
    assert _rules(_clean() + [_text("out", (190, 300, 60, 20), box=(200, 100, 400, 400))]) == {"outside its box"}
    # a shadow is part of its text: never too small on its own
    assert _rules(_clean() + [_text("shade", (10, 10, 30, 10), px=12, role=Role.SHADOW)]) == set()


def test_texts_over_texts_and_over_controls_not_their_own():
    assert _rules(_clean() + [_text("jam", (300, 205, 80, 20), box=(200, 100, 400, 400))]) == {"overlap"}
    assert _rules(_clean() + [_text("stray", (290, 430, 40, 20), box=(200, 100, 400, 400))]) == {"text over a control"}


def test_buttons_over_buttons_and_a_text_half_under_a_dialog():
    second = element(Role.BUTTON, pygame.Rect(450, 400, 120, 60), "button back")
    assert _rules(_clean() + [second]) == {"controls overlap"}
    assert _rules([_text("under", (150, 90, 100, 30)),
                   element(Role.DIALOG, pygame.Rect(200, 100, 400, 400), "menu", layer=1)]) == {"covered"}


def test_a_button_or_a_dialog_past_the_window_s_edge():
    assert _rules(_clean() + [element(Role.BUTTON, pygame.Rect(300, 580, 200, 60), "button quit")]) \
        == {"outside the window"}
    assert _rules([element(Role.DIALOG, pygame.Rect(-40, 100, 400, 400), "menu")]) == {"outside the window"}


def test_what_lies_under_a_veil_or_wholly_under_a_dialog_is_not_judged():
    background = [_text("a", (10, 10, 100, 20)), _text("b", (50, 15, 100, 20))]  # overlapping, under the veil
    veil = element(Role.VEIL, pygame.Rect((0, 0), WINDOW), "veil", layer=10, opaque=False)
    raised = [Placed(p.role, p.rect, p.words, p.px, p.box, p.layer + 10) for p in _clean()]
    assert _rules(background + [veil] + raised) == set()
    assert _rules(background + raised) == {"overlap"}
    hidden = [_text("a", (250, 300, 50, 20)), _text("b", (260, 305, 50, 20)),
              element(Role.DIALOG, pygame.Rect(200, 100, 400, 400), "menu", layer=1)]
    assert _rules(hidden) == set()


def _drawn(words, rect, px=20):
    rect = pygame.Rect(rect)
    return Drawn("text", words, rect, rect, Role.LABEL, ("s",), None, 1, px=px)


def test_a_frame_is_checked_against_its_plan_both_ways():
    plan = [_text("Play", (370, 415, 60, 26), 24), _text("two lines", (100, 100, 200, 60))]
    frame = [_drawn("Play", (371, 416, 59, 25)), _drawn("two", (110, 102, 80, 24)), _drawn("lines", (110, 134, 90, 24))]
    assert match_plan(DrawnFrame(WINDOW, ("s",), tuple(frame)), plan) == []
    moved = frame[:1] + [_drawn("two", (110, 300, 80, 24)), frame[2]]
    assert {f.rule for f in match_plan(DrawnFrame(WINDOW, ("s",), tuple(moved)), plan)} == {"drawn, not planned"}
    unseen = match_plan(DrawnFrame(WINDOW, ("s",), tuple(frame[1:])), plan)
    assert [f.rule for f in unseen] == ["planned, not drawn"] and "Play" in unseen[0].what
