"""A folder of one kind of record inside the data folder, one file per id (the parties, the
phones' rooms): each written atomically under the folder lock and never through a link out
of the data folder, each read checked, a damaged one set aside with a notice. Without a data
folder nothing is written and nothing is found: the record lives in memory only."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Generic, TypeVar

from .atomic_file import own_folder, write_atomic
from .document_file import Loaded, load_document
from .envelope import FileKind, encode
from .lock import DEFAULT_TIMEOUT, DataLock
from .notices import StorageNotice, notice_of_error

Record = TypeVar("Record")


class RecordFolder(Generic[Record]):
    def __init__(self, data_dir: Path | None, folder: str, kind: FileKind, checked: Callable[[Any], Record],
                 id_pattern: re.Pattern[str], lock_timeout: float = DEFAULT_TIMEOUT) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.folder = self.data_dir / folder if self.data_dir is not None else Path()
        self.kind, self.checked, self.id_pattern = kind, checked, id_pattern
        self.lock_timeout = lock_timeout
        self.notices: list[StorageNotice] = []

    def path_of(self, record_id: str) -> Path:
        return self.folder / f"{record_id}.json"

    def write(self, record_id: str, data: dict[str, Any], then: Callable[[], None] | None = None) -> bool:
        """Write ``data`` as ``record_id``'s file; False (and a notice) when it could not be
        written. ``then`` runs once the file is in place, under the same hold of the lock (a
        file that goes with it, changed so that no reader sees one without the other)."""
        if self.data_dir is None:
            return False
        path = self.path_of(record_id)
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            with DataLock(self.data_dir, self.lock_timeout):
                own_folder(self.folder)  # never a link out of the data folder
                write_atomic(path, encode(self.kind, data))
                if then is not None:
                    then()
        except OSError as error:
            self.notices.append(notice_of_error(error, path))
            return False
        return True

    def read(self, record_id: str, now: datetime | None = None,
             then: Callable[[Record], Record] | None = None,
             checked: Callable[[Any], Record] | None = None) -> Record | None:
        """``record_id``'s record, checked (by ``checked`` if given: a check that knows the
        id); None when there is none or it was set aside. ``then`` completes a record found,
        under the same hold of the lock."""
        if self.data_dir is None:
            return None
        try:
            with DataLock(self.data_dir, self.lock_timeout):
                loaded: Loaded[Record] = load_document(self.path_of(record_id), self.kind, checked or self.checked,
                                                       now)
                if loaded.value is not None and then is not None:
                    loaded = replace(loaded, value=then(loaded.value))
        except OSError as error:
            self.notices.append(notice_of_error(error, self.folder))
            return None
        if loaded.notice is not None:
            self.notices.append(loaded.notice)
        return loaded.value

    def ids_newest_first(self) -> list[str]:
        """The ids of the files in the folder (ids begin with their UTC start, so newest first)."""
        if self.data_dir is None:
            return []
        try:
            return sorted((p.stem for p in self.folder.glob("*.json") if self.id_pattern.fullmatch(p.stem)),
                          reverse=True)
        except OSError:
            return []

    def take_notices(self) -> list[StorageNotice]:
        notices, self.notices = self.notices, []
        return notices
