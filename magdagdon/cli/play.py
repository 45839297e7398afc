"""``magdagdon`` with no command: play the game (fullscreen by default)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from magdagdon.app.shell.options import (
    data_dir_option,
    difficulty_option,
    frames_option,
    language_option,
    screenshot_option,
    code_option,
    seed_option,
    window_size,
)
from magdagdon.shown_value import shown

if TYPE_CHECKING:
    from magdagdon.app.shell.options import Options
    from magdagdon.app.shell.termination import Termination


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--difficulty", type=difficulty_option, default=None,
                        help="PEACEFUL, SURVIVAL or NIGHTMARE (default: as last time)")
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument("--seed", type=seed_option, default=None, help="seed of the game (shown on screen, shareable)")
    chosen.add_argument("--code", type=code_option, default=None, metavar="CODE",
                        help="play the game of a challenge code, its dice and difficulty, e.g. K9Y3V2J (shown at game over)")
    parser.add_argument("--data-dir", type=data_dir_option, default=None, help="folder for high scores and the saved game")
    parser.add_argument("--demo", action="store_true", help="attract mode: the game plays itself")
    parser.add_argument("--windowed", action="store_true", help="open in a window instead of fullscreen")
    parser.add_argument("--fullscreen", action="store_true", help="open fullscreen (default: as last time)")
    parser.add_argument("--size", type=window_size, default=None, help="window size WxH, e.g. 1280x720; at least 800x600 (implies --windowed)")
    parser.add_argument("--frames", type=frames_option, default=None, help="quit after N frames (tests, benchmarks)")
    parser.add_argument("--screenshot", type=screenshot_option, default=None, help="save the last frame as PNG")
    parser.add_argument("--kiosk", action="store_true",
                        help="party kiosk: locked fullscreen, attract loop, names on the table (see docs/KIOSK.md)")
    parser.add_argument("--mute", action="store_true", help="start with sound off (this run only)")
    parser.add_argument("--scene", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--lang", type=language_option, default=None, help="language: en, it, ur or hi (default: as last time, else the system's)")


def options_from(args: argparse.Namespace):
    from magdagdon.app.shell.options import Options

    size = None if args.size is None else args.size.size
    # What is not given stays None: the saved settings fill it in (app.services.preferences).
    windowed = True if (args.windowed or args.size is not None) else (False if args.fullscreen else None)
    return Options(
        difficulty=args.difficulty if args.code is None else args.code.difficulty or args.difficulty,
        seed=args.seed if args.code is None else args.code.seed,
        data_dir=args.data_dir, demo=args.demo, frames=args.frames, screenshot=args.screenshot,
        windowed=windowed, size=size, scene=args.scene, locale=args.lang, sound=False if args.mute else None,
        kiosk=args.kiosk,
    )


def run(args: argparse.Namespace) -> int:
    code, difficulty = args.code, args.difficulty
    if code is not None and code.difficulty is not None and difficulty not in (None, code.difficulty):
        print(f"magdagdon: argument --difficulty: the code plays {code.difficulty.name}, not {difficulty.name}",
              file=sys.stderr)
        return 2
    if args.size is not None and args.size.note is not None:
        print(f"magdagdon: {args.size.note}", file=sys.stderr)  # the game goes on with the size it names
    options = options_from(args)
    if options.scene is not None:
        from magdagdon.app.shell.scene_names import SCENES

        if options.scene not in SCENES:
            print(f"magdagdon: argument --scene: unknown scene {shown(options.scene)}; one of {', '.join(SCENES)}",
                  file=sys.stderr)
            return 2
    # Ctrl+C, SIGTERM and SIGHUP end the game cleanly from here on, also while pygame loads.
    from magdagdon.app.shell.termination import Termination

    termination = Termination()
    try:
        return _play(options, termination)
    finally:
        termination.release()


def _play(options: "Options", termination: "Termination") -> int:
    try:
        from magdagdon.app.shell.control import Control
    except ModuleNotFoundError as error:  # run by a Python the game was not installed into
        if error.name not in ("pygame", "pygame_gui", "icu", "regex"):
            raise
        raise SystemExit(f"magdagdon: {error.name} is missing from this Python ({sys.executable}): "
                         "install the game with `python -m pip install .`") from None
    from magdagdon.app.shell.window import NoDisplay
    from magdagdon.assets_path import AssetsMissing

    try:
        return Control(options, termination=termination).run(options.frames)
    except (AssetsMissing, NoDisplay) as error:  # a broken install, no screen: one line, status 1
        raise SystemExit(f"magdagdon: {error}") from None
