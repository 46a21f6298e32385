"""Who a browser is: one-time sign-in links and the signed cookie they leave behind.

A person with a key asks for a link in the SSH lobby; the link names a random token the server
keeps in memory for ``LINK_SECONDS`` and forgets as it is used (a restart forgets them all: a
link never outlives the server that made it, so none can be replayed). Using it gives the
browser a cookie, ``identity|issued`` and its HMAC-SHA256 under the server's secret, a random key
made once and kept beside the host key (readable by its owner only), so a cookie holds across a
restart and cannot be made or changed without that file.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import secrets
import time
from pathlib import Path

from caravan_tui.files import read_regular

SECRET = "web_secret"  #: the secret's file in the server's folder
SECRET_BYTES = 32
LINK_SECONDS = 10 * 60  #: a sign-in link works this long, once
COOKIE_SECONDS = 30 * 24 * 3600  #: a browser stays signed in this long
MAX_LINKS = 10_000  #: links waiting to be used, over everyone (the oldest go first)
LINKS_EACH = 3  #: links waiting for one person (asking again drops their oldest)
MAX_COOKIE = 400  #: characters of a cookie's value (an identity is under 100)
TOKEN_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
TOKEN_LENGTH = 32  #: a token's characters (24 random bytes)


def server_secret(path: Path) -> bytes:
    """The secret cookies are signed with, made on the first start and kept (owner only)."""
    if path.exists():
        secret = read_regular(path, 1024)
        if len(secret) != SECRET_BYTES:
            raise ValueError(f"{path} is not a secret this server made: remove it to make another")
        return secret
    secret = secrets.token_bytes(SECRET_BYTES)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(secret)
    return secret


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Cookies:
    """Sign an identity into a cookie's value, and read one back (None: not one we signed, or
    too old)."""

    def __init__(self, secret: bytes, lifetime: float = COOKIE_SECONDS) -> None:
        self._secret, self.lifetime = secret, lifetime

    def _mac(self, payload: bytes) -> bytes:
        return hmac.new(self._secret, b"caravan-tui web seat\0" + payload, hashlib.sha256).digest()

    def sign(self, identity: str, now: float | None = None) -> str:
        payload = f"{identity}|{int(time.time() if now is None else now)}".encode()
        return f"{_b64(payload)}.{_b64(self._mac(payload))}"

    def identity(self, value: str | None, now: float | None = None) -> str | None:
        if not value or len(value) > MAX_COOKIE or value.count(".") != 1:
            return None
        payload_text, mac_text = value.split(".")
        try:
            payload, mac = _unb64(payload_text), _unb64(mac_text)
        except (binascii.Error, ValueError):
            return None
        if not hmac.compare_digest(mac, self._mac(payload)):
            return None
        identity, _, issued = payload.decode("utf-8", "replace").rpartition("|")
        if not identity or not issued.isdigit():
            return None
        age = (time.time() if now is None else now) - int(issued)
        return identity if -60 <= age <= self.lifetime else None


class SignInLinks:
    """The tokens of sign-in links not used yet: ``make(identity)`` gives one, ``use(token)``
    the identity it was made for, once (None: unknown, used or expired)."""

    def __init__(self, lifetime: float = LINK_SECONDS) -> None:
        self.lifetime = lifetime
        self._waiting: dict[str, tuple[str, float]] = {}  # token: identity, when it expires (oldest first)

    def make(self, identity: str) -> str:
        self._forget_expired()
        theirs = [token for token, (whose, _) in self._waiting.items() if whose == identity]
        for token in theirs[: max(0, len(theirs) - LINKS_EACH + 1)]:
            del self._waiting[token]
        while len(self._waiting) >= MAX_LINKS:
            del self._waiting[next(iter(self._waiting))]
        token = secrets.token_urlsafe(24)
        self._waiting[token] = (identity, time.monotonic() + self.lifetime)
        return token

    def peek(self, token: str) -> str | None:
        """Whose link ``token`` is, leaving it to be used."""
        if not well_formed(token):
            return None
        identity, expires = self._waiting.get(token, ("", 0.0))
        return identity if identity and expires > time.monotonic() else None

    def use(self, token: str) -> str | None:
        identity = self.peek(token)
        if identity is not None:
            del self._waiting[token]
        return identity

    def _forget_expired(self) -> None:
        now = time.monotonic()
        for token in [token for token, (_, expires) in self._waiting.items() if expires <= now]:
            del self._waiting[token]


def well_formed(token: str) -> bool:
    return len(token) == TOKEN_LENGTH and set(token) <= TOKEN_CHARACTERS
