"""Party play on one screen: the set-up, the hand-over between players, the players' row
and strip beside the table, and the results (the party itself is ``magdagdon.party``)."""
