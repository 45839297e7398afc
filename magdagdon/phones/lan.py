"""The address phones reach the host at: the LAN address of the interface that carries the
default route, found by "connecting" a UDP socket (no packet is sent) and reading its own
address. Loopback when there is no network (then only this machine can join)."""

from __future__ import annotations

import ipaddress
import socket

# A documentation address (RFC 5737): never answered, only used to pick the route.
_PROBE = ("192.0.2.1", 9)
LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return LOOPBACK
    return address if not parsed.is_unspecified else LOOPBACK
