"""caravan-tui: caravan-themed trading games in the terminal."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("caravan-tui")  # the one place it is set is pyproject.toml
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"
