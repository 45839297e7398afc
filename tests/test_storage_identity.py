"""A game's identity is what was confirmed, and a result's date is when it was recorded here."""

from __future__ import annotations

from dataclasses import replace

from magdagdon.cli import main
from magdagdon.engine import Confirm, Difficulty, Replay, Stage, TakeBack
from magdagdon.storage import open_store
from magdagdon.storage.in_progress import IN_PROGRESS_FILE, IN_PROGRESS_KIND
from magdagdon.storage.envelope import encode
from magdagdon.storage.recorded_game import RecordedGame

from test_storage_support import NOW, at, finished_games, play_game

GAMES = finished_games(6)


def padded(replay: Replay, times: int = 1) -> Replay:
    """The same game with "take the last die back, put it back" before each confirm."""
    actions: list = []
    for action in replay.actions:
        if isinstance(action, Confirm) and isinstance(actions[-1], Stage):
            last = actions[-1]
            actions += [TakeBack(last.die), last] * times
        actions.append(action)
    return replace(replay, actions=tuple(actions))


def test_padded_replays_are_the_recorded_game(tmp_path):
    store = open_store(tmp_path, NOW)
    for minute, game in enumerate(GAMES):
        store.record_result(game, at(minute), name="Ada")
    original = Replay.of(GAMES[2])
    for times in (1, 2):
        copy = padded(original, times)
        assert copy.actions != original.actions and copy.verify().board == GAMES[2].board
        outcome = store.record_replay(copy, at(30), name="Forger")
        assert outcome.duplicate and outcome.saved
    table = open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)
    assert len(table) == 6 and "Forger" not in {e.name for e in table}
    assert open_store(tmp_path, NOW).statistics(Difficulty.PEACEFUL).games == 6


def test_padded_replay_on_the_command_line_is_already_recorded(tmp_path, capsys):
    data = tmp_path / "data"
    open_store(data, NOW).record_result(GAMES[0], NOW, name="Ada")
    path = tmp_path / "padded.json"
    path.write_text(padded(Replay.of(GAMES[0])).to_json(), "utf-8")
    assert main(["replay", str(path), "--record", "--name", "Forger", "--data-dir", str(data)]) == 0
    assert "already recorded" in capsys.readouterr().out
    assert main(["scores", "--verify", "--data-dir", str(data)]) == 0
    assert "all 1 entries match" in capsys.readouterr().out


def test_finished_game_in_progress_is_dated_when_recorded_not_by_its_file(tmp_path):
    """A hand-made in-progress file dated 1999 must not outrank real results on ties."""
    game = play_game(6)
    saved = RecordedGame(Replay.of(game), "Old Timer", NOW.replace(year=1999))
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / IN_PROGRESS_FILE).write_bytes(encode(IN_PROGRESS_KIND, saved.to_data()))
    store = open_store(tmp_path, at(5))
    [entry] = store.high_scores(Difficulty.PEACEFUL)
    assert entry.when == at(5) and entry.name == "Old Timer"


def test_finished_game_in_progress_without_result(tmp_path, capsys):
    """No ``result`` in the file: recorded once, no orphan replay, every command works."""
    game = play_game(6)
    document = RecordedGame(Replay.of(game), "Majda", NOW).to_data()
    del document["replay"]["result"]
    (tmp_path / IN_PROGRESS_FILE).write_bytes(encode(IN_PROGRESS_KIND, document))
    assert main(["scores", "--data-dir", str(tmp_path)]) == 0
    assert "Majda" in capsys.readouterr().out
    assert main(["scores", "--verify", "--data-dir", str(tmp_path)]) == 0
    store = open_store(tmp_path, NOW)
    assert store.notices == [] and store.statistics(Difficulty.PEACEFUL).games == 1
    assert not (tmp_path / IN_PROGRESS_FILE).exists()
    assert [p.stem for p in (tmp_path / "replays").iterdir()] == [store.high_scores(Difficulty.PEACEFUL)[0].replay_id]


def test_game_in_progress_waits_for_a_caller_that_gives_the_time(tmp_path):
    game = play_game(6)
    open_store(tmp_path, NOW).save_in_progress(game, NOW)
    assert open_store(tmp_path).high_scores(Difficulty.PEACEFUL) == []  # no time given: not yet
    assert (tmp_path / IN_PROGRESS_FILE).exists()
    assert len(open_store(tmp_path, at(1)).high_scores(Difficulty.PEACEFUL)) == 1


def test_archive_written_by_the_earlier_content_id_still_verifies_and_rebuilds(tmp_path):
    """Games recorded before ids named identities keep their content-hash file names."""
    from magdagdon.storage.recorded_game import content_id
    from magdagdon.storage.replay_archive import ARCHIVE_KIND
    from magdagdon.storage.score_book import SCORES_FILE
    from magdagdon.storage import verify_store

    store = open_store(tmp_path, NOW)
    outcome = store.record_result(GAMES[0], NOW)
    old_id = content_id(Replay.of(GAMES[0]))
    replays = tmp_path / "replays"
    (replays / f"{outcome.replay_id}.json").rename(replays / f"{old_id}.json")
    table = tmp_path / SCORES_FILE
    table.write_text(table.read_text("utf-8").replace(outcome.replay_id, old_id), "utf-8")
    assert verify_store(open_store(tmp_path, NOW)) == []
    assert open_store(tmp_path, NOW).record_result(GAMES[0], NOW).duplicate
    table.unlink()
    rebuilt = open_store(tmp_path, NOW)
    assert [e.replay_id for e in rebuilt.high_scores(Difficulty.PEACEFUL)] == [old_id]
    assert verify_store(rebuilt) == []
    # A game played alone is still written as the first version wrote it (every version reads it).
    assert b'"version":1,' in (replays / f"{old_id}.json").read_bytes() and ARCHIVE_KIND.version == 2


def test_the_game_records_a_finished_game_without_result_at_start(tmp_path):
    """It used to say "Scores cannot be saved (no storage)" on every start instead."""
    from support.player import Player

    document = RecordedGame(Replay.of(play_game(6)), "Majda", NOW).to_data()
    del document["replay"]["result"]
    (tmp_path / IN_PROGRESS_FILE).write_bytes(encode(IN_PROGRESS_KIND, document))
    for _ in range(2):
        player = Player(tmp_path)
        player.wait(0.5)
        assert player.store is not None
        assert player.text("notice.unavailable") not in player.notices()
        player.close()
    assert open_store(tmp_path, NOW).statistics(Difficulty.PEACEFUL).games == 1


def test_a_games_ids_are_those_every_version_gave_it():
    # Data folders name their games by these ids (and by the content id before them): the
    # same game must get the same ids from every version, or a folder's games lose their names.
    from magdagdon.storage import replay_id
    from magdagdon.storage.recorded_game import content_id

    game = Replay.of(play_game(0))
    assert (replay_id(game), content_id(game)) == ("e21dc6dccf6a7dddc1a801de", "690669465cae7b90c1310a28")
