"""Text that came from a person, a file or a file name, made fit for the screen (DESIGN §6).

Such text is never markup: Rich and Textual would read ``[/]`` as a tag (and crash), ``[link=…]``
as a hyperlink and ``[@click=…]`` as an action. It reaches a widget as a ``rich.text.Text``, which
is never parsed, built by ``as_text``; ``plain`` also takes out what could reach the terminal as a
command or reorder the screen: control characters (ESC, C0, DEL, C1), line and paragraph
separators, bidi controls, and lone surrogates (undecodable bytes in a file name); and it bounds
the length.
"""

from __future__ import annotations

import re

from rich.text import Text

LIMIT = 256  # characters: a save's longest name
LONG = 4 * LIMIT  # characters: a sentence that holds names (a notice, a question, a play)
#: C0 and C1 controls (ESC among them), DEL, the bidi marks, embeddings, overrides and isolates,
#: line and paragraph separators, lone surrogates
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_BREAKS = re.compile("[\t\n\v\f\r\u2028\u2029]+")  # become one space: words stay apart


def cut_words(text: str, limit: int) -> str:
    """``text`` whole when it has at most ``limit`` characters; else up to its last whole word
    that fits, and "…" (a seat field such as ``{p1}`` is never cut in two)."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    return (head[:space] if space > 0 else head).rstrip(" ;,") + "…"


def plain(value: object, limit: int = LIMIT) -> str:
    """``value`` as one line of printable text of at most ``limit`` characters (the last an
    ellipsis when it was longer)."""
    text = _UNSAFE.sub("", _BREAKS.sub(" ", str(value)))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plain_lines(value: object, limit: int = LONG) -> str:
    """``plain`` line by line, the line breaks kept (a notice of several lines)."""
    return "\n".join(plain(line, limit) for line in str(value).split("\n"))


def as_text(value: object, style: str = "", limit: int = LIMIT) -> Text:
    """``plain(value)`` as a ``Text``: shown as typed, whatever brackets it holds. (A ``Text``
    already is one: it comes back as a copy.)"""
    if isinstance(value, Text):
        return value.copy()
    return Text(plain(value, limit), style=style)
