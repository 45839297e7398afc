"""The table: the session a game is played in, the five game states (Rolling, Staging,
Magdagdon, RuinPick; GameOver in ``results``), the board, tray, dice, score panel and top
bar, motion, hints, the coach and whether a run's games are coached."""
