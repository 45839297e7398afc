"""The playable game (pygame-ce + pygame_gui). Only this package imports pygame.

Laid out by feature (docs/ARCHITECTURE.md draws the map): ``shell`` owns the window, the
one loop, the state machine and the registry of screens (``shell.screens``); ``services``
the sound, the data folder and the settings; ``text`` the catalogs, fonts and the one text
layout; ``ui`` the widgets every screen shares; ``table`` the game as played (the session
is the one place that calls the engine); ``results``, ``menus``, ``party``, ``kiosk`` and
``phones`` their screens; ``players`` who moves and where the thinking runs; ``input`` the
devices; ``audit`` the draw log and the whole-screen judge.
"""
