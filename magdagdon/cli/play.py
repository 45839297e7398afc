"""``magdagdon`` with no command: play the game (fullscreen by default)."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--difficulty", default=None, help="PEACEFUL, SURVIVAL or NIGHTMARE (default: as last time)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the game (shown on screen, shareable)")
    parser.add_argument("--data-dir", type=Path, default=None, help="folder for high scores and the saved game")
    parser.add_argument("--demo", action="store_true", help="attract mode: the game plays itself")
    parser.add_argument("--windowed", action="store_true", help="open in a window instead of fullscreen")
    parser.add_argument("--fullscreen", action="store_true", help="open fullscreen (default: as last time)")
    parser.add_argument("--size", default=None, help="window size WxH, e.g. 1280x720 (implies --windowed)")
    parser.add_argument("--frames", type=int, default=None, help="quit after N frames (tests, benchmarks)")
    parser.add_argument("--screenshot", type=Path, default=None, help="save the last frame as PNG")
    parser.add_argument("--mute", action="store_true", help="start with sound off (this run only)")
    parser.add_argument("--scene", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--lang", default=None, help="language: en, it, ur or hi (default: as last time, else the system's)")


def options_from(args: argparse.Namespace):
    from magdagdon.app.options import Options, parse_language, parse_size
    from magdagdon.engine import Difficulty

    size = parse_size(args.size) if args.size else None
    locale = parse_language(args.lang) if args.lang is not None else None
    # What is not given stays None: the saved settings fill it in (app.preferences).
    windowed = True if (args.windowed or size is not None) else (False if args.fullscreen else None)
    return Options(
        difficulty=Difficulty.from_name(args.difficulty) if args.difficulty else None, seed=args.seed,
        data_dir=args.data_dir, demo=args.demo, frames=args.frames, screenshot=args.screenshot,
        windowed=windowed, size=size, scene=args.scene, locale=locale, sound=False if args.mute else None,
    )


def run(args: argparse.Namespace) -> int:
    try:
        options = options_from(args)
    except ValueError as error:
        raise SystemExit(f"magdagdon: {error}") from None
    if options.scene is not None:
        from magdagdon.app.scenes import SCENES

        if options.scene not in SCENES:
            raise SystemExit(f"magdagdon: unknown scene {options.scene!r}; one of {', '.join(SCENES)}")
    from magdagdon.app.control import Control

    return Control(options).run(options.frames)
