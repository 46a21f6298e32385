"""Length-framed msgpack maps over a byte stream (the hub ⇄ session socket, DESIGN §7).

A frame is a 4-byte big-endian length, then that many bytes of one msgpack map. A frame longer
than the reader allows ends the connection (nothing after it can be trusted to start a frame);
a frame of the right size that is not a map is a ``BadFrame``: the reader may refuse it and read on.
"""

from __future__ import annotations

import asyncio
import struct

import msgpack

HEADER = struct.Struct(">I")
#: what a person's session may send in one frame (a request is a few hundred bytes)
MAX_REQUEST = 64 * 1024
#: what the hub may send in one frame (a view with the whole log of a long match)
MAX_UPDATE = 8 * 1024 * 1024


class FrameTooLong(ConnectionError):
    """The peer announced a frame longer than allowed; the stream cannot be read on."""


class BadFrame(ValueError):
    """A frame that is not one msgpack map; the stream itself is still in step."""


def encode(message: dict) -> bytes:
    payload = msgpack.packb(message, use_bin_type=True)
    return HEADER.pack(len(payload)) + payload


async def read_frame(reader: asyncio.StreamReader, most: int, *, strict_keys: bool = True) -> dict:
    """The next frame's map. EOF (``asyncio.IncompleteReadError``) at the end of the stream,
    ``FrameTooLong`` past ``most`` bytes, ``BadFrame`` for anything but a map. ``strict_keys``:
    only text keys (a request never has others; a view may have number keys)."""
    (length,) = HEADER.unpack(await reader.readexactly(HEADER.size))
    if length > most:
        raise FrameTooLong(f"a frame of {length} bytes is over the {most}-byte limit")
    payload = await reader.readexactly(length)
    try:
        value = msgpack.unpackb(payload, raw=False, strict_map_key=strict_keys, use_list=True)
    except Exception as exc:  # msgpack raises several kinds for malformed data
        raise BadFrame(f"the frame is not msgpack ({type(exc).__name__})") from None
    if not isinstance(value, dict):
        raise BadFrame(f"a frame holds a map, not {type(value).__name__}")
    return value
