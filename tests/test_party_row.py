"""A party at a small window: every player's name, colour and score stay on the table in
a compact row under the top bar, without covering the table's own things."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from magdagdon.app.text.ellipsis import ELLIPSIS, shortened
from magdagdon.app.party.play import strip_entries
from magdagdon.app.party.row import chip_rects, draw_party_row, plan_party_row
from magdagdon.app.text.direction import Direction
from magdagdon.app.party.strip import plan_party_strip
from magdagdon.app.shell.scenes import EIGHT_SEATS
from magdagdon.app.table.table_state import PHASE_STATE

from support.party_player import play_is_computer, play_party, set_up_party
from support.player import Player

TABLE_STATES = ("rolling", "staging", "magdagdon", "ruin_pick")


def to_a_persons_turn(player: Player) -> None:
    """On from wherever the party is to a person's table."""
    for _ in range(200):
        if player.top_key == "party_handover":
            current = player.top.play.party.current
            if current is not None and not current.computer:
                player.choose("go")
            else:
                player.wait(0.5)
        elif player.top_key in TABLE_STATES and not play_is_computer(player) and waits_for_input(player):
            return
        else:
            player.wait(0.5)
    raise AssertionError(f"no person's turn came: {player.top_key}")


def waits_for_input(player: Player) -> bool:
    """The person's table shows the phase their game is in: not the moment after a confirm,
    when the table still shows the turn while the party is about to hand over (a look then
    could find the hand-over screen instead)."""
    state = player.top
    return len(player.stack) == 1 and player.top_key == PHASE_STATE[state.session.game.phase]


def chips_of(player: Player) -> list[pygame.Rect]:
    layout = player.layout
    play = player.table.party
    assert play is not None
    return chip_rects(layout.roster, len(play.players), layout.roster_rows, Direction(layout.rtl))


def table_things(player: Player) -> dict[str, pygame.Rect]:
    """The table's own rects, which the players' row must leave free."""
    layout = player.layout
    block = layout.board.union(layout.row_sums[0]).union(layout.col_sums[-1]).union(layout.banner)
    things = {"board": block, "tray": layout.tray, "primary": layout.primary, "take_back_all": layout.take_back_all,
              "powers": layout.powers, "score": layout.score, "guide": layout.guide, "top_bar": layout.top_bar,
              "menu": layout.menu_button, "hint": layout.hint_button}
    things.update({f"power{i}": rect for i, rect in enumerate(layout.power_buttons)})
    return things


def assert_row_is_clear(player: Player) -> None:
    width, height = player.viewport_size
    window = pygame.Rect(0, 0, width, height)
    chips = chips_of(player)
    for index, chip in enumerate(chips):
        assert window.contains(chip), f"chip {index} {chip} leaves the {width}x{height} window"
        for name, rect in table_things(player).items():
            assert not chip.colliderect(rect), f"chip {index} {chip} covers the {name} {rect}"
        for other in chips[index + 1:]:
            assert not chip.colliderect(other)


def drawn_name(name: str, texts: list[str]) -> bool:
    """``name`` is on screen whole, or as its start with an ellipsis."""
    return name in texts or any(ELLIPSIS in t and name.startswith(t.split(ELLIPSIS)[0]) and t.split(ELLIPSIS)[0]
                                for t in texts)


