"""Counting what one address asks of the web seat, and which address asked."""

from __future__ import annotations

import time
from collections import deque

MAX_ADDRESSES = 10_000  #: addresses a window remembers (past it, the quiet ones are forgotten first)


class Window:
    """At most ``most`` events from one address in any ``seconds``: ``allow(address)`` counts
    one and says whether it is within them (one refused is not counted)."""

    def __init__(self, most: int, seconds: float) -> None:
        self.most, self.seconds = most, seconds
        self._seen: dict[str, deque[float]] = {}

    def allow(self, address: str) -> bool:
        now = time.monotonic()
        seen = self._seen.pop(address, None) or deque()
        while seen and now - seen[0] >= self.seconds:
            seen.popleft()
        if len(self._seen) >= MAX_ADDRESSES:
            del self._seen[next(iter(self._seen))]  # (the one heard from longest ago)
        self._seen[address] = seen  # (last: the most recently heard from)
        if len(seen) >= self.most:
            return False
        seen.append(now)
        return True


def client_address(peer: str | None, forwarded_for: str | None, trusted: frozenset[str]) -> str:
    """The address a request came from: its peer's, unless the peer is a proxy we trust, whose
    ``X-Forwarded-For`` is then read from its end (the address the last untrusted hop handed it
    to our proxies with; what the client wrote in front of that is not believed)."""
    address = peer or "?"
    if address not in trusted or not forwarded_for:
        return address
    hops = [hop.strip() for hop in forwarded_for[:1000].split(",")]
    for hop in reversed(hops):
        if hop and hop not in trusted:
            return hop[:64]
    return address
