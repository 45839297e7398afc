"""``magdagdon board serve``: the world board's server (docs/BOARD.md).

``--db`` names the store: SQLite in the data folder when absent (``board.sqlite3``), or
``postgresql://user@host:port/database`` for a deployment. The schema is brought up to date
as it opens. SIGTERM or Ctrl+C stop it after the requests in progress are answered (exit 0).
A store that cannot be opened, a newer schema or a port in use is one line and exit 1.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from pathlib import Path

from typing import TYPE_CHECKING

from magdagdon.app.shell.options import data_dir_option

if TYPE_CHECKING:
    from magdagdon.board.limits import Rule

DEFAULT_PORT = 8766


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from magdagdon.board.limits import Limits

    commands = parser.add_subparsers(dest="action", required=True, metavar="serve")
    serve = commands.add_parser("serve", help="run the board's web server")
    serve.add_argument("--db", help="postgresql://... or sqlite:PATH (default: board.sqlite3 in the data folder)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)")
    serve.add_argument("--data-dir", type=data_dir_option, help="data folder of the default SQLite store")
    serve.add_argument("--verifiers", type=int, default=None, help="processes verifying replays (default: one a core)")
    serve.add_argument("--proxy", action="append", default=[], metavar="ADDRESS",
                       help="a load balancer whose X-Forwarded-For names the client (repeatable)")
    defaults = Limits()
    for name, rule, what in (("reads", defaults.reads_per_address, "requests to read, per address"),
                             ("games-per-address", defaults.games_per_address, "games sent, per address"),
                             ("games-per-installation", defaults.games_per_installation, "games sent, per installation")):
        serve.add_argument(f"--limit-{name}", type=_rule, default=rule, metavar="PER_MINUTE/BURST",
                           help=f"{what} (default {rule.per_minute:g}/{rule.burst})")


def _rule(text: str) -> "Rule":
    """``--limit-…``'s value, or argparse's one line saying what it should be."""
    from magdagdon.board.limits import Rule

    try:
        return Rule.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    if args.verifiers is not None and args.verifiers < 1:
        print("magdagdon board: --verifiers is at least 1", file=sys.stderr)
        return 2
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 0


async def serve(args: argparse.Namespace) -> int:
    from aiohttp import web

    from magdagdon.board.limits import Limits
    from magdagdon.board.migrations import NewerSchema
    from magdagdon.board.server import BoardNode
    from magdagdon.board.store import StoreUnavailable, open_board_store
    from magdagdon.board.verifiers import Verifiers
    from magdagdon.storage.data_dir import resolve_data_dir

    data_dir = Path(resolve_data_dir(args.data_dir))
    try:
        store = await open_board_store(args.db, data_dir)
    except (StoreUnavailable, NewerSchema, ValueError) as error:
        print(f"magdagdon board: {error}", file=sys.stderr)
        return 1
    verifiers = Verifiers(args.verifiers)
    runner: web.AppRunner | None = None
    try:
        await asyncio.get_running_loop().run_in_executor(None, verifiers.start)
        limits = Limits(args.limit_reads, args.limit_games_per_address, args.limit_games_per_installation)
        board = BoardNode(store, verifiers, limits, frozenset(args.proxy))
        runner = web.AppRunner(board.app(), access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, args.host, args.port).start()
        except OSError as error:
            print(f"magdagdon board: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
                  file=sys.stderr)
            return 1
        host, port = runner.addresses[0][:2]
        where = "PostgreSQL" if store.name == "postgresql" else f"SQLite {data_dir / 'board.sqlite3'}" \
            if args.db is None else f"SQLite {args.db[len('sqlite:'):]}"
        print(f"MAGDAGDON board on http://{host}:{port}/ ({where}, {verifiers.count} verifiers)", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(number, stop.set)
        await stop.wait()
        return 0
    finally:
        if runner is not None:
            await runner.cleanup()
        await store.close()
        verifiers.close()
