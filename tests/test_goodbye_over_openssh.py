"""Everyone an operator sends away reads why, in their own terminal, before the connection
closes: a kick, a ban while online, a banned key arriving again. The person is OpenSSH's
``ssh`` client on a real terminal session; the server runs here, its sessions in processes of
their own. The bug (issue 63): the hub wrote its Goodbye and closed, the session ended at once
and sent the app SIGHUP, whose handler exited without the message (2 of 4 kicks, 0 of 2 bans
while online, 0 of 6 banned keys arriving were explained)."""

from __future__ import annotations

import asyncio
import re

import asyncssh
import pytest
from openssh import key_file, ssh_command, ssh_missing
from test_ssh_hub import WAIT, named

from caravan_tui import hub_protocol as protocol
from caravan_tui.ssh.hub import banned_words
from caravan_tui.ssh.moderation import Ban
from caravan_tui.ssh.server import GameServer, ServerConfig

pytestmark = pytest.mark.skipif(ssh_missing() is not None, reason=str(ssh_missing()))

OPERATOR = "SHA256:" + "o" * 43
ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class OpenSSH:
    """``ssh -tt`` to the server as the holder of ``key``: every byte it printed in ``said``."""

    def __init__(self, server: GameServer, key: asyncssh.SSHKey, folder) -> None:
        self.server, self.key, self.folder = server, key, folder
        self.said = bytearray()

    async def open(self) -> OpenSSH:
        self.proc = await asyncio.create_subprocess_exec(
            *ssh_command(self.server.port, key_file(self.key, self.folder)),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        self.reading = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        while data := await self.proc.stdout.read(65536):
            self.said += data

    def text(self) -> str:
        """What the terminal was sent, its escape sequences taken out, its spaces as one."""
        return " ".join(ANSI.sub(b" ", bytes(self.said)).decode(errors="replace").split())

    async def wait_for(self, words: str) -> None:
        async with asyncio.timeout(WAIT):
            while words not in self.text():
                await asyncio.sleep(0.05)

    async def closed(self) -> str:
        """The terminal's text once the connection closed."""
        await asyncio.wait_for(self.reading, WAIT)
        await asyncio.wait_for(self.proc.wait(), WAIT)
        return self.text()

    def close(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()


@pytest.fixture
async def served(tmp_path, worker):
    admins = tmp_path / "admins"
    admins.write_text(f"{OPERATOR}\n")
    server = GameServer(ServerConfig(tmp_path / "server", port=0, admin_keys=admins, ai_iterations=5))
    await server.start()
    yield server
    await server.close()


async def sent_away(server: GameServer, folder, how: str) -> str:
    """What Bob's terminal shows once an operator sent him away ``how``."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    bob = key.get_fingerprint("sha256")
    server.hub.identities.keep(bob, "Bob")
    folder.mkdir()
    if how == "arriving":
        server.hub.keeping.moderation.ban(Ban(bob, 0.0, "Ann", "spoils every table"))
    person = await OpenSSH(server, key, folder).open()
    try:
        if how != "arriving":
            await person.wait_for("Bob")  # in the lobby, the app running
            ann = await named(server.hub, OPERATOR, "Ann")
            await ann.send(protocol.Moderate(how, "Bob", reason="spoils every table"))
            await ann.next(protocol.Told)
            await ann.close()
        return await person.closed()
    finally:
        person.close()
        server.hub.keeping.moderation.unban(bob)


WORDS = {
    "kick": "An operator ended your session: spoils every table.",
    "ban": banned_words(Ban("", 0.0, "", "spoils every table")),
    "arriving": banned_words(Ban("", 0.0, "", "spoils every table")),
}


@pytest.mark.thorough
@pytest.mark.parametrize("how", ["kick", "ban", "arriving"])
async def test_a_person_sent_away_reads_why_in_their_terminal(served, tmp_path, how):
    assert WORDS[how] in await sent_away(served, tmp_path / "bob", how)


@pytest.mark.e2e  # 20 sessions of each
@pytest.mark.parametrize("how", ["kick", "ban", "arriving"])
async def test_every_one_of_twenty_sent_away_reads_why(served, tmp_path, how):
    missing = [trial for trial in range(20) if WORDS[how] not in await sent_away(served, tmp_path / f"bob{trial}", how)]
    assert missing == []
