"""Game controller input as a few named actions, so states need not know SDL's numbering.

Only the controller family of events is read (a game controller also sends joystick
events; handling both would act twice). Buttons by position: A=0, B=1, X=2, Y=3, as SDL's
game controller mapping reports them.
"""

from __future__ import annotations

from typing import Any

import pygame

from ..shell.screen_key import ScreenKey

# SDL reports every change of an axis: below these, a stick or joystick at rest that jitters.
STICK_DEAD_ZONE = 16000  # of 32767 (game controller axes): past it a stick counts as a push
JOY_DEAD_ZONE = 0.5  # of 1.0 (joystick axes)
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
            now = isinstance(value, (int, float)) and abs(value) >= STICK_DEAD_ZONE
            self.pushed[key] = now
            if now and not was:
                return directions[1] if value > 0 else directions[0]
        return None


def key_event(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0, from_pad=True)


class PadKeys:
    """Controller actions as the keys every state already understands: the D-pad or stick
    moves the focus (arrows), A selects (Enter), B takes back (Backspace) or, in a menu,
    goes back (Esc), X rolls (R) or confirms (C), Y asks for a hint (H), Start opens the
    menu (Esc). A state that reads the controller itself (``reads_pad``) gets the events as
    they are."""

    ARROW_KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}

    def __init__(self) -> None:
        self.reader = PadReader()

    def key_for(self, action: str | None, top_key: ScreenKey, in_menu: bool) -> int | None:
        if action in self.ARROW_KEYS:
            return self.ARROW_KEYS[action]
        if action == "a":
            return pygame.K_RETURN
        if action == "b":
            return pygame.K_ESCAPE if in_menu else pygame.K_BACKSPACE
        if action == "x":
            return None if in_menu else (pygame.K_r if top_key in (ScreenKey.ROLLING, ScreenKey.GAME_OVER) else pygame.K_c)
        if action == "y":
            return None if in_menu else pygame.K_h
        if action == "start":
            return pygame.K_ESCAPE
        return None

    def translate(self, event: pygame.event.Event, top_key: ScreenKey, in_menu: bool) -> list[pygame.event.Event]:
        if event.type not in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            return [event]
        key = self.key_for(self.reader.action(event), top_key, in_menu)
        return [] if key is None else [key_event(key)]


class Pads:
    """Game controllers, opened as they are plugged in (already connected ones arrive as
    CONTROLLERDEVICEADDED once the module starts) and let go when unplugged."""

    def __init__(self) -> None:
        from pygame._sdl2 import controller

        self.module = controller
        self.open: dict[int, Any] = {}  # controllers by joystick instance id; kept, or SDL closes them
        try:
            if controller.get_init():  # its flag outlives a pygame.quit(): start it afresh
                controller.quit()
            controller.init()
        except pygame.error:
            pass

    def note(self, event: pygame.event.Event) -> None:
        if event.type == pygame.CONTROLLERDEVICEADDED:
            index = getattr(event, "device_index", -1)
            try:
                if self.module.is_controller(index):
                    pad = self.module.Controller(index)
                    self.open[pad.as_joystick().get_instance_id()] = pad
            except (pygame.error, TypeError, ValueError):  # gone again already, or not a game controller
                pass
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.open.pop(getattr(event, "instance_id", -1), None)
            if pad is not None:
                try:
                    pad.quit()
                except pygame.error:
                    pass
