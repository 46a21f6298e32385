"""How much a connect/close loop adds to ``connections.log``: first raw TCP connections closed at
once (never logging in: refused or gone, folded into a line a burst), then SSH connections that
log in with a key and close (a line as each begins to log in, logs in and ends; the file is
rotated, so these are bounded on disk but not folded).

    python benchmarks/connect_loop.py --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import asyncssh

from caravan_tui.ssh.server import GameServer, ServerConfig


def log_size(root: Path) -> int:
    return sum(path.stat().st_size for path in root.glob("connections.log*"))


async def one(kind: str, port: int, key: asyncssh.SSHKey) -> None:
    if kind == "tcp":
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.close()
        return
    try:
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username="loop",
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
            password=None,
            kbdint_auth=False,
        )
        conn.close()
        await conn.wait_closed()
    except (OSError, asyncssh.Error):
        pass  # refused: that is counted too


async def main(seconds: float) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "server"
        server = GameServer(ServerConfig(root, port=0, zygote=False))
        await server.start()
        try:
            for kind in ("tcp", "ssh"):
                before, count, end = log_size(root), 0, time.monotonic() + seconds
                while time.monotonic() < end:
                    await one(kind, server.port, key)
                    count += 1
                await asyncio.sleep(1)  # the server has seen the last ones end
                grew = log_size(root) - before
                print(
                    f"{kind}: {count} connections in {seconds:g} s; connections.log grew {grew} bytes "
                    f"({grew / max(count, 1):.0f} a connection)"
                )
        finally:
            await server.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    asyncio.run(main(parser.parse_args().seconds))
