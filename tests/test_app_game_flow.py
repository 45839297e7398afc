"""The state machine driven by synthetic pygame events through a whole seeded game:
a take-back, a Majda Power, drag-and-drop, the keyboard, a MAGDAGDON with a ruin, GameOver."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.control import Control  # noqa: E402
from magdagdon.app.options import Options  # noqa: E402
from magdagdon.engine import (  # noqa: E402
    Accept, Adjust, Confirm, Difficulty, Game, Phase, PlaceRuin, Roll, Stage, TakeBack, TakeBackAll,
)


class Script:
    """Decides the next action from the position alone: on turn 1 stage a die, take it
    back, and use a power; after that play like the greedy baseline."""

    def __init__(self, seed: int) -> None:
        from magdagdon.ai import make_policy

        self.policy = make_policy("greedy", random.Random(seed))
        self.done: set[str] = set()

    def next(self, game: Game):
        if game.phase is Phase.STAGING and game.turn == 1:
            if "stage" not in self.done:
                self.done.add("stage")
                die = next(d for d in game.tray if game.legal_cells_for(d))
                return Stage(die, min(game.legal_cells_for(die)))
            if "back" not in self.done:
                self.done.add("back")
                return TakeBack(game.staged[0][0])
            if "power" not in self.done:
                self.done.add("power")
                die = game.tray[0]
                return Adjust(die, 1 if game.dice[die] < 6 else -1)
        return self.policy.choose(game)


def engine_run(seed: int) -> Game:
    game, script = Game(Difficulty.PEACEFUL, seed), Script(seed)
    while not game.is_over:
        game.play(script.next(game))
    return game


def seed_with_magdagdon() -> int:
    for seed in range(1, 400):
        game = engine_run(seed)
        if any(isinstance(a, PlaceRuin) for a in game.log) and game.powers_used >= 1:
            return seed
    raise AssertionError("no seed with a MAGDAGDON found")


def press(control: Control, pos, ticks: int = 1) -> None:
    control.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)], ticks)


def drag(control: Control, start, end) -> None:
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    control.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(5, 5), buttons=(1, 0, 0), touch=False),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(5, 5), buttons=(1, 0, 0), touch=False),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)], 1)


def key(control: Control, k: int, ticks: int = 1) -> None:
    control.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], ticks)


def settle(control: Control) -> None:
    for _ in range(200):
        control.step([], 1)
        if not control.machine.top.session.moving and control.machine.top.request is None:
            top = control.machine.top
            if top.key != "rolling" or top.game.phase is Phase.ROLL:
                break


@pytest.fixture
def control(tmp_path):
    seed = seed_with_magdagdon()
    options = Options(difficulty=Difficulty.PEACEFUL, seed=seed, windowed=True, size=(800, 600),
                      data_dir=tmp_path, sound=False)
    ctl = Control(options)
    yield ctl
    pygame.display.quit()


def test_whole_game_through_the_screen(control):
    machine, layout = control.machine, control.ctx.layout
    seed = machine.top.game.seed
    script = Script(seed)
    seen: set[str] = set()
    used_drag = used_key = False
    for _ in range(400):
        state = machine.top
        seen.add(machine.top_key)
        game = state.game
        if machine.top_key == "game_over":
            break
        action = script.next(game)
        if isinstance(action, Roll):
            if not used_key:
                key(control, pygame.K_r)
                used_key = True
            else:
                press(control, layout.primary.center)
            settle(control)
        elif isinstance(action, Stage):
            if not used_drag:
                drag(control, layout.tray_slots[action.die].center, layout.cells[action.cell].center)
                used_drag = True
            else:
                press(control, layout.tray_slots[action.die].center)
                assert state.lit_cells()[0] == game.legal_cells_for(action.die)
                press(control, layout.cells[action.cell].center)
            assert game.cell_of(action.die) == action.cell
        elif isinstance(action, TakeBack):
            press(control, layout.cells[game.cell_of(action.die)].center)
            assert game.cell_of(action.die) is None
        elif isinstance(action, TakeBackAll):
            press(control, layout.take_back_all.center)
        elif isinstance(action, Adjust):
            used = game.powers_used
            press(control, layout.tray_slots[action.die].center)
            press(control, layout.power_buttons[1 if action.delta > 0 else 0].center)
            assert game.powers_used == used + 1
        elif isinstance(action, Confirm):
            press(control, layout.primary.center)
        elif isinstance(action, Accept):
            assert machine.top_key == "magdagdon"
            accept = next(b for b in state.buttons() if b.ident == "accept")
            press(control, accept.rect.center)
        elif isinstance(action, PlaceRuin):
            assert machine.top_key == "ruin_pick"
            press(control, layout.cells[action.cell].center)
        else:
            raise AssertionError(f"unexpected action {action}")
        settle(control)
    assert machine.top_key == "game_over"
    game = machine.top.game
    assert game.is_over and game.board.ruin_count >= 1 and game.powers_used >= 1
    assert {"rolling", "staging", "magdagdon", "ruin_pick", "game_over"} <= seen
    assert used_drag and used_key
    assert game.score().total == engine_run(seed).score().total  # the screen played the engine's game
    # play again starts a fresh game
    play_again = next(b for b in machine.top.buttons() if b.ident == "play_again")
    press(control, play_again.rect.center)
    assert machine.top_key == "rolling" and machine.top.game.turn == 0


def test_escape_opens_menu_and_keyboard_navigates(control):
    machine = control.machine
    key(control, pygame.K_ESCAPE)
    assert machine.top_key == "title"
    key(control, pygame.K_DOWN)
    key(control, pygame.K_UP)
    key(control, pygame.K_RETURN)  # "Play" (first item) resumes the table
    assert machine.top_key == "rolling"


def test_touch_is_mapped_and_synthetic_mouse_ignored(control):
    machine, layout = control.machine, control.ctx.layout
    w, h = control.screen.get_size()
    x, y = layout.primary.center
    synthetic = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True)]
    control.step(synthetic, 1)
    assert machine.top.game.turn == 0  # SDL's mouse copies of a touch do nothing
    finger = [pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h, dx=0, dy=0, finger_id=3, touch_id=1),
              pygame.event.Event(pygame.FINGERUP, x=x / w, y=y / h, dx=0, dy=0, finger_id=3, touch_id=1)]
    control.step(synthetic[:1] + finger + synthetic[1:], 1)
    assert machine.top.game.turn == 1  # exactly one roll
