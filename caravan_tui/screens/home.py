"""The home screen: new match · continue · load · rules · quit."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import ClassVar

from rich.console import RenderableType
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import var
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from caravan_tui.games import GAMES
from caravan_tui.safe_text import LONG, as_text
from caravan_tui.saves import Snapshot
from caravan_tui.saves.loading import latest_unfinished
from caravan_tui.screens.base import BaseScreen
from caravan_tui.screens.requests import NewMatch, OpenRecord, OpenRules, OpenSaves, ResumeMatch
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.words import plural, seats_line

ITEMS = (
    ("new", "New match", "n"),
    ("continue", "Continue", "c"),
    ("load", "Load", "l"),
    ("record", "Your record", "y"),
    ("rules", "Rules", "r"),
    ("quit", "Quit", "q"),
)


class HomeScreen(BaseScreen):
    #: the unfinished match Continue resumes, in words ("": none)
    continue_note: var[RenderableType] = var("")
    # priority: the choice is made as the app reads the key, so the keys after it are held for the
    # screen it opens (``hold_keys``), not read by this screen's menu meanwhile
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{item}')", label, priority=True) for item, label, key in ITEMS),
        # (a table's key for its rules, and help in most programs: here they did nothing)
        Binding("question_mark,f1", "choose('rules')", "Rules", show=False, priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static("caravan-tui", id="home-title")
            yield Label("Caravan-themed trading games against search-based AI", id="home-subtitle")
            yield OptionList(*(Option(f"{label}  ({key})", id=item) for item, label, key in ITEMS), id="home-menu")
            yield BoundText(id="home-continue").data_bind(text=HomeScreen.continue_note)
        yield KeysFooter()

    def __init__(self) -> None:
        super().__init__()
        self.looked = asyncio.Event()  # set once Continue says what it resumes (or is off)

    def on_mount(self) -> None:
        self.query_one("#home-menu").focus()

    def on_screen_resume(self) -> None:
        self.refresh_continue()

    def refresh_continue(self) -> None:
        """Continue is offered only when there is an unfinished match: looked for off the
        screen's thread (every unfinished save is replayed), so keys work meanwhile."""
        self.looked = asyncio.Event()
        self._find_unfinished()

    @dataclass
    class Unfinished(Message):
        """The match Continue resumes (None: there is none)."""

        latest: Snapshot | None

    @work(thread=True, exclusive=True, group="continue")
    def _find_unfinished(self) -> None:
        latest = latest_unfinished(self.local_app.store)
        if not get_current_worker().is_cancelled:  # (a newer look is under way)
            self.post_message(self.Unfinished(latest))  # (thread-safe)

    def on_home_screen_unfinished(self, message: Unfinished) -> None:
        latest = message.latest
        menu = self.query_one("#home-menu", OptionList)
        if latest is None:
            menu.disable_option("continue")
            self.continue_note = ""
        else:
            menu.enable_option("continue")
            title = GAMES[latest.game_id].title if latest.game_id in GAMES else latest.game_id
            moves = plural(len(latest.actions), "move")
            # the moves by the title, which always fits a row, the names on their own: not "(20" /
            # "moves)" where the names wrap
            note = as_text(f"Continue: {title} ({moves})", limit=LONG)  # the save's names: text, never markup
            note.append("\n").append_text(as_text(seats_line(latest.names), limit=LONG))
            self.continue_note = note
        self.looked.set()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.action_choose(event.option.id)

    def action_choose(self, item: str) -> None:
        if item == "new":
            self.table_app.hold_keys()
            self.post_message(NewMatch())
        elif item == "continue":
            self.post_message(ResumeMatch("latest"))
        elif item == "load":
            self.post_message(OpenSaves())
        elif item == "record":
            self.post_message(OpenRecord())
        elif item == "rules":
            self.post_message(OpenRules())
        elif item == "quit":
            self.app.exit()
