"""Game states (rolling, staging, magdagdon, ruin_pick, game_over) and menu overlays."""
