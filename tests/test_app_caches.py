"""Drawing caches stay within their budgets over an evening of games: a kiosk plays hundreds
of games in one process, and each MAGDAGDON banner differs (its dice), so a cache of a
hundred window-sized banners grew the process by tens of megabytes; fitting text tries
sizes, each an open font."""

import gc
import os
import weakref

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from pygame_gui import UIManager  # noqa: E402
from pygame_gui.core.utility import set_default_manager  # noqa: E402

from magdagdon.app.text.fonts import FontBook  # noqa: E402
from magdagdon.app.ui.menu_ui import MenuUI  # noqa: E402
from magdagdon.app.ui.bounded_cache import surface_bytes  # noqa: E402
from magdagdon.app.table.hud import draw_banner  # noqa: E402
from magdagdon.app.text.text_layout import TextSetter  # noqa: E402
from magdagdon.app.ui.menu import MenuState  # noqa: E402
from magdagdon.app.ui import palette  # noqa: E402
from magdagdon.app.ui.ui_theme import button_corner_radius, uncached_shapes  # noqa: E402
from magdagdon.app.ui.widgets import button_shadow  # noqa: E402
from support.player import Player  # noqa: E402


def test_distinct_banners_stay_within_their_budget():
    pygame.display.init()
    pygame.font.init()
    fonts = FontBook(window=(1920, 1080))
    surface = pygame.Surface((1920, 1080))
    rect = pygame.Rect(200, 200, 1500, 600)
    for dice in range(40):
        draw_banner(surface, fonts, rect, "MAGDAGDON!", [f"These dice {dice} cannot be placed."])
    kept = sum(surface_bytes(image) for image, _ in fonts.banners.values())
    assert 1 <= len(fonts.banners) < 40
    assert kept <= FontBook.BANNER_WINDOWS * 4 * 1920 * 1080


def test_texts_drawn_at_every_size_open_each_face_once_and_measure_as_fresh_fonts(monkeypatch):
    pygame.display.init()
    pygame.font.init()
    opened = []
    real_font = pygame.font.Font
    monkeypatch.setattr(pygame.font, "Font", lambda *args: opened.append(args) or real_font(*args))
    fonts = FontBook()
    words = "پاسے MAGDAGDON"  # a Nastaliq run reaching above Latin's ascent, a space between runs, a Latin run
    for size in range(8, 200):
        fonts.render(f"{words} {size}", size, (255, 255, 255))
        fonts.render(f"{words} {size}", size, (255, 255, 255), bold=True)
    # Of some 380 sizes and faces asked for: a few fonts per face, set to each size, never
    # opened again (the bound held by a number too, not only by the setter's own constant).
    assert fonts.setter.open_fonts() == len(opened) <= 8 * TextSetter.SIZES_PER_FACE <= 64
    # What was measured at other sizes is not taken for this one: as a book that drew nothing else.
    for size in (61, 30, 12, 45, 20, 33):  # more sizes than a face keeps open
        fresh = FontBook()
        assert fonts.baseline(words, size) == fresh.baseline(words, size)
        assert fonts.size(words, size) == fresh.size(words, size)
        assert (pygame.image.tobytes(fonts.render(words, size, (255, 255, 255)), "RGBA")
                == pygame.image.tobytes(fresh.render(words, size, (255, 255, 255)), "RGBA"))


def test_a_menu_manager_let_go_is_freed_with_its_fonts_and_theme():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    set_default_manager(None)  # as when the game starts: its first manager becomes pygame_gui's default
    told = []
    ui = MenuUI((800, 600), on_drop=lambda: told.append(True))
    first = weakref.ref(ui.manager)
    ui.resize((1024, 768))
    ui.manager  # the new one
    gc.collect()
    assert first() is None
    assert told == [True]


def _pixels_waiting_for_the_collector() -> int:
    """Bytes of pygame images held only by reference cycles right now (found, then freed)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
    finally:
        gc.set_debug(0)
    waiting = sum(surface_bytes(item) for item in gc.garbage if isinstance(item, pygame.Surface))
    seen = {id(item) for item in gc.garbage}
    for item in gc.garbage:  # images referred to from the cycles (a Surface is not tracked itself)
        for held in gc.get_referents(item):
            if isinstance(held, pygame.Surface) and id(held) not in seen:
                seen.add(id(held))
                waiting += surface_bytes(held)
    gc.garbage.clear()
    gc.collect()
    return waiting


def test_menus_left_behind_leave_no_button_images_for_the_collector(tmp_path):
    """Opening and leaving menus (their buttons are pygame_gui elements, whose text layouts
    and rows point at each other) lets every button's images go at once, not at the
    collector's next full pass: random play left tens of MB waiting between two."""
    from support.player import Player

    player = Player(tmp_path, size=(1280, 720), seed=7)
    try:
        player.wait(1.0)
        _pixels_waiting_for_the_collector()
        gc.disable()  # only what reference counting frees counts
        try:
            for _ in range(3):
                player.key(pygame.K_ESCAPE)  # the title's menu over the table…
                player.choose("settings")
                player.key(pygame.K_ESCAPE)
                player.key(pygame.K_ESCAPE)  # …and back to the table
            assert player.top_key == "rolling"
            waiting = _pixels_waiting_for_the_collector()
        finally:
            gc.enable()
        assert waiting < 200_000, f"{waiting / 2**20:.1f} MB of images left to the collector"
    finally:
        player.close()
        pygame.display.quit()


