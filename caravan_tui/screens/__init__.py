"""Shared screens. A game brings its own screen (``Game.screen``); a game without one is
played on ``GenericGameScreen``."""

from __future__ import annotations

from caravan_tui.engine import Game


def game_screen_class(game: Game) -> type:
    from caravan_tui.screens.generic_table import GenericGameScreen

    return game.screen() if game.screen is not None else GenericGameScreen
