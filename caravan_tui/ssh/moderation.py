"""Moderation of a public server (DESIGN §7): the operators named by key (``serve --admin-keys
FILE``), the keys banned (kept beside the matches, so a ban holds across restarts and on every
server sharing a database), chat muted for a time, and the moderation log every action lands
in. Pure: no Textual.

``ModerationFiles`` keeps them in the server's folder (``moderation.json``, ``moderation.log``);
``caravan_tui.pgstore.moderation.PgModeration`` in the database, behind the same interface.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import asyncssh

from caravan_tui.bus import MAX_NAME, line_problem
from caravan_tui.files import MiB, read_regular
from caravan_tui.hub_protocol import reason_problem
from caravan_tui.ssh.connection_log import ConnectionLog
from caravan_tui.ssh.records import IDENTITY, read_json, write_json

MAX_ADMIN_KEYS = 1000  #: operators' keys in a file
MAX_BANS = 100_000
ACTIONS = ("kick", "ban", "unban", "mute", "close")
#: a key's fingerprint as OpenSSH prints it: a SHA-256 digest in unpadded base64
KEY_FINGERPRINT = re.compile(r"SHA256:[A-Za-z0-9+/]{43}")


def read_admin_keys(path: Path) -> frozenset[str]:
    """The fingerprints of the keys ``path`` names: one a line, a public key as
    ``authorized_keys`` writes it or its ``SHA256:…`` fingerprint (blank lines and ``#`` comments
    skipped); ValueError naming the first line that is neither, OSError if it cannot be read."""
    raw = read_regular(path, MiB)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("it is not text") from None
    found = set()
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("SHA256:") and " " not in line:
            if not IDENTITY.fullmatch(line):
                raise ValueError(f"line {number} is not a SHA256 fingerprint")
            found.add(line)
            continue
        try:
            found.add(asyncssh.import_public_key(line).get_fingerprint("sha256"))
        except (asyncssh.KeyImportError, ValueError):
            raise ValueError(f"line {number} is not a public key or a SHA256 fingerprint") from None
        if len(found) > MAX_ADMIN_KEYS:
            raise ValueError(f"it names more than {MAX_ADMIN_KEYS} keys")
    if not found:
        raise ValueError("it names no key")
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class Ban:
    identity: str
    at: float
    by: str
    reason: str


class Moderation(Protocol):
    """What moderation keeps; every call may raise OSError."""

    def banned(self, identity: str) -> Ban | None: ...

    def ban(self, ban: Ban) -> None: ...

    def unban(self, identity: str) -> bool:
        """Lift the ban on ``identity``; whether there was one."""
        ...

    def bans(self) -> list[Ban]: ...

    def mute(self, identity: str, until: float) -> None:
        """Mute ``identity``'s chat until ``until`` (seconds since the epoch; 0 lifts it)."""
        ...

    def muted_until(self, identity: str) -> float: ...

    def log(self, by: str, action: str, target: str, detail: str) -> None:
        """A line of the moderation log: when, who did it (a name, or "admin" offline), what, to
        whom, and the reason or length."""
        ...


def log_line(by: str, action: str, target: str, detail: str) -> str:
    fields = (time.strftime("%Y-%m-%dT%H:%M:%S"), by, action, target, detail)
    return "\t".join(" ".join(str(field).split())[:200] for field in fields)


class ModerationFiles:
    """``Moderation`` in the server's folder ``root``: ``moderation.json`` (bans and mutes,
    checked field by field as they are read: a damaged file bans nobody, and is said so in the
    server's log by the caller) and ``moderation.log`` (rotated as the connection log is)."""

    def __init__(self, root: Path) -> None:
        self.path = Path(root) / "moderation.json"
        self.moderation_log = ConnectionLog(Path(root) / "moderation.log")

    def _read(self) -> tuple[dict[str, Ban], dict[str, float]]:
        """The bans and mutes kept; OSError (one the hub says in words) if the file cannot be used."""
        try:
            data = read_json(self.path)
        except FileNotFoundError:
            return {}, {}
        except ValueError as exc:
            raise OSError(f"{self.path.name} cannot be read: {exc}") from None
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("bans"), dict)
            or not isinstance(data.get("mutes"), dict)
        ):
            raise OSError(f"{self.path.name} is not what moderation keeps")
        bans = {}
        for who, ban in data["bans"].items():
            if not (
                IDENTITY.fullmatch(who)
                and isinstance(ban, dict)
                and type(ban.get("at")) in (int, float)
                and line_problem(ban.get("by"), MAX_NAME + 10, "") is None
                and reason_problem(ban.get("reason")) is None
            ):
                raise OSError(f"{self.path.name} holds a ban that cannot be read")
            bans[who] = Ban(who, float(ban["at"]), ban["by"], ban["reason"])
        mutes = {
            who: float(until)
            for who, until in data["mutes"].items()
            if IDENTITY.fullmatch(who) and type(until) in (int, float) and until > time.time()
        }
        return bans, mutes

    def _write(self, bans: dict[str, Ban], mutes: dict[str, float]) -> None:
        write_json(
            self.path,
            {"bans": {who: {"at": b.at, "by": b.by, "reason": b.reason} for who, b in bans.items()}, "mutes": mutes},
        )

    def banned(self, identity: str) -> Ban | None:
        return self._read()[0].get(identity)

    def ban(self, ban: Ban) -> None:
        bans, mutes = self._read()
        if len(bans) >= MAX_BANS and ban.identity not in bans:
            raise OSError(f"the server keeps at most {MAX_BANS} bans")
        bans[ban.identity] = ban
        self._write(bans, mutes)

    def unban(self, identity: str) -> bool:
        bans, mutes = self._read()
        if bans.pop(identity, None) is None:
            return False
        self._write(bans, mutes)
        return True

    def bans(self) -> list[Ban]:
        return sorted(self._read()[0].values(), key=lambda ban: ban.at)

    def mute(self, identity: str, until: float) -> None:
        bans, mutes = self._read()
        mutes[identity] = until
        self._write(bans, {who: t for who, t in mutes.items() if t > time.time()})

    def muted_until(self, identity: str) -> float:
        return self._read()[1].get(identity, 0.0)

    def log(self, by: str, action: str, target: str, detail: str) -> None:
        self.moderation_log.write(log_line(by, action, target, detail))
