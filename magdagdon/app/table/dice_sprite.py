"""One sprite per die of the roll: tumbles in when rolled, glides between tray and board.

Animation advances per fixed tick (``update``); ``place(alpha)`` interpolates between the
last two ticks for drawing. Cosmetic randomness comes from an RNG the caller seeds from
the game, so a replay looks the same.
"""

from __future__ import annotations

import math
import random

import pygame

from .dice_faces import die_face
from ..shell.loop import ticks

TUMBLE_TICKS = ticks(0.7)
GLIDE = 0.28  # share of the remaining distance covered per tick when gliding


class DieSprite:
    def __init__(self, index: int, value: int, size: int, pos: tuple[float, float]) -> None:
        self.index = index
        self.value = value
        self.size = size
        self.look = "tray"
        self.pos = pygame.Vector2(pos)
        self.prev_pos = pygame.Vector2(pos)
        self.target = pygame.Vector2(pos)
        self.angle = self.prev_angle = 0.0
        self.tumble_left = 0
        self.tumble_ticks = TUMBLE_TICKS
        self._start = pygame.Vector2(pos)
        self._spin = 0.0
        self._shown = value
        self._flicker: list[int] = []
        self.dragging = False
        self.lift = 0.0  # 0..1, selected dice rise a little
        self.bounds: pygame.Rect | None = None  # where a tumbling die stays
        self._tilt = 45.0  # the largest turn that fits the bounds
        self.image = die_face(value, size, self.look)
        self._placed: tuple[int, int, str, int] | None = None
        self.rect = self.image.get_rect(center=(int(pos[0]), int(pos[1])))

    # --- animation control ------------------------------------------------------------
    def tumble(self, rng: random.Random, target: tuple[float, float], bounds: pygame.Rect | None = None,
               ticks: int | None = None) -> None:
        """Roll in towards ``target``; with ``bounds`` (the tray) the die never leaves it;
        ``ticks``: a shorter tumble than a roll's (a re-roll's)."""
        self.target = pygame.Vector2(target)
        self.bounds = bounds
        # thrown in from the right, bouncing along the felt
        self._start = self.target + pygame.Vector2(rng.uniform(2.2, 3.8) * self.size, rng.uniform(-0.4, 0.4) * self.size)
        if bounds is not None:
            self._tilt = self._widest_tilt(bounds)
            self._start = self._inside(self._start, self._tilt, bounds)
        self.pos = pygame.Vector2(self._start)
        self.prev_pos = pygame.Vector2(self._start)
        self._spin = rng.choice((-1, 1)) * rng.uniform(360, 720)
        self.tumble_ticks = ticks or TUMBLE_TICKS
        self.tumble_left = self.tumble_ticks + rng.randrange(0, 12 if ticks is None else 8)
        self._flicker = [rng.randint(1, 6) for _ in range(16)]

    def settle(self) -> None:
        """Skip to the end of any animation."""
        self.tumble_left = 0
        self.pos = pygame.Vector2(self.target)
        self.prev_pos = pygame.Vector2(self.target)
        self.angle = self.prev_angle = 0.0

    @property
    def moving(self) -> bool:
        return self.tumble_left > 0 or (not self.dragging and self.pos.distance_to(self.target) > 0.5)

    # --- per tick ----------------------------------------------------------------------
    def update(self) -> None:
        self.prev_pos = pygame.Vector2(self.pos)
        self.prev_angle = self.angle
        if self.dragging:
            return
        if self.tumble_left > 0:
            self.tumble_left -= 1
            total = self.tumble_ticks
            p = 1.0 - min(self.tumble_left, total) / total
            ease = 1 - (1 - p) ** 3
            bounce = abs(math.sin(p * math.pi * 3)) * (1 - p) ** 2 * self.size * 0.4
            self.angle = self._spin * (1 - ease)
            if self.bounds is not None and self._tilt < 45:  # a tight tray: the die rocks, no full turns
                self.angle = self._tilt * (1 - ease) * math.sin(math.radians(self.angle))
            self.pos = self._start.lerp(self.target, ease) - pygame.Vector2(0, bounce)
            if self.bounds is not None:
                self.pos = self._inside(self.pos, self.angle, self.bounds)
            self._shown = self._flicker[(self.tumble_left // 6) % len(self._flicker)] if p < 0.8 else self.value
            if self.tumble_left == 0:
                self.settle()
                self._shown = self.value
            return
        self.pos += (self.target - self.pos) * GLIDE
        if self.pos.distance_to(self.target) < 0.5:
            self.pos = pygame.Vector2(self.target)

    def _widest_tilt(self, bounds: pygame.Rect) -> float:
        """The largest turn (degrees, up to 45) at which the die still fits ``bounds``:
        a square turned by d spans size * (cos d + sin d) = size * √2 * sin(d + 45°)."""
        reach = (min(bounds.width, bounds.height) / 2 - 1) / (self.size / 2)
        if reach >= math.sqrt(2):
            return 45.0
        if reach <= 1:
            return 0.0
        return math.degrees(math.asin(reach / math.sqrt(2))) - 45

    def _inside(self, pos: pygame.Vector2, angle: float, box: pygame.Rect) -> pygame.Vector2:
        """``pos`` moved so the die, turned by ``angle``, lies within ``box`` (centred on
        an axis where the box is too small for it)."""
        turn = math.radians(angle)
        half = self.size / 2 * (abs(math.cos(turn)) + abs(math.sin(turn))) + 1
        x = box.centerx if box.width < 2 * half else min(max(pos.x, box.left + half), box.right - half)
        y = box.centery if box.height < 2 * half else min(max(pos.y, box.top + half), box.bottom - half)
        return pygame.Vector2(x, y)

    # --- drawing ------------------------------------------------------------------------
    def place(self, alpha: float) -> None:
        """Set ``image`` and ``rect`` for a frame ``alpha`` (0..1) of the way to the next tick."""
        angle = round(self.prev_angle + (self.angle - self.prev_angle) * alpha)  # whole degrees
        shown = self._shown if self.tumble_left else self.value
        key = (shown, self.size, self.look, angle)
        if key != self._placed:  # rotating costs ~0.1 ms: once per look
            face = die_face(shown, self.size, self.look)
            self.image = pygame.transform.rotate(face, angle) if angle else face
            self._placed = key
        self.rect = self.image.get_rect(center=self._centre(self.prev_pos.lerp(self.pos, alpha)))

    def standing_rect(self) -> pygame.Rect:
        """Where the die stands at this tick, as the next frame draws it once it is still: what
        a coach mark rings, known before that frame is drawn."""
        return self.image.get_rect(center=self._centre(self.pos))

    def _centre(self, pos: pygame.Vector2) -> tuple[int, int]:
        """Where the die's picture is centred for ``pos`` (a selected die a little raised)."""
        return round(pos.x), round(pos.y) - int(self.lift * self.size * 0.08)
