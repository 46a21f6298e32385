"""Shared screens, and the registry of game screens: a game's ``screen.py`` exports ``SCREEN``;
a game without one is played on ``GenericGameScreen``."""
from __future__ import annotations

from importlib import import_module


def game_screen_class(game_id: str) -> type:
    from caravan_tui.screens.game import GenericGameScreen

    name = f"caravan_tui.games.{game_id}.screen"
    try:
        module = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not name.startswith(exc.name):
            raise  # the screen exists but something it imports is missing
        return GenericGameScreen
    return module.SCREEN
