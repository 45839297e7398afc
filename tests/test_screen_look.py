"""A screen that changes without input says what it shows (its ``look``); the state
machine, which draws, keeps the look of the last frame, and the loop draws again only when
the look moved on. A screen's own draw records nothing."""

from __future__ import annotations

import pygame

from magdagdon.app.audit.draw_log import Role
from magdagdon.app.shell.payloads import Countdown
from magdagdon.app.shell.play_context import PlayContext
from magdagdon.app.shell.screen_key import ScreenKey
from magdagdon.app.shell.state_machine import Identity, State, StateMachine

from support.player import Player


class Ticking(State):
    """A screen whose picture changes every tenth update, and whose draw touches nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.updates = self.draws = 0

    def update(self, dt: float) -> None:
        self.updates += 1

    def look(self) -> int:
        return self.updates // 10

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draws += 1


def test_the_machine_keeps_the_look_drawn_and_a_screen_animates_only_while_it_differs():
    screen = Ticking()
    machine = StateMachine({ScreenKey.TITLE: lambda: screen})
    machine.start(ScreenKey.TITLE, PlayContext())
    surface = pygame.Surface((8, 8))
    assert screen.is_animating()  # never drawn: its first look is still to be shown
    machine.draw(surface, 0.0)
    assert screen.drawn_look == 0 and not screen.is_animating()
    for _ in range(9):
        screen.update(1 / 120)
    assert not screen.is_animating()  # the same picture: the loop may sleep
    screen.update(1 / 120)
    assert screen.is_animating()
    machine.draw(surface, 0.0)
    assert screen.drawn_look == 1 and not screen.is_animating() and screen.draws == 2


def test_a_screen_without_a_look_never_animates_by_itself():
    screen = State()
    machine = StateMachine({ScreenKey.TITLE: lambda: screen})
    machine.start(ScreenKey.TITLE, PlayContext())
    assert not screen.is_animating()
    machine.draw(pygame.Surface((8, 8)), 0.0)
    assert not screen.is_animating()


def test_a_snapshot_in_a_look_is_compared_by_identity():
    snapshot = ["turn 1 valued"]
    assert Identity(snapshot) == Identity(snapshot)
    assert Identity(snapshot) != Identity(list(snapshot))  # replaced, though equal: shown again
    assert Identity(None) == Identity(None)


def test_the_kiosk_countdown_is_drawn_once_a_second_through_the_real_loop(tmp_path):
    player = Player(tmp_path, (800, 600), scene="title")
    try:
        player.push(ScreenKey.STILL_PLAYING, Countdown(seconds=5.0))
        player.wait(0.5)
        countdown = player.top
        assert countdown.drawn_look == 5
        presented = player.frames_presented
        player.wait(3.0)  # 4.5 s left, then 3.5, 2.5, 1.5: three new whole seconds
        # each drawn as it comes, and once more (the loop's frame after any movement): not
        # the thirty frames of 3 s, nor none
        assert countdown.drawn_look == 2 and player.frames_presented - presented == 3 * 2
        counts = [record.words for record in player.frame_log.texts
                  if "still_playing" in record.panel and record.role is Role.VALUE]
        assert counts == ["2"]
    finally:
        player.close()
