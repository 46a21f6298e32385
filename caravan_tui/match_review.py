"""The review of a saved match (DESIGN §6, the coach): kept beside the save once made
(``saves/reviews.py``; with the match in PostgreSQL under ``serve --database``:
``pgstore/reviews.py``), else judged in the AI workers with progress (``ai/review.py``). The
command line and the review screen both ask here.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence

from caravan_tui.ai.review import (
    ITERATIONS,
    MAX_TEXT,
    Judged,
    Review,
    assembled,
    decisions_of,
    draw_outcomes,
    outcome_positions,
    taken_said,
    taken_while_theirs,
    with_outcomes,
)
from caravan_tui.ai.worker import AIWorker
from caravan_tui.engine import Action, normalise_action
from caravan_tui.games import get_game
from caravan_tui.saves.deciders import decided_by, is_stand_in
from caravan_tui.saves.reviews import Shelf
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.seats import SeatSpec

#: the share of a review's progress kept for the draws weighed after its decisions
DRAWS_SHARE = 0.1


def not_reviewable(snapshot: Snapshot, seat: int) -> str | None:
    """Why ``snapshot`` cannot be reviewed for ``seat``, in words, or None."""
    if snapshot.status == "playing" or snapshot.result is None:
        return f"match {snapshot.match_id} is not finished: only a finished match is reviewed"
    if not 0 <= seat < snapshot.players:
        return f"match {snapshot.match_id} has seats 1 to {snapshot.players}, not {seat + 1}"
    return None


def default_seat(snapshot: Snapshot) -> int:
    """The seat a review is for unless another is asked: the first a person played."""
    return next((seat for seat, text in enumerate(snapshot.seats) if SeatSpec.parse(text).is_person), 0)


def kept_review(snapshot: Snapshot, seat: int, shelf: Shelf, iterations: int = ITERATIONS) -> Review | None:
    """The review kept for ``snapshot``'s ``seat``, if one is and it reads as a review of it."""
    data = shelf.read(snapshot, seat, iterations)
    if data is None:
        return None
    try:
        review = Review.from_data(data)
    except ValueError:
        return None
    same = (review.match_id, review.game_id, review.seat, review.players) == (
        snapshot.match_id,
        snapshot.game_id,
        seat,
        snapshot.players,
    )
    return review if same else None


def turned_down(
    refusals: frozenset[Action], movers: Sequence[int], actions: Sequence[Action], seat: int
) -> frozenset[int]:
    """The turns of ``seat``'s moves that another's reply then turned down (``refusals``): such a
    move is graded from the seat's next decision, judged later (listed as it came, a declined
    proposal read "fine: 29% → 27% (−2%)" while the review was worked out, then went)."""
    return frozenset(
        turn - 1
        for turn, mover in enumerate(movers)
        if turn > 0 and mover != seat and movers[turn - 1] == seat and normalise_action(actions[turn]) in refusals
    )


async def review_of(
    snapshot: Snapshot,
    seat: int,
    shelf: Shelf,
    worker: AIWorker,
    iterations: int = ITERATIONS,
    on_judged: Callable[[int, int], None] | None = None,
    on_result: Callable[[Judged], None] | None = None,
    gave_up: bool = False,
) -> Review:
    """``snapshot``'s review for ``seat`` (a finished match, its log in today's rules: as
    ``saves.loading`` hands it over): the kept one, else judged in ``worker`` and kept.
    ``on_judged(done, total)`` after each decision judged (every seat's: the others' split luck
    from their play), ``on_result`` with each of ``seat``'s own as it comes (but a move another's
    reply turned down: its grade waits for the seat's next decision). ``gave_up``: the
    seat's person resigned a hosted match that an AI then played on (its save tells that from a
    drop no more than the match's own end does: the server's record does), so the review ends
    where they resigned, as a resigned match's does (its moves after were "while you were away",
    the AI's win "you win")."""
    resigned = gave_up or (snapshot.status == "resigned" and snapshot.resigned == seat)
    kept = kept_review(snapshot, seat, shelf, iterations)
    if kept is not None:
        return dataclasses.replace(kept, resigned=resigned)
    if snapshot.result is None:
        raise ValueError(not_reviewable(snapshot, seat))
    game = get_game(snapshot.game_id)
    played = (snapshot.players, snapshot.seed, snapshot.options, snapshot.actions, seat)
    match = decisions_of(game, *played)
    refused = turned_down(game.ai.review.refusals, match.movers, snapshot.actions, seat)

    def own(judged: Judged) -> None:
        if on_result is not None and judged.seat == seat and judged.end not in refused:
            on_result(judged)

    # the moves an AI made in the person's place (away, or gone): none of theirs, its decisions not judged
    stood_in = tuple(
        turn
        for turn, mover in enumerate(match.movers)
        if mover == seat and is_stand_in(decided_by(snapshot, turn, seat))
    )
    # the seat's own decisions first (in order), the others' after: what the screen lists while the
    # rest are judged is whole three quarters of the way through, the others' only split luck
    # (a decision of several steps the stand-in finished is not the person's either: "Move 4: …
    # then Place a camel … an inaccuracy" stood beside "your stand-in made 1 move (move 6): it is
    # not graded", that camel the stand-in's)
    ordered = sorted(
        (
            position
            for position in match.decisions
            if position.seat != seat
            or not any(turn in stood_in for turn in range(position.turn, max(position.end, position.turn) + 1))
        ),
        key=lambda position: position.seat != seat,
    )
    # the others' moves an AI made in their person's place: named as its (a resigned person's
    # name stood before the moves the AI went on to make in their seat, and before what it took)
    others = tuple(
        turn
        for turn, mover in enumerate(match.movers)
        if mover != seat and is_stand_in(decided_by(snapshot, turn, mover))
    )
    # what the others took from the seat: while its person played it (a resigned seat's stand-in's losses are its own)
    took = taken_while_theirs(match.took, match.movers, seat, stood_in) if resigned else match.took
    # a share of the progress kept for the draws weighed after the decisions (the bar ran to 100%
    # over the decisions, then back to 96% as the draws were counted in)
    reserve = max(1, round(len(ordered) * DRAWS_SHARE))
    deciding = None if on_judged is None else (lambda done, total: on_judged(done, total + reserve))
    judged = await worker.review(snapshot.game_id, seat, ordered, iterations, deciding, own if on_result else None)
    review = assembled(
        snapshot.game_id,
        snapshot.match_id,
        seat,
        snapshot.players,
        iterations,
        min(1.0, max(0.0, snapshot.result[seat])) if match.alone is None else match.alone,
        judged,
        match.draws,
        match.ended,
        resigned=resigned,
        closer=match.closer,
        taken=taken_said(took, seat, others)[:MAX_TEXT],
        skipped=match.skipped,
        decided=match.decided,
    )
    # then the biggest draws against their other outcomes (the progress goes on past the decisions)
    found = draw_outcomes(game, *played, review.draws_to_weigh())
    counted = len(judged)
    progress = (
        None
        if on_judged is None
        else (lambda done, total: on_judged(counted + reserve * done // max(1, total), counted + reserve))
    )
    values = await worker.expect(snapshot.game_id, seat, outcome_positions(found), iterations, progress)
    if on_judged is not None:
        on_judged(counted + reserve, counted + reserve)
    review = dataclasses.replace(with_outcomes(review, found, values), stood_in=stood_in, others_stood_in=others)
    try:
        shelf.write(snapshot, seat, iterations, review.to_data())
    except OSError:  # the review stands; it is only made again next time
        logging.getLogger(__name__).exception("keeping the review of %s failed", snapshot.match_id)
    return review
