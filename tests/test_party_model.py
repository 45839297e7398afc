"""The party model, its file and its results, without the app: same dice for everyone,
the order of play, full boards waiting, resuming from the file, recording in the tables."""

from __future__ import annotations

import json
import random
from datetime import datetime, timezone

import pytest
from hypothesis import given, settings, strategies as st

from magdagdon.ai import make_policy
from magdagdon.engine import Difficulty, Game, Phase, Reroll, Roll, roll_dice
from magdagdon.party.results import results_of, turn_outcomes
from magdagdon.party import Party, party_results, turns_done
from magdagdon.party.keeper import PartyKeeper, party_from, record_of
from magdagdon.storage import open_store
from magdagdon.storage.party_file import PartyFiles

NOW = datetime(2026, 11, 30, 22, 0, tzinfo=timezone.utc)
SEATS = [("ANA", False), ("BO", False), ("Computer", True)]


def play(party: Party, policies: list, moves: int | None = None) -> list[tuple[int, int, tuple[int, ...]]]:
    """Play the party to its end (or ``moves`` actions); returns (seat, turn, dice) after each roll."""
    rolls = []
    done = 0
    while not party.is_over and (moves is None or done < moves):
        seat = party.current_index
        game = party.players[seat].game
        action = policies[seat].choose(game)
        game.play(action)
        if isinstance(action, Roll):
            rolls.append((seat, game.turn, game.dice))
        done += 1
    return rolls


def policies_for(seed: int) -> list:
    return [make_policy("random", random.Random(seed)), make_policy("greedy", random.Random(seed)),
            make_policy("expert", random.Random(seed))]


def test_seats_and_names() -> None:
    with pytest.raises(ValueError):
        Party.new(Difficulty.PEACEFUL, 5, [("solo", False)])
    with pytest.raises(ValueError):
        Party.new(Difficulty.PEACEFUL, 5, [("p", False)] * 9)
    party = Party.new(Difficulty.PEACEFUL, 5, [("  ", False), ("A\nB  C" + "x" * 30, False)])
    assert [p.name for p in party.players] == ["Player 1", "A B C" + "x" * 7]  # 12, as at the name entry


@pytest.mark.parametrize("seed", [3, 41])
def test_everyone_sees_the_same_rolls_and_plays_in_seat_order(seed: int) -> None:
    party = Party.new(Difficulty.PEACEFUL, seed, SEATS)
    rolls = play(party, policies_for(seed))
    by_turn: dict[int, set[tuple[int, ...]]] = {}
    for seat, turn, dice in rolls:
        by_turn.setdefault(turn, set()).add(dice)
    assert all(len(dice) == 1 for dice in by_turn.values())
    # Turn by turn, seat by seat: nobody rolls turn t + 1 before everyone still playing rolled turn t.
    order = [(turn, seat) for seat, turn, _ in rolls]
    assert order == sorted(order)


def test_the_kth_reroll_of_a_turn_is_the_same_for_everyone() -> None:
    party = Party.new(Difficulty.PEACEFUL, 77, [("A", False), ("B", False)])
    a, b = (p.game for p in party.players)
    for game in (a, b):
        game.play(Roll())
    assert a.dice == b.dice
    a.play(Reroll((0, 1, 2, 3)))
    b.play(Reroll((1, 3)))
    fresh = roll_dice(77, 1, 1)
    assert a.dice == fresh
    assert (b.dice[1], b.dice[3]) == fresh[:2]
    a.play(Reroll((2,)))
    b.play(Reroll((0,)))
    assert a.dice[2] == b.dice[0] == roll_dice(77, 1, 2)[0]


def test_a_full_board_waits_while_the_others_finish() -> None:
    party = Party.new(Difficulty.NIGHTMARE, 9, [("fast", False), ("slow", False)])
    fast, slow = (p.game for p in party.players)
    greedy = make_policy("greedy", random.Random(1))
    while not fast.is_over:  # one player plays alone, out of turn (as a test may)
        fast.play(greedy.choose(fast))
    assert party.current_index == 1 and not party.is_over
    assert party.waiting() == [party.players[0]]
    while not slow.is_over:
        assert party.current_index == 1
        slow.play(greedy.choose(slow))
    assert party.is_over and party.current_index is None and party.waiting() == []


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 400), st.integers(1, 10**6))
def test_a_saved_party_resumes_at_the_same_player_and_turn(moves: int, seed: int) -> None:
    party = Party.new(Difficulty.SURVIVAL, seed, [("A", False), ("B", False), ("C", False)])
    simple = [make_policy("greedy", random.Random(seed + i)) for i in range(3)]
    play(party, simple, moves)
    record = record_of(party, "20261130T220000Z-abcdef", NOW, ())
    data = json.loads(json.dumps(record.to_data()))
    again = party_from(type(record).from_data(data))
    assert again.current_index == party.current_index and again.turn == party.turn
    for mine, theirs in zip(party.players, again.players):
        assert (mine.game.board, mine.game.dice, mine.game.staged, mine.game.phase, mine.game.powers_used) == \
               (theirs.game.board, theirs.game.dice, theirs.game.staged, theirs.game.phase, theirs.game.powers_used)


