"""The legal actions, each described in words: every game is playable from this list alone."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from caravan_tui.engine import Action
from caravan_tui.widgets.lists import StopAtEnds


class ActionList(StopAtEnds):
    """Arrows + Enter (or a click) choose; posts ``ActionList.Chosen``. Empty while it is not the
    player's turn."""

    @dataclass
    class Chosen(Message):
        action_list: ActionList
        action: Action

        @property
        def control(self) -> ActionList:
            return self.action_list

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.actions: list[Action] = []
        self._texts: list[str] = []
        self.hinted: Action | None = None
        self._note: str | None = None  # the note shown while there are no actions

    def set_actions(self, actions: list[Action], describe: Callable[[Action], str]) -> None:
        self.actions = list(actions)
        self._texts = [describe(action) for action in self.actions]
        self.hinted, self._note = None, None
        self._rebuild()
        self.highlighted = 0 if self.actions else None

    def clear_actions(self, note: str = "") -> None:
        """No actions, only ``note``; nothing is redrawn if that is what the list shows (every
        move of the others clears it again)."""
        if self._note == note:
            return
        self.actions, self._texts, self.hinted, self._note = [], [], None, note
        self._rebuild()
        if note:
            self.add_option(Option(Text(note, style="dim italic"), disabled=True))

    @property
    def highlighted_action(self) -> Action | None:
        """What Enter plays now (None: nothing is highlighted)."""
        index = self.highlighted
        return self.actions[index] if index is not None and index < len(self.actions) else None

    def hint(self, action: Action) -> None:
        """Star the hinted action; the highlight stays where the player left it (a hint never
        moves what Enter plays)."""
        if action not in self.actions:
            return
        self.hinted = action
        self._rebuild()

    def _rebuild(self) -> None:
        keep = self.highlighted
        self.clear_options()
        # in one call: each add_option asks for a layout of its own (a turn's list has dozens of plays)
        self.add_options([Option(Text("★ " + text, style="bold") if action == self.hinted else Text(text))
                          for action, text in zip(self.actions, self._texts)])
        if keep is not None and keep < len(self.actions):
            self.highlighted = keep

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self.actions):
            self.post_message(self.Chosen(self, self.actions[event.option_index]))
