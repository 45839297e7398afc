"""The playable game (pygame-ce + pygame_gui). Only this package imports pygame.

``control.Control`` owns the window and the event queue; ``state_machine`` holds the
game states (Rolling, Staging, Magdagdon, RuinPick, GameOver) and the menus stacked
on top of them; ``render`` draws; ``session`` is the one place that calls the engine.
"""
