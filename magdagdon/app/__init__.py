"""The playable game (pygame-ce + pygame_gui). Only this package imports pygame.

``control.Control`` owns the window and the services and runs the one loop (events from
an ``loop_io.EventSource``, time from a ``loop_io.Clock``: the real ones, or a script with
a fake clock in tests). ``state_machine`` holds the game states (Rolling, Staging,
Magdagdon, RuinPick, GameOver) and the menus stacked on top of them, made by key, each
handed the few services it uses; ``render`` draws; ``session`` is the one place that
calls the engine.
"""
