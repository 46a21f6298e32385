"""Textual's Linux driver, with an Escape that acts as soon as it is known to be one, and
pastes kept whole.

A lone escape byte could begin a longer key sequence, so Textual's parser waits ``ESCDELAY``
for more before it reads it as the Escape key; but Textual's input thread looks at the terminal
only every 0.1 s, so the Escape acted 100–150 ms after the press. Here the thread's wait is the
parser's own deadline when one is pending, and 0.1 s otherwise (an idle session wakes no more
often than before).

An escape byte inside a bracketed paste made the parser read what followed it as key presses,
outside the paste and out of order ("hello ESC]0;t BEL there" came out as "^]0;t therehello");
``PasteGuard`` drops such bytes before the parser sees them.

An Escape typed with the next key in one read (quickly, or over SSH in one write) was read as
Alt and that key, or as the key alone: ``lone_escapes`` gives the Escape key first. One whose
next key came in the next read, within Textual's ``ESCDELAY`` (25 ms over SSH: two packets),
was read so too, the parser joining the two reads: ``EscapeHold`` keeps an escape that ends a
read from the parser until the next read, or the delay's end, says what it is."""

from __future__ import annotations

import os
import selectors
import time
from codecs import getincrementaldecoder
from collections.abc import Iterator
from dataclasses import dataclass

from textual import constants
from textual.drivers.linux_driver import LinuxDriver
from textual.events import Key
from textual.message import Message

from caravan_tui.textual_adapter import escape_wait, key_parser

IDLE_WAIT = 0.1  # Textual's own
ESC, PASTE_START, PASTE_END = "\x1b", "\x1b[200~", "\x1b[201~"
#: what follows an escape byte that begins a sequence a terminal sends (CSI, SS3, OSC, DCS, a
#: string's end…)
SEQUENCE_STARTS = frozenset("[O]P\\_^")


def _begun(text: str, marker: str) -> int:
    """How many characters at the end of ``text`` begin ``marker`` (a marker cut between reads)."""
    for size in range(min(len(marker) - 1, len(text)), 0, -1):
        if text.endswith(marker[:size]):
            return size
    return 0


class PasteGuard:
    """Passes the input on as it comes, but inside a bracketed paste without its escape bytes.
    A paste's end marker cut between two reads is held back until the next one completes it."""

    def __init__(self) -> None:
        self.pasting = False
        self.seen = ""  # outside a paste: the input's end, passed on, that may begin a paste's start
        self.held = ""  # inside a paste: the input's end, held back, that may begin the paste's end

    def feed(self, data: str) -> str:
        out = []
        while data:
            if self.pasting:
                data, self.held = self.held + data, ""
                end = data.find(PASTE_END)
                if end < 0:
                    keep = len(data) - _begun(data, PASTE_END)
                    out.append(data[:keep].replace(ESC, ""))
                    self.held = data[keep:]
                    break
                out.append(data[:end].replace(ESC, "") + PASTE_END)
                data, self.pasting = data[end + len(PASTE_END) :], False
            else:
                seen = self.seen + data
                start = seen.find(PASTE_START)
                if start < 0:
                    out.append(data)
                    self.seen = seen[len(seen) - _begun(seen, PASTE_START) :]
                    break
                cut = start + len(PASTE_START) - len(self.seen)  # where the start ends in ``data``
                out.append(data[:cut])
                data, self.seen, self.pasting = data[cut:], "", True
        return "".join(out)


def lone_escapes(text: str) -> Iterator[str | None]:
    """``text`` in the parts to give the parser, with None for each escape byte that is the
    Escape key: one followed in the same read by a character that begins no sequence. Textual's
    parser reads "ESC h" as Alt+h, "ESC ?" and "ESC enter" as the key alone (the Escape lost);
    the app binds no Alt key, so it is what a person typed: Escape, then the key (escape then h
    at the record goes back to the lobby and opens the record again). An escape at the end of
    the read is the parser's to wait on (and one read after it within ``ESCDELAY`` still
    Alt and the key, or the key alone: ``EscapeHold`` keeps it from the parser)."""
    start = 0
    at = text.find(ESC)
    while at >= 0:
        if at + 1 < len(text) and text[at + 1] not in SEQUENCE_STARTS:
            if at > start:
                yield text[start:at]
            yield None
            start = at + 1
        at = text.find(ESC, at + 1)
    if start < len(text):
        yield text[start:]


class EscapeHold:
    """The input, read by read, as the parts to give the parser (``lone_escapes``), but an
    escape that ends a read is held back: Textual's parser would take a key in the next read
    within ``delay`` seconds as Alt and that key (Escape then h over SSH, in two packets). The
    next read decides: a sequence's start goes to the parser with the escape before it (a
    sequence cut between reads), anything else makes it the Escape key; no read within
    ``delay``: the Escape key (``due``)."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.since: float | None = None  # when the escape held came (None: none held)

    def feed(self, text: str, now: float) -> list[str | None]:
        if self.since is not None:
            text, self.since = ESC + text, None
        if text.endswith(ESC):
            text, self.since = text[:-1], now
        return list(lone_escapes(text))

    def wait(self, now: float, idle: float) -> float:
        """How long to wait for the next read before the escape held is due (``idle`` if none)."""
        return idle if self.since is None else min(idle, max(0.0, self.since + self.delay - now))

    def due(self, now: float) -> bool:
        """Whether the escape held is now the Escape key (no read came within ``delay``)."""
        if self.since is None or now < self.since + self.delay:
            return False
        self.since = None
        return True


@dataclass
class InputFailed(Message):
    """The input thread failed (``error``): the app fails with it, as on any failure of its own."""

    error: Exception


class PromptEscapeDriver(LinuxDriver):
    """``LinuxDriver`` whose input thread wakes when the parser's escape wait ends."""

    def run_input_thread(self) -> None:
        """Should the input thread fail, the app ends as on any failure of its own (one line;
        the report to the log): Textual's would print a traceback of the machine's paths on
        the person's terminal."""
        try:
            self.read_input()
        except Exception as error:
            self.process_message(InputFailed(error))

    def read_input(self) -> None:
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = key_parser()
        # A byte that is not UTF-8 (a Latin-1 terminal's "é") reads as U+FFFD: strict, as in
        # Textual's own driver, it ended the input thread and with it the session.
        decode = getincrementaldecoder("utf-8")(errors="replace").decode
        guard = PasteGuard()
        held = EscapeHold(constants.ESCAPE_DELAY)

        def process(ready: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
            for _key, mask in ready:
                if mask & selectors.EVENT_READ:
                    data = decode(os.read(self.fileno, 1024 * 4), final=final)
                    if not data:
                        break
                    for part in held.feed(guard.feed(data), time.monotonic()):
                        for event in [Key("escape", ESC)] if part is None else parser.feed(part):
                            self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            if held.due(time.monotonic()):
                self.process_message(Key("escape", ESC))

        try:
            while not self.exit_event.is_set():
                process(selector.select(held.wait(time.monotonic(), escape_wait(parser, IDLE_WAIT))))
            selector.unregister(self.fileno)
            process(selector.select(IDLE_WAIT), final=True)
        finally:
            selector.close()
