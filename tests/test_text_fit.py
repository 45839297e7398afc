"""Every screen in every language at 800x600, 1920x1080, 1080x1920 and 3840x2160: no text
leaves its box or is drawn below the readable size (16 px at 800x600). A pseudo-English
30 % longer than English finds boxes only just wide enough. See tests/text_fit.py."""

import shutil
from datetime import datetime, timedelta, timezone

import pytest

import magdagdon.app.i18n as i18n
from magdagdon.app.render.hud import min_text_px
from magdagdon.app.scenes import SCENES, play_until
from magdagdon.engine import Difficulty
from magdagdon.storage import open_store

from support.player import Player
from text_fit import PSEUDO, check_screen, lengthen, write_pseudo_catalogs

LOCALES = ("en", "it", "ur", "hi", PSEUDO)
SIZES = ((800, 600), (1920, 1080), (1080, 1920), (3840, 2160))


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("i18n")
    write_pseudo_catalogs(i18n.catalog_dir(), folder)
    return folder


@pytest.fixture(scope="module")
def scores(tmp_path_factory):
    """A data folder with a dozen results, so High scores shows its table and statistics."""
    folder = tmp_path_factory.mktemp("scores")
    store = open_store(folder)
    when = datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)
    for seed in range(100, 112):
        game = play_until(Difficulty.PEACEFUL, seed, lambda g: g.is_over)
        if game is not None:
            store.record_result(game, when + timedelta(days=seed - 100), assisted=seed % 3 == 0)
    return folder


def test_the_readable_size_is_16_px_at_800x600():
    assert min_text_px((800, 600)) == 16


def test_pseudo_english_is_30_percent_longer_and_keeps_placeholders():
    assert lengthen("Turn {turn}") == "Tuuurn {turn}"
    assert lengthen("<b>Goal</b>") == "<b>Goooal</b>"
    assert len(lengthen("Watch a demo")) >= 1.25 * len("Watch a demo")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_fits_its_box_in_every_language(tmp_path, monkeypatch, catalogs, scores, size):
    monkeypatch.setattr(i18n, "catalog_dir", lambda: catalogs)
    data = tmp_path / "data"
    shutil.copytree(scores, data)
    problems = []
    for scene in SCENES:
        player = Player(data, size=size, scene=scene, seed=3)
        player.wait(3.0 if scene == "game_over" else 0.4)  # the game-over count-up
        for locale in LOCALES:
            player.control.set_language(locale)
            player.wait(0.05)
            problems += check_screen(player, f"{locale} {size[0]}x{size[1]} {scene}")
        player.close()
    assert problems == [], "\n" + "\n".join(problems)
