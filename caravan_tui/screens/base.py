"""The bases of every full screen and every dialog: the notice shown when the terminal is below
80×24."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast

from textual import on
from textual.events import Resize
from textual.geometry import Size
from textual.reactive import Reactive, var
from textual.screen import ModalScreen, Screen
from textual.types import NoActiveAppError
from textual.widget import Widget
from textual.widgets import Static

from caravan_tui.widgets.bound_text import NoteText

if TYPE_CHECKING:
    from caravan_tui.app import CaravanApp, ClientApp, TableApp

MIN_WIDTH, MIN_HEIGHT = 80, 24
#: from this width on a screen is -wide: the side column has room for panels
WIDE_WIDTH = 120


class TooSmall(Static):
    """Shown (by the app's breakpoint classes) while the terminal is smaller than 80×24;
    mounted on a screen the first time it is that small (``warn_if_small``)."""

    def __init__(self) -> None:
        super().__init__(
            f"The terminal is smaller than {MIN_WIDTH}×{MIN_HEIGHT}: please enlarge it "
            "(some of the table may be cut off).",
            id="too-small",
        )


def sized(screen: Screen[Any]) -> None:
    """Give a screen made while its app runs the breakpoint classes (-normal, -tall…) of the
    app's size now. Textual sets them at the screen's first resize, after its widgets were
    styled, and so styled them all again: every screen opened did its styling twice. Set here,
    that first resize finds them as they should be and restyles nothing (a screen made before
    its app runs gets them there, as before)."""
    try:
        app = screen.app
    except NoActiveAppError:
        return
    width, height = app.size
    for size, mine, apps in (
        (width, screen.HORIZONTAL_BREAKPOINTS, app.HORIZONTAL_BREAKPOINTS),
        (height, screen.VERTICAL_BREAKPOINTS, app.VERTICAL_BREAKPOINTS),
    ):
        breakpoints = (apps if mine is None else mine) or []
        reached = [name for least, name in sorted(breakpoints) if size >= least]
        for _, name in breakpoints:
            screen.set_class(name == reached[-1] if reached else False, name, update=False)


def warn_if_small(screen: Screen[Any], size: Size) -> None:
    """Mount the screen's notice the first time it is smaller than 80×24 (the app's breakpoint
    classes show and hide it from then on). Mounted on every screen whatever its size, it cost
    each screen opened a second mount and layout after its own."""
    if (size.width < MIN_WIDTH or size.height < MIN_HEIGHT) and not screen.query(TooSmall):
        screen.mount(TooSmall())


class BaseScreen(Screen):
    """A full screen. Its app is typed by where the screen is shown: ``table_app`` on every
    table, ``local_app`` on the screens of the local app (home, saves, new match, a replay),
    ``hosted_app`` on those of an SSH session (lobby, create match)."""

    #: Textual's, but a focus change no longer repaints the whole screen: the widgets it
    #: restyles (``:focus``) and those that show it (a ``▸`` in a title) redraw themselves. Over
    #: SSH every whole-screen repaint is the whole screen sent again (a Tab, opening the chat line).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        sized(self)

    @property
    def table_app(self) -> TableApp:
        return cast("TableApp", self.app)

    @property
    def local_app(self) -> CaravanApp:
        return cast("CaravanApp", self.app)

    @property
    def hosted_app(self) -> ClientApp:
        return cast("ClientApp", self.app)

    def on_mount(self) -> None:
        warn_if_small(self, self.app.size)

    @on(Resize)
    def warn_when_small(self, event: Resize) -> None:
        warn_if_small(self, event.size)


R = TypeVar("R")


class DialogScreen(ModalScreen[R]):
    """A dialog: it shows the notice too, since a dialog may cover the screen's. What it says of
    its own keys (``said``) is a line of its own, under its buttons (``note``): as a notice, "This
    question: y or n …" was drawn over the question it was about, and stayed after it had gone."""

    said: var[str] = var("")

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        sized(self)

    def on_mount(self) -> None:
        warn_if_small(self, self.app.size)

    def note(self) -> NoteText:
        """The dialog's line for ``said``, composed inside it."""
        line = NoteText(classes="dialog-note")
        line.display = False
        return line.data_bind(text=DialogScreen.said)

    @on(Resize)
    def warn_when_small(self, event: Resize) -> None:
        warn_if_small(self, event.size)
