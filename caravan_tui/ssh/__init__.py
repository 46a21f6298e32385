"""Serving matches over SSH (DESIGN §7): the server, the hub that owns every hosted match, each
session's own process on its PTY, the hub ⇄ session wire protocol and the hub's records. No
Textual here: a session's process loads the app only when it runs (``caravan_tui.session_main``)."""
