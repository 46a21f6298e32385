"""The sign-in link for a browser a person asked for in the lobby (``caravan_tui.web``): the
address alone on its line, so it can be selected and copied whole. It came over the network:
shown as text, and only if it reads as a web address."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from caravan_tui.hub_protocol import WebLink
from caravan_tui.screens.base import DialogScreen
from caravan_tui.widgets.footer import KeysFooter

MAX_URL = 300  # characters of a link shown


def link_shown(link: WebLink) -> str | None:
    """The link's address, if it is a plain http(s) address of a sane length."""
    url = link.url
    if not isinstance(url, str) or len(url) > MAX_URL or not url.startswith(("http://", "https://")):
        return None
    return url if url.isascii() and url.isprintable() and " " not in url else None


class WebLinkScreen(DialogScreen[None]):
    BINDINGS = [Binding("escape,q,enter", "close", "Back")]
    DEFAULT_CSS = """
    WebLinkScreen { align: center middle; }
    WebLinkScreen > Vertical { width: 100%; height: auto; border: round $secondary; padding: 0 1; }
    #web-link-url { color: $accent; text-style: bold; }
    """

    def __init__(self, link: WebLink) -> None:
        super().__init__()
        self.link = link

    def compose(self) -> ComposeResult:
        url = link_shown(self.link)
        minutes = self.link.minutes if type(self.link.minutes) is int and 0 < self.link.minutes < 1000 else 10
        with Vertical() as box:
            box.border_title = "Play in a browser"
            if url is None:
                yield Static("The server sent a link that is not a web address.")
            else:
                yield Static(
                    f"Open this link in your browser within {minutes} minutes; it works once, and signs "
                    "that browser in as you (your name, seat and record):"
                )
                yield Static(Text(url, no_wrap=False), id="web-link-url")
                yield Static("Keep it to yourself. Select it with the mouse (shift+drag in many terminals) to copy it.")
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)
