"""Moderation in PostgreSQL (``caravan_tui.ssh.moderation.Moderation``): a ban made on one server
holds on every server on the database, and after any restart. What is read back is checked as
the files' contents are."""

from __future__ import annotations

import time

from caravan_tui.bus import MAX_NAME, line_problem
from caravan_tui.hub_protocol import reason_problem
from caravan_tui.pgstore.db import Database
from caravan_tui.ssh.moderation import Ban
from caravan_tui.ssh.records import IDENTITY


class PgModeration:
    def __init__(self, db: Database, server: str) -> None:
        self.db, self.server = db, server

    def banned(self, identity: str) -> Ban | None:
        with self.db.transaction() as cur:
            cur.execute("SELECT fingerprint, at, by_name, reason FROM bans WHERE fingerprint = %s", (identity,))
            row = cur.fetchone()
        return None if row is None else _ban(row, readable=False)

    def ban(self, ban: Ban) -> None:
        with self.db.transaction() as cur:
            cur.execute(
                "INSERT INTO bans (fingerprint, at, by_name, reason) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (fingerprint) DO UPDATE SET at = excluded.at, by_name = excluded.by_name, "
                "reason = excluded.reason",
                (ban.identity, ban.at, ban.by, ban.reason),
            )

    def unban(self, identity: str) -> bool:
        with self.db.transaction() as cur:
            cur.execute("DELETE FROM bans WHERE fingerprint = %s", (identity,))
            return cur.rowcount == 1

    def bans(self) -> list[Ban]:
        with self.db.transaction() as cur:
            cur.execute("SELECT fingerprint, at, by_name, reason FROM bans ORDER BY at")
            rows = cur.fetchall()
        return [ban for row in rows if (ban := _ban(row, readable=True)) is not None]

    def mute(self, identity: str, until: float) -> None:
        with self.db.transaction() as cur:
            cur.execute("DELETE FROM mutes WHERE until < %s", (time.time(),))
            cur.execute(
                "INSERT INTO mutes (fingerprint, until) VALUES (%s, %s) ON CONFLICT (fingerprint) "
                "DO UPDATE SET until = excluded.until",
                (identity, until),
            )

    def muted_until(self, identity: str) -> float:
        with self.db.transaction() as cur:
            cur.execute("SELECT until FROM mutes WHERE fingerprint = %s", (identity,))
            row = cur.fetchone()
        return float(row[0]) if row else 0.0

    def log(self, by: str, action: str, target: str, detail: str) -> None:
        with self.db.transaction() as cur:
            cur.execute(
                "INSERT INTO moderation_log (server, by_name, action, target, detail) VALUES (%s, %s, %s, %s, %s)",
                (self.server, by[:200], action[:20], target[:200], detail[:200]),
            )

    def log_lines(self, limit: int) -> list[tuple]:
        with self.db.transaction() as cur:
            cur.execute(
                "SELECT at, server, by_name, action, target, detail FROM moderation_log ORDER BY at DESC LIMIT %s",
                (limit,),
            )
            return cur.fetchall()


def _ban(row: tuple, readable: bool) -> Ban | None:
    """The ban in ``row``; one that cannot be read still bans its key (``readable``: it is left
    out of a list instead)."""
    who, at, by, reason = row
    if (
        isinstance(who, str)
        and IDENTITY.fullmatch(who)
        and isinstance(at, float)
        and line_problem(by, MAX_NAME + 10, "") is None
        and reason_problem(reason) is None
    ):
        return Ban(who, at, by, reason)
    return None if readable else Ban(str(who), 0.0, "?", "")
