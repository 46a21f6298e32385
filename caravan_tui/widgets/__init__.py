"""Widgets shared by every game screen (a widget only one game uses lives in its folder)."""

from caravan_tui.widgets.actions import ActionList
from caravan_tui.widgets.lists import StopAtEnds
from caravan_tui.widgets.log import MatchLog
from caravan_tui.widgets.save_notice import SaveNotice
from caravan_tui.widgets.table_panel import TablePanel

__all__ = ["ActionList", "MatchLog", "SaveNotice", "StopAtEnds", "TablePanel"]
