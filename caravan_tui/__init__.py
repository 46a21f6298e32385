"""caravan-tui: caravan-themed trading games in the terminal."""

__version__ = "0.1.0"
