"""The words the tables, the lobby and a match's log write in place of a person's name or beside
it: "AI 2 (hard)", "Open seat 2", "You", "Bob (you)", "Bob · AI standing in", "Bob's stand-in",
"(free)". Each is a ``Label`` written here and nowhere else; ``LABELS`` holds every one, and the
rule for the names people choose (``lookalikes.name_problem``) reads it, so that no name reads
as a label, one added tomorrow included. Pure text: no Textual, no imports of the project.
"""

from __future__ import annotations

from dataclasses import dataclass

#: what every line writes between a name and what it says of it ("Bob · 12 in hand", "Ann (you)
#: · pile +3"): no name may hold it
PART = " · "


@dataclass(frozen=True)
class Label:
    """A label's ``template``, whose fields are ``{name}`` (a person's name), ``{n}`` (a seat's
    number, from 1), ``{level}`` (an AI level, or "custom") and ``{what}`` (anything). ``alone``:
    it stands in place of a name, and no name may read as it; else it is written beside a name,
    and no name may hold its words."""

    template: str
    alone: bool

    def __call__(self, **fields: object) -> str:
        return self.template.format(**fields)


LABELS: list[Label] = []


def _label(template: str, *, alone: bool) -> Label:
    label = Label(template, alone)
    LABELS.append(label)
    return label


# -- in place of a name ----------------------------------------------------------------------

YOU = _label("You", alone=True)  # our seat where room is short, and in a headline
NOBODY = _label("nobody", alone=True)  # no seat (nobody to move)
PLAYER = _label("Player {n}", alone=True)  # a seat the table has no name for
SEAT = _label("seat {n}", alone=True)  # the same, in "seat 3's view"
OPEN_SEAT = _label("Open seat {n}", alone=True)  # an open seat of a hosted match
AI_SEAT = _label("AI {n}", alone=True)  # an AI seat's name, or what is left of it where room is short
AI_KIND = _label("AI {level}", alone=True)  # a kind of seat: "AI normal"
CUSTOM_AI = _label("AI {level} (custom)", alone=True)  # one whose search settings were changed
FREE = _label("(free)", alone=True)  # the lobby: a seat anyone may take
#: the status line's words, which stand where a name would in another line
YOUR_TURN = _label("Your turn.", alone=True)
OVER = _label("The match is over.", alone=True)
CONNECTING = _label("Connecting…", alone=True)
WAITING = _label("Waiting for a person to take seat {n} (from the lobby)…", alone=True)

# -- beside a name ---------------------------------------------------------------------------

LEVEL_MARK = _label("{name} ({level})", alone=False)  # an AI seat's level: "AI 2 (hard)"
YOURS = _label("{name} (you)", alone=False)
AWAY = _label("{name} (away)", alone=False)  # a person who left for a while
INVITED = _label("{name} (invited)", alone=False)  # a rematch's seat kept for its person
WATCHING = _label("{name} (watching)", alone=False)  # a spectator in the chat
AI_STANDING_IN = _label("{name}" + PART + "AI standing in", alone=False)  # the table
STAND_IN_SEAT = _label("{name}" + PART + "AI", alone=False)  # the lobby
STAND_IN_MARK = _label("{name}·AI", alone=False)  # a players table where room is short: "Bob·AI"
STAND_IN_OF = _label("{name}'s stand-in", alone=False)  # the log: "Bob's stand-in plays …"
SAID_OF = _label("{name}" + PART + "{what}", alone=False)  # a game's line: "Bob · 12 in hand"
TO_PLAY = _label("{name} to play…", alone=False)  # the status line: a person's turn
#: the status line: a rematch's seat kept for its person, who has not sat down yet
WAITING_FOR = _label("Waiting for {name} to take seat {n} (from the lobby)…", alone=False)
THINKING = _label("{name} is thinking…", alone=False)  # the status line: an AI's turn


def ai_seat_name(seat: int, level: str) -> str:
    """An AI seat's name: "AI 2 (hard)" for seat 1."""
    return LEVEL_MARK(name=AI_SEAT(n=seat + 1), level=level)
