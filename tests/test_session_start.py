"""A person never faces an empty terminal while their session starts: on a busy server its
process took tens of seconds to start (its zygote warming up, then a second start from scratch
beside it), the terminal empty meanwhile, so the connection looked hung. The first bytes they
read say the session is starting; the app's first screen is drawn over that line."""

from __future__ import annotations

import pytest
from test_ssh_server import BOB, Server, enter_as

from caravan_tui.ssh.pty_session import STARTING

pytestmark = pytest.mark.e2e


async def test_the_first_thing_a_person_reads_is_that_their_session_is_starting(tmp_path):
    server = await Server(tmp_path).start()
    try:
        bob = await enter_as(server, BOB, "Bob")
        assert bytes(bob.raw).startswith(STARTING)
        assert "starting your session" not in bob.text  # (the lobby is drawn over it)
        await bob.close()
    finally:
        await server.stop()
