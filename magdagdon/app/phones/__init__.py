"""The host's side of phone play in the game: the room opened from the title, its lobby
(the QR code, the guests), the race while it plays and its results (docs/PHONES.md)."""
