"""What the app heard that outlives the screen showing when it came (plain data, no Textual).

A message for the result screen may come before that screen exists or while the app is on its
way to it (the hub's ``Rated`` and the match's end travel on two links); one kept by whichever
screen was showing is lost with it. So the app keeps it here, one immutable value it replaces as
each message comes (``TableApp.heard``), and a screen shows its part of it from the moment it
opens and at every change after.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

#: how many of the last things the hub told are kept (each is one line)
KEPT_TOLD = 4
#: how long a thing told still counts as news, in seconds (a notice's time on screen)
TOLD_FRESH = 8.0

_NOTHING: Mapping[str, str] = MappingProxyType({})
_NONE: Mapping[str, tuple[float, ...]] = MappingProxyType({})
_SEATS: Mapping[str, tuple[int, ...]] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Heard:
    """``ratings``: what each match that ended did to its people's ratings, in words, by match;
    ``outcomes``: each such match's shares of the win by seat, as it ended; ``gave_up``: the
    seats whose people resigned it, an AI playing them on; ``told``: the last
    lines the hub told (an operator's action, a mute), each with when it came
    (``time.monotonic``) and its notice's title, oldest first."""

    ratings: Mapping[str, str] = field(default_factory=lambda: _NOTHING)
    outcomes: Mapping[str, tuple[float, ...]] = field(default_factory=lambda: _NONE)
    gave_up: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: _SEATS)
    told: tuple[tuple[float, str, str], ...] = ()

    def rated(self, match: str, line: str, outcome: tuple[float, ...] = (), gave_up: tuple[int, ...] = ()) -> Heard:
        """With ``match``'s rating changes and, where the hub said it, how it ended and whose
        people had resigned it."""
        outcomes = MappingProxyType({**self.outcomes, match: outcome}) if outcome else self.outcomes
        given = MappingProxyType({**self.gave_up, match: gave_up}) if gave_up else self.gave_up
        ratings = MappingProxyType({**self.ratings, match: line})
        return replace(self, ratings=ratings, outcomes=outcomes, gave_up=given)

    def was_told(self, text: str, now: float, title: str = "Done") -> Heard:
        """With one more line told, under ``title`` (the oldest go beyond ``KEPT_TOLD``)."""
        return replace(self, told=(*self.told, (now, text, title))[-KEPT_TOLD:])

    def fresh_told(self, now: float) -> list[tuple[str, str]]:
        """The lines told in the last ``TOLD_FRESH`` seconds, each with its title: news a change
        of screen must not wipe (a result screen clears the match's notices, not a mute said as
        the match ended, which is said again as it was: "Your chat is muted", not "Done")."""
        return [(text, title) for at, text, title in self.told if now - at <= TOLD_FRESH]
