"""Each person's rating per game on a server (DESIGN §7), with openskill's Plackett–Luce model
(Weng–Lin: 2 to 6 players, ranked by each seat's share of the win). Pure: no Textual.

**People only.** A match counts when at least two people with a key hold its seats; AI seats
and guests are left out and the people are ranked among themselves by their result. An AI seat
as a fixed anchor would need a rating per level that means the same on every server, and a
level's strength changes with the server's ``--ai-iterations`` and with each release's tuning:
a rating earned against it would drift with them (docs/hosting.md).

**Partial play.** A person whose seat a stand-in played for part of the match (they dropped
and did not come back in time) counts for the share of their seat's moves they decided
themselves (``saves.deciders``): their change is that share of the full change (openskill's
own ``weights`` weigh the players within a team, normalised per team, so a team of one always
counts whole). A seat its person gave up (resigned, or a guest who left) counts whole, and
ranks below every person who played on, whatever its stand-in made of it after: leaving is a
result (else resigning against a person and leaving an AI to win gained rating). A seat whose
moves a stand-in decided all of is left out.

What is kept is the **entry** of each rated match (who sat where, their result and weight,
when it ended): the ratings are the entries folded in order, so every server folding the same
entries holds the same ratings, and the entries are rebuilt from the matches' records.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from caravan_tui.bus import MAX_SEATS
from caravan_tui.games import GAMES
from caravan_tui.saves.deciders import PERSON, decided_by
from caravan_tui.saves.loading import Replayed
from caravan_tui.ssh.records import IDENTITY, MATCH_ID, HostedRecord

MODEL = PlackettLuce()
#: a rating shows as a number once its uncertainty is below this (before: "?"), about ten matches
SETTLED = 4.0
#: the number a rating shows: openskill's mean, scaled so that a newcomer starts at 1000
SCALE = 40
UNSETTLED = "?"


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0

    @property
    def settled(self) -> bool:
        return self.sigma < SETTLED

    @property
    def points(self) -> int:
        return round(self.mu * SCALE)

    @property
    def shown(self) -> str:
        """ "1043", or "?" while it has not settled (the lobby's, beside a name)."""
        return str(self.points) if self.settled else UNSETTLED

    @property
    def told(self) -> str:
        """ "1043", or "902?" while it has not settled: what a change and a record say it is now
        ("−98 (now ?)" hid what the change was from and to)."""
        return str(self.points) if self.settled else f"{self.points}{UNSETTLED}"


@dataclass(frozen=True, slots=True)
class Entry:
    """A rated match: its game, when it ended, and each rated seat's person, result (their
    share of the win) and weight (the share of the match they played)."""

    match: str
    game: str
    ended: float
    seats: tuple[tuple[str, float, float], ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "match": self.match,
            "game": self.game,
            "ended": self.ended,
            "seats": [list(seat) for seat in self.seats],
        }

    @classmethod
    def from_data(cls, data: object) -> Entry:
        """The entry ``data`` (read from a file or a database) holds; ValueError saying why not."""
        if not isinstance(data, dict) or set(data) != {"match", "game", "ended", "seats"}:
            raise ValueError("not a rated match")
        match, game, ended, seats = data["match"], data["game"], data["ended"], data["seats"]
        if not isinstance(match, str) or not MATCH_ID.fullmatch(match) or game not in GAMES:
            raise ValueError("its match or game is not one")
        if type(ended) not in (int, float) or not math.isfinite(ended):
            raise ValueError("its end is not a time")
        if (
            not isinstance(seats, list)
            or not 2 <= len(seats) <= MAX_SEATS
            or not all(
                isinstance(s, list)
                and len(s) == 3
                and isinstance(s[0], str)
                and is_rated(s[0])
                and all(type(n) in (int, float) and 0 <= n <= 1 for n in s[1:])
                and s[2] > 0
                for s in seats
            )
        ):
            raise ValueError("its seats are not [identity, result, weight]")
        if len({s[0] for s in seats}) != len(seats):
            raise ValueError("it rates one person twice")
        return cls(match, str(game), float(ended), tuple((s[0], float(s[1]), float(s[2])) for s in seats))


def is_rated(identity: str | None) -> bool:
    """Whether ``identity`` is someone a rating can follow (a key; a guest is new each visit)."""
    return identity is not None and identity.startswith("SHA256:") and IDENTITY.fullmatch(identity) is not None


def entry_of(replayed: Replayed, record: HostedRecord) -> Entry | None:
    """The entry of a finished hosted match (``replayed`` from its checked save), or None when
    it does not count: not over, or fewer than two people to rate."""
    snapshot = replayed.snapshot
    if snapshot.status == "playing" or snapshot.result is None or len(record.owners) != snapshot.players:
        return None
    seats: list[tuple[str, float, float]] = []
    for seat in range(snapshot.players):
        given_up = record.left.get(seat)
        who = record.owners[seat] or given_up
        if not is_rated(who) or any(who == s[0] for s in seats):
            continue
        weight = 1.0 if given_up is not None else _share_played(replayed, seat)
        if weight > 0:
            seats.append((str(who), _result(snapshot.result[seat], given_up is not None, bool(record.left)), weight))
    if len(seats) < 2:
        return None
    return Entry(snapshot.match_id, snapshot.game_id, snapshot.updated, tuple(seats))


def _result(share: float, gave_up: bool, anyone_gave_up: bool) -> float:
    """A seat's result as rated: its share of the win; where someone gave their seat up, 0 for
    them and the others' shares halved above them (only the order counts to the model)."""
    if not anyone_gave_up:
        return float(share)
    return 0.0 if gave_up else 0.5 + float(share) / 2


def _share_played(replayed: Replayed, seat: int) -> float:
    """The share of ``seat``'s moves its person decided (1 if it made none)."""
    turns = [turn for turn, mover in enumerate(replayed.movers) if mover == seat]
    if not turns:
        return 1.0
    snapshot = replayed.snapshot
    return sum(decided_by(snapshot, turn, seat) == PERSON for turn in turns) / len(turns)


@dataclass(frozen=True, slots=True)
class Change:
    """What a rated match did to one person's rating."""

    identity: str
    before: Rating
    after: Rating
    #: the share of the seat's moves its person made (a stand-in made the rest): the change is
    #: that share of the full one
    weight: float = 1.0

    @property
    def points(self) -> int:
        return self.after.points - self.before.points


@dataclass
class RatingBook:
    """The ratings the entries folded so far give, by game and identity, with what each match
    changed."""

    ratings: dict[str, dict[str, Rating]] = field(default_factory=dict)
    changes: dict[str, list[Change]] = field(default_factory=dict)
    folded: int = 0

    def rating(self, game: str, identity: str) -> Rating:
        return self.ratings.get(game, {}).get(identity, Rating())

    def shown(self, game: str, identity: str | None) -> str:
        """What the lobby shows beside a seat's name ("" for a seat nobody rated sits at)."""
        return self.rating(game, identity).shown if is_rated(identity) and identity is not None else ""

    def fold(self, entry: Entry) -> list[Change]:
        """Rate ``entry`` on top of what is folded (a match folded already changes nothing)."""
        self.folded += 1
        if entry.match in self.changes:
            return self.changes[entry.match]
        befores = [self.rating(entry.game, who) for who, _, _ in entry.seats]
        teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in befores]
        rated = MODEL.rate(teams, scores=[result for _, result, _ in entry.seats])
        changes = []
        for (who, _, weight), before, [full] in zip(entry.seats, befores, rated):
            variance = before.sigma**2 + weight * (full.sigma**2 - before.sigma**2)
            after = Rating(before.mu + weight * (full.mu - before.mu), math.sqrt(variance), before.matches + 1)
            self.ratings.setdefault(entry.game, {})[who] = after
            changes.append(Change(who, before, after, weight))
        self.changes[entry.match] = changes
        return changes

    def top(self, game: str, limit: int) -> list[tuple[str, Rating]]:
        """The ``limit`` best settled ratings of ``game``, best first."""
        settled = [(who, r) for who, r in self.ratings.get(game, {}).items() if r.settled]
        return sorted(settled, key=lambda item: (-item[1].mu, item[0]))[:limit]


def book_of(entries: list[Entry]) -> RatingBook:
    book = RatingBook()
    for entry in entries:
        book.fold(entry)
    return book


def in_order(entries: list[Entry]) -> list[Entry]:
    """The order the records give: by when each match ended."""
    return sorted(entries, key=lambda entry: (entry.ended, entry.match))
