"""Who decides the moves, and where the thinking runs.

Each seat at the table has a controller that answers one question, ``next_action(game)``:
a person's seat never answers (their moves come from the input), the expert answers once
its search on the worker is done, a script (a recorded game played back) answers at once.
``Autoplay`` plays the seats no person holds at a pace people can follow: the demo and the
kiosk's attract loop, and a party's computer players. Every background thought — the
expert's moves and its reviews of finished games — runs on the one ``Worker``.
"""
