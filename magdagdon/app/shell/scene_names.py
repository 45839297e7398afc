"""The names ``--scene`` takes and the screen each opens on. Apart from the scenes themselves
(:mod:`.scenes`), which play their positions with the AI: start-up needs the names only."""

from __future__ import annotations

from .screen_key import ScreenKey

GAME_SCENES = ("rolling", "staging", "magdagdon", "magdagdon_reroll", "magdagdon_beyond", "ruin_pick", "game_over")
MENU_SCENES = ("title", "settings", "rules", "high_scores", "about", "licences", "confirm")
PARTY_SCENES = ("party_handover", "party_turn", "party_turn_eight", "party_results")
# The phones' room with its guests, kept in memory (no server): scene -> (screen, guests)
_LOBBY, _RACE, _RESULTS = ScreenKey.PHONES_LOBBY, ScreenKey.PHONES_RACE, ScreenKey.PHONES_RESULTS
PHONE_SCENES = {"phones_lobby": (_LOBBY, 0), "phones_lobby_3": (_LOBBY, 3), "phones_lobby_20": (_LOBBY, 20),
                "phones_lobby_50": (_LOBBY, 50), "phones_race_3": (_RACE, 3), "phones_race_8": (_RACE, 8),
                "phones_race_20": (_RACE, 20), "phones_race_50": (_RACE, 50), "phones_results_3": (_RESULTS, 3),
                "phones_results_20": (_RESULTS, 20)}
# The state each scene opens on, where its name is not the state's.
SCENE_STATE = {"party_turn": ScreenKey.STAGING, "party_turn_eight": ScreenKey.STAGING,
               "magdagdon_beyond": ScreenKey.MAGDAGDON, "magdagdon_reroll": ScreenKey.MAGDAGDON, **{scene: state for scene, (state, _) in PHONE_SCENES.items()}}
# The game-over scene shows the result as recorded under the default name; this one shows
# the same finished game asking for the player's name first.
NAME_SCENE = "name_entry"
SCENES = GAME_SCENES + MENU_SCENES + (NAME_SCENE,) + PARTY_SCENES + tuple(PHONE_SCENES)
TURN_SCENES = ("party_turn", "party_turn_eight")  # party scenes that open on a player's turn