def test_the_menu_theme_keeps_no_sheets_of_shapes():
    """pygame_gui's theme would keep 1024×1024 sheets of drawn shapes (4 MB each, up to 12)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    set_default_manager(None)
    ui = MenuUI((800, 600))
    import pygame_gui

    for index in range(20):
        pygame_gui.elements.UIButton(pygame.Rect(10, 10 + index * 25, 100 + index * 7, 22), "", ui.manager)
    ui.update(0.1)
    assert ui.manager.get_theme().shape_cache.cache_surfaces == []


def test_menu_buttons_draw_their_other_looks_only_when_they_take_them(tmp_path):
    player = Player(tmp_path, draw_log=False)
    player.wait(2.0)
    menu = player.top
    assert isinstance(menu, MenuState) and len(menu.buttons) >= 3

    def looks_drawn() -> dict[str, list[str]]:
        return {ident: [state_id for state_id, state in button.drawable_shape.states.items() if state.generated]
                for button, ident in menu.buttons}

    # Four images the size of the button each, before: now the normal look alone.
    assert all(looks == ["normal"] for looks in looks_drawn().values())
    button, ident = menu.buttons[1]
    button.select()  # as pygame_gui does to a button the player picks
    player.wait(1.0)
    drawn = looks_drawn()
    assert drawn.pop(ident) == ["normal", "selected"]  # drawn when it was taken
    assert button.drawable_shape.active_state.state_id == "selected"
    assert button.drawable_shape.get_fresh_surface().get_size() == button.rect.size
    assert all(looks == ["normal"] for looks in drawn.values())


def _live_surfaces() -> list[pygame.Surface]:
    """Every pygame image Python holds now (as ``scripts/soak_memory.py`` counts them): a
    Surface is not tracked by the collector, nor a tuple or dict holding only such, so all
    that the tracked objects hold is walked."""
    gc.collect()
    found: dict[int, pygame.Surface] = {}
    todo = gc.get_objects()
    seen = {id(item) for item in todo}
    while todo:
        for held in gc.get_referents(todo.pop()):
            if id(held) in seen:
                continue
            seen.add(id(held))
            if type(held) is pygame.Surface:
                found[id(held)] = held
            elif type(held) in (dict, tuple, list, set, frozenset):
                todo.append(held)
    return list(found.values())


def test_menu_buttons_keep_one_image_per_look_they_show_and_the_game_draws_each_look_as_the_rounded_theme(tmp_path):
    """pygame_gui kept seven images the size of a button for its one look shown (the look,
    its copy before the text, the text's, the text layout's and its row's, a blank to start
    from, the copy the button shows): 9.7 MB for the settings' buttons at 1920×1080. Its
    looks are now transparent click targets; the game draws each button's body in the look
    pygame_gui drew it in when it drew rounded buttons itself (some 16 ms a look)."""
    from pygame_gui.elements import UIButton

    player = Player(tmp_path, (1920, 1080), draw_log=False, scene="settings")
    try:
        player.wait(2.0)
        menu = player.top
        assert player.top_key == "settings" and len(menu.buttons) >= 10

        def button_sized_bytes() -> int:
            sizes = {button.rect.size for button, _ in menu.buttons}
            return sum(surface_bytes(s) for s in _live_surfaces() if s.get_size() in sizes)

        one_look_each = sum(button.rect.width * button.rect.height * 4 for button, _ in menu.buttons)
        assert button_sized_bytes() <= one_look_each
        button, _ = menu.buttons[2]
        button.select()  # a second look, drawn when taken
        player.wait(0.5)
        assert button_sized_bytes() <= one_look_each + button.rect.width * button.rect.height * 4

        # pygame_gui's looks: a stock button's in the same theme, and nothing to see.
        manager = player.menu_manager
        for index, (button, ident) in enumerate(menu.buttons):
            stock = UIButton(button.rect, "", manager, object_id=next(iter(button.object_ids[-1:]), None))
            if not button.is_enabled:
                stock.disable()
            if index == 2:
                stock.select()
            manager.update(0.5)
            assert (pygame.image.tobytes(button.image, "RGBA") == pygame.image.tobytes(stock.image, "RGBA")), ident
            assert button.image.get_bounding_rect().size == (0, 0), ident  # every pixel transparent
            stock.kill()

        # The game's: every look of every style as pygame_gui drew it rounded in the theme's colours.
        shown = _every_look_shown(menu)
        assert {look for _, look in shown.values()} == {"normal", "hovered", "selected", "active", "disabled"}
        assert {style for style, _ in shown.values()} >= {"", "#primary", "#chosen"}
        canvas = pygame.Surface((1920, 1080))
        canvas.fill(palette.PANEL)
        menu.draw_button_bodies(canvas)
        reference = _rounded_theme_manager((1920, 1080))
        for button, ident in menu.buttons:
            style, look = shown[ident]
            shadow = button_shadow(button.rect.height)
            drawn = canvas.subsurface(button.rect.inflate(0, 2 * shadow)).copy()
            expected = _as_pygame_gui_drew_it(reference, button.rect, style, look)
            _assert_same_look(drawn, expected, pygame.Rect((0, shadow), button.rect.size),
                              button_corner_radius((1920, 1080)), f"{ident} ({style or 'plain'}, {look})")
    finally:
        player.close()


def _every_look_shown(menu: MenuState) -> dict[str, tuple[str, str]]:
    """Put the menu's buttons in every look a player can give them (one hovered, one held,
    one selected; the disabled one as it is): ident -> (style, look shown)."""
    from magdagdon.app.ui.button_labels import button_style, shown_look

    enabled = [button for button, _ in menu.buttons if button.is_enabled and not button.is_selected]
    enabled[0].hovered = True  # as pygame_gui sets them under the pointer and while pressed
    enabled[1].held = True
    enabled[3].select()
    return {ident: (button_style(button), shown_look(button)) for button, ident in menu.buttons}


def _rounded_theme_manager(size: tuple[int, int]) -> UIManager:
    """A pygame_gui manager that draws the menus' buttons rounded, in the colours of the
    game's theme file: the look before the game drew them itself."""
    import json

    from magdagdon.assets_path import asset_path

    with open(asset_path("theme", "theme.json"), encoding="utf-8") as file:
        theme = json.load(file)
    misc = {"shape": "rounded_rectangle", "shape_corner_radius": str(button_corner_radius(size)),
            "border_width": theme["defaults"]["misc"]["border_width"], "shadow_width": "0"}
    blocks = {name: {"colours": block["colours"]} for name, block in theme.items()
              if name.startswith("#") and "colours" in block}
    manager = UIManager(size, {"button": {"colours": theme["defaults"]["colours"], "misc": misc}, **blocks})
    manager.get_theme().shape_cache = uncached_shapes()
    return manager


