"""What the app remembers about its player between sessions: the name they play under, the
game they last started and the players and options they last chose for each game, the games
whose "How to play" they have dismissed for good and whether they practise (asked before a
blunder). One small JSON file beside the saves; a missing or damaged file means the defaults,
never an error."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from caravan_tui.files import read_regular

FILE = "preferences.json"
MAX_FILE = 65536
MAX_NAME = 40
MAX_PLAYERS = 8  # (more than any game seats: a count a game refuses is not shown)
SCALARS = (bool, int, str)  # what an option's value may be; a game checks the value itself


@dataclass
class Preferences:
    path: Path
    name: str = ""
    seen_how_to_play: set[str] = field(default_factory=set)
    options: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> name -> value
    #: the practice option: ask before a move the AI rates a blunder (``screens/practice.py``)
    practice: bool = False
    #: the game last started from New match, and the players last chosen for each game (New match
    #: opened on the first game at two players after every match of another)
    last_game: str = ""
    players: dict[str, int] = field(default_factory=dict)

    @classmethod
    def load(cls, root: Path) -> Preferences:
        path = Path(root) / FILE
        try:
            data = json.loads(read_regular(path, MAX_FILE))
        except (OSError, ValueError, RecursionError):  # a FIFO, /dev/zero, a huge or deep file too
            data = {}
        if not isinstance(data, dict):
            data = {}
        name = data.get("name")
        seen = data.get("seen_how_to_play")
        return cls(
            path,
            clean_name(name) if isinstance(name, str) else "",
            {g for g in seen if isinstance(g, str)} if isinstance(seen, list) else set(),
            clean_options(data.get("options")),
            data.get("practice") is True,
            last if isinstance(last := data.get("last_game"), str) and len(last) <= MAX_NAME else "",
            clean_players(data.get("players")),
        )

    def save(self) -> None:
        """Written atomically; a folder that cannot be written only loses the preference."""
        data = {
            "name": self.name,
            "seen_how_to_play": sorted(self.seen_how_to_play),
            "options": self.options,
            "practice": self.practice,
            "last_game": self.last_game,
            "players": self.players,
        }
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=".preferences-", suffix=".tmp", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                json.dump(data, file)
            os.replace(temp, self.path)
        except OSError:
            pass


def clean_name(text: str) -> str:
    """A name as the app shows it: one line of printable characters, at most MAX_NAME long."""
    return "".join(c for c in text if c.isprintable()).strip()[:MAX_NAME]


def clean_options(data: object) -> dict[str, dict[str, Any]]:
    """Remembered options as a file gives them: only text keys and scalar values are kept (each
    game still checks a value against its choices before it is shown)."""
    if not isinstance(data, dict):
        return {}
    return {
        game: {name: value for name, value in options.items() if isinstance(name, str) and isinstance(value, SCALARS)}
        for game, options in data.items()
        if isinstance(game, str) and isinstance(options, dict)
    }


def clean_players(data: object) -> dict[str, int]:
    """Remembered player counts as a file gives them: text keys and small whole numbers only (each
    game still checks a count against its own before it is shown)."""
    if not isinstance(data, dict):
        return {}
    return {
        game: count
        for game, count in data.items()
        if isinstance(game, str) and type(count) is int and 1 <= count <= MAX_PLAYERS
    }
