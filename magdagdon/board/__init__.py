"""The world board: every player's Today's dice compared, each result a replay the engine
checks (docs/BOARD.md).

The server (``python -m magdagdon board serve``) is an aiohttp application over a store —
SQLite in the data folder by default, PostgreSQL for a deployment — with replays verified
in worker processes. The game's side (its installation key, the queue of games to send,
the HTTP client) lives here too; none of it imports pygame.
"""
