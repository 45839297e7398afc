"""The storage API the game and the command line call (docs/CONTRACTS.md).

Every change is a read-merge-write under the data folder lock: the files are re-read,
the change applied, and the result written atomically, so two instances never lose each
other's results. Problems never stop the game: they become :class:`StorageNotice` values,
and results that could not be written are held in memory (shown in the tables), written
with the next save that succeeds (a record, the game in progress, :meth:`Store.retry_unsaved`)
and, while held, never overwritten on disk by another game: the in-progress file keeps the
last that was written of them, and the next start records it.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

from ..engine.difficulty import Difficulty
from ..engine.game import Game
from ..engine.replay import Replay, ReplayError
from .atomic_file import remove_durably, remove_stray_temp_files, write_atomic
from .daily_repair import load_daily
from .daily_table import Days, DailyFile, add_entry, day_of_dice, entries_of, kept_days, named_entry
from .data_dir import resolve_data_dir
from .document_file import PARSE_ERRORS, Loaded, load_document, set_aside
from .envelope import FileKind, NewerVersion, encode
from . import high_scores as score_tables  # TABLE_SIZE read at run time
from .high_scores import DEFAULT_NAME, ScoreEntry, check_aware, clean_name, insert, rank_of
from .in_progress import IN_PROGRESS_CLAIM, IN_PROGRESS_FILE, IN_PROGRESS_KIND
from .lock import DEFAULT_TIMEOUT, LOCK_NAME, DataLock, LockTimeout, WaitCallback
from .notices import NoticeKind, StorageNotice, notice_of_error
from .outcomes import RecordOutcome, RecordRefused, RefusalReason, finished_game
from .rebuild import rebuild_from_archive
from .recorded_game import RecordedGame, content_id
from .replay_archive import ReplayArchive
from .score_book import SCORES_FILE, SCORES_KIND, ScoreBook
from .space_reserve import SpaceReserve
from .statistics import Statistics

T = TypeVar("T")
_DAMAGED = {NoticeKind.CORRUPT_MOVED_ASIDE, NoticeKind.CORRUPT_UNMOVABLE}  # table to rebuild from the archive


def open_store(
    data_dir: str | os.PathLike[str] | None = None,
    now: datetime | None = None,
    lock_timeout: float = DEFAULT_TIMEOUT,
    on_wait: WaitCallback | None = None,
    plays: bool = False,
    clock: Callable[[], datetime] | None = None,
) -> "Store":
    """Open the data folder (argument, then MAGDAGDON_DATA_DIR, then the per-user folder).

    Reads and checks the files at once, so ``notices`` lists any problem before the first
    game, and records a finished game a crash left unrecorded in the in-progress file.
    ``plays``: the store of a running game, which claims the game in progress as its own
    (:meth:`Store.claim_in_progress`) before it looks at it. ``clock``: the time when no
    ``now`` is given (a damaged file is named by when it was set aside).
    """
    if now is not None:
        check_aware(now)
    store = Store(resolve_data_dir(data_dir), lock_timeout, on_wait, clock)
    if plays:
        store.claim_in_progress()
    store.open(now)
    return store


class Store:
    def __init__(self, data_dir: Path, lock_timeout: float = DEFAULT_TIMEOUT, on_wait: WaitCallback | None = None,
                 clock: Callable[[], datetime] | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.clock = clock  # the caller's wall clock (storage reads none of its own)
        self.notices: list[StorageNotice] = []
        self.lock_timeout = lock_timeout
        self.on_wait = on_wait  # told once per wait when another program holds the lock
        self.archive = ReplayArchive(self.data_dir)
        self.reserve = SpaceReserve(self.data_dir)  # room for a held result on a full disk
        self._blocked = False  # a file we must not overwrite (newer version, unreadable)
        self._pending: list[RecordedGame] = []  # finished games not yet on disk
        self.daily = DailyFile(self.data_dir)
        self._pending_daily: list[tuple[RecordedGame, date]] = []  # recorded, not yet in their day's table
        self._daily: Days = {}  # Today's dice tables as last read or written
        self._cache: tuple[tuple[int, ...] | None, ScoreBook] | None = None
        self._claim: DataLock | None = None  # held while this store's game owns the in-progress file

    @property
    def scores_path(self) -> Path:
        return self.data_dir / SCORES_FILE

    @property
    def in_progress_path(self) -> Path:
        return self.data_dir / IN_PROGRESS_FILE

    @property
    def read_only(self) -> bool:
        """True when nothing will be written this session (newer or unreadable file)."""
        return self._blocked

    @property
    def unsaved_results(self) -> int:
        """Finished games held in memory because they could not be written yet (their
        result, or their entry in Today's dice)."""
        return len({g.replay_id for g in self._pending} | {g.replay_id for g, _ in self._pending_daily})

    def holds(self, replay_id: str) -> bool:
        """True while the result of game ``replay_id`` is held in memory, not yet on disk."""
        return any(g.replay_id == replay_id for g in self._pending) or \
            any(g.replay_id == replay_id for g, _ in self._pending_daily)

    def take_notices(self) -> list[StorageNotice]:
        """The notices met so far, cleared (for a UI that shows each once)."""
        notices, self.notices = self.notices, []
        return notices

    # --- opening -------------------------------------------------------------------------
    def open(self, now: datetime | None = None) -> None:
        if self.data_dir.exists() and not self.data_dir.is_dir():
            self._add_notice(StorageNotice(NoticeKind.NOT_A_FOLDER, str(self.data_dir)))
            self._blocked = True
            self._cache = (_signature(self.scores_path), ScoreBook())
            return
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self._note_error(error, self.data_dir)
        self._book(now, force=True)
        self.load_in_progress(now)  # checks the file; records a finished game left by a crash
        self._ensure_reserve()

    # --- high scores -------------------------------------------------------------------
    def high_scores(self, difficulty: Difficulty) -> list[ScoreEntry]:
        """The top 20 of ``difficulty``, including results not yet written to disk."""
        table = list(self._book(None).tables[difficulty])
        for game in self._pending_new(difficulty):
            table, _ = insert(table, game.entry())
        return table

    def statistics(self, difficulty: Difficulty) -> Statistics:
        statistics = self._book(None).statistics[difficulty]
        for game in self._pending_new(difficulty):
            statistics = statistics.add(game.entry().score)
        return statistics

    def score_book(self) -> ScoreBook:
        """Everything on disk (tables, statistics, recorded ids) as last read."""
        return self._book(None)

    def record_result(self, game: Game, now: datetime, name: str = DEFAULT_NAME, assisted: bool = False,
                      seat: str | None = None) -> RecordOutcome:
        """Record a finished game in its difficulty's table and statistics, with its replay.

        ``seat`` names the party's or room's seat it was played in (``game_identity.seat_label``):
        the same moves played in two seats are two results, each recorded once."""
        check_aware(now)
        if not game.is_over:
            raise RecordRefused(RefusalReason.NOT_FINISHED, f"the game is at turn {game.turn}, not over")
        return self._record_checked(Replay.of(game), now, name, assisted, seat)

    def record_replay(self, replay: Replay, now: datetime, name: str = DEFAULT_NAME, assisted: bool = False) -> RecordOutcome:
        """Verify ``replay`` and record its result (merging results from other kiosks).

        RecordRefused (nothing changed) when it does not replay, claims a false result or
        is not a finished game. The same game recorded twice is a duplicate, not doubled.
        """
        check_aware(now)
        return self._record_checked(replay, now, name, assisted)

    def _record_checked(self, replay: Replay, now: datetime, name: str, assisted: bool,
                        seat: str | None = None) -> RecordOutcome:
        game = finished_game(replay)
        # Re-derive the replay from the rebuilt game: canonical, with its true result.
        return self._record(RecordedGame(Replay.of(game), clean_name(name), now, bool(assisted), seat))

    def _record(self, recorded: RecordedGame) -> RecordOutcome:
        replay_id = recorded.replay_id
        if all(p.replay_id != replay_id for p in self._pending):
            self._pending.append(recorded)
        day = day_of_dice(recorded.replay.seed, recorded.when, recorded.replay.difficulty)  # a day's dice: its table too
        if day is not None and all(g.replay_id != replay_id for g, _ in self._pending_daily):
            self._pending_daily.append((recorded, day))
        known_as = self._write_held(recorded.when, recorded)
        difficulty = recorded.replay.difficulty
        daily_rank = None if day is None else self._daily_rank(day, recorded)
        if known_as is not None:  # on disk before this call: nothing to add
            self._pending = [p for p in self._pending if p.replay_id != replay_id]
            return RecordOutcome(rank_of(self.high_scores(difficulty), known_as), True, known_as, True, daily_rank)
        saved = all(p.replay_id != replay_id for p in self._pending)
        return RecordOutcome(rank_of(self.high_scores(difficulty), replay_id), saved, replay_id, False, daily_rank)

    def retry_unsaved(self, now: datetime) -> bool:
        """Write the results held in memory, if any; True when none is held any more.

        When they still cannot be written, the newest is put in the in-progress file
        instead if that file holds nothing else (or an earlier turn of it), so the next
        start records it: written at quit, recovered from whatever was last written."""
        check_aware(now)
        if self._pending or self._pending_daily:
            self._write_held(now)
        if self._keep_newest_alone() and self._release_reserve():
            # The disk is full: the space set aside for this moment takes the held game.
            self._write_held(now)
            self._keep_newest_alone()
        if not self.unsaved_results:
            self._ensure_reserve()  # space has returned: set some aside again
        return not self.unsaved_results

    def _keep_newest_alone(self) -> bool:
        """Put the newest held game played alone in the in-progress file (a seat's game waits
        in its party's or room's file); True when that failed for want of space."""
        alone = [p for p in self._pending if p.seat is None]
        return bool(alone) and self._keep_in_progress(alone[-1])

    def _write_held(self, now: datetime, recorded: RecordedGame | None = None) -> str | None:
        """Write every held result under the lock; the id under which the scores held
        ``recorded`` already before this write (None: a new game, or not known)."""
        known_as: str | None = None
        try:
            with self._lock():
                book = self._read_book(now)
                known_as = None if recorded is None else _recorded_id(book, recorded)
                if self._blocked:
                    raise ReadOnly()
                self._write_pending(book, now)
                self._prune(book, now)
        except ReadOnly:
            pass  # said by the notice that blocked writing
        except OSError as error:
            self._note_error(error, self.data_dir)
        return known_as

    def _write_pending(self, book: ScoreBook, now: datetime) -> None:
        """Write every game held in memory: replays first, then the scores file that names
        them, then their entries in Today's dice (which name the archived replays)."""
        fresh = [g for g in self._pending if _recorded_id(book, g) is None]
        for game in fresh:
            self.archive.save(game)
            book.add(game.entry())
            book.note_seen(game.game_id)  # a seated game: its replay alone is "already recorded"
        if fresh:
            write_atomic(self.scores_path, encode(SCORES_KIND, book.to_data()))
            self._cache = (_signature(self.scores_path), _copy(book))
        written, self._pending = self._pending, []
        for game in written:
            self._clear_in_progress_of(game.replay)
        self._write_daily(book, now)

    def _write_daily(self, book: ScoreBook, now: datetime) -> None:
        """Add the held Today's dice entries to ``daily.json`` (read afresh, under the lock).

        A newer or unreadable file is left alone and the entries are dropped with its
        notice: the score tables are written all the same."""
        if not self._pending_daily:
            return
        loaded = load_daily(self.daily, self.archive, self._time(now), may_move=True)
        if loaded.notice is not None:
            self._add_notice(loaded.notice)
        if loaded.blocks_writing:
            self._pending_daily = []
            return
        days = loaded.value or {}
        for recorded, day in self._pending_daily:
            stored = _recorded_id(book, recorded)
            if stored is not None:  # as archived: the name and time of its first recording
                try:
                    entry = self.archive.read(stored).entry()
                except (FileNotFoundError, NewerVersion, *PARSE_ERRORS):
                    continue  # its archived copy is gone or unreadable: no entry can stand on it
                days, _ = add_entry(days, day, named_entry(entry, stored), now)
        self.daily.write(kept_days(days, now))
        self._daily = days
        self._pending_daily = []

    def _daily_rank(self, day: date, recorded: RecordedGame) -> int | None:
        """The game's rank in its day's table, written or held (then among the entries on disk)."""
        if any(g.replay_id == recorded.replay_id for g, _ in self._pending_daily):
            self.daily_days(recorded.when)
        table = list(self._daily.get(day, {}).get(recorded.replay.difficulty, []))
        if not any(recorded.known_as(e.replay_id) for e in table):
            table, _ = insert(table, recorded.entry())
        return next((rank for rank, e in enumerate(table, start=1) if recorded.known_as(e.replay_id)), None)

    # --- Today's dice ----------------------------------------------------------------------
    def daily_days(self, now: datetime | None = None) -> Days:
        """Today's dice tables as on disk (every entry, standing or not; ``scores --verify``)."""
        try:
            with self._reading() as locked:
                loaded = load_daily(self.daily, self.archive, self._time(now), may_move=locked)
        except OSError as error:
            self._note_error(error, self.daily.path)
            return dict(self._daily)
        if loaded.notice is not None:
            self._add_notice(loaded.notice)
        self._daily = loaded.value or {}
        return dict(self._daily)

    def daily_table(self, day: date, difficulty: Difficulty, now: datetime) -> list[ScoreEntry]:
        """``day``'s table of ``difficulty``: the entries that stand (their archived replay
        verifies, matches them, and was recorded in the day's window by ``now``), and
        the results held in memory."""
        from .verify import check_daily_entry  # verify reads the store: imported when used

        check_aware(now)
        table = [e for rank, e in enumerate(self.daily_days(now).get(day, {}).get(difficulty, []), start=1)
                 if not check_daily_entry(self.archive, day, e, rank, now)]
        for recorded, held_day in self._pending_daily:
            if held_day == day and recorded.replay.difficulty is difficulty and rank_of(table, recorded.replay_id) is None:
                table, _ = insert(table, recorded.entry())
        return table

    def _prune(self, book: ScoreBook, now: datetime) -> None:
        """Delete archived games the table has let go, never one a rebuilt table would hold.

        A game goes only when the table recorded it, keeps it neither in a table nor among
        the newest games nor in Today's dice, its own file reads, and it ranks below a full
        table of games whose files are there: so a hand-emptied table deletes nothing.
        """
        seen, kept = set(book.seen), book.kept_replays()
        daily = load_daily(self.daily, self.archive, self._time(now), may_move=True)  # under the lock: a damaged one is repaired
        if daily.notice is not None:
            self._add_notice(daily.notice)
        if daily.blocks_writing:
            return  # a Today's dice table we cannot read may name any archived game
        kept |= {entry.replay_id for _, _, _, entry in entries_of(daily.value or {})}

        def may_delete(replay_id: str) -> bool:
            if replay_id not in seen or replay_id in kept:
                return False
            try:
                # The claimed result is enough: a false claim is no game a rebuild would hold.
                entry = self.archive.read(replay_id).entry()
            except (OSError, NewerVersion, ReplayError, *PARSE_ERRORS):
                return False
            table = [e for e in book.tables[entry.difficulty] if self.archive.path_of(e.replay_id).exists()]
            size = score_tables.TABLE_SIZE
            return len(table) >= size and table[size - 1].sort_key < entry.sort_key

        try:
            self.archive.prune(may_delete)
            remove_stray_temp_files(self.data_dir)
        except OSError:
            pass  # housekeeping only; the next record tries again

    def _pending_new(self, difficulty: Difficulty) -> list[RecordedGame]:
        book = self._book(None)
        return [g for g in self._pending if g.replay.difficulty is difficulty and _recorded_id(book, g) is None]

    # --- the game in progress --------------------------------------------------------------
    def save_in_progress(self, game: Game, now: datetime, name: str = DEFAULT_NAME, assisted: bool = False) -> bool:
        """Save ``game`` (its whole log) so the next start can resume it; False if not saved."""
        check_aware(now)
        saved = RecordedGame(Replay.of(game), clean_name(name), now, bool(assisted))
        if self._pending or self._pending_daily:
            self._write_held(now)  # a save that succeeds writes the held results too
        try:
            with self._lock():
                if self._blocked or self._keeps_held_game():
                    return False
                write_atomic(self.in_progress_path, encode(IN_PROGRESS_KIND, saved.to_data()))
        except OSError as error:
            self._note_error(error, self.in_progress_path)
            return False
        return True

    def _keeps_held_game(self) -> bool:
        """True when the in-progress file holds (an earlier turn of) a result still held in
        memory: the only copy on disk, not to be overwritten by another game (hold the lock)."""
        saved = self._saved_replay()
        return saved is not None and any(_continues(p.replay, saved) for p in self._pending)

    def _keep_in_progress(self, held: RecordedGame) -> bool:
        """Put ``held`` (a finished game not yet recorded) in the in-progress file, when that
        file holds nothing or an earlier turn of it: the next start records it. True when
        the disk was too full to write it."""
        try:
            with self._lock():
                if self._blocked:
                    return False
                saved = self._saved_replay()
                if saved is None or (_continues(held.replay, saved) and saved != held.replay):
                    write_atomic(self.in_progress_path, encode(IN_PROGRESS_KIND, held.to_data()))
        except OSError as error:
            notice = notice_of_error(error, self.in_progress_path)
            self._add_notice(notice)
            return notice.kind is NoticeKind.DISK_FULL
        return False

    def _ensure_reserve(self) -> None:
        if self._blocked or self.reserve.path.is_file():
            return
        try:
            with self._lock():
                self.reserve.ensure()
        except OSError:
            pass  # no lock, no reserve: the notices of the folder say why elsewhere

    def _release_reserve(self) -> bool:
        try:
            with self._lock():
                return self.reserve.release()
        except OSError:
            return False

    def load_in_progress(self, now: datetime | None = None) -> Game | None:
        """The saved game rebuilt by its replay (same board, seed, turn, powers), or None.

        A saved game that is already over was finished but not recorded (a crash between
        the last turn and the high-score table): it is recorded now, dated ``now`` (the
        time this installation records it), and None is returned. Without ``now`` it waits
        in its file for a caller that gives the time.
        """
        saved = self.in_progress_details(now)
        if saved is None:
            return None
        game = saved.replay.play()  # checked by in_progress_details
        if game.is_over:
            with self._owning_in_progress() as ours:
                if now is not None and ours:
                    recovered = RecordedGame(Replay.of(game), saved.name, check_aware(now), saved.assisted)
                    outcome = self._record(recovered)
                    if outcome.saved and not outcome.duplicate:
                        self._add_notice(StorageNotice(NoticeKind.RECOVERED_RESULT, str(self.in_progress_path)))
            return None
        return game

    def claim_in_progress(self) -> bool:
        """Hold the game in progress as this running game's until :meth:`close` (or the
        process ends, however it ends): no other process records the finished game that
        waits there for its player's name. False when another running game holds it."""
        if self._claim is not None:
            return True
        claim = DataLock(self.data_dir, 0.0, name=IN_PROGRESS_CLAIM)
        try:
            claim.__enter__()
        except OSError:
            return False  # held by another game (or a folder that cannot hold the claim)
        self._claim = claim
        return True

    def close(self) -> None:
        """Let the claim on the game in progress go (the game has ended)."""
        claim, self._claim = self._claim, None
        if claim is not None:
            claim.__exit__(None, None, None)

    @contextmanager
    def _owning_in_progress(self) -> Iterator[bool]:
        """True while no other running game holds the game in progress: this store holds it,
        or takes it for the moment. A finished game found there is then one a crash or a
        quit left unrecorded; otherwise it is the running game's, awaiting its name."""
        if self._claim is not None:
            yield True
            return
        probe = DataLock(self.data_dir, 0.0, name=IN_PROGRESS_CLAIM)
        try:
            probe.__enter__()
        except LockTimeout:
            yield False
            return
        except OSError:
            yield True  # a folder that cannot hold a claim: nobody can hold it there
            return
        try:
            yield True
        finally:
            probe.__exit__(None, None, None)

    def in_progress_details(self, now: datetime | None = None) -> RecordedGame | None:
        """The saved game with its player name, save time and assistance flag, or None."""
        path = self.in_progress_path
        try:
            with self._reading() as locked:
                loaded = self._load(path, IN_PROGRESS_KIND, RecordedGame.from_data, now, locked)
                if loaded.value is None:
                    return None
                try:
                    loaded.value.replay.verify()
                except ReplayError:
                    moved = set_aside(path, self._time(now)) if locked and not self._blocked else None
                    self._add_notice(StorageNotice(NoticeKind.RESUME_INVALID, str(path), None if moved is None else str(moved)))
                    return None
                return loaded.value
        except OSError as error:
            self._note_error(error, path)
            return None

    def clear_in_progress(self) -> None:
        """Forget the saved game (a new game started, or the finished one was recorded).

        Recording a result clears its saved game already. A saved game whose result could
        not be written (held in memory) is kept: the next start can resume its last turn.
        """
        try:
            with self._lock():
                if self._blocked:
                    return
                saved = self._saved_replay()
                if saved is None or not any(_continues(p.replay, saved) for p in self._pending):
                    remove_durably(self.in_progress_path)
        except OSError as error:
            self._note_error(error, self.in_progress_path)

    def _clear_in_progress_of(self, replay: Replay) -> None:
        """Remove the in-progress file if it holds (a prefix of) the game just recorded."""
        saved = self._saved_replay()
        if saved is not None and _continues(replay, saved):
            remove_durably(self.in_progress_path)

    def _saved_replay(self) -> Replay | None:
        loaded = self._load(self.in_progress_path, IN_PROGRESS_KIND, RecordedGame.from_data, None, True)
        return None if loaded.value is None else loaded.value.replay

    # --- files, lock and errors ------------------------------------------------------------
    @contextmanager
    def _lock(self) -> Iterator[None]:
        """The folder lock, held around every write; OSError (LockTimeout) when it cannot be taken.

        Nothing is ever written without it: a caller that gets the error writes nothing.
        """
        with DataLock(self.data_dir, self.lock_timeout, self.on_wait):
            yield

    @contextmanager
    def _reading(self) -> Iterator[bool]:
        """The folder lock for a read, yielding True; when the folder refuses the lock file
        (a read-only folder), the read goes on unlocked, yielding False: such a read changes
        nothing on disk. A busy lock still raises LockTimeout."""
        try:
            lock = DataLock(self.data_dir, self.lock_timeout, self.on_wait)
            lock.__enter__()
        except LockTimeout:
            raise
        except OSError as error:
            self._note_error(error, self.data_dir / LOCK_NAME)
            self._blocked = True  # the folder refuses even the lock file: nothing can be saved
            yield False
            return
        try:
            yield True
        finally:
            lock.__exit__(None, None, None)

    def _load(
        self, path: Path, kind: FileKind, parse: Callable[[Any], T], now: datetime | None, locked: bool
    ) -> Loaded[T]:
        loaded = load_document(path, kind, parse, self._time(now), may_move=locked and not self._blocked)
        if loaded.notice is not None:
            self._add_notice(loaded.notice)
        if loaded.blocks_writing:
            self._blocked = True
        return loaded

    def _read_book(self, now: datetime | None, locked: bool = True) -> ScoreBook:
        """The scores file as on disk now; rebuilt from the archive when missing or unreadable.

        Always read afresh: a cache keyed on file metadata could miss another instance's
        write, and this is the read of read-merge-write. Only a ``locked`` read changes
        files (sets a damaged one aside, writes the rebuilt table).
        """
        loaded = self._load(self.scores_path, SCORES_KIND, ScoreBook.from_data, now, locked)
        book = loaded.value
        if book is None and (loaded.notice is None or loaded.notice.kind in _DAMAGED):
            book = self._rebuild(now, writable=locked and not self._blocked, damaged=loaded.notice is not None)
        elif book is None:
            book = ScoreBook()  # a newer or unreadable table: kept as it is, shown empty
        self._cache = (_signature(self.scores_path), book)
        return _copy(book)

    def _rebuild(self, now: datetime | None, writable: bool, damaged: bool) -> ScoreBook:
        """The tables again, from the archived replays (the record of truth).

        Writable: unreadable archived games are set aside and a table is always written,
        so a later record never prunes against an empty one. Otherwise in memory only.
        """
        if not damaged and not self.archive.stored_ids():
            return ScoreBook()  # a new data folder: nothing to rebuild, nothing to say
        rebuilt = rebuild_from_archive(self.archive, self._time(now), may_move=writable)
        for notice in rebuilt.notices:
            self._add_notice(notice)
        if writable:
            try:
                write_atomic(self.scores_path, encode(SCORES_KIND, rebuilt.book.to_data()))
            except OSError as error:
                self._note_error(error, self.scores_path)
                self._blocked = True  # no table on disk: writing now could lose archived games
            self._add_notice(StorageNotice(NoticeKind.SCORES_REBUILT, str(self.scores_path)))
        return rebuilt.book

    def _book(self, now: datetime | None, force: bool = False) -> ScoreBook:
        """The scores as last written by anyone (re-read when the file changed)."""
        if not force and self._cache is not None and self._cache[0] == _signature(self.scores_path):
            return self._cache[1]
        try:
            with self._reading() as locked:
                return self._read_book(now, locked)
        except OSError as error:
            self._note_error(error, self.data_dir)
            return self._cache[1] if self._cache is not None else ScoreBook()

    def _time(self, now: datetime | None) -> datetime | None:
        """``now``, else the caller's clock: when a damaged file is set aside."""
        return now if now is not None or self.clock is None else check_aware(self.clock())

    def _note_error(self, error: OSError, fallback: Path) -> None:
        self._add_notice(notice_of_error(error, fallback))

    def _add_notice(self, notice: StorageNotice) -> None:
        if notice not in self.notices:
            self.notices.append(notice)


class ReadOnly(Exception):
    """Writing is blocked this session (a file we must keep); the notice already says why."""


def _recorded_id(book: ScoreBook, game: RecordedGame) -> str | None:
    """The id under which ``book`` holds ``game`` (any replay of it, in the same seat), or
    None. A game played alone is known by its identity, which every seated game recorded
    marks as seen too: recorded from one seat, its replay alone is "already recorded"."""
    if book.has(game.replay_id):
        return game.replay_id
    if game.seat is not None:
        return None  # another seat's game of the same moves is another result
    older = content_id(game.replay)  # recorded by an earlier version, under its content hash
    return older if book.has(older) else None


def _continues(replay: Replay, saved: Replay) -> bool:
    """True when ``replay`` is the game ``saved`` was saved from, played on."""
    return (
        saved.seed == replay.seed
        and saved.difficulty is replay.difficulty
        and replay.actions[: len(saved.actions)] == saved.actions
    )


def _signature(path: Path) -> tuple[int, ...] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino)


def _copy(book: ScoreBook) -> ScoreBook:
    return ScoreBook(
        {d: list(t) for d, t in book.tables.items()}, dict(book.statistics), list(book.recent), list(book.seen)
    )
