"""Textual's footer, changed only where the keys it shows change."""

from __future__ import annotations

from contextlib import suppress
from difflib import SequenceMatcher
from typing import Any

from textual.app import ComposeResult
from textual.compose import compose
from textual.events import Resize
from textual.screen import Screen
from textual.types import NoActiveAppError
from textual.widget import Widget
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
    #: the keys shown for each set of the screen's keys met, by the keys the footer holds then:
    #: a set met again (a turn's end and the next turn's start, the chat line opened and closed)
    #: shows its keys again without composing them all to compare
    _seen: dict[tuple[Any, ...], tuple[tuple[Widget, ...], tuple[bool, ...], Any]]

    def __init__(self) -> None:
        """Made while its app runs, it is as compact as the app's width asks from the start:
        set at its first resize, the change styled the footer and all its keys again."""
        super().__init__()
        self._seen = {}
        with suppress(NoActiveAppError):
            compact = self.app.size.width < COMPACT_BELOW
            self.set_reactive(Footer.compact, compact)
            self.set_class(compact, "-compact", update=False)

    def on_mount(self) -> None:
        """Textual tells the footer of a focus's change to the keys only after the next frame
        (``Screen.set_focus`` calls ``refresh_bindings`` after the refresh), so a key that moves
        the focus (Tab, the chat line's ``t`` and escape) drew two frames, each a layout: the
        focus's, then the footer's. Followed as the focus moves, both go in one frame (Textual's
        signal, a frame later, then finds the keys shown)."""
        super().on_mount()
        self.watch(self.screen, "focused", lambda _focused: self.bindings_changed(self.screen), init=False)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._keys_known = True
        shown = keys_shown(screen)
        if shown == self._shown:
            return
        if not self.children:
            super().bindings_changed(screen)  # (Textual's: composed after the next refresh)
        elif screen.app.app_focus and self.is_attached and screen is self.screen:
            self.change_keys(shown)
        if screen.app.app_focus and self.is_attached and screen is self.screen:  # (it composes)
            self._shown = shown

    def caught_up(self) -> bool:
        """Whether the footer shows its screen's keys as they are now: it follows a change of
        them when the screen's bindings signal it, its first keys a refresh later."""
        return bool(self.children) and self.is_attached and self._shown == keys_shown(self.screen)

    @property
    def shown_keys(self) -> list[Widget]:
        """The keys the footer shows, in order (it keeps those it stopped showing, hidden)."""
        return [key for key in self.children if key.display]

    def change_keys(self, shown: tuple[Any, ...]) -> None:
        """Keep the keys still shown and swap only those that changed: composing the footer
        again mounted and styled all its keys (a dozen widgets). A key no longer shown is hidden,
        not removed, and shown again when it comes back: opening a table's chat line hides the
        table's keys that type letters (?, h, t) and its escape, and closing it brought them
        back as four new widgets to build, style and mount — most of what the close cost a
        session. A footer of grouped keys is composed again whole. Keys met before (``shown``)
        are shown again as they were, without composing them to compare."""
        held = tuple(self.children)
        seen = self._seen.get(shown)
        if seen is not None and seen[0] == held:
            for key, showing in zip(held, seen[1], strict=True):
                key.display = showing
            self.columns(seen[2])  # (as composing them set it: a column a key)
            return
        old, new = list(held), compose(self)
        same = [signature(key) for key in old], [signature(key) for key in new]
        if None in same[0] or None in same[1]:
            self.refresh(recompose=True)
            return
        for change, a, b, c, d in SequenceMatcher(None, same[0], same[1], autojunk=False).get_opcodes():
            if change == "equal":
                for key in old[a:b]:
                    key.display = True
                continue
            for key in old[a:b]:
                key.display = False
            if c < d and b < len(old):  # where the old ones were: before the next key kept, or last
                self.mount_all(new[c:d], before=old[b])
            elif c < d:
                self.mount_all(new[c:d])
        if tuple(self.children) == held:  # (only shown and hidden: the same keys next time)
            self._seen[shown] = held, tuple(key.display for key in held), self.styles.grid_size_columns

    def columns(self, count: int) -> None:
        """A column a key shown, the footer laid out again: the keys kept are moved, not drawn
        again (setting the style itself repaints every key, its look unchanged: a third of what
        the footer cost at each turn's change, when the play key comes and goes)."""
        if self.styles.set_rule("grid_size_columns", count):
            self.refresh(layout=True)

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
        for key in super().compose():
            if hasattr(key, "key_display"):  # (a key: the class its ``compact`` sets as it mounts,
                # set now, so setting it there changes nothing, where it styled the key once more)
                key.set_class(self.compact, "-compact", update=False)
            yield key

    def palette_fits(self) -> bool:
        if not self._keys_known:
            return True
        shown = {binding.action: binding for binding, _, _ in keys_shown(self.screen)[0]}
        pad = 1 if self.compact else 3  # compact: a margin after each; else padding around both parts
        needed = sum(
            len(self.app.get_key_display(binding)) + 1 + len(binding.description) + pad for binding in shown.values()
        )
        return needed + PALETTE_WIDTH <= self.size.width


def keys_shown(screen: Screen[Any]) -> tuple[Any, ...]:
    """What the footer draws from the screen's active bindings: each shown binding with whether
    it is enabled and its tooltip, and the command palette's key."""
    active = screen.active_bindings
    palette = active.get(screen.app.COMMAND_PALETTE_BINDING)
    return (
        tuple((binding, enabled, tooltip) for _, binding, enabled, tooltip in active.values() if binding.show),
        palette[1:] if palette is not None else None,
    )


def signature(key: Widget) -> tuple[Any, ...] | None:
    """What a footer key (Textual's ``FooterKey``) shows and does: two keys alike in these are
    interchangeable (None: not a key, but a group of them or its label)."""
    shown = tuple(getattr(key, name, None) for name in ("key", "key_display", "description", "action"))
    if None in shown or key.children:
        return None
    return (*shown, key.has_class("-disabled"), key.has_class("-command-palette"), str(key.tooltip or ""))
