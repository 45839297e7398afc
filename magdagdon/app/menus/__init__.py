"""The title (and pause) menu and the screens it opens: settings, how to play, about, play a
code, and the yes/no dialog."""
