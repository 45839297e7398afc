"""A party as people start it at a real screen: ``python -m magdagdon`` in an X window,
real clicks and typing from xdotool. Title → Party → a name typed on the keyboard → a
computer player → Start → the hand-over → a turn placed by clicking → the computer's turn
on its own (the expert thinking on its worker thread, in real time) → the hand-over back;
quit, start again, and Continue finds the party at the same player and turn.

Where to click comes from the game itself, as in ``test_real_window``: the menus' buttons
from the same screens opened headless, the table from ``compute_layout``; the party's dice
from the party file the game writes when the party starts (its seed is drawn at random).
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from magdagdon.app.table.layout import compute_layout  # noqa: E402
from magdagdon.engine import Difficulty, Game, Roll, find_placement  # noqa: E402
from magdagdon.storage.party_file import PartyFiles, PartyRecord  # noqa: E402

from app_driver import Driver  # noqa: E402
from magdagdon.app.ui import palette  # noqa: E402

from test_real_window import SEED, SIZE, Box, die_in, distance, dominant, empty, is_mint, menu_shown, settled  # noqa: E402
from x_window import GameWindow  # noqa: E402


def boxes(app: Driver) -> dict[str, Box]:
    """The menu's buttons that can be pressed (a greyed one is not drawn as a button)."""
    enabled = {ident for button, ident in app.top.buttons if button.is_enabled}
    return {ident: Box.of(rect) for ident, rect in app.menu_button_rects().items() if ident in enabled}


def party_screens(data_dir: Path) -> dict[str, dict[str, Box]]:
    """The buttons of every menu on the way into a party, as the game lays them out."""
    app = Driver(data_dir, SIZE, seed=SEED)
    screens = {}
    try:
        app.key(pygame.K_ESCAPE)
        screens["title"] = boxes(app)
        app.choose("party")
        screens["setup"] = boxes(app)
        app.choose("add_player")
        assert app.top_key == "name_entry"
        screens["name"] = {"field": Box.of(app.top.field)}
        app.post(pygame.TEXTINPUT, text="ANA")
        app.key(pygame.K_RETURN)
        screens["setup_ana"] = boxes(app)
        app.choose("add_expert")
        screens["setup_both"] = boxes(app)
        app.choose("start")
        assert app.top_key == "party_handover"
        screens["handover"] = boxes(app)
        app.key(pygame.K_ESCAPE)
        assert app.top_key == "title"
        screens["title_party"] = boxes(app)  # the title over a party: Resume goes back to it
    finally:
        app.close()
    return screens


def name_entry_shown(field: Box):
    """The name entry's empty field: its own dark fill (the keys look like menu buttons)."""
    def check(frame) -> bool:
        return distance(dominant(frame, field.shrunk(0.3)), palette.SHADOW) < 8
    return check


def continue_screen(data_dir: Path, copy_to: Path) -> dict[str, Box]:
    """The party set-up as the game shows it with the unfinished party of ``data_dir``."""
    shutil.copytree(data_dir, copy_to)
    app = Driver(copy_to, SIZE, seed=SEED)
    try:
        app.key(pygame.K_ESCAPE)
        app.choose("party")
        return boxes(app)
    finally:
        app.close()


def the_party(data_dir: Path) -> PartyRecord:
    record = PartyFiles(data_dir).unfinished()
    assert record is not None, "the party file was not written"
    return record


def turns_done(record: PartyRecord, seat: int) -> int:
    return sum(1 for action in record.seats[seat].replay.actions if isinstance(action, Roll))


