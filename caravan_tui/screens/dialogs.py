"""Small modal dialogs: a yes/no confirmation, a pick-one list (menus, readings) and a line to type. Their
words are text, never markup: a question names a save, a choice names a player."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Static

from caravan_tui.safe_text import LONG, as_text, plain
from caravan_tui.screens.base import DialogScreen
from caravan_tui.textual_adapter import message_clock
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.lists import StopAtEnds
from caravan_tui.widgets.typed_input import TypedInput

if TYPE_CHECKING:
    from caravan_tui.app import TableApp


#: what a key pressed before a question was asked says: it is not taken as its answer
NOT_AN_ANSWER = "That key came before this question: not taken as its answer."
#: what another key says to a question
YES_OR_NO = "This question: y or n (or enter on the button with the focus)."


class ConfirmScreen(DialogScreen[bool]):
    """``y`` (or Enter on Yes) confirms, ``n``/escape declines; the focus starts on No, or on Yes
    with ``yes_first`` (a question whose Yes carries on what the person was doing). A key pressed
    before the question was asked is no answer to it (``NOT_AN_ANSWER``; a key's ``time`` is when
    the terminal gave it): on a busy machine a question came up seconds after the Enter that
    asked it, and the Enter pressed again meanwhile, as nothing seemed to happen, answered it
    unseen and ended a turn."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No", yes_first: bool = False) -> None:
        super().__init__()
        self.question, self.yes, self.no, self.yes_first = question, yes, no, yes_first
        self.footer_words = {"answer(True)": plain(yes), "answer(False)": plain(no)}  # (as the buttons)
        self.asked_at = message_clock()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(as_text(self.question, limit=LONG), classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(as_text(f"{self.yes} (y)"), id="yes", variant="error", compact=True)
                yield Button(as_text(f"{self.no} (n)"), id="no", compact=True)
            yield self.note()
        yield KeysFooter()  # the dialog's keys, over those of the screen below (none of which act now)

    def on_mount(self) -> None:
        self.query_one("#yes" if self.yes_first else "#no", Button).focus()

    def on_key(self, event: events.Key) -> None:
        if event.time < self.asked_at:
            event.stop()
            event.prevent_default()
            self.said = NOT_AN_ANSWER
        elif event.is_printable and event.key not in self.active_bindings:
            # (a u typed at "Stop selling? (y/n)" did nothing and said nothing)
            event.stop()
            self.said = YES_OR_NO

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class Choices(StopAtEnds):
    """A dialog's choices: the footer names Enter, which chooses (it read "esc Cancel" alone)."""

    BINDINGS = [Binding("enter", "select", "Choose")]


#: what a letter that picks nothing in a list of choices says
NOT_A_CHOICE = "This list: ↑↓ pick, enter chooses, esc goes back."


class ChoiceScreen(DialogScreen[int | None]):
    """Pick one of ``choices`` (returns its index); escape returns None. ``keys``: a key that
    picks each choice at once, where the choices say it ("1 black good": ``1``). ``start``: the
    choice highlighted as it opens. ``at``: "top" or "bottom" of the screen, away from what the
    choices are about (in the middle, a board space's list covered the space and its chain)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self,
        title: str,
        choices: list[str],
        keys: list[str] | None = None,
        start: int = 0,
        at: Literal["top", "middle", "bottom"] = "middle",
    ) -> None:
        super().__init__()
        self.title_text, self.choices, self.keys, self.start = title, choices, keys or [], start
        self.styles.align_vertical = at

    def on_key(self, event: events.Key) -> None:
        if event.character in self.keys:
            event.stop()
            self.dismiss(self.keys.index(event.character))
        elif event.is_printable and event.key not in self.active_bindings:
            # (it did nothing and said nothing: an h meant for the table, pressed as escape had
            # opened the menu, seemed lost)
            event.stop()
            self.said = NOT_A_CHOICE

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(as_text(self.title_text, limit=LONG), classes="dialog-title")
            yield Choices(*(as_text(choice, limit=LONG) for choice in self.choices), start=self.start, id="choices")
            yield self.note()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)


def focus_line(dialog: Screen[Any]) -> None:
    """A dialog with a line to type (``TypedInput``), opened by ``TableApp.ask_line``, as it
    mounts: its line gets the focus, then the keys typed since it was asked for, in order."""
    dialog.query_one(TypedInput).focus()
    cast("TableApp", dialog.app).pass_held_keys()


class AskLineScreen(DialogScreen[str | None]):
    """One line of text (enter), at most ``most`` characters, control characters dropped;
    escape returns None. ``value``: the line as it starts (typed before, not answered)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, most: int, placeholder: str = "", value: str = "") -> None:
        super().__init__()
        self.question, self.most, self.placeholder, self.value = question, most, placeholder, value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(as_text(self.question, limit=LONG), classes="dialog-title")
            yield TypedInput(self.value, max_length=self.most, placeholder=self.placeholder, id="line")
        yield KeysFooter()

    def on_mount(self) -> None:
        focus_line(self)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(" ".join("".join(c for c in event.value if c.isprintable()).split()))

    def action_cancel(self) -> None:
        self.dismiss(None)
