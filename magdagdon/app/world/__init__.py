"""The world board, from the game (docs/BOARD.md): the exchanges with the board on the worker,
its address typed in Settings, game over's line about a game sent, and *World* beside *This
table* in Today's dice."""
