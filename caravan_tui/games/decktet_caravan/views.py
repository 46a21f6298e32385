"""What a Decktet Caravan view holds (``DecktetCaravanState.view``), as the types its screen reads.

Everything is built as lists, and lists are what arrive over SSH too. A season line and a hand's
result are lists of mixed items: ``season_play`` and ``hand_result`` read them as typed pairs and
rows (the one place their shape is written down for the screen).

No ``from __future__ import annotations`` here: ``NotRequired`` is seen only in evaluated
annotations (``__required_keys__``, which the contract test reads)."""

from collections.abc import Sequence
from typing import NamedTuple, NotRequired, TypeAlias, cast

from caravan_tui.engine import ViewHeader

#: a season line: [seat, action as a list] (``["caravan", "5MS@5", …]``)
SeasonPlay: TypeAlias = list[int | list[str]]
#: a scored hand: [hand, out player, bonus, pile points, hand totals, up card ids, pile points per
#: up card per seat] (``rules.history_data``)
HistoryRow: TypeAlias = list[int | list[int] | list[str] | list[list[int]] | None]


class DecktetCaravanView(ViewHeader):
    """Everything one seat (or a spectator) may know; ``scores`` are the match totals."""

    game: str
    hands_total: int
    hand_no: int
    up: list[str]
    aside_up: list[str]
    hand_sizes: list[int]
    hand_wilds: list[int]
    season: list[SeasonPlay]
    collected: list[list[str]]
    collected_points: list[int]
    discard: list[str]
    aside_count: int
    first_leader: int
    out_player: int | None
    history: list[HistoryRow]
    #: the seat's own hand, in rank order (not for a spectator)
    hand: NotRequired[list[str]]


class HandResult(NamedTuple):
    """One row of ``history``, typed."""

    hand_no: int
    out: int | None
    bonus: int
    piles: list[int]
    totals: list[int]
    up: list[str]
    by_up: list[list[int]]


def season_play(line: Sequence[int | list[str]]) -> tuple[int, list[str]]:
    """A season line as (seat, action)."""
    seat, action = line
    assert isinstance(seat, int) and isinstance(action, list), line
    return seat, action


def hand_result(row: HistoryRow) -> HandResult:
    """A history row as a ``HandResult`` (its items' types are the order ``history_data`` writes)."""
    hand_no, out, bonus, piles, totals, up, by_up = row
    return HandResult(
        cast(int, hand_no),
        cast(int | None, out),
        cast(int, bonus),
        cast(list[int], piles),
        cast(list[int], totals),
        cast(list[str], up),
        cast(list[list[int]], by_up),
    )
