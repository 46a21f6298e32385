"""The registry: game id -> Game. A game is registered by listing its module here."""

from __future__ import annotations

from importlib import import_module

from caravan_tui.engine import Game

_MODULES = ("decktet_caravan", "camel_caravan", "caravanserai", "merchant_lord", "ahldarahd")


def _load() -> dict[str, Game]:
    games = {}
    for name in _MODULES:
        game = import_module(f"caravan_tui.games.{name}").GAME
        games[game.id] = game
    return games


GAMES: dict[str, Game] = _load()


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None
