"""Game controller input as a few named actions, so states need not know SDL's numbering.

Only the controller family of events is read (a game controller also sends joystick
events; handling both would act twice). Buttons by position: A=0, B=1, X=2, Y=3, as SDL's
game controller mapping reports them.
"""

from __future__ import annotations

import pygame

STICK_THRESHOLD = 16000  # of 32767: past this a stick counts as a push
BUTTON_ACTIONS = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
STICK_AXES = {
    pygame.CONTROLLER_AXIS_LEFTX: ("left", "right"),
    pygame.CONTROLLER_AXIS_LEFTY: ("up", "down"),
}


class PadReader:
    """Turns controller events into actions; a stick acts once per push past the threshold."""

    def __init__(self) -> None:
        self.pushed: dict[tuple[int, int], bool] = {}

    def action(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            return BUTTON_ACTIONS.get(getattr(event, "button", -1))
        if event.type == pygame.CONTROLLERAXISMOTION:
            axis = getattr(event, "axis", -1)
            directions = STICK_AXES.get(axis)
            if directions is None:
                return None
            value = getattr(event, "value", 0)
            key = (getattr(event, "instance_id", 0), axis)
            was = self.pushed.get(key, False)
            now = isinstance(value, (int, float)) and abs(value) >= STICK_THRESHOLD
            self.pushed[key] = now
            if now and not was:
                return directions[1] if value > 0 else directions[0]
        return None
