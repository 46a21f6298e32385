"""Textual's footer, composed again only when the keys it shows change."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer

#: below this many columns the keys sit closer together (Textual's compact footer)
COMPACT_BELOW = 100
#: the palette's key as the footer draws it: "▏^p palette " and the gap before it
PALETTE_WIDTH = 13


class KeysFooter(Footer):
    """Textual's footer composes all its keys again whenever the screen's bindings change, and
    they change with every focus change, even when the keys shown stay the same (a focused
    board's keys are hidden ones). That rebuild was most of what a Tab cost a session (some
    60 ms of CPU of 87 at 80×24): here it happens only when what the footer shows changes."""

    _shown: tuple[Any, ...] | None = None
    _keys_known = False  # the screen's keys are known (Textual's footer composes nothing before)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._keys_known = True
        shown = keys_shown(screen)
        if shown == self._shown:
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:  # (it composes)
            self._shown = shown

    def on_resize(self, event: Resize) -> None:
        """Narrow, the keys sit closer, so a game's own keys fit 80 columns whole beside the
        common ones (a cut key is a key the player never learns of)."""
        self.compact = event.size.width < COMPACT_BELOW
        if self._keys_known and self.show_command_palette != self.palette_fits():
            self.call_after_refresh(self.recompose)

    def compose(self) -> ComposeResult:
        """The palette's key (docked right, over the last keys) only where it leaves every key
        whole: the palette lists the same keys, so a game's own come first."""
        self.set_reactive(Footer.show_command_palette, self.palette_fits())
        yield from super().compose()

    def palette_fits(self) -> bool:
        if not self._keys_known:
            return True
        shown = {binding.action: binding for binding, _, _ in keys_shown(self.screen)[0]}
        pad = 1 if self.compact else 3  # compact: a margin after each; else padding around both parts
        needed = sum(len(self.app.get_key_display(binding)) + 1 + len(binding.description) + pad
                     for binding in shown.values())
        return needed + PALETTE_WIDTH <= self.size.width


def keys_shown(screen: Screen[Any]) -> tuple[Any, ...]:
    """What the footer draws from the screen's active bindings: each shown binding with whether
    it is enabled and its tooltip, and the command palette's key."""
    active = screen.active_bindings
    palette = active.get(screen.app.COMMAND_PALETTE_BINDING)
    return (tuple((binding, enabled, tooltip) for _, binding, enabled, tooltip in active.values() if binding.show),
            palette[1:] if palette is not None else None)