def test_humans_are_recorded_once_under_their_names_the_computer_only_in_the_party_file(tmp_path) -> None:
    store = open_store(tmp_path, NOW)
    files = PartyFiles(tmp_path)
    party = Party.new(Difficulty.PEACEFUL, 1234, SEATS)
    party.players[1].assisted = True
    keeper = PartyKeeper(files, lambda: store, party, NOW)
    play(party, policies_for(1234), 60)
    assert keeper.save(NOW)
    assert files.unfinished(NOW).party_id == keeper.party_id
    play(party, policies_for(1234))
    assert keeper.save(NOW) and len(keeper.recorded) == 2
    table = store.high_scores(Difficulty.PEACEFUL)
    assert sorted((e.name, e.score, e.assisted) for e in table) == sorted(
        (p.name, p.game.score().total, p.assisted) for p in party.players if not p.computer)
    for entry in table:  # each is an ordinary, verified single-player replay
        assert store.archive.read(entry.replay_id).replay.verify().score().total == entry.score
    # Resumed from its file, the finished party records nothing twice.
    record = files.load(keeper.party_id, NOW)
    assert record.finished and files.unfinished(NOW) is None
    again = PartyKeeper.resume(files, lambda: store, record)
    assert again.save(NOW) and len(open_store(tmp_path, NOW).high_scores(Difficulty.PEACEFUL)) == 2
    computer = record.seats[2]
    assert computer.computer and computer.replay.verify().score().total == party.players[2].game.score().total


def test_a_corrupt_party_file_is_set_aside_with_a_notice(tmp_path) -> None:
    files = PartyFiles(tmp_path)
    party = Party.new(Difficulty.PEACEFUL, 5, [("A", False), ("B", False)])
    keeper = PartyKeeper(files, lambda: None, party, NOW)
    party.players[0].game.play(Roll())
    assert keeper.save(NOW)
    path = files.path_of(keeper.party_id)
    path.write_bytes(path.read_bytes()[:-20])
    assert files.unfinished(NOW) is None
    assert [n.kind.value for n in files.take_notices()] == ["corrupt_moved_aside"]
    assert not path.exists() and list(path.parent.glob("*.corrupt-*"))


def test_a_party_file_with_an_illegal_move_is_refused(tmp_path) -> None:
    files = PartyFiles(tmp_path)
    party = Party.new(Difficulty.PEACEFUL, 5, [("A", False), ("B", False)])
    keeper = PartyKeeper(files, lambda: None, party, NOW)
    keeper.save(NOW)
    path = files.path_of(keeper.party_id)
    document = json.loads(path.read_bytes())
    document["data"]["seats"][0]["replay"]["actions"] = ["confirm"]
    path.write_text(json.dumps(document))
    assert files.load(keeper.party_id, NOW) is None and files.take_notices()


def test_results_podium_and_best_turns() -> None:
    party = Party.new(Difficulty.PEACEFUL, 2024, SEATS)
    play(party, policies_for(2024))
    results = party_results(party)
    totals = [s.breakdown.total for s in results.standings]
    assert totals == sorted(totals, reverse=True) and results.standings[0].place == 1
    for seat, player in enumerate(party.players):
        gains = [row[seat] for row in results.gains]
        board_total = player.game.score().total + player.game.score().power_penalty
        assert sum(gains) == board_total
    for row, best in zip(results.gains, results.best_of_turn):
        assert all(row[s] == max(row) for s in best)  # (none when nobody placed dice that turn)


def test_tied_totals_share_a_place() -> None:
    party = Party.new(Difficulty.NIGHTMARE, 8, [("A", False), ("B", False)])
    greedy = [make_policy("greedy", random.Random(1)), make_policy("greedy", random.Random(1))]
    play(party, greedy)  # the same deterministic player on the same dice: the same game
    places = [s.place for s in party_results(party).standings]
    assert places == [1, 1]


def test_turns_done_counts_only_finished_turns() -> None:
    game = Game(Difficulty.PEACEFUL, 3)
    assert turns_done(game) == 0
    game.play(Roll())
    assert game.phase is not Phase.ROLL and turns_done(game) == 0



def test_best_each_turn_credits_only_those_who_placed_dice() -> None:
    """A turn lost to a MAGDAGDON ruin gains nothing, and a full board plays no turn more:
    neither is anyone's best turn, even when nobody gained more that turn."""
    ruined, placer = _a_game_with_a_ruin()
    for players in ([("Ruined", ruined), ("Placer", placer)], [("Ruined", ruined), ("Ruined too", ruined)]):
        results = results_of(players)
        outcomes = [turn_outcomes(game) for _, game in players]
        for turn, best in enumerate(results.best_of_turn):
            placed = {seat for seat, o in enumerate(outcomes) if turn < len(o) and o[turn][1]}
            assert set(best) <= placed, f"turn {turn + 1}: {best} credited, {placed} placed dice"
            if placed:
                assert best and {results.gains[turn][s] for s in best} == {max(results.gains[turn][s] for s in placed)}
    both = results_of([("Ruined", ruined), ("Ruined too", ruined)])
    ruin_turns = [t for t, (_, did) in enumerate(turn_outcomes(ruined)) if not did]
    assert ruin_turns and all(both.best_of_turn[t] == () for t in ruin_turns)


def _a_game_with_a_ruin() -> tuple[Game, Game]:
    """A NIGHTMARE game that met a MAGDAGDON and took the ruin, and the same dice played by
    the greedy policy."""
    for seed in range(200):
        ruined = Game(Difficulty.NIGHTMARE, seed)
        chooser = make_policy("random", random.Random(seed))
        while not ruined.is_over:
            ruined.play(chooser.choose(ruined))
        if any(not did for _, did in turn_outcomes(ruined)):
            placer = Game(Difficulty.NIGHTMARE, seed)
            greedy = make_policy("greedy", random.Random(seed))
            while not placer.is_over:
                placer.play(greedy.choose(placer))
            return ruined, placer
    raise AssertionError("no seed met a MAGDAGDON")
