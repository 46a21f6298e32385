"""Why a replay shows nothing of what an AI weighed at the move it is at: `h` then says so
rather than doing nothing (a solo match, a person's move, a match not yet over)."""

from __future__ import annotations

from caravan_tui.match.replay import ReplayClient
from caravan_tui.safe_text import plain
from caravan_tui.saves.deciders import PERSON, decided_name, is_stand_in
from caravan_tui.saves.loading import replay as replay_log
from caravan_tui.seats import SeatSpec


def ai_seats(replay: ReplayClient) -> list[int]:
    """The seats an AI played in the replayed match (not a person's an AI stood in for)."""
    snapshot = replay.snapshot
    return [
        seat
        for seat, text in enumerate(snapshot.seats)
        if SeatSpec.parse(text).kind == "ai" and seat not in snapshot.standing_in
    ]


def any_ai_decided(replay: ReplayClient) -> bool:
    """Whether an AI decided any move of the replayed match (its seat, or standing in): else the
    replay offers no ``h`` (a solo replay showed "h Why" at every move, and it never showed one)."""
    return bool(ai_seats(replay) or replay.snapshot.deciders)


def nothing_weighed(replay: ReplayClient) -> str:
    """One line: why the replay at its position has no AI decision to show."""
    snapshot = replay.snapshot
    ais = ai_seats(replay)
    if not any_ai_decided(replay):
        return "No AI played in this match: there is no decision of one to show."
    if snapshot.status == "playing":
        return "What the AI weighed shows once the match is over."
    if replay.position == 0:
        return "No move yet: step forward (→) to an AI's move to see what it weighed."
    movers = replay.checked.movers
    mover = movers[replay.position - 1] if replay.position <= len(movers) else None
    decider = replay.decider(replay.position - 1) if mover is not None else PERSON
    if mover is not None and (mover in ais or is_stand_in(decider)):  # nothing recorded: no choice, or an older save
        name = plain(decided_name(snapshot.names[mover], decider))
        if len(replay_log(replay.checked.game, snapshot, replay.position - 1).state.legal_actions()) == 1:
            return f"{name} had only this move: there was nothing to weigh."
        return f"The save keeps nothing of what {name} weighed at this move."
    if mover is not None and SeatSpec.parse(snapshot.seats[mover]).is_person:
        # ("This move was not an AI's decision" of the person's own read as no decision at all)
        return f"{plain(snapshot.names[mover])} made this move, not an AI: step (← →) to an AI's move."
    return "This move was not an AI's decision: step (← →) to one of its moves."
