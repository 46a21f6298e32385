"""The web seat (``caravan-tui serve --web PORT``): a terminal in a browser page attached to the
same session process, PTY and hub as an SSH session (DESIGN §7; docs/hosting.md says why)."""
