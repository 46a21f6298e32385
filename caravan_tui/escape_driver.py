"""Textual's Linux driver, with an Escape that acts as soon as it is known to be one.

A lone escape byte could begin a longer key sequence, so Textual's parser waits ``ESCDELAY``
for more before it reads it as the Escape key; but Textual's input thread looks at the terminal
only every 0.1 s, so the Escape acted 100–150 ms after the press. Here the thread's wait is the
parser's own deadline when one is pending, and 0.1 s otherwise (an idle session wakes no more
often than before)."""
from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder

from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

IDLE_WAIT = 0.1  # Textual's own


def next_wait(parser: XTermParser) -> float:
    """How long the input thread may wait for input before the parser needs a tick."""
    deadline = parser._timeout_time  # set while a read with a timeout (a lone escape) is pending
    return IDLE_WAIT if deadline is None else min(IDLE_WAIT, max(0.0, deadline - get_time()))


class PromptEscapeDriver(LinuxDriver):
    """``LinuxDriver`` whose input thread wakes when the parser's escape wait ends."""

    def _run_input_thread(self) -> None:
        """Should the input thread still fail, the app ends as on any failure of its own (one
        line; the report to the log): Textual's ``panic`` would print a traceback of the
        machine's paths on the person's terminal."""
        try:
            self.run_input_thread()
        except Exception as error:
            self._app.call_later(self._app._handle_exception, error)

    def run_input_thread(self) -> None:
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        # A byte that is not UTF-8 (a Latin-1 terminal's "é") reads as U+FFFD: strict, as in
        # Textual's own driver, it ended the input thread and with it the session.
        decode = getincrementaldecoder("utf-8")(errors="replace").decode

        def process(ready: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
            for _key, mask in ready:
                if mask & selectors.EVENT_READ:
                    data = decode(os.read(self.fileno, 1024 * 4), final=final)
                    if not data:
                        break
                    for event in parser.feed(data):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process(selector.select(next_wait(parser)))
            selector.unregister(self.fileno)
            process(selector.select(IDLE_WAIT), final=True)
        finally:
            selector.close()
