"""Widgets shared by every game screen."""
from caravan_tui.widgets.actions import ActionList
from caravan_tui.widgets.hand import CardGrid
from caravan_tui.widgets.log import MatchLog

__all__ = ["ActionList", "CardGrid", "MatchLog"]
