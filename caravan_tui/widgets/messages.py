"""A message about the widget that posts it: ``widget`` is that widget, and so is ``control``
(so that ``@on(Board.Chosen, "#id")`` picks the messages of one widget by its selector)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from textual.message import Message
from textual.widget import Widget

W = TypeVar("W", bound=Widget)


@dataclass
class WidgetMessage(Message, Generic[W]):
    """A widget's message class derives from ``WidgetMessage["TheWidget"]`` and adds its fields."""

    widget: W

    @property
    def control(self) -> W:
        return self.widget
