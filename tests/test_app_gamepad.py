"""A game controller plays the whole game (kiosk): D-pad or stick moves the focus, A selects,
B takes back (in a menu: back), X rolls or confirms, Y asks for a hint, Start opens the menu;
plugging and unplugging while running never stops the game."""

import pygame

from support.player import Player

PAD = 7  # a joystick instance id


def press(player: Player, button: int, then: float = 0.4) -> None:
    player.post(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=PAD)
    player.post(pygame.CONTROLLERBUTTONUP, 0.05, button=button, instance_id=PAD)
    player.wait(then)


def test_a_controller_plays_from_the_title(tmp_path):
    player = Player(tmp_path, kiosk=True)
    player.wait_for(lambda: player.top_key == "title" and bool(player.menu_button_rects()), limit=3)
    player.post(pygame.CONTROLLERDEVICEADDED, device_index=0)  # nothing there to open: no harm
    player.wait(0.3)
    press(player, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    press(player, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert player.top.keyboard and player.top.buttons[player.top.focus_index][1] == "play"
    press(player, pygame.CONTROLLER_BUTTON_A)
    assert player.top_key == "rolling"
    press(player, pygame.CONTROLLER_BUTTON_X, then=2.0)  # roll
    game = player.table.game
    assert game.turn == 1 and player.top_key == "staging"
    die = next(iter(game.tray))
    player.tap(player.layout.tray_slots[die].center)
    player.tap(player.layout.cells[min(game.legal_cells_for(die))].center)
    assert len(game.staged) == 1
    press(player, pygame.CONTROLLER_BUTTON_B)  # takes the die back
    assert not game.staged
    press(player, pygame.CONTROLLER_BUTTON_Y)  # a hint: the first one asks first
    assert player.top_key == "hint_warning"
    press(player, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    press(player, pygame.CONTROLLER_BUTTON_A, then=1.0)  # Show hint
    assert player.table.session.hint is not None
    press(player, pygame.CONTROLLER_BUTTON_START)
    assert player.top_key == "title"
    press(player, pygame.CONTROLLER_BUTTON_B)  # back to the game
    assert player.top_key == "staging"
    player.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)  # unplugged mid-game
    player.wait(0.3)
    assert player.top_key == "staging" and not player.quit_requested


def test_the_stick_moves_the_focus_once_per_push(tmp_path):
    player = Player(tmp_path, kiosk=True)
    player.wait_for(lambda: player.top_key == "title" and bool(player.menu_button_rects()), limit=3)
    start = player.top.focus_index
    for value in (20000, 25000, 32767, 30000):  # one push, however it wobbles past the threshold
        player.post(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTY, value=value, instance_id=PAD)
    player.post(pygame.CONTROLLERAXISMOTION, 0.1, axis=pygame.CONTROLLER_AXIS_LEFTY, value=0, instance_id=PAD)
    player.wait(0.4)
    assert player.top.focus_index == (start + 1) % len(player.top.buttons)


def bundled_sdl():
    """SDL as pygame-ce ships it, for its virtual joysticks (no hardware needed)."""
    import ctypes
    import glob
    import os

    found = glob.glob(os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs", "libSDL2-*.so*"))
    if not found:
        return None
    lib = ctypes.CDLL(found[0])
    lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
    lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.restype = ctypes.c_void_p
    lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    return lib


def test_a_virtual_pad_plugged_in_while_running_plays_and_can_be_unplugged(tmp_path):
    import pytest

    sdl = bundled_sdl()
    if sdl is None:
        pytest.skip("this pygame-ce build has no bundled SDL library to make a virtual pad with")
    player = Player(tmp_path, kiosk=True)
    player.wait_for(lambda: player.top_key == "title" and bool(player.menu_button_rects()), limit=3)
    index = sdl.SDL_JoystickAttachVirtual(1, 6, 15, 0)  # a game controller: 6 axes, 15 buttons
    assert index >= 0
    player.wait(0.3)
    assert len(player.pads_open) == 1  # opened as it arrived
    handle = sdl.SDL_JoystickOpen(index)
    sdl.SDL_JoystickSetVirtualButton(handle, pygame.CONTROLLER_BUTTON_A, 1)  # the real press, through SDL
    player.wait(0.2)
    sdl.SDL_JoystickSetVirtualButton(handle, pygame.CONTROLLER_BUTTON_A, 0)
    player.wait(0.4)
    assert player.top_key == "rolling"  # A chose Play
    sdl.SDL_JoystickClose(handle)
    sdl.SDL_JoystickDetachVirtual(index)
    player.wait(0.3)
    assert player.pads_open == {} and not player.quit_requested
