"""The game's shell: the window, the one fixed-step loop, the state machine and the screens it
makes, the typed play context and payloads the states hand each other, the command line's
options and the hidden ``--scene`` openings."""
