"""Guests play from their phones: a room (pure), its web server and the phone page.

:mod:`.room` is the room and its rules (every rule asked of the engine); :mod:`.messages`
what a phone may send and is told; :mod:`.server` the aiohttp server on a thread of its own;
:mod:`.keeper` the room's file and the guests' results; :mod:`.lan` and :mod:`.qr` the
address and its QR code; ``page/`` the phone page. Never imports pygame (docs/PHONES.md).
"""

from .room import MAX_SEATS, Refusal, Room, RoomPhase, RoomRefused, RoomSnapshot, SeatSnapshot, SeatStatus, \
    new_room_code

__all__ = ["MAX_SEATS", "Refusal", "Room", "RoomPhase", "RoomRefused", "RoomSnapshot", "SeatSnapshot", "SeatStatus",
           "new_room_code"]
