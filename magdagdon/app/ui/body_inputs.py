"""What a menu body's plan is made from, for any screen that lays its body out by a plan:
the body's box, the window, the language, the text scale and the screen's own model (what
it shows, a frozen value). A ``Presenter`` makes a new plan when one of them changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

Model = TypeVar("Model")


@dataclass(frozen=True)
class BodyInputs(Generic[Model]):
    body: tuple[int, int, int, int]  # the menu's body box (x, y, width, height)
    window: tuple[int, int]
    locale: str
    text_scale: float
    model: Model

    @property
    def body_rect(self) -> pygame.Rect:
        return pygame.Rect(self.body)


def body_inputs(body: pygame.Rect, window: tuple[int, int], locale: str, text_scale: float,
                model: Model) -> BodyInputs[Model]:
    """The inputs of the plan of ``body`` showing ``model``."""
    return BodyInputs((body.x, body.y, body.width, body.height), window, locale, text_scale, model)
