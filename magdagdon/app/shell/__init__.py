"""The game's shell: the window, the one fixed-step loop, the state machine and the screens it
makes, the typed play context and payloads the states hand each other, the command line's
options and what the game first opens on (a player's start, the demo, the hidden
``--scene`` openings)."""
