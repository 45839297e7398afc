"""The world board's address as the game keeps it, reads it from a player and shows it.

There is no built-in address: a game sends players' names only to a board someone chose —
``board_url`` in settings.json (typed in Settings) or in a kiosk's kiosk.json
(docs/BOARD.md says why). An address is an ``http://`` or ``https://`` URL naming a host,
an optional port and path, and nothing else (no user, query or fragment). No network code
here: this is read at start-up, by the files' checks and in Settings."""

from __future__ import annotations

import ipaddress
import re
from enum import Enum
from urllib.parse import urlsplit

MAX_ADDRESS_CHARACTERS = 200
# A host name's labels: letters (any script, as typed; the resolver turns them to IDNA),
# digits and hyphens, never starting or ending with a hyphen.
_LABEL = re.compile(r"(?!-)[\w-]{1,63}(?<!-)")
_PATH = re.compile(r"(/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)*")


class AddressProblem(Enum):
    """Why a typed text is not a board's address (each has a line in the catalogs)."""

    SCHEME = "scheme"  # not http:// or https://
    HOST = "host"  # no host, or not a host name or an IP address
    PORT = "port"  # a port that is not 1 to 65535
    FORM = "form"  # spaces, a user, a query or a fragment, or too long


class BadAddress(ValueError):
    def __init__(self, problem: AddressProblem, text: str) -> None:
        super().__init__(f"{text!r} is not a board's address ({problem.value})")
        self.problem = problem


def check_board_address(text: str) -> str:
    """``text`` as a board's address (surrounding spaces and a final ``/`` dropped, the scheme
    and host in small letters); BadAddress saying why it is not one."""
    address = text.strip()
    if len(address) > MAX_ADDRESS_CHARACTERS or any(c.isspace() or not c.isprintable() for c in address):
        raise BadAddress(AddressProblem.FORM, text)
    scheme, _, rest = address.partition("://")
    if scheme.lower() not in ("http", "https") or not _:
        raise BadAddress(AddressProblem.SCHEME, text)
    try:
        parts = urlsplit(address)
        port = parts.port
    except ValueError:  # a port that is no number, or out of range; a broken [IPv6]
        bracketed = rest.startswith("[")  # an IPv6 address: its brackets, not a port, are wrong
        raise BadAddress(AddressProblem.HOST if bracketed else AddressProblem.PORT, text) from None
    if parts.username is not None or parts.password is not None or parts.query or parts.fragment or "?" in rest \
            or "#" in rest or not _PATH.fullmatch(parts.path):
        raise BadAddress(AddressProblem.FORM, text)
    host = parts.hostname or ""
    if not _is_host(host):
        raise BadAddress(AddressProblem.HOST, text)
    if port == 0 or (port is None and parts.netloc.endswith(":")):
        raise BadAddress(AddressProblem.PORT, text)
    netloc = parts.netloc.lower() if host.isascii() else parts.netloc
    return f"{scheme.lower()}://{netloc}{parts.path.rstrip('/')}"


def typed_board_address(text: str) -> str:
    """What a player typed, as a board's address: ``https://`` is understood when no scheme is
    typed (``board.example.org``); BadAddress saying why it is not one."""
    typed = text.strip()
    return check_board_address(typed if "://" in typed or not typed else "https://" + typed)


def board_host(address: str) -> str:
    """The address as Settings shows it: the host (and port), without the scheme."""
    return urlsplit(address).netloc or address


def _is_host(host: str) -> bool:
    if not host:
        return False
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    labels = host.rstrip(".").split(".")
    return all(_LABEL.fullmatch(label) and "_" not in label for label in labels)
