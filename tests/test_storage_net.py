"""The net under the storage: any field of any stored document set to a boundary value.

A populated data folder (six recorded games, a game in progress, settings) gets one field
of one document (scores, an archived game, the game in progress, settings) set to a
boundary value — huge, negative and 10**400 integers, dates at years 1 and 9999 at ±14:00,
NaN, wrong types — or a key removed or added. Then ``scores``, ``scores --verify``,
``replay --record``, starting the game and opening High scores all run, and: no
traceback, no archived game lost, every set-aside copy byte-identical to what was there.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any, Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from magdagdon.cli import main  # noqa: E402
from magdagdon.engine import Difficulty, Replay  # noqa: E402
from magdagdon.storage import open_store  # noqa: E402
from magdagdon.storage.settings import Settings, save_settings  # noqa: E402

from test_storage_support import NOW, finished_games, play_game  # noqa: E402

BOUNDARY_VALUES: list[Any] = [
    0, -1, 1, 2**31, 2**63, -(2**63) - 1, 10**400, -(10**400), 1e308, -0.0, 1.5,
    float("nan"), float("inf"), True, False, None, "", "x" * 5000, "٣", "\u202eevil\x1b[2J",
    "0001-01-01T00:00:00+14:00", "0001-01-01T00:00:00-14:00",
    "9999-12-31T23:59:59-14:00", "9999-12-31T23:59:59+14:00", "1999-01-01T00:00:00+00:00",
    "PEACEFUL", "NIGHTMARE", "3456/3456/3456/3456", "stage 0 0", "ab" * 12, [], {}, [1, 2], {"x": 1},
]


def _populated_folder() -> dict[str, bytes]:
    """The files of a data folder holding six games across the difficulties, one in progress."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        store = open_store(folder, NOW)
        games = finished_games(4) + finished_games(1, Difficulty.SURVIVAL, 10) + finished_games(1, Difficulty.NIGHTMARE, 20)
        for minute, game in enumerate(games):
            assert store.record_result(game, NOW + timedelta(minutes=minute), name=f"P{minute}").saved
        assert store.save_in_progress(play_game(30, stop_after_turns=3), NOW, name="Now")
        assert save_settings(Settings(Difficulty.SURVIVAL, True, False), folder)
        return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*.json")}


TEMPLATE = _populated_folder()
NEW_GAME = Replay.of(play_game(40)).to_json()


def _paths(node: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every place in a JSON document: keys of objects, indices of lists."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        yield prefix + (key,)
        yield from _paths(child, prefix + (key,))


def _field_name(path: tuple) -> str:
    return "[]" if isinstance(path[-1], int) else path[-1]


DOCUMENT_KINDS = {
    "scores": ["scores.json"],
    "archived game": sorted(n for n in TEMPLATE if n.startswith("replays")),
    "game in progress": ["in_progress.json"],
    "settings": ["settings.json"],
}


@st.composite
def damage(draw: st.DrawFn) -> tuple[str, bytes]:
    """One document of the folder with one field set, removed or added.

    The field is drawn by its name first (``when``, ``total``, ``actions``...), so each
    kind of field gets its share of examples however often it occurs in the document.
    """
    name = draw(st.sampled_from(DOCUMENT_KINDS[draw(st.sampled_from(sorted(DOCUMENT_KINDS)))]))
    document = json.loads(TEMPLATE[name])
    by_field: dict[str, list[tuple]] = {}
    for path in _paths(document):
        by_field.setdefault(_field_name(path), []).append(path)
    field = draw(st.sampled_from(sorted(by_field)))
    path = draw(st.sampled_from(by_field[field]))
    how = draw(st.sampled_from(["set", "set", "set", "remove", "add"]))
    value = draw(st.sampled_from(BOUNDARY_VALUES))
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "remove":
        del parent[last]
    elif how == "add" and isinstance(parent[last], dict):
        parent[last]["extra"] = value
    else:
        parent[last] = value
    return name, json.dumps(document, ensure_ascii=False).encode("utf-8")


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _run_every_command(folder: Path, game_file: Path) -> None:
    for argv in (["scores"], ["scores", "--verify"], ["replay", str(game_file), "--record", "--name", "New"]):
        try:
            code = main([*argv, "--data-dir", str(folder)])
        except SystemExit as stop:  # only the argument parser exits this way
            code = stop.code
        assert code in (0, 1), (argv, code)


def _start_the_game_and_open_high_scores(folder: Path) -> None:
    from support.player import Player

    for scene in (None, "high_scores"):
        player = Player(folder, scene=scene)
        player.wait(0.5)
        store = player.store
        assert store is not None and player.text("notice.unavailable") not in player.notices()
        # What the game asks at start, without the game's own guard around it.
        store.load_in_progress(NOW)
        store.in_progress_details(NOW)
        if scene == "high_scores":
            for difficulty in Difficulty:
                player.top.shown, player.top.data, player.top.loaded = difficulty, None, False
                assert player.top.load() is not None
                player.look()
        player.close()


def _check_nothing_lost(before: dict[str, bytes], after: dict[str, bytes]) -> None:
    originals = set(before.values())
    for name, data in after.items():
        if ".corrupt-" in name:
            assert data in originals, f"{name} is not a byte-identical copy of a file that was there"
    for name, data in before.items():
        if name.startswith("replays" + os.sep) and name.endswith(".json"):
            kept = after.get(name) == data
            set_aside = any(n.startswith(name + ".corrupt-") and d == data for n, d in after.items())
            assert kept or set_aside, f"archived game {name} was lost"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damage())
def test_any_damaged_field_is_survived_and_loses_no_archived_game(damaged):
    name, data = damaged
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        folder = root / "data"
        for relative, content in TEMPLATE.items():
            (folder / relative).parent.mkdir(parents=True, exist_ok=True)
            (folder / relative).write_bytes(content)
        (folder / name).write_bytes(data)
        game_file = root / "new.json"
        game_file.write_text(NEW_GAME, "utf-8")
        before = _snapshot(folder)
        _run_every_command(folder, game_file)
        _start_the_game_and_open_high_scores(folder)
        _check_nothing_lost(before, _snapshot(folder))