@pytest.mark.parametrize("size", [(800, 600), (1000, 700), (1024, 700)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_party_at_a_small_window_shows_every_name_and_score(tmp_path, size):
    player = Player(tmp_path, size=size, seed=7)
    try:
        set_up_party(player, [("ANA", False), ("BO", False), ("", True)])
        play_party(player, stop_after=14)  # a few turns in
        to_a_persons_turn(player)
        assert player.top_key in TABLE_STATES
        play = player.table.party
        assert play is not None
        layout = player.layout
        assert layout.strip is None and layout.roster_rows == 1
        texts = [text for text, _ in player.look()]
        for seat in play.players:
            assert seat.name in texts, f"{seat.name} is not on the table: {texts}"
            assert str(seat.game.score().total) in texts
        assert_row_is_clear(player)
    finally:
        player.close()


@pytest.mark.parametrize("lang", ["en", "ur", "hi", "it"])
def test_eight_players_at_800x600_in_two_rows_in_every_language(tmp_path, lang):
    player = Player(tmp_path, size=(800, 600), scene="party_turn_eight", seed=1, locale=lang)
    try:
        player.wait(0.3)
        play = player.table.party
        assert play is not None and len(play.players) == len(EIGHT_SEATS) == 8
        assert player.layout.roster_rows == 2
        texts = [text for text, _ in player.look()]
        for seat in play.players:
            assert drawn_name(seat.name, texts), f"{seat.name} is not on the table: {texts}"
            assert str(seat.game.score().total) in texts
        assert any(ELLIPSIS in t for t in texts), "the longest name should need shortening at 800 px"
        assert_row_is_clear(player)
        chips = chips_of(player)
        first_row = [chip for chip in chips if chip.top == chips[0].top]
        assert len(first_row) == 4
        # Seating order is reading order: from the right for a right-to-left reader.
        assert (chips[0].left > chips[1].left) == (lang == "ur")
    finally:
        player.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_large_windows_keep_the_strip_with_the_boards(tmp_path, size):
    player = Player(tmp_path, size=size, scene="party_turn", seed=1)
    try:
        player.wait(0.3)
        layout = player.layout
        assert layout.strip is not None and layout.roster is None
    finally:
        player.close()


def test_a_solo_game_has_no_players_row(tmp_path):
    player = Player(tmp_path, size=(800, 600), scene="staging", seed=1)
    try:
        player.wait(0.3)
        layout = player.layout
        assert layout.roster is None and layout.strip is None
    finally:
        player.close()


def test_a_long_name_is_shortened_with_an_ellipsis_in_its_own_direction(tmp_path):
    player = Player(tmp_path, size=(800, 600), scene="staging", seed=1)
    try:
        fonts = player.table.fonts
        short = shortened(fonts, "Wolfgang Amadeus", 16, 90)
        assert short.startswith("Wolf") and ELLIPSIS in short and fonts.size(short, 16, True)[0] <= 90
        assert short.endswith("\u200e")  # a left-to-right name keeps its "…" at its end in Urdu too
        assert shortened(fonts, "ANA", 16, 90) == "ANA"
        urdu = shortened(fonts, "عائشہ صدیقہ خان", 16, 40)
        assert urdu.endswith(ELLIPSIS + "\u200f") and fonts.size(urdu, 16, True)[0] <= 40
    finally:
        player.close()


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_the_portrait_strip_seats_players_in_reading_order(tmp_path, lang):
    player = Player(tmp_path, size=(1080, 1920), scene="party_turn_eight", seed=1, locale=lang)
    try:
        player.wait(0.3)
        state = player.table
        layout = player.layout
        tiles = plan_party_strip(state.fonts, layout.size, layout.strip, strip_entries(state.party, state.text),
                                 across=True)
        lefts = [tile.text_box.left for tile in tiles]
        assert lefts == sorted(lefts, reverse=lang == "ur")
        texts = [text for text, _ in player.look()]
        for seat in state.party.players:  # every name, whole or shortened, in its tile
            assert drawn_name(seat.name, texts), f"{seat.name} is not in the strip: {texts}"
    finally:
        player.close()


def test_signs_and_the_pointer_change_a_chip_without_colour(tmp_path):
    """A full board, the computer and the player to move each change the chip's picture,
    also when every player has the same colour (so colour alone is not the cue)."""
    player = Player(tmp_path, size=(800, 600), scene="party_turn_eight", seed=1)
    try:
        player.wait(0.3)
        state = player.table
        plain = strip_entries(state.party, state.text)[1]
        grey = replace(plain, colour=(150, 150, 150), current=False, computer=False, full=False)
        band = pygame.Rect(15, 50, 400, 36)

        def picture(entry):
            surface = pygame.Surface((800, 600))
            draw_party_row(surface, state.fonts, plan_party_row(state.fonts, (800, 600), band, 1, [entry]))
            return pygame.image.tobytes(surface, "RGB")

        base = picture(grey)
        for change in ({"full": True}, {"computer": True}, {"current": True}):
            assert picture(replace(grey, **change)) != base, change
        assert picture(replace(grey, full=True)) != picture(replace(grey, computer=True))
    finally:
        player.close()
