"""Storage notices in plain words for the command line (the game uses its translations)."""

from __future__ import annotations

from magdagdon.storage import NoticeKind, StorageNotice

_NOTICE_TEXT = {
    NoticeKind.CORRUPT_MOVED_ASIDE: "{path} was damaged; it was moved aside to {moved_to} and the game goes on without it",
    NoticeKind.CORRUPT_UNMOVABLE: "{path} is damaged and cannot be moved aside; nothing will be saved",
    NoticeKind.NEWER_VERSION: "{path} was written by a newer MAGDAGDON; it is left untouched and nothing will be saved",
    NoticeKind.NOT_A_FOLDER: "{path} is not a folder; scores cannot be read or saved there",
    NoticeKind.NOT_READABLE: "{path} cannot be read; it is left untouched and nothing will be saved",
    NoticeKind.NOT_WRITABLE: "{path} cannot be written; scores cannot be saved",
    NoticeKind.DISK_FULL: "the disk is full ({path}); scores cannot be saved",
    NoticeKind.WRITE_FAILED: "writing {path} failed; scores cannot be saved",
    NoticeKind.BUSY: "another MAGDAGDON kept {path} locked; scores were not saved this time",
    NoticeKind.RESUME_INVALID: "the saved game {path} no longer replays; it was moved aside to {moved_to}",
    NoticeKind.SCORES_REBUILT: "{path} was missing or damaged and was rebuilt from the archived replays; "
                               "statistics now count those games only",
    NoticeKind.NOT_REGULAR: "{path} is a link or a special file (a pipe, a device), not ours to open; "
                            "scores cannot be saved",
    NoticeKind.SETTING_DROPPED: "{path} held a value it cannot use; that value was dropped and the other "
                                "settings are kept (the file as found was moved aside to {moved_to})",
    NoticeKind.DAILY_NEWER: "{path} was written by a newer MAGDAGDON and is left untouched: "
                            "results go to the score tables, not to Today's dice",
    NoticeKind.DAILY_REPAIRED: "{path} was damaged; it was moved aside to {moved_to}, what could be read is kept "
                               "and Today's dice tables were rebuilt from the archived replays",
    NoticeKind.RECOVERED_RESULT: "a finished game that a crash left unrecorded ({path}) was added to the scores",
}


def describe_notice(notice: StorageNotice) -> str:
    text = _NOTICE_TEXT[notice.kind]
    if notice.moved_to is None and "{moved_to}" in text:  # it could not be moved: say where it stays
        text = text.split(";")[0] + "; it is left where it is"
    return text.format(path=notice.path, moved_to=notice.moved_to)


def print_notices(notices: list[StorageNotice], stream) -> None:
    for notice in notices:
        print("note: " + describe_notice(notice), file=stream)