def test_a_party_started_played_quit_and_continued_in_a_real_window(x_display, tmp_path):
    screens = party_screens(tmp_path / "layout")
    data = tmp_path / "data"
    table = compute_layout(*SIZE, strip=True)  # the players' strip beside the table
    primary = Box.of(table.primary)
    args = ["--windowed", "--size", f"{SIZE[0]}x{SIZE[1]}", "--mute", "--difficulty", "PEACEFUL",
            "--data-dir", str(data), "--seed", str(SEED)]

    game = GameWindow(x_display, args, tmp_path / "first.log", cwd=Path.cwd())
    try:
        game.wait_for(lambda f: is_mint(f, Box.of(compute_layout(*SIZE).primary)), "the table, ROLL ready")
        game.key("Escape")
        game.wait_for(menu_shown(screens["title"]), "the title menu", save_to=tmp_path / "title.ppm")
        game.click(screens["title"]["party"].center)
        game.wait_for(menu_shown(screens["setup"]), "the party set-up", save_to=tmp_path / "setup.ppm")
        game.click(screens["setup"]["add_player"].center)
        game.wait_for(name_entry_shown(screens["name"]["field"]), "the name entry")
        time.sleep(0.3)
        game.type_text("ANA")
        game.key("Return")
        game.wait_for(menu_shown(screens["setup_ana"]), "the set-up with ANA seated", save_to=tmp_path / "ana.ppm")
        game.click(screens["setup_ana"]["add_expert"].center)
        game.wait_for(menu_shown(screens["setup_both"]), "the set-up with ANA and the computer")
        game.click(screens["setup_both"]["start"].center)
        handover = screens["handover"]
        game.wait_for(menu_shown(handover, "go"), "ANA's hand-over", save_to=tmp_path / "handover.ppm")

        record = the_party(data)
        assert [seat.name for seat in record.seats] == ["ANA", "Expert"]
        assert [seat.computer for seat in record.seats] == [False, True]
        dice_game = Game(Difficulty.PEACEFUL, record.seats[0].replay.seed)
        dice_game.play(Roll())
        plan = find_placement(dice_game.board, dice_game.dice, dice_game.required)
        assert plan is not None

        game.click(handover["go"].center)
        game.wait_for(lambda f: is_mint(f, primary) and all(empty(f, s) for s in table.tray_slots),
                      "ANA's table, ROLL ready", save_to=tmp_path / "ana_table.ppm")
        game.click(primary.center)
        game.wait_for(lambda f: all(die_in(f, s) for s in table.tray_slots) and settled(game, f),
                      "ANA's four dice at rest")
        tray = list(range(4))
        for value, cell in plan:
            die = next(d for d in tray if dice_game.dice[d] == value)
            tray.remove(die)
            game.click(table.tray_slots[die].center)
            time.sleep(0.2)
            game.click(table.cells[cell].center)
            game.wait_for(lambda f, cell=cell: die_in(f, table.cells[cell]), f"a {value} staged on cell {cell}")
            time.sleep(0.2)
        game.wait_for(lambda f: is_mint(f, primary) and settled(game, f), "CONFIRM ready",
                      save_to=tmp_path / "ana_staged.ppm")
        game.click(primary.center)

        # The computer's turn plays itself; then the hand-over comes back to ANA.
        def computer_done_and_ana_handed_over(frame) -> bool:
            record = PartyFiles(data).unfinished()
            return record is not None and turns_done(record, 1) == 1 and menu_shown(handover, "go")(frame)

        game.wait_for(computer_done_and_ana_handed_over, "the computer's first turn, then ANA's hand-over",
                      timeout=60, save_to=tmp_path / "handover_again.ppm")
        record = the_party(data)
        ana, computer = (Game(Difficulty.PEACEFUL, s.replay.seed) for s in record.seats)
        for seat, rebuilt in zip(record.seats, (ana, computer)):
            for action in seat.replay.actions:
                rebuilt.play(action)
        assert sorted(cell for cell, value in enumerate(ana.board.cells) if value) == sorted(c for _, c in plan)
        assert computer.turn == 1 and computer.board.cells != (0,) * 16  # the computer placed its dice

        game.key("Escape")
        game.wait_for(menu_shown(screens["title_party"]), "the title over the party",
                      save_to=tmp_path / "title_party.ppm")
        game.click(screens["title_party"]["quit"].center)
        assert game.wait_exit() == 0
        assert "Traceback" not in game.output()
    finally:
        game.close()

    # Started again: Party → Continue, at ANA's second turn.
    resume = continue_screen(data, tmp_path / "layout_resume")
    assert "continue" in resume
    again = GameWindow(x_display, args, tmp_path / "second.log", cwd=Path.cwd())
    try:
        again.wait_for(lambda f: is_mint(f, Box.of(compute_layout(*SIZE).primary)), "the table, ROLL ready")
        again.key("Escape")
        again.wait_for(menu_shown(screens["title"]), "the title menu")
        again.click(screens["title"]["party"].center)
        again.wait_for(menu_shown(resume, "continue"), "the set-up offering to continue the party",
                       save_to=tmp_path / "continue.ppm")
        again.click(resume["continue"].center)
        again.wait_for(menu_shown(handover, "go"), "ANA's hand-over again", save_to=tmp_path / "resumed.ppm")
        record = the_party(data)
        assert turns_done(record, 0) == 1 and turns_done(record, 1) == 1
        again.key("Escape")
        again.wait_for(menu_shown(screens["title_party"]), "the title over the party")
        again.click(screens["title_party"]["quit"].center)
        assert again.wait_exit() == 0
        assert "Traceback" not in again.output()
    finally:
        again.close()
