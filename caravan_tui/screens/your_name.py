"""The first visit to a hosted server asks for the name you play under (the server keeps it for
your key; a guest's lasts the session)."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import var
from textual.widgets import Input, Label, Static

from caravan_tui.bus import MAX_NAME
from caravan_tui.hub_protocol import GUEST_UNRATED
from caravan_tui.safe_text import LONG, as_text
from caravan_tui.screens.base import DialogScreen
from caravan_tui.screens.dialogs import focus_line
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.typed_input import TypedInput


def name_words(guest: bool) -> str:
    """What becomes of the name, and for a guest what being one means: "(for this visit)" did not
    say that a guest is someone new each visit, unrated, whose seat comes back with its code."""
    if not guest:
        return "Others see it at the table and in the lobby; the server keeps it for your key."
    return (
        "Others see it at the table and in the lobby. You came without a key, so you play as a guest: "
        "the name lasts this visit, and a seat you take comes with a code that takes it back later "
        f"(back for one now? The name it shows, then its code). {GUEST_UNRATED}"
    )


#: what Enter on an empty line says (it did nothing and said nothing)
NAME_NEEDED = "A name is needed: type the name others will see, then press Enter."
#: what the line says once it is full (the keys after it went nowhere, and nothing said so)
NAME_FULL = f"A name has at most {MAX_NAME} characters: keys past them are not typed."
#: what the empty line says: the limit, before a name runs into it (a 41st letter went unseen)
NAME_ROOM = f"Your name, up to {MAX_NAME} characters"


class NameInput(TypedInput):
    """The name's line, its Enter shown in the footer: the footer showed only "esc Leave", and
    nothing said how to go on. A key the full line refuses is said under it (``NAME_FULL``)."""

    BINDINGS = [Binding("enter", "submit", "Use this name")]
    FULL = ""


class YourNameScreen(DialogScreen[str]):
    """Returns the name typed (enter); escape leaves the server. Enter on no name says one is
    needed. The line is as wide as the longest name (and its cursor): a full name fills it."""

    BINDINGS = [Binding("escape", "app.quit", "Leave")]
    DEFAULT_CSS = f"""
    #your-name {{ width: {MAX_NAME + 7}; }}
    """  # (the name, the cursor after it, the padding and the border)

    #: what is wrong with the name last sent (the server's refusal, or none typed)
    problem: var[RenderableType] = var("")

    def __init__(self, guest: bool, problem: str = "") -> None:
        super().__init__()
        self.guest = guest
        self.set_reactive(YourNameScreen.problem, as_text(problem, limit=LONG))  # (it may quote the name)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Welcome! What name do you play under?", classes="dialog-title")
            yield Static(name_words(self.guest), classes="dialog-text")
            yield NameInput(placeholder=NAME_ROOM, max_length=MAX_NAME, id="your-name")
            yield BoundText(self.problem, id="your-name-problem").data_bind(text=YourNameScreen.problem)
        yield KeysFooter()

    def on_mount(self) -> None:
        focus_line(self)

    def on_typed_input_full(self) -> None:
        """A key past a full name says so (a whole name of 40 read as refused while it said so
        from its 40th letter); the word goes once there is room again."""
        self.problem = as_text(NAME_FULL)

    def on_input_changed(self, event: Input.Changed) -> None:
        if len(event.value) < MAX_NAME and str(self.problem) == NAME_FULL:
            self.problem = ""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = " ".join("".join(c for c in event.value if c.isprintable()).split())
        if name:
            self.dismiss(name)
        else:
            self.problem = as_text(NAME_NEEDED)
