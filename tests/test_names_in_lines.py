"""A player's name drawn inside a line of other words, on the real screens: in an English
screen an Urdu name stays where the sentence puts it (after "2.", before ": #3 in the
PEACEFUL table") instead of turning the line around."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from typing import Any

import pygame
import pytest

from magdagdon.app.text.text_runs import split_runs, visual_order, without_controls
from magdagdon.app.shell.scenes import play_until
from magdagdon.engine import Difficulty
from magdagdon.storage import open_store

from screen_scenes import SCENES, URDU_NAME, make_data, open_scene
from support.player import Player


def texts_as_asked(player: Player) -> list[str]:
    """Every line the fonts render on a fresh frame, as the screen handed it over (isolates
    included)."""
    fonts = player.top.fonts if hasattr(player.top, "fonts") else player.table.fonts
    seen: list[str] = []
    real = fonts.render

    def spy(text: str, size: int, colour: Any, bold: bool = False) -> Any:
        seen.append(text)
        return real(text, size, colour, bold)

    fonts.render = spy
    try:
        player.post(pygame.WINDOWEXPOSED)  # the game repaints the whole window
        player.wait(0.02)
    finally:
        del fonts.render
    return seen


def on_screen(line: str) -> str:
    """An English screen's line as it stands, left to right (Urdu letters backwards)."""
    runs = visual_order(split_runs(line, "latin", False))
    return without_controls("".join(run.text[::-1] if run.rtl else run.text for run in runs))


@pytest.fixture(scope="module")
def data_folders(tmp_path_factory):
    folders = {kind: make_data(tmp_path_factory.mktemp(f"data-{kind}"), kind) for kind in ("scores", "kiosk")}
    # The kiosk's tables with the Urdu name at the top: its one result.
    alone = tmp_path_factory.mktemp("data-kiosk-urdu")
    shutil.copy(folders["kiosk"] / "kiosk.json", alone / "kiosk.json")
    game = play_until(Difficulty.PEACEFUL, 100, lambda g: g.is_over)
    open_store(alone).record_result(game, datetime.now(timezone.utc), name=URDU_NAME)
    folders["kiosk"] = alone
    return folders


def lines_with_the_urdu_name(scene_name: str, data_folders, tmp_path) -> list[str]:
    scene = next(scene for scene in SCENES if scene.name == scene_name)
    data = tmp_path / "data"
    shutil.copytree(data_folders[scene.data], data)
    player = open_scene(scene, data, (1280, 720))
    try:
        return [text for text in texts_as_asked(player) if URDU_NAME in text]
    finally:
        player.close()


@pytest.mark.parametrize("scene_name", ["party set-up", "attract, scores"])
def test_a_numbered_urdu_name_reads_number_first(scene_name, data_folders, tmp_path):
    lines = lines_with_the_urdu_name(scene_name, data_folders, tmp_path)
    assert lines, f"no line with {URDU_NAME} on {scene_name}"
    for line in lines:  # "2. عائشہ خان", not "عائشہ خان .2"
        if scene_name == "party set-up":  # the seat's number on a disc of its own, the name beside it
            assert without_controls(line) == URDU_NAME
            continue
        number, _, rest = on_screen(line).partition(". ")
        assert number.isdigit() and rest.startswith(URDU_NAME[::-1]), on_screen(line)


def test_the_rank_line_opens_with_the_urdu_name(data_folders, tmp_path):
    lines = lines_with_the_urdu_name("game over, Urdu name", data_folders, tmp_path)
    rank = [line for line in lines if "table" in line]
    assert rank and on_screen(rank[0]) == URDU_NAME[::-1] + ": #3 in the PEACEFUL table"
