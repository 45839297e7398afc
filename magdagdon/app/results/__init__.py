"""After a game: game over with its review, the name entry, the high-score tables and the
replay viewer."""
