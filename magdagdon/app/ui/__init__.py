"""The widgets every screen shares: the menus' pygame_gui manager and theme, the menu and
text-entry states the menus and dialogs are built on, the table's buttons, the palette and
the bounded caches of drawn things."""