def _as_pygame_gui_drew_it(manager: UIManager, rect: pygame.Rect, style: str, look: str) -> pygame.Surface:
    """The button's place on the panel with pygame_gui's rounded look over the table's
    shadow (no shadow under a pressed or disabled button), as the menus drew it before."""
    from pygame_gui.elements import UIButton

    stock = UIButton(rect, "", manager, object_id=style or None)
    stock.drawable_shape.redraw_state(look)
    image = stock.drawable_shape.states[look].surface
    stock.kill()
    shadow = button_shadow(rect.height)
    place = pygame.Surface((rect.width, rect.height + 2 * shadow))
    place.fill(palette.PANEL)
    if look not in ("active", "disabled"):
        radius = min(button_corner_radius(manager.window_resolution), rect.height // 2)
        pygame.draw.rect(place, palette.SHADOW, pygame.Rect(0, 2 * shadow, *rect.size), border_radius=radius)
    place.blit(image, (0, shadow), special_flags=pygame.BLEND_PREMULTIPLIED)
    return place


def _assert_same_look(drawn: pygame.Surface, expected: pygame.Surface, body: pygame.Rect, radius: int,
                      what: str) -> None:
    """Every pixel the same, but in the rounded corners of ``body`` (where the button lies in
    the pictures), where the smoothing of the curve may differ by a fraction of a pixel's
    cover (pygame_gui's fill's curve is squeezed by a hair, its rim's is not): at most a
    quarter of the way from one colour to the next there."""
    corners = [pygame.Rect(x, y, radius, radius) for x in (body.left, body.right - radius)
               for y in (body.top, body.bottom - radius)]
    masked = []
    for picture in (drawn, expected):
        picture = picture.copy()
        for corner in corners:
            picture.fill((255, 0, 255), corner)
        masked.append(pygame.image.tobytes(picture, "RGB"))
    assert masked[0] == masked[1], f"{what}: differs outside its corners"
    worst = max(max(abs(a - b) for a, b in zip(drawn.get_at(spot)[:3], expected.get_at(spot)[:3]))
                for corner in corners for spot in ((x, y) for x in range(corner.left, corner.right)
                                                   for y in range(corner.top, corner.bottom)))
    assert worst <= 64, f"{what}: a corner's pixel {worst} off"


def test_every_style_and_look_of_the_theme_is_drawn_as_pygame_gui_drew_it_rounded():
    """Each style of the theme (plain, primary, gold, danger) in each look (pressed: darker,
    rimmed in gold; disabled: dim), at the smallest window, a common one and 4K."""
    pygame.display.init()
    pygame.display.set_mode((800, 600))
    from magdagdon.app.ui.button_body import draw_body
    from magdagdon.app.ui.ui_theme import BUTTON_LOOKS, button_body, button_rim_width

    for window, size in (((800, 600), (331, 41)), ((1920, 1080), (702, 73)), ((3840, 2160), (1403, 146))):
        reference = _rounded_theme_manager(window)
        radius = button_corner_radius(window)
        for style in ("", "#primary", "#chosen", "#danger"):
            for look in BUTTON_LOOKS:
                shadow = button_shadow(size[1])
                expected = _as_pygame_gui_drew_it(reference, pygame.Rect((0, 0), size), style, look)
                drawn = pygame.Surface(expected.get_size())
                drawn.fill(palette.PANEL)
                body = pygame.Rect((0, shadow), size)
                if look not in ("active", "disabled"):
                    pygame.draw.rect(drawn, palette.SHADOW, body.move(0, shadow), border_radius=radius)
                draw_body(drawn, body, button_body(style, look), radius, button_rim_width())
                _assert_same_look(drawn, expected, body, radius, f"{window} {style or 'plain'} {look}")


def test_the_menus_manager_opens_no_font_of_the_games_and_a_language_needs_none(tmp_path, monkeypatch):
    """pygame_gui draws no word of the menus (the game draws them all): its manager opens
    only its own default fonts, once per window size, and a new language or Large text
    leaves it as it is. (Themed with the game's fonts, every language, Large text and size
    made a manager opening 18 fonts afresh: random play opened 10,286 in 30 minutes.)"""
    import pygame_gui.core.gui_font_pygame as gui_fonts

    opened = []
    real_font = gui_fonts.Font
    monkeypatch.setattr(gui_fonts, "Font", lambda *args, **kwargs: opened.append(args) or real_font(*args, **kwargs))
    player = Player(tmp_path, size=(1024, 768))
    player.wait(0.3)
    assert player.top_key == "title"  # its buttons are pygame_gui's
    manager = player.menu_manager
    assert manager is not None and len(opened) <= 2  # pygame_gui's default font and its bold
    assert not any("NotoSans" in str(args[0]) or "Nastaliq" in str(args[0]) for args in opened)  # none of the game's
    player.set_language("ur")
    player.change_settings(large_text=True)
    player.wait(0.2)
    assert player.menu_manager is manager and len(opened) <= 2
    player.close()


def _a_menu_button() -> tuple[MenuUI, "PlainButton"]:
    """A fresh menu (its own pygame_gui manager) at 800×600 with one button of the game's."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    set_default_manager(None)
    from magdagdon.app.ui.menu_button import PlainButton

    ui = MenuUI((800, 600))
    return ui, PlainButton(pygame.Rect(10, 10, 200, 50), "", ui.manager)


def test_a_menu_button_clipped_spares_the_look_it_shows():
    """A menu button shows its look's own image (not pygame_gui's copy of it): clipping the
    button, which pygame_gui does on the image shown, leaves the look whole."""
    ui, button = _a_menu_button()
    look = button.drawable_shape.states["normal"].surface
    assert button.image is look
    look.fill((200, 60, 90))  # a look to see (the menus' are transparent: the game draws their bodies)
    whole = pygame.image.tobytes(look, "RGBA")
    button._set_image_clip(pygame.Rect(0, 0, 50, 20))
    assert pygame.image.tobytes(look, "RGBA") == whole
    assert pygame.image.tobytes(button.image, "RGBA") != whole  # the button shown is clipped


def test_a_menu_button_made_disabled_keeps_only_its_disabled_look_and_draws_the_normal_one_when_enabled():
    """Settings' world board line is disabled until an address is set: its button kept the
    normal look it drew as it was made beside the disabled one it shows."""
    ui, button = _a_menu_button()
    ui.draw_states_when_shown(button)
    button.disable()
    ui.update(0.1)
    generated = [state_id for state_id, state in button.drawable_shape.states.items() if state.generated]
    assert generated == ["disabled"]
    button.enable()
    ui.update(0.1)
    from pygame_gui.elements import UIButton

    stock = UIButton(pygame.Rect(10, 70, 200, 50), "", ui.manager)
    ui.update(0.1)
    assert button.drawable_shape.active_state.state_id == "normal"
    assert pygame.image.tobytes(button.image, "RGBA") == pygame.image.tobytes(stock.image, "RGBA")
    stock.kill()
