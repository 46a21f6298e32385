"""The keys of the screen, drawn as one line: Textual's footer made one widget of each key, so a
change of the keys shown (every focus change that changes them: the chat line's ``t`` and
escape) hid, showed or mounted keys, and each of those laid the whole screen out and drew every
key again. Here the keys are the footer's text: a change repaints one line and lays out nothing."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from typing import Any, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.reactive import reactive
from textual.screen import Screen
from textual.types import NoActiveAppError

from caravan_tui.widgets.kept_rows import KeptRows

#: below this many columns the keys sit closer together (Textual's compact footer)
COMPACT_BELOW = 100
#: the palette's key as the footer draws it: "▏^p palette " (the gap before it is the margin after
#: the last key: counted again, "^s Save" was left out where it fitted); and without its words
#: ("▏^p "), where they do not fit beside the other keys whole
PALETTE_WIDTH, PALETTE_KEY_WIDTH = 12, 5
#: the palette key's left edge (Textual's ``vkey`` border)
EDGE = "▏"
#: lines kept drawn (``KeysFooter.render``): a table's few sets of keys, each with a key hovered
LINES_KEPT = 32


class FooterEntry(NamedTuple):
    """One key the footer shows: what it shows and what pressing (or clicking) it does."""

    key: str
    key_display: str
    description: str
    action: str
    disabled: bool
    tooltip: str
    palette: bool = False


class KeysFooter(KeptRows, can_focus=False):
    """The screen's shown keys, as Textual's footer shows them (the same cells and colours: a
    key in bold and the accent, its words after it; the palette's key at the right, past a thin
    edge; a key that is not offered now dimmed), drawn as one line. A key clicked is pressed;
    hovered, it is highlighted and its tooltip shows. The keys are worked out when the screen's
    bindings change (Textual's signal: at once when the focus moves, ``on_mount``). Each line
    drawn is kept by its keys (``KeptRows``, and the line's text by the keys, the hovered one
    and the width): the chat line's ``t`` and escape, a turn's end
    and the next turn, meet keys drawn before, and drawing them was most of the footer's cost."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "keys-footer--item",
        "keys-footer--key",
        "keys-footer--description",
        "keys-footer--hover",
        "keys-footer--edge",
    }
    DEFAULT_CSS = """
    KeysFooter {
        color: $footer-foreground;
        background: $footer-background;
        dock: bottom;
        height: 1;
        text-wrap: nowrap;
        & > .keys-footer--item { background: $footer-item-background; }
        & > .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .keys-footer--hover { color: $footer-key-foreground; background: $block-hover-background; }
        & > .keys-footer--edge { color: $foreground 20%; }
        &:hover { pointer: pointer; }
    }
    """

    compact = reactive(False, toggle_class="-compact")
    #: the palette's key is shown (at the right), where it leaves every other key whole
    show_command_palette = reactive(True)
    #: ... with its words ("palette"), where they too leave every other key whole
    palette_words = True
    #: the actions whose keys are left out so that the rest fit whole (the screen's ``footer_drops``)
    dropped: frozenset[str] = frozenset()

    _shown: tuple[Any, ...] | None = None
    _keys_known = False  # the screen's keys are known (nothing is drawn before)

    def __init__(self) -> None:
        """Made while its app runs, it is as compact as the app's width asks from the start."""
        super().__init__()
        self._entries: tuple[FooterEntry, ...] = ()
        self._spans: tuple[tuple[int, int], ...] = ()  # the columns each entry is drawn over
        self._hover: int | None = None
        self._lines: LRUCache[tuple[Any, ...], tuple[Text, tuple[tuple[int, int], ...]]] = LRUCache(LINES_KEPT)
        with suppress(NoActiveAppError):  # (made before its app runs: sized at its first resize)
            compact = self.app.size.width < COMPACT_BELOW
            self.set_reactive(KeysFooter.compact, compact)
            self.set_class(compact, "-compact", update=False)

    def on_mount(self) -> None:
        """Textual signals a change of the screen's keys as the focus moves (the screen's
        ``focused`` watcher), in the frame that shows the focus move, and again after that frame
        (``Screen.set_focus``), where the keys are found unchanged."""
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if not (screen.app.app_focus and self.is_attached and screen is self.screen):
            return  # (without the terminal's focus the keys are read when it comes back)
        self._keys_known = True
        shown = keys_shown(screen)
        if shown == self._shown:
            return
        self._shown = shown
        self.show_palette(shown, self.palette_fits())
        self.refresh()

    def caught_up(self) -> bool:
        """Whether the footer shows its screen's keys as they are now."""
        return self.is_attached and self._keys_known and self._shown == keys_shown(self.screen)

    @property
    def shown_keys(self) -> list[FooterEntry]:
        """The keys the footer shows, in order (the palette's last)."""
        return list(self._entries)

    def on_resize(self, event: events.Resize) -> None:
        """Narrow, the keys sit closer, so a game's own keys fit 80 columns whole beside the
        common ones (a cut key is a key the player never learns of)."""
        self.compact = event.size.width < COMPACT_BELOW
        fits = self.palette_fits()
        if (
            self._keys_known
            and self._shown is not None
            and (self.show_command_palette, self.palette_words, self.dropped) != fits
        ):
            self.show_palette(self._shown, fits)
        self.refresh()

    def show_palette(self, keys: tuple[Any, ...], fits: tuple[bool, bool, frozenset[str]]) -> None:
        self.show_command_palette, self.palette_words, self.dropped = fits
        self._entries = entries(self.app, keys, *fits)

    def palette_fits(self) -> tuple[bool, bool, frozenset[str]]:
        """Whether the palette's key fits beside every other key whole, and its words too, with
        the keys left out for that. Where the line is short of room, the screen's least needed keys
        (``footer_drops``, the first left out first: they stay in the palette) give way before the
        palette's words ("^p" alone read as a cut key); then the palette's words, then its key."""
        if not self._keys_known:
            return True, True, frozenset()
        shown: dict[str, Any] = {}
        for binding, _, _ in keys_shown(self.screen)[0]:  # (an action's first key, as drawn: "u", not "^z")
            shown.setdefault(binding.action, binding)
        pad = 1 if self.compact else 3  # compact: a margin after each; else padding around both parts
        widths = {
            action: len(self.app.get_key_display(binding)) + 1 + len(binding.description) + pad
            for action, binding in shown.items()
        }
        # (the margin after the palette's words gives way first: the lobby's "^p" stood alone with
        # eight cells blank before it, its words short of that one margin; counted, "^s Save" was
        # left out where it fitted)
        words, width, dropped = PALETTE_WIDTH - 1, self.size.width, []
        needed = sum(widths.values())
        for action in getattr(self.screen, "footer_drops", ()):
            if needed + words <= width:
                break
            if action in widths:
                dropped.append(action)
                needed -= widths[action]
        for action in reversed(dropped[:-1]):  # (a key left out before the last may fit where it did not)
            if needed + widths[action] + words <= width:
                dropped.remove(action)
                needed += widths[action]
        return needed + PALETTE_KEY_WIDTH <= width, needed + words <= width, frozenset(dropped)

    def notify_style_update(self) -> None:
        self._lines.clear()  # (a new theme: other colours)
        super().notify_style_update()

    def render(self) -> Text:
        """The keys left to right, the palette's at the right edge, over the footer's colours
        (the line drawn before for the same keys, the same key hovered and the same width)."""
        shows = (self._entries, self._hover, self.compact, self.size.width)
        kept = self._lines.get(shows)
        if kept is None:
            kept = self._lines[shows] = self.keys_line()
        line, self._spans = kept
        return line

    def keys_line(self) -> tuple[Text, tuple[tuple[int, int], ...]]:
        """The footer's line, and the columns each key is drawn over."""
        width = self.size.width
        base = self.rich_style
        item = self.get_component_rich_style("keys-footer--item")
        key_style = self.get_component_rich_style("keys-footer--key")
        words_style = self.get_component_rich_style("keys-footer--description")
        hover = self.get_component_rich_style("keys-footer--hover")
        edge = self.get_component_rich_style("keys-footer--edge")
        compact = self.compact
        line, spans, palette = Text(style=base, no_wrap=True, overflow="crop"), [], None
        for index, entry in enumerate(self._entries):
            under = item + (hover if index == self._hover else Style()) + Style(dim=entry.disabled or None)
            part = Text(style=under)
            if entry.palette:
                part.append(EDGE, edge + Style(dim=entry.disabled or None))
            part.append(entry.key_display if compact else f" {entry.key_display} ", key_style)
            if entry.description:
                part.append(f" {entry.description}" if compact else f"{entry.description} ", words_style)
            if entry.palette:
                if not compact:
                    part.append(" ")
                palette = (index, part)
                continue
            spans.append((len(line), len(line) + len(part)))
            line.append_text(part)
            if compact:
                line.append(" ")
        if palette is not None:
            index, part = palette
            # (compact: a margin after it too, where the keys before it leave the room)
            start = max(len(line), width - len(part) - (1 if compact else 0))
            line.truncate(start, pad=True)
            spans.append((start, start + len(part)))
            line.append_text(part)
            if compact:
                line.append(" ")
        line.truncate(width, pad=True)
        return line, tuple(spans)

    def entry_at(self, x: int) -> int | None:
        """The index of the key drawn at column ``x`` (None: none)."""
        return next((index for index, (start, end) in enumerate(self._spans) if start <= x < end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self.entry_at(event.x)
        if index != self._hover:
            self._hover = index
            self.tooltip = None if index is None else (self._entries[index].tooltip or None)
            self.refresh()

    def on_leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self.entry_at(event.x)
        if index is None:
            return
        entry = self._entries[index]
        if entry.disabled:
            self.app.bell()
        else:
            self.app.simulate_key(entry.key)


def entries(
    app: Any, shown: tuple[Any, ...], palette: bool, words: bool = True, dropped: frozenset[str] = frozenset()
) -> tuple[FooterEntry, ...]:
    """What the footer draws, from ``keys_shown``: a key per action (the first binding of it; none
    for the ``dropped``), then the palette's key where it is shown (``words``: with its description)."""
    keys: dict[str, FooterEntry] = {}
    for binding, enabled, tooltip in shown[0]:
        if binding.action not in keys and binding.action not in dropped:
            keys[binding.action] = FooterEntry(
                binding.key, app.get_key_display(binding), binding.description, binding.action, not enabled, tooltip
            )
    found = list(keys.values())
    if palette and app.ENABLE_COMMAND_PALETTE and shown[1] is not None:
        binding, enabled, _tooltip = shown[1]
        found.append(
            FooterEntry(
                binding.key,
                app.get_key_display(binding),
                binding.description if words else "",
                binding.action,
                not enabled,
                binding.tooltip or binding.description,
                palette=True,
            )
        )
    return tuple(found)


def as_said(screen: Screen[Any], binding: Binding) -> Binding:
    """``binding`` as ``screen`` names it, in the footer and the command palette alike. A
    screen's ``footer_words`` (action -> words) name its keys as its buttons do: a dialog asking
    "Stop watching this match?" showed "y Yes n No" under "Stop watching (y)" and "Watch on (n)".
    Its ``key_tips`` (action -> words) say what a key does where the person is: over SSH the
    palette's escape said "Resume, save and quit to home, or resign", and there is no home."""
    words: dict[str, str] = getattr(screen, "footer_words", {})
    tips: dict[str, str] = getattr(screen, "key_tips", {})
    if binding.action in words:
        binding = replace(binding, description=words[binding.action])
    if binding.action in tips:
        binding = replace(binding, tooltip=tips[binding.action])
    return binding


def keys_shown(screen: Screen[Any]) -> tuple[Any, ...]:
    """What the footer draws from the screen's active bindings: each shown binding with whether
    it is enabled and its tooltip (``as_said``), and the command palette's key. A screen's
    ``footer_hidden`` (actions) are kept out while their key is still heard (a key that says why
    it does nothing now, where showing it would offer it)."""
    active = screen.active_bindings
    palette = active.get(screen.app.COMMAND_PALETTE_BINDING)
    hidden: frozenset[str] = getattr(screen, "footer_hidden", frozenset())
    shown = [
        (as_said(screen, binding), on)
        for _, binding, on, _ in active.values()
        if binding.show and binding.action not in hidden
    ]
    return (
        tuple((binding, on, binding.tooltip) for binding, on in shown),
        palette[1:] if palette is not None else None,
    )
