"""A finished match reviewed from one seat's view (DESIGN §6, the coach).

A *decision* is what the seat chose, whole: from its first step with more than one move open
to the step after which another seat or chance acts, a step that logs something public ends it
(unless the game says the seat is still composing the move: ``Game.composing``); steps that log
nothing (a piece of a multi-piece placement) continue it. A trade proposal written step by
step, or a placement laid piece by piece, is one decision; a forced step is none.

For each decision, a search from what the seat could see when it began (its ``view``; what it
could not see is determinized, as for an AI seat) gives the seat's expected result with the best
move (``before``: the move the normal level makes, its planner's where the game plans, as a hint
shows it: named at the hint's budget, ``hint_budget``) and with the move made (``after``), each
weighed where its decision ends, by a search narrowed to its last step: the same steps weigh the
same, so following a hint costs nothing. Where the game's levels follow lines (``Level.lines``),
a move is valued where the seat's own line from it leads, as its seats and hints value it. Their
difference, in the game's measure (``GameAI.review``), grades the decision: an inaccuracy, a
mistake or a blunder.

Where the seat's chances went (as GNU Backgammon splits skill from luck): between two of its
decisions, the others' decisions are judged the same way from their own views, their error
against their best given to the seat (a share of it with more than one other seat); what is
left of the change between the seat's ``after`` and its next ``before`` is chance: the draw,
roll or deal against what the seat could expect (``Review.account``), where the seat saw one
(else it is the searches' own drift, and said so). A draw that moved the seat's chances as much
as an inaccuracy is weighed against its other outcomes (``draw_outcomes``), each valued as the
next decision's ``before`` is: its luck is what the one that came was worth against their mean.
The parts add up to the change from the first decision to the end exactly, as shown.

A move made that expects less than the best by no more than the searches' noise (two standard
errors of the difference, ``explain.noise``) costs nothing: a hint calls such moves "about as
good", and a review graded one of them an inaccuracy.

A decision is judged from its views, its moves, its number and the budget alone, with searches
seeded by the move's number: the review is exactly reproducible, and it is the same whatever
the seat could not see (a test redeals it). The search is the game's ``normal`` level without
its planner (a planner weighs only the moves it would make) and without the clock; the planner,
where there is one, only names the best move.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from caravan_tui.engine import Action, Event, Game, Measure, State, normalise_action, seat_field
from caravan_tui.games import GAMES, get_game
from caravan_tui.safe_text import cut_words
from caravan_tui.words import plural_of

from . import safety
from .explain import advised, kept_after, led_to, noise, not_back, others_words, playable, standard_error
from .ismcts import SearchResult, along, continuation, search
from .levels import LEVELS, MAX_ITERATIONS, Level, level_for
from .policies import (
    REVIEWED,
    SearchSettings,
    hint_policy,
    hint_seed,
    hinted_pick,
    pick,
    planner_of,
    search_settings,
    vetted,
    weighed_root,
)

#: a decision's search budget by default: the normal level's
ITERATIONS = 1500
#: another seat's decision is searched with this share of the budget: it splits the seat's luck
#: from the others' play, it grades nothing
OTHERS_SHARE = 1 / 3
#: the share of a search's visits a move made must have had for the search's own value of it
#: to stand (else it is weighed again, below it alone: see ``judge``)
SETTLED = 0.1
#: how many turning points a review puts first
TURNING_POINTS = 3
#: a draw that moved the seat's chances as much as an inaccuracy is weighed against this many of
#: its other outcomes (``draw_outcomes``), at most ``WEIGHED_DRAWS`` of them, the biggest first
OUTCOMES = 4
WEIGHED_DRAWS = 12
GRADES = ("inaccuracy", "mistake", "blunder")
#: the parts of its turns a seat had nothing to do in but end, fewest said under "How it ended":
#: one is no account of a result ("You had nothing to do but end your build at move 185" of a
#: match won on its last turn, 65 moves later)
IDLE_TOLD = 2
#: bounds on what a kept review may hold (it is read back from a file)
MAX_DECISIONS = 5000
MAX_TEXT = 2000


@dataclass(frozen=True, slots=True)
class Position:
    """A decision as its seat met it: move number ``turn`` of the log (from 0), the seat's view
    then, and the move it made; ``seat``: who decided (-1: the seat reviewed). A decision of
    several steps also has all its ``steps`` (the first is ``action``), the move number of its
    last (``end``), the seat's view before it (``end_view``) and the whole in ``words``; one
    judged from the middle of a decision (``_past_the_line``), the seat's views at the steps of it
    taken before (``passed``: its best is no move back to one of them, as a hint's)."""

    turn: int
    view: dict[str, Any]
    action: Action
    seat: int = -1
    steps: tuple[Action, ...] = ()
    end: int = -1
    end_view: dict[str, Any] | None = None
    words: str = ""
    passed: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance as the seat reviewed saw it: after move ``turn``, a deal, draw or roll in words;
    ``shown``: not a new deal, draw or roll but a card of another seat's hidden hand that its
    play showed (what the deal had given it; the play itself is no chance)."""

    turn: int
    text: str
    shown: bool = False


#: an expected result in [0, 1] and its standard error (None: too few results to tell)
Weight = tuple[float, float | None]
#: a draw weighed against its other outcomes: the move after which it came, and for each outcome
#: the seat that decided next and its expected result there (-1: the match ended, with the seat
#: reviewed's result)
Outcomes = tuple[int, tuple[tuple[int, float], ...]]


@dataclass(frozen=True, slots=True)
class Match:
    """A match taken apart for a review (``decisions_of``): each seat's decisions in order, the
    chance the reviewed seat saw, and how the match ended for that seat where its account does not
    say it, with seat fields ("": nothing to say): the parts of its turns it could only end and
    the move that ended it (``ended``), and what decided it in the game's terms (``decided``: the
    turns the rules passed over, ``Game.skipped_words``; how its points came,
    ``ReviewTerms.scored``; how a tie on the score was broken, from its view, ``Game.tie_words``);
    which seat made each move (``movers``); the first move of the reviewed seat's
    decision that ended the match (``closer``; -1: none); and what the others' moves took from it
    (``taken``, ``Game.taken_words``)."""

    decisions: tuple[Position, ...]
    draws: tuple[Draw, ...]
    ended: str = ""
    movers: tuple[int, ...] = ()
    closer: int = -1
    #: what the others' moves took from the reviewed seat, with seat fields (``taken_said``)
    taken: str = ""
    #: the moves after which the rules passed the reviewed seat over (``Game.skipped_words``)
    skipped: tuple[int, ...] = ()
    #: each taking: its move (from 0), who took, what, its worth (``taken_said`` says them)
    took: tuple[tuple[int, int, str, float], ...] = ()
    #: what decided the match in the game's own terms, with seat fields: the turns the rules
    #: passed over, how its points came, how a tie was broken ("": the game says nothing)
    decided: str = ""
    #: alone, the seat's score at the end in the review's measure (its outcome stops at the
    #: measure's top: a caravan of 46 read "45.0 pieces at the end"); None: between seats, or
    #: not over
    alone: float | None = None


class _Run:
    """A decision being followed step by step through the log."""

    __slots__ = ("seat", "turn", "view", "steps", "said", "end", "end_view", "rest")

    def __init__(self, seat: int, turn: int, view: dict[str, Any]) -> None:
        self.seat, self.turn, self.view = seat, turn, view
        self.steps: list[Action] = []
        self.said: list[str] = []
        self.end, self.end_view = turn, view
        self.rest = ""  # what the rules played by themselves after its last step (``Game.laid_for``)

    def position(self) -> Position:
        if len(self.steps) == 1 and not self.rest:
            return Position(self.turn, self.view, self.steps[0], self.seat)
        end = cut_words(f", then {self.rest}", MAX_TEXT // 2) if self.rest else ""
        return Position(
            self.turn,
            self.view,
            self.steps[0],
            self.seat,
            tuple(self.steps),
            self.end,
            self.end_view,
            steps_words(self.said, end),
        )


def steps_words(said: Sequence[str], end: str = "") -> str:
    """A decision's steps said, then ``end``, within ``MAX_TEXT``: cut after the last whole step
    that fits (at a word where not even the first does), so that where the move ended is kept
    ("… on (1,-4) as this piec…, then laid for AI 2" cut a word in two)."""
    room, words = MAX_TEXT - len(end), ", then ".join(said)
    if len(words) <= room:
        return words + end
    kept: list[str] = []
    for step in said:
        if len(", then ".join([*kept, step])) + len(", …") > room:
            break
        kept.append(step)
    return (", then ".join(kept) + ", …" if kept else cut_words(words, room)) + end


def decisions_of(
    game: Game, players: int, seed: int, options: dict[str, Any], actions: Sequence[Action], seat: int
) -> Match:
    """Every seat's decisions in the match (see the module doc: a forced move is none, the
    steps of one are one), and the chance ``seat`` saw (``Event.reveals``: what it could not
    know before)."""
    state = game.new(players, seed=seed, options=options)
    composing, laid_for, skipped_words, idle_words = game.composing, game.laid_for, game.skipped_words, game.idle_words
    stop = game.ai.stop
    found: list[Position] = []
    draws: list[Draw] = []
    # (the move after which the rules passed over each seat, why)
    skipped: list[list[tuple[int, str]]] = [[] for _ in range(players)]
    # (the parts of the seat's turns, by key, as their first position left them: why, where it could only end them)
    idle: dict[Any, tuple[int, str, str | None]] = {}
    run: _Run | None = None
    movers: list[int] = []
    taken: list[tuple[int, int, str, float]] = []  # (what the others took from the seat: ``taken_said``)
    last, closer = "", -1  # (how the last move ended the match, where it did, and whose decision)
    for turn, action in enumerate(actions):
        mover = state.to_move()
        if mover is None:
            break
        movers.append(mover)
        if idle_words is not None and mover == seat and (found_idle := idle_words(state, seat)) is not None:
            # a part the seat did not end there (a trade proposed) had something to do: "nothing to
            # do but end your build at move 101" named a proposal
            ended_at_once = stop is None or normalise_action(action) == stop
            key, name, why = found_idle
            idle.setdefault(key, (turn, name, why if ended_at_once else None))
        if run is None and len(state.legal_actions()) > 1:
            run = _Run(mover, turn, state.view(mover))
        if run is not None:
            if run.rest:  # what the rules played after the step before this one
                run.said[-1] += f", then {run.rest}"
            run.steps.append(action)
            run.said.append(state.describe(action, mover))
            run.end, run.end_view = turn, run.view if turn == run.turn else state.view(mover)
            run.rest = "" if laid_for is None else laid_for(state, mover, action)
        if game.taken_words is not None and mover != seat and (took := game.taken_words(action, seat)) is not None:
            taken.append((turn, mover, *took))
        events = state.apply(action, True)
        draws += [Draw(turn, event.text[:MAX_TEXT], _shown(event)) for event in events if _chance_for(event, seat)]
        if skipped_words is not None:
            for passed, turns in enumerate(skipped):
                turns += [(turn, why) for event in events if (why := skipped_words(event, passed)) is not None]
        if state.is_over():
            last = ended_by(mover, run.turn if run is not None else turn, events)
            closer = run.turn if run is not None and mover == seat else -1
        if run is not None and ends_decision(state, mover, events, composing):
            found.append(run.position())
            run = None
    if run is not None:
        found.append(run.position())
    tie, scoring = game.tie_words, game.ai.review.scored
    over = state.is_over()
    outcome = state.outcome() if over else [0.0] * players
    ended = tie(state.view(seat), state.scores(), outcome) if tie is not None and over else None
    scored = scoring(state.view(seat)) if scoring is not None and over else None
    # the seat's own skipped turns, then the others': an opponent out of camels, its last turns
    # skipped, decided a match whose review named no turning point ("the searches' drift +42%");
    # a winner's are how it ended, not what decided it ("What decided it: The rules skipped 4 of
    # your turns" of a 30–27 win led from round 2)
    # A third seat's, where the seat lost, are how it ended too: "What decided it: The rules
    # skipped 3 of AI 2's turns" was said of a 30–32 loss to AI 3, AI 2 last with 18.
    won = [share > 0 and share == max(outcome) for share in outcome]
    order = (seat, *(s for s in range(players) if s != seat))
    deciding = [other for other in order if not won[other] and (other == seat or won[seat])]
    passed_over = [skipped_said(skipped[other], other) for other in deciding]
    passed_winning = [skipped_said(skipped[other], other) for other in order if other not in deciding]
    ended_idle = [(turn, name, why) for turn, name, why in idle.values() if why is not None]
    idle_told = idle_said(ended_idle, seat) if len(ended_idle) >= IDLE_TOLD else ""
    said = " ".join(words for words in (*passed_winning, idle_told, last) if words)
    decided = " ".join(words for words in (*passed_over, scored, ended) if words)
    alone = state.scores()[seat] / game.ai.review.measure(1).scale if over and players == 1 else None
    return Match(
        tuple(found),
        tuple(draws),
        said[:MAX_TEXT],
        tuple(movers),
        closer,
        taken_said(taken, seat)[:MAX_TEXT],
        tuple(turn for turn, _ in skipped[seat]),
        tuple(taken),
        decided[:MAX_TEXT],
        None if alone is None else min(MOST_EXPECTED, max(0.0, alone)),
    )


def taken_said(taken: Sequence[tuple[int, int, str, float]], seat: int, stood_in: Collection[int] = ()) -> str:
    """What the others' moves took from ``seat`` (each: its move number from 0, who took it,
    what, its worth in points), with seat fields ("" where nothing): "Taken from {p0} by {p1}:
    gems at move 8, paper at move 60 (12 points in all)."; where more than one took, each with
    whom ("gems by {p1} at move 8, salt by {p2} at move 10"). A move of ``stood_in`` (an AI's in
    its person's place) is the stand-in's: "by Bob" read as Bob's of thefts made after he resigned."""
    if not taken:
        return ""

    def taker(turn: int, mover: int) -> str:
        return seat_field(mover, "'s") + " stand-in" if turn in stood_in else seat_field(mover)

    takers = {taker(turn, mover) for turn, mover, _, _ in taken}
    by = "" if len(takers) > 1 else f" by {next(iter(takers))}"
    each = ", ".join(
        f"{what}{f' by {taker(turn, mover)}' if not by else ''} at move {turn + 1}" for turn, mover, what, _ in taken
    )
    total = sum(worth for *_, worth in taken)
    return f"Taken from {seat_field(seat)}{by}: {each} ({total:g} points in all)."


def taken_while_theirs(
    took: Sequence[tuple[int, int, str, float]], movers: Sequence[int], seat: int, stood_in: Collection[int]
) -> tuple[tuple[int, int, str, float], ...]:
    """The takings of ``took`` (``Match.took``) made before ``seat``'s person gave the seat up for
    good: none after its last own move (``stood_in``: the moves an AI made in its place). A review
    of a resigned seat said "Taken from you by Ann: … (27 points in all)" of goods its stand-in
    lost, beside "whatever it made of it is not yours"."""
    last = max((turn for turn, mover in enumerate(movers) if mover == seat and turn not in stood_in), default=-1)
    return tuple(taking for taking in took if taking[0] < last)


def idle_said(idle: Sequence[tuple[int, str, str]], seat: int) -> str:
    """How many parts of ``seat``'s turns it had nothing to do in but end (``Game.idle_words``:
    the move each came at, its name, why), from when, and why, with seat fields ("" where none).
    The first one's reason is said with it, any other after it: "could only end 12 of your
    builds, the first at move 99 (too little gold …; no gold to claim with …)" read as both
    reasons at move 99, and "could only end" as builds that could not be ended."""
    if not idle:
        return ""
    first, *rest = dict.fromkeys(why for *_, why in idle)
    later = f"; later also: {'; '.join(rest)}" if rest else ""
    whose, name = seat_field(seat, "'s"), idle[0][1]
    had = f"{seat_field(seat)} had"
    if len(idle) == 1:
        return f"{had} nothing to do but end {whose} {name} at move {idle[0][0] + 1} ({first})."
    return (
        f"{had} nothing to do but end {len(idle)} of {whose} {plural_of(name)}, the first at move "
        f"{idle[0][0] + 1} ({first}{later})."
    )


def ended_by(mover: int, turn: int, events: Sequence[Event]) -> str:
    """The move that ended the match and what the log said of it, with seat fields: a winning
    last delivery was "fine: 74%" in the decision list and the win the searches' drift."""
    said, whose = " ".join(event.text for event in events if event.seats is None), seat_field(mover, "'s")
    return f"{whose} move {turn + 1} ended the match: {said}" if said else ""


def skipped_said(skipped: Sequence[tuple[int, str]], seat: int) -> str:
    """How many of ``seat``'s turns the rules passed over, from when, and why, with seat fields
    ("" where none): the review's account of the chances names no such turn, the seat's own or
    another's."""
    if not skipped:
        return ""
    whys = "; ".join(dict.fromkeys(why for _, why in skipped))
    whose, after = seat_field(seat, "'s"), f"after move {skipped[0][0] + 1}"
    if len(skipped) == 1:
        return f"The rules skipped one of {whose} turns, {after} ({whys})."
    return f"The rules skipped {len(skipped)} of {whose} turns, the first {after} ({whys})."


def ends_decision(state: State, mover: int, events: list[Event], composing: Any) -> bool:
    """Whether a decision is over after a step: another seat or chance acts, or the step logged
    something public while the game does not say the seat is still composing its move."""
    if state.to_move() != mover or any(event.reveals is True for event in events):
        return True
    public = any(event.seats is None for event in events)
    return public and not (composing is not None and composing(state))


def decision_views(
    game: Game, state: State, actions: Sequence[Action], seat: int, hinted: Sequence[int] = ()
) -> list[dict[str, Any]]:
    """``seat``'s views where the decision it is making began, as ``decisions_of`` cuts a match,
    and at each later step of it numbered in ``hinted`` (in ``actions``, played from ``state``,
    changed in place); none when its decision has no step yet. A hint asked in the middle of a
    decision plans from these first (``SearchPolicy.weigh_root``), so that it goes on with the
    plan the decision began with, or the one a hint showed since, while that is followed."""
    views: list[dict[str, Any]] = []
    for number, action in enumerate(actions):
        mover = state.to_move()
        if mover is None:
            return []
        if not views and mover == seat and len(state.legal_actions()) > 1:
            views = [state.view(seat)]
        elif views and number in hinted:
            views.append(state.view(seat))
        events = state.apply(action, bool(views))
        if views and ends_decision(state, mover, events, game.composing):
            views = []
    return views if state.to_move() == seat else []


def _chance_for(event: Event, seat: int) -> bool:
    """Whether ``event`` shows ``seat`` something it could not know: a deal, draw or roll, or
    a card from another's hidden hand."""
    return event.visible_to(seat) and event.reveals_to(seat)


def _shown(event: Event) -> bool:
    """Whether ``event`` is a play, public, that shows the seats it reveals to a card of another's
    hidden hand (what the deal gave it), rather than a deal, draw or roll of its own."""
    return event.reveals is not True and event.seats is None


def positions(
    game: Game, players: int, seed: int, options: dict[str, Any], actions: Sequence[Action], seat: int
) -> Iterator[Position]:
    """The decisions ``seat`` made in the match, each from its view."""
    for position in decisions_of(game, players, seed, options, actions, seat).decisions:
        if position.seat == seat:
            yield dataclasses.replace(position, seat=-1)


def draw_outcomes(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any],
    actions: Sequence[Action],
    seat: int,
    turns: Sequence[int],
    count: int = OUTCOMES,
) -> dict[int, list[Position | float]]:
    """For each move numbered in ``turns``, up to ``count`` other outcomes of the chance it
    brought, as ``seat`` could expect them: the match redealt from its view before the move
    (``State.determinize``: what it could not see, and the future), the same move made there;
    each outcome is the next decision met (a ``Position`` of the seat that makes it, to value by
    ``expected``), or the seat's result where the match ended first. A redeal where the move is
    not legal (another's hidden hand changed) is passed over."""
    state = game.new(players, seed=seed, options=options)
    wanted, found = set(turns), dict[int, list[Position | float]]()
    for turn, action in enumerate(actions):
        if turn in wanted:
            found[turn] = _outcomes(state, seat, turn, action, count)
            if len(found) == len(wanted):
                break
        state.apply(action, False)
    return {turn: outcomes for turn, outcomes in found.items() if outcomes}


def _outcomes(state: State, seat: int, turn: int, action: Action, count: int) -> list[Position | float]:
    outcomes: list[Position | float] = []
    for attempt in range(3 * count):
        world = state.determinize(seat, random.Random(f"outcome/{seat}/{turn}/{attempt}"))
        if world.to_move() is None or action not in world.legal_actions():
            continue
        world.apply(action, False)
        number = turn + 1
        while not world.is_over() and len(world.legal_actions()) == 1:  # (forced: no decision)
            world.apply(world.legal_actions()[0], False)
            number += 1
        mover = world.to_move()
        if world.is_over() or mover is None:
            outcomes.append(world.outcome()[seat])
        else:
            outcomes.append(Position(number, world.view(mover), world.legal_actions()[0], mover))
        if len(outcomes) == count:
            break
    return outcomes


def with_outcomes(review: Review, found: dict[int, list[Position | float]], values: Sequence[float]) -> Review:
    """``review`` with its draws weighed: ``found`` (``draw_outcomes``) with ``values``, each
    ``Position``'s in order (``expected``)."""
    left = iter(values)
    outcomes = tuple(
        (turn, tuple((o.seat, next(left)) if isinstance(o, Position) else (-1, o) for o in listed))
        for turn, listed in found.items()
    )
    return dataclasses.replace(review, outcomes=outcomes)


def outcome_positions(found: dict[int, list[Position | float]]) -> list[Position]:
    """The decisions among ``found``'s outcomes, in order: each to value by ``expected``."""
    return [o for listed in found.values() for o in listed if isinstance(o, Position)]


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision reviewed: its move and the search's best, in words (which may hold ``{pN}``
    fields) with the game's reason for each, and the deciding seat's expected result with each
    (``before``: with the best move; ``after``: with the move made, where the decision ended),
    in [0, 1]; ``seat`` decided, from move ``turn`` to move ``end``."""

    turn: int
    action: Action
    played: str
    played_reason: str
    best: Action
    better: str
    better_reason: str
    before: float
    after: float
    seat: int
    end: int

    @property
    def loss(self) -> float:
        """What the move made cost, in [0, 1] (a move the search rates above its own best, or
        the best itself, costs nothing)."""
        return max(0.0, self.before - self.after)

    @property
    def was_best(self) -> bool:
        """Whether the decision was the best, whole: its first step the best's and the rest too
        (``judge`` weighs the same steps once, so they weigh the same to the last digit; a
        placement that only begins as the best's does not)."""
        return self.action == self.best and self.after == self.before

    @property
    def as_best(self) -> bool:
        """Whether the move made was the best or one the search could not tell from it (``judge``
        sets its figure to the best's): a Camel Caravan turn played wholly on the hint, its plan
        kept from one action to the next, read "fine" (not the review's own best line)."""
        return self.was_best or self.after >= self.before

    @property
    def kept(self) -> float:
        """The expected result the decision left the seat with: ``after``, never above
        ``before`` (a move rated above the search's best is that search's noise)."""
        return min(self.before, self.after)


def review_level(game: Game, iterations: int = ITERATIONS) -> Level:
    """The search a review runs for ``game``: its normal level, one search of ``iterations``
    without the clock or a planner."""
    level = level_for(LEVELS[REVIEWED], game)
    return dataclasses.replace(level, iterations=iterations, seconds=None, plan=False)


def seed_of(seat: int, turn: int) -> str:
    """A decision's search seed: its seat and move number, nothing the seat could not see; a
    hint's at that decision (``policies.hint_seed``), so the two are one search."""
    return hint_seed(seat, turn)


def budget_for(seat: int, position: Position, iterations: int) -> int:
    """The search budget of ``position`` in a review of ``seat``: the whole, or the others' share."""
    return iterations if position.seat in (-1, seat) else max(1, int(iterations * OTHERS_SHARE))


def hint_budget(game: Game, seat: int, position: Position, budget: int) -> int:
    """The iterations that name the best move of ``position`` (``best_move``): for the seat
    reviewed, its hint's (``policies.hint_policy``: the game's normal level) where that is less
    than ``budget`` (a quicker review names its own), else ``budget``. A review of 1,500
    iterations named its own best where a game's normal level searches 500 (Caravans of
    Ahldarahd), and graded a blunder the pass its hint had called probably best."""
    if position.seat not in (-1, seat):
        return budget
    return min(budget, hint_policy().level_for(game.id).iterations or budget)


def judge(game_id: str, seat: int, position: Position, iterations: int = ITERATIONS) -> Judged:
    """``position`` reviewed by a search from its view (see the module doc). Its best is the
    move an AI seat at the normal level would make there (``best_move``): a hint's move, so a
    review never faults the move a hint showed, nor names as the better move one the AI itself
    would never make (a trap offer). Each is weighed where its decision ends (``_weighed``): a
    decision of several steps below its last step, by a search from the seat's view there, so
    that the move made and the best are weighed alike and the same steps weigh the same; a
    decision of one step by the search itself where it gave the move made ``SETTLED`` of its
    visits, else below that step alone, the move made then as far below the best as the two
    weigh apart there: the best's figure is the one search's whatever move was made, as a
    hint's "How it stands" reads it (``expected``)."""
    made = position.steps or (position.action,)
    found = _searched(game_id, seat, position, iterations, made[0] if len(made) == 1 else None)
    game, world, mover = found.game, found.world, found.mover
    weighed, best, budget = found.weighed, found.best, found.budget
    made_end = world if position.end_view is None else game.from_view(position.end_view, mover)
    children = weighed.root.children
    settled = (
        len(made) == 1
        and len(found.steps) == 1
        and best in children
        and position.action in children
        and (position.action == best or children[position.action].visits >= budget * SETTLED)
    )
    exact = _planned(game, world, mover, found.best, tuple(made)) or _played_out(
        game, world, mover, found.steps, tuple(made)
    )
    shared = _shared(tuple(made), found.steps)
    if exact is None and 0 < shared < len(made) and tuple(made) != found.steps[: len(made)]:
        return _past_the_line(game_id, seat, position, found, tuple(made), shared, iterations)
    if exact is not None:  # (what the hint's planner weighs, exactly: no noise to allow for)
        before, after = exact
    else:
        lines = world if found.level.lines else None
        shift = 0.0
        if settled:  # both weighed well enough by the one search
            best_weight = _weigh(weighed, best, lines, mover)
            made_weight = _weigh(weighed, position.action, lines, mover)
        else:
            weigh = (budget, found.seed, found.settings, found.level.lines)
            best_weight = _weighed(world, mover, found.steps, found.end, *weigh)
            made_weight = best_weight if tuple(made) == found.steps else _weighed(world, mover, made, made_end, *weigh)
            if len(found.steps) == 1 and best in children:  # (the cost as weighed alike, from the best as
                # the one search weighs it, as where the best is the move made: a hint's "How it
                # stands" read 47% where the review of another move made began at 44%)
                shift = _weigh(weighed, best, lines, mover)[0] - best_weight[0]
        before = min(1.0, best_weight[0] + shift + _given_back(game, world, mover, found.steps))
        after = max(0.0, min(1.0, made_weight[0] + shift + _given_back(game, world, mover, made)))
        if tuple(made) == found.steps[: len(made)] or (
            after < before
            and (
                _as_good(best_weight, made_weight)
                or (found.hinted is not None and _as_good(*found.hinted))
                or _reordered(world, mover, tuple(made), found.line)
            )
        ):
            # (the same to the search or to the hint, or the same position reached: noise; or the
            # best's own first steps, the decision ended on their way by no move of the seat's: a
            # resignation after them read "an inaccuracy", its better the same move "then …")
            after = before
        players = len(world.scores())
        measure = game.ai.review.measure(players)
        if (before - after) * measure.scale >= measure.inaccuracy:
            rolled = _rolled_worth(game_id, world, mover, tuple(made), position.end, iterations)
            if rolled is not None:
                after = min(before, max(after, rolled))
    won = _won_line(game, world, mover)
    best_steps, best_line = found.steps, found.line
    if won:  # (the game's own line wins: the best there is, whatever the search's)
        best, best_steps, best_line, before = won[0], won[:1], won, 1.0
    if _keeps_a_sure_win(game, world, mover, tuple(made)):
        before = after = 1.0  # (the game itself rates both won: a search's mean over its tries is not)
    lost = position.action != best and _loses_at_once(game, world, mover, position.action, best)
    if lost:
        after = 0.0
    elif _surely_lost(game, world, mover, best):
        before = after = 0.0  # (as the hint says it: "whatever you play here, … win the match")
    played = position.words or world.describe(position.action, mover)
    # (the reasons are read only at a turning point, a decision that cost something, or where
    # practice asks before a blunder: a move as good as the best keeps none)
    said = after < before
    reason = _reason(game, world, mover, tuple(made)) if said else ""
    if lost:
        reason = "; ".join(part for part in (reason, LOSES_AT_ONCE.format(who=others_words(world))) if part)
    return Judged(
        position.turn,
        position.action,
        played,
        reason,
        best,
        _steps_said(game, world, mover, best_steps),
        _reason(game, world, mover, best_line) if said else "",
        before,
        after,
        mover,
        position.end if position.steps else position.turn,
    )


def _shared(made: tuple[Action, ...], line: tuple[Action, ...]) -> int:
    """How many first steps ``made`` and ``line`` have in common."""
    return next((at for at, (step, other) in enumerate(zip(made, line)) if step != other), min(len(made), len(line)))


def _past_the_line(
    game_id: str, seat: int, position: Position, found: _Searched, made: tuple[Action, ...], done: int, iterations: int
) -> Judged:
    """A decision whose first ``done`` steps are the search's line, which stopped short of the
    decision's end or went another way from there: judged from where the two part, as a decision
    of its own (the steps after it against the best there, as the hint there shows it), the steps
    before said as they were. Valued at the line's end, the best was the search's hope for a turn
    it had not played out, and the rest of the turn the move made, as the next hint played it,
    fell short of it: a Camel Caravan turn of four hinted actions was "an inaccuracy", its better
    the same three actions "then …"; another, whose second step's hint searched afresh put
    another camel move before the delivery, was "an inaccuracy: 47% → 40%"."""
    game, world, mover = found.game, found.world, found.mover
    at, passed = world.clone(), [*position.passed, position.view]
    for step in made[:done]:
        at.apply(step, False)
        passed.append(at.view(mover))
    rest = Position(
        position.turn + done,
        passed.pop(),
        made[done],
        position.seat,
        made[done:] if len(made) - done > 1 else (),
        position.end,
        position.end_view,
        passed=tuple(passed),
    )
    tail = judge(game_id, seat, rest, iterations)
    said = tail.after < tail.before
    before = _steps_said(game, world, mover, found.steps[:done], open_end=False)
    return Judged(
        position.turn,
        position.action,
        position.words or world.describe(position.action, mover),
        _reason(game, world, mover, made) if said else "",
        position.action,
        f"{before}, then {tail.better}",
        tail.better_reason,
        tail.before,
        tail.after,
        mover,
        position.end,
    )


def _rolled_worth(
    game_id: str, world: State, mover: int, made: tuple[Action, ...], number: int, iterations: int
) -> float | None:
    """What a decision whose last step brings chance (a roll, a draw) is worth to ``mover``: the
    mean of ``OUTCOMES`` of that chance, each redealt from its view and valued as the next
    decision met (``expected``); None where its last step brings none, or an outcome's worth to
    it is not known (another seat's among more than two). The search's one value over every
    outcome fell short where what follows each is deep: a Merchant Lord reroll every face of
    which still sold two cards was "a blunder: 92% → 68%", the next decision at 93%."""
    before_last = world.clone()
    for step in made[:-1]:
        before_last.apply(step, False)
    probe = before_last.clone()
    if not any(event.reveals is True and _chance_for(event, mover) for event in probe.apply(made[-1], True)):
        return None
    worths = []
    for outcome in _outcomes(before_last, mover, number, made[-1], OUTCOMES):
        if not isinstance(outcome, Position):
            worths.append(outcome)
            continue
        if outcome.seat != mover and len(world.scores()) != 2:
            return None
        value = expected(game_id, outcome.seat, outcome, iterations)
        worths.append(value if outcome.seat == mover else 1.0 - value)
    return sum(worths) / len(worths) if worths else None


@dataclass(frozen=True, slots=True)
class _Searched:
    """A decision searched from its view (``_searched``): the search, the best move it names and
    that move's steps as one decision (``decision_steps``), with what weighs them again; the best
    and the move made as the search weighed them at the hint's budget (``hinted``: a hint's view
    of the two, where the move made is one step the search tried)."""

    game: Game
    world: State
    mover: int
    budget: int
    level: Level
    settings: SearchSettings
    seed: str
    weighed: SearchResult
    best: Action
    line: tuple[Action, ...]
    steps: tuple[Action, ...]
    end: State
    hinted: tuple[Weight, Weight] | None = None


def _searched(game_id: str, seat: int, position: Position, iterations: int, made: Action | None = None) -> _Searched:
    """``position`` searched from its view, in a review of ``seat``, and its best move named;
    with the best and ``made`` as the search weighed them when it named the best (``hinted``)."""
    mover = seat if position.seat < 0 else position.seat
    budget = budget_for(seat, position, iterations)
    game = get_game(game_id)
    level = review_level(game, budget)
    world = game.from_view(position.view, mover)
    settings = search_settings(level, game)
    seed = seed_of(mover, position.turn)
    hinted = hint_budget(game, seat, position, budget)
    named: list[tuple[Action, tuple[Action, ...]]] = []  # (the search at the hint's budget names it)
    weights: list[tuple[Weight, Weight]] = []

    def name(result: SearchResult) -> None:
        named.append(best_move(game, position.view, mover, result, hinted, level.name, position.passed))
        children, best = result.root.children, named[0][0]
        if made is not None and made != best and made in children and best in children:
            lines = world if level.lines else None
            weights.append((_weigh(result, best, lines, mover), _weigh(result, made, lines, mover)))

    weighed = search(world, mover, iterations=budget, seed=seed, midway=(hinted, name), **settings)
    best, best_line = named[0]
    best_steps, best_end = decision_steps(game, world, mover, best_line)
    best_end = game.from_view(best_end.view(mover), mover)  # (as the move made's end is built)
    return _Searched(
        game,
        world,
        mover,
        budget,
        level,
        settings,
        seed,
        weighed,
        best,
        best_line,
        best_steps,
        best_end,
        weights[0] if weights else None,
    )


def expected(game_id: str, seat: int, position: Position, iterations: int = ITERATIONS) -> float:
    """The deciding seat's expected result at ``position`` with its best move, as ``judge``
    values it where that move is the one made (its ``before``), whatever move was made there:
    what one outcome of a draw was worth (``draw_outcomes``)."""
    found = _searched(game_id, seat, position, iterations)
    world, mover, steps = found.world, found.mover, found.steps
    if _keeps_a_sure_win(found.game, world, mover, steps) or _won_line(found.game, world, mover) is not None:
        return 1.0
    lines = world if found.level.lines else None
    if len(steps) == 1 and found.best in found.weighed.root.children:
        value = _weigh(found.weighed, found.best, lines, mover)[0]
    else:
        weigh = (found.budget, found.seed, found.settings, found.level.lines)
        value = _weighed(world, mover, steps, found.end, *weigh)[0]
    return min(1.0, value + _given_back(found.game, world, mover, steps))


def _steps_said(game: Game, world: State, mover: int, steps: tuple[Action, ...], open_end: bool = True) -> str:
    """A decision's steps in the game's words, as the log says the move made ("…, then …"),
    what the rules laid by themselves after each included (``Game.laid_for``, as the seat's own
    move says it: without them a Caravanserai "Better" read as turning after a desert cell):
    the better move of a whole turn was said by its first step alone, the same as the first
    step played, so that "Better" read as what the seat did; where the steps end before the
    decision does (the search's line went no further), ", then …" (``open_end``: where the words
    go on)."""
    state, rest = world.clone(), ""
    said: list[str] = []
    events: list[Event] = []
    for step in steps:
        if rest:
            said[-1] += f", then {rest}"
        said.append(state.describe(step, mover))
        rest = "" if game.laid_for is None else game.laid_for(state, mover, step)
        events = state.apply(step, True)
    if rest:
        return steps_words(said, cut_words(f", then {rest}", MAX_TEXT // 2))
    # (the search's line ends before the decision does: "Better" read as three actions of a turn of
    # four, the delivery that was its point left out, and no word that the turn went on)
    going_on = bool(steps) and not state.is_over() and not ends_decision(state, mover, events, game.composing)
    return steps_words(said, ", then …" if going_on and open_end else "")


def _planned(
    game: Game, world: State, mover: int, best: Action, made: tuple[Action, ...]
) -> tuple[float, float] | None:
    """The best move and the decision made valued by the game's own planner, where it plans
    ``world`` and its values are each move's exact chance (``GameAI.plan_exact``): the decision
    made by its last step the planner still values, as the planner plays on from each (None: the
    planner does not plan ``world``). A search weighed a Merchant Lord turn that tucked the ninth
    card for sure at 55%, the hint's own plan at 87%, and the next step, dice-free, at 93%."""
    planner = planner_of(game, True)
    if not game.ai.plan_exact or planner is None:
        return None

    def values(state: State) -> dict[Action, float] | None:
        planned = planner(state, mover, 0, None, None)
        if not planned or not planned[0]:
            return None
        return {action: reward / visits for action, (visits, reward) in planned[0].items() if visits}

    first = values(world)
    if first is None or best not in first:
        return None
    state, after = world.clone(), None
    for step in made:
        found = values(state) if state.to_move() == mover else None
        if found is None or step not in found:
            break
        after = found[step]
        state.apply(step, False)
    return None if after is None else (first[best], after)


def _played_out(
    game: Game, world: State, mover: int, best: tuple[Action, ...], made: tuple[Action, ...]
) -> tuple[float, float] | None:
    """The best decision and the one made, each weighed where it ends by the game's
    ``played_out`` (the planner's own value of a line, which names the best: a hint's figure),
    or None where the game weighs by search there."""
    played_out = game.ai.played_out
    if played_out is None:
        return None
    worth = []
    for steps in dict.fromkeys((best, made)):
        state = world.clone()
        for step in steps:
            if state.to_move() != mover or step not in state.legal_actions():
                return None
            state.apply(step, False)
        value = played_out(state, mover)
        if value is None:
            return None
        worth.append(value)
    return worth[0], worth[-1]


def _given_back(game: Game, world: State, mover: int, steps: Sequence[Action]) -> float:
    """What the game's estimate charged ``mover`` for a device of its searches once ``steps``
    are made from ``world`` (``GameAI.charged``): a review values a decision without it (a
    declined proposal was "an inaccuracy: 28% → 24%", the charge for proposing)."""
    charged = game.ai.charged
    if charged is None:
        return 0.0
    state = world.clone()
    for step in steps:
        if state.is_over() or state.to_move() != mover or step not in state.legal_actions():
            break
        state.apply(step, False)
    return charged(state, mover)


def _won_line(game: Game, world: State, mover: int) -> tuple[Action, ...] | None:
    """The line of ``mover``'s own moves the game finds to win the match from ``world``, nothing
    left to chance (``GameAI.won``), or None: a Merchant Lord turn of a die that won at once was
    "fine: 63%" beside a reroll the search had visited more."""
    if game.ai.won is None:
        return None
    return game.ai.won(world, mover)


def _sure_win(game: Game, state: State, mover: int) -> bool:
    """Whether the game rates ``state``, ``mover`` to decide, a sure win for it: its estimate
    exactly 1 (Camel Caravan's delivery that wins within the turn), or a line of its own that
    wins (``_won_line``)."""
    return (state.to_move() == mover and state.estimate()[mover] == 1.0) or _won_line(game, state, mover) is not None


def _keeps_a_sure_win(game: Game, world: State, mover: int, made: tuple[Action, ...]) -> bool:
    """Whether the game rates ``world`` a sure win for ``mover`` (``_sure_win``) and the decision
    ``made`` keeps it so, or wins. A search's value of a move is the mean of what it tried below
    it, wasted actions too: a camel sent on with the win two actions away was "a blunder: 95% →
    83%", and the two actions after it won 62 to 51."""
    if not _sure_win(game, world, mover):
        return False
    after = world.clone()
    for step in made:
        if after.is_over() or after.to_move() != mover or step not in after.legal_actions():
            return False
        after.apply(step, False)
    if after.is_over():
        return after.outcome()[mover] == 1.0
    return _sure_win(game, after, mover)


#: what a move the look at the end of a match finds losing at once says in a review, its best
#: found not to: the search's figures, seeing only so far, rated one such move "fine"
LOSES_AT_ONCE = "it loses at once: {who} can then beat you before you decide again"


def _surely_lost(game: Game, world: State, mover: int, best: Action) -> bool:
    """Whether, the end of the match near, even the ``best`` loses at once in every world the look
    sees (``safety.surely_lost``): the hint there says the match is lost whatever is played, "0%
    to win", where a review of the same decisions graded "best: 79%" the sale the others then
    beat, nothing in their reply left to chance."""
    end_near = game.ai.end_near
    if end_near is None or not end_near(world):
        return False
    return safety.surely_lost(world, mover, best, **safety.looks_of(game.ai))


def _loses_at_once(game: Game, world: State, mover: int, made: Action, best: Action) -> bool:
    """Whether, the end of the match near (``GameAI.end_near``), the move ``made`` loses at once
    by the look after the searches (``safety``: in most worlds redealt from the seat's view)
    while the ``best`` named loses in none: an AI seat and a hint pass such a move over, so the
    review values it as the loss it is. A last build ended with 19 gold was "fine: 12%", and the
    next builder's destroy then ended the match with the seat beaten."""
    end_near = game.ai.end_near
    if end_near is None or not end_near(world):
        return False
    looks = safety.looks_of(game.ai)
    return safety.loses_at_once(world, mover, made, **looks) and safety.never_loses_at_once(world, mover, best, **looks)


def _reordered(world: State, mover: int, made: tuple[Action, ...], line: Sequence[Action]) -> bool:
    """Whether the decision ``made`` (one step) is a step the best's ``line`` makes later in the
    same turn, and making it first reaches the very position the line reaches by then: the same
    moves in another order, nothing drawn between them. A Camel Caravan delivery made before a
    pick-up was graded "a mistake (−6 points)" against the pick-up before that delivery."""
    if len(made) != 1 or made[0] not in line[1:]:
        return False
    steps = list(line[: line.index(made[0], 1) + 1])
    ends = []
    for order in (steps, [made[0], *steps[:-1]]):
        state = world.clone()
        for action in order:
            if state.to_move() != mover or action not in state.legal_actions():
                return False
            if any(event.reveals for event in state.apply(action, True)):
                return False
        ends.append(state.view(mover))
    return ends[0] == ends[1]


def best_move(
    game: Game,
    view: dict[str, Any],
    mover: int,
    weighed: SearchResult,
    budget: int,
    level: str,
    passed: Sequence[dict[str, Any]] = (),
) -> tuple[Action, tuple[Action, ...]]:
    """The move a hint at the normal level shows from ``view`` at ``budget`` and the line it
    means to follow: the game's planner's for hints where that level plans the position
    (``policies.planner_of``), else the first the hint shows from the review's search's own
    (``weighed``; ``explain.advised``: a move about as good that leaves less to steal, or plays
    rather than ends the turn, comes first there, and the review graded the hint's move "fine"; nor
    one whose line ends the turn as it began or comes back to ``passed``, ``explain.not_back``: the
    review's better move was a Camel Caravan camel sent onto the meat and back, a pass in four
    actions, the hint's move below it)."""
    planner = planner_of(game, True) if level_for(LEVELS[REVIEWED], game).plan else None
    planned = None if planner is None else planner(game.from_view(view, mover), mover, 0, budget, None)
    if planned is not None and planned[0]:  # (a planner may leave a position to the search)
        stats, lines = planned
        best = pick(game.id, view, mover, stats, level)
        return best, tuple(lines.get(best, (best,)))
    root = weighed_root(game.id, weighed.root)
    shown = not_back(
        game.id, view, mover, advised(game.id, view, mover, vetted(game.id, view, mover, root, level=level)), ()
    )
    best = shown[0].action if shown else hinted_pick(game.id, view, mover, root, level)
    kept = kept_after(game, game.from_view(view, mover), mover, best)  # (as the hint's line goes on)
    if kept:
        return best, (best, *kept)
    child = weighed.root.children.get(best)
    line = (best, *(continuation(child) if child is not None else ()))
    return best, playable(game.from_view(view, mover), mover, line) or (best,)  # (as the hint shows it)


def decision_steps(game: Game, world: State, mover: int, line: Sequence[Action]) -> tuple[tuple[Action, ...], State]:
    """The steps of ``line`` that make one decision from ``world`` (its first step at least), cut
    as ``decisions_of`` cuts a match, and the position before the last of them."""
    state, end, steps = world.clone(), world, list[Action]()
    for action in line:
        if steps and (state.to_move() != mover or action not in state.legal_actions()):
            break
        before = state.clone() if steps else world
        events = state.apply(action, True)
        steps.append(action)
        end = before
        if ends_decision(state, mover, events, game.composing):
            break
    return tuple(steps), end


def _weighed(
    world: State,
    mover: int,
    steps: Sequence[Action],
    end: State,
    budget: int,
    seed: str,
    settings: SearchSettings,
    lines: bool,
) -> Weight:
    """The seat's expected result with the decision ``steps`` (from ``world``; ``end``: the
    position before its last step), by a search of half the budget narrowed to that last step:
    at ``world`` for a decision of one step, else at ``end`` (``lines``: as ``_weigh``'s)."""
    half = max(1, budget // 2)
    at, salt = (world, "weigh") if len(steps) == 1 else (end, "end")
    searched = search(at, mover, iterations=half, seed=f"{seed}/{salt}", root_actions=steps[-1:], **settings)
    return _weigh(searched, steps[-1], at if lines else None, mover)


def _weigh(result: SearchResult, action: Action, lines_from: State | None = None, mover: int = -1) -> Weight:
    """The expected result of ``action`` at the root of ``result``, within [0, 1] (a game's tuned
    evaluation may stray), and its standard error: its mean reward; where the level follows lines
    (``Level.lines``; ``lines_from``: the position searched, ``mover`` its seat) where the seat's
    own line from it leads (``explain.led_to``), as its AI seats and hints value a move. A move's
    mean counts the moves its seat would not make that the search tried below it, and the seat's
    next decision, with no chance between, was valued by its best: Merchant Lord's seat makes
    several decisions a turn, and the searches' drift between them (+71 points in a match)
    outweighed its luck (-33)."""
    child = result.root.children[action]
    visits, reward, square = child.visits, child.reward, child.square
    if lines_from is not None:
        line = playable(lines_from, mover, (action, *continuation(child))) or (action,)
        visits, reward, square = led_to(along(child, line[1:]), len(line)) or (visits, reward, square)
    return min(1.0, max(0.0, reward / visits)), standard_error(visits, reward, square)


def _as_good(before: Weight, after: Weight) -> bool:
    """Whether the move made expects as much as the best to the search: less by no more than its
    noise (``explain.noise``), as a hint says "about as good" of two such moves."""
    spread = noise(before[1], after[1])
    return spread is not None and before[0] - after[0] <= spread


def _reason(game: Game, world: State, seat: int, line: tuple[Action, ...]) -> str:
    """Why ``line`` (the seat's own steps, or the search's) is good or bad, in the game's words."""
    explain = game.ai.explain
    if explain is None:
        return ""
    return explain(world, seat, playable(world, seat, line) or line[:1])[:MAX_TEXT]


def review(
    game_id: str,
    match_id: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    actions: list[Action],
    seat: int,
    result: float,
    iterations: int = ITERATIONS,
) -> Review:
    """``seat``'s review judged one decision after the other, in this process (the app and the
    command judge them in the AI workers: ``AIWorker.review``)."""
    game = get_game(game_id)
    match = decisions_of(game, players, seed, options, actions, seat)
    judged = [judge(game_id, seat, position, iterations) for position in match.decisions]
    done = assembled(
        game_id,
        match_id,
        seat,
        players,
        iterations,
        result,
        judged,
        match.draws,
        match.ended,
        closer=match.closer,
        taken=match.taken,
        skipped=match.skipped,
        decided=match.decided,
    )
    found = draw_outcomes(game, players, seed, options, actions, seat, done.draws_to_weigh())
    values = [expected(game_id, seat, position, iterations) for position in outcome_positions(found)]
    return with_outcomes(done, found, values)


def assembled(
    game_id: str,
    match_id: str,
    seat: int,
    players: int,
    iterations: int,
    result: float,
    judged: Sequence[Judged],
    draws: Sequence[Draw],
    ended: str = "",
    resigned: bool = False,
    closer: int = -1,
    taken: str = "",
    skipped: Sequence[int] = (),
    decided: str = "",
) -> Review:
    """The review made of every seat's judged decisions (in the match's order), ``ended``: the
    move that ended the match (``Match.ended``), ``decided``: what decided it in the game's terms
    (``Match.decided``); ``resigned``: the seat resigned; ``closer``:
    the seat's decision that ended the match (``Match.closer``), worth at least its result, as
    the best there: the decision that won was "fine: 74%", the search's mean over its tries
    below its best, and the win the searches' drift (+26%)."""
    own = tuple(
        dataclasses.replace(j, before=max(j.before, result), after=max(j.after, result)) if j.turn == closer else j
        for j in judged
        if j.seat == seat
    )
    others = tuple(j for j in judged if j.seat != seat)
    return Review(
        game_id,
        match_id,
        seat,
        players,
        iterations,
        result,
        own,
        others,
        tuple(draws),
        ended=ended,
        resigned=resigned,
        taken=taken,
        skipped=tuple(skipped),
        decided=decided,
    )


def shown(measure: Measure, value: float) -> float:
    """``value`` (in [0, 1]) in ``measure`` as a review shows it: rounded once, to whole points
    of a percentage or tenths of anything else. Every figure a review shows is one of these or
    a difference of them, so that its accounts add up as read."""
    return round(value * measure.scale, 0 if measure.unit == "%" else 1)


@dataclass(frozen=True, slots=True)
class Swing:
    """A part of the change in the seat's chances, as shown: ``kind`` "yours" (a decision's
    error against the best), "others" (another seat's error, what it gave the seat), "luck"
    (chance after the seat's decision ``index``: the change to its next decision less the
    others' part, where it saw something it could not know: ``draws``; what the draw did
    against its other outcomes where they were weighed) or "drift" (the same where it saw nothing
    new, or beyond what the draw itself did: the searches' estimates moving, no luck); ``change``
    in the game's measure, negative where the seat lost."""

    kind: str
    index: int
    change: float
    judged: Judged | None = None
    draws: tuple[Draw, ...] = ()
    #: luck's: the others' moves before its draw that it could not be told apart from (among more
    #: than two seats, a draw after another's decision: that seat's figures are not the seat's),
    #: so its change is theirs and the draw's together (a rival's build that took the seat's city
    #: was told as "you lost this on the draw")
    with_moves: tuple[Judged, ...] = ()


@dataclass(frozen=True, slots=True)
class Account:
    """Where the seat's chances went, as shown: from ``start`` (its first decision) to ``end``,
    split into its play, the others' play and luck (``Swing``s); the parts add up to the whole."""

    start: float
    end: float
    swings: tuple[Swing, ...]
    #: the most a chance can move, as shown: a whole win chance (None: no bound, a solo score)
    most: float | None = None

    def total(self, kind: str) -> float:
        return sum(swing.change for swing in self.swings if swing.kind == kind)

    @property
    def entangled(self) -> bool:
        """Whether luck is said with the searches' drift, as one figure: the two pull against each
        other harder than what they make together (each, alone, outweighs their sum, or one is
        past the whole of a win chance, ``beyond``), or the split says every part but the seat's
        own errors as one (``merged``). A loss read "luck +93%, the searches' drift −131%": what a
        draw or a card revealed moved the searches' figures, and the next search took most of it
        back. No draw is a turning point of its own then."""
        return self._pulling or self.merged

    @property
    def _pulling(self) -> bool:
        luck, drift = self.total("luck"), self.total("drift")
        return luck * drift < 0 and (min(abs(luck), abs(drift)) > abs(luck + drift) or self.beyond(luck, drift))

    @property
    def merged(self) -> bool:
        """Whether a part of the split other than the seat's errors would read past the whole of a
        win chance, luck said with the drift where they pull against each other: then the others'
        errors, luck and the drift are one figure. A Caravanserai loss, every hint followed, read
        "the others' errors +72%, the searches' drift −107%", and a random seat's "luck −133%"."""
        others, luck, drift = self.total("others"), self.total("luck"), self.total("drift")
        return self.beyond(others, luck + drift) if self._pulling else self.beyond(others, luck, drift)

    @property
    def rest(self) -> float:
        """The change beyond the seat's own errors: what ``merged`` says as one figure."""
        return self.end - self.start - self.total("yours")

    def beyond(self, *changes: float) -> bool:
        """Whether any of ``changes`` is more than a win chance can move: "luck +105%" beside "the
        searches' drift −51%" read as impossible on its face, in a review of every game."""
        return self.most is not None and any(abs(change) > self.most for change in changes)


@dataclass(frozen=True, slots=True)
class Review:
    """A seat's decisions in a finished match, judged (``judge``), with the match's end for that
    seat (``result``: its ``outcome()``, in [0, 1]; alone, its score in the review's measure,
    ``Match.alone``, which may pass 1), the budget each decision was searched
    with, the others' decisions (judged from their views), the chance the seat saw, what
    other outcomes of its biggest draws were worth (``draw_outcomes``) and the move numbers of
    the seat's moves an AI made in its person's place (``stood_in``: not judged, none of the
    person's play; moves, as the table counts them, not decisions: a turn of 4 moves is one)
    and how the match ended and what decided it (``ended``, ``decided``: a loss by a tie-break
    was spoken of as luck or drift, "a 9–9 tie lost on gold" never said)."""

    game_id: str
    match_id: str
    seat: int
    players: int
    iterations: int
    result: float
    decisions: tuple[Judged, ...]
    others: tuple[Judged, ...] = ()
    draws: tuple[Draw, ...] = ()
    outcomes: tuple[Outcomes, ...] = ()
    stood_in: tuple[int, ...] = ()
    #: the move that ended the match and what its turns were, with seat fields (``Match.ended``)
    ended: str = ""
    #: what the others' moves took from the seat, with seat fields (``Match.taken``)
    taken: str = ""
    #: the seat resigned: its account ends at its last decision, where it gave up (the loss that
    #: followed was told as the luck of the round's roll, "−32%: the dice went against you")
    resigned: bool = False
    #: the moves after which the rules passed the seat over (``Match.skipped``): a loss after a
    #: caravan ran out of camels, 7 turns skipped, read as the others' play beyond what the AI
    #: expected, and nothing said the turns were in it
    skipped: tuple[int, ...] = ()
    #: the moves of the other seats an AI made in their person's place (``saves.deciders``): the
    #: review names them as the stand-in's ("Bob played Buy M03" of a move made after Bob resigned)
    others_stood_in: tuple[int, ...] = ()
    #: what decided the match in the game's own terms, with seat fields (``Match.decided``): said
    #: under the account's first line, where a loss put on the searches' drift ("−72%", no graded
    #: error) named the reason, the other out first in 4 hands of 5, only at the very end
    decided: str = ""

    @property
    def measure(self) -> Measure:
        return get_game(self.game_id).ai.review.measure(self.players)

    def shown(self, value: float) -> float:
        """A search's expected result ``value`` as shown: between seats, the share of seats shown
        that chance that won where the game measured it (``GameAI.calibrated``, as the hint's "How
        it stands" words it), so that a review never shows 90% where such seats won 70%."""
        calibrated = get_game(self.game_id).ai.calibrated
        return shown(self.measure, value if calibrated is None or self.players == 1 else calibrated(value))

    def end(self) -> float:
        """The match's end for the seat as shown: its result, a fact, never calibrated; where the
        seat resigned, what its last move left it (``resigned``)."""
        if self.resigned and self.decisions:
            return self.shown(self.kept(self.decisions[-1]))
        return shown(self.measure, self.result)

    def cost(self, judged: Judged) -> float:
        """What ``judged``'s move cost as shown: its shown ``before`` less its shown ``kept``."""
        return self.shown(judged.before) - self.shown(self.kept(judged))

    def costliest(self, count: int) -> list[Judged]:
        """The ``count`` decisions whose moves cost most as shown (``cost``), the costliest first.
        Ordered by their raw ``loss``, the list read "−3, −2, −3, −1" where the shown cost is
        calibrated or ``kept`` from the next decision (Caravans of Ahldarahd)."""
        costly = [judged for judged in self.decisions if self.cost(judged) > 0]
        return sorted(costly, key=lambda judged: (-self.cost(judged), -judged.loss, judged.turn))[:count]

    def kept(self, judged: Judged) -> float:
        """The expected result ``judged``'s move left its seat with (``Judged.kept``); where the
        seat's next move came at once (no one else moved, nothing was drawn) and was this one's
        best, the two are the best's in another order, and the position they reached is valued
        by the search that decided from it, where it rates it higher than ``after`` did. A
        delivery made before the pick-up the search preferred was graded "a mistake: 53% → 47%"
        while the next search, from the very position it left, began at 52%. The same where
        another's reply turned the move down (``refused``)."""
        nxt = next(
            (
                j
                for j in (*self.decisions, *self.others)
                if j.seat == judged.seat and j.turn == judged.end + 1 and j.action == judged.best
            ),
            None,
        )
        if nxt is None or judged.action == judged.best or any(draw.turn == judged.end for draw in self.draws):
            nxt = self.refused(judged)
            if nxt is None:
                return judged.kept
        return min(judged.before, max(judged.after, nxt.before))

    def refused(self, judged: Judged) -> Judged | None:
        """The seat's next decision, where the one move between was another's reply that turned
        ``judged``'s move down (``ReviewTerms.refusals``: the position as it was), nothing drawn
        between (the reply's own words may show a card: no chance); else None."""
        refusals = get_game(self.game_id).ai.review.refusals
        # (what the reply's own words showed is no chance that moved the position: "AI 2 declines:
        # a Salt card is worth about 3 gold to AI 2" kept the declined proposal "a mistake: 43% →
        # 33%", the person's next decision at 46%)
        if not refusals or any(
            draw.turn == judged.end or (draw.turn == judged.end + 1 and not draw.shown) for draw in self.draws
        ):
            return None
        reply = next((j for j in (*self.decisions, *self.others) if j.turn == judged.end + 1), None)
        if reply is None or reply.seat == judged.seat or reply.end != reply.turn or reply.action not in refusals:
            return None
        return next(
            (j for j in (*self.decisions, *self.others) if j.seat == judged.seat and j.turn == judged.end + 2), None
        )

    def grade(self, judged: Judged) -> str:
        """ "blunder", "mistake", "inaccuracy", or "" for a move that cost less than that, by its
        cost as shown (a "fine" move never shows a cost that reads as an inaccuracy's)."""
        cost, measure = _tidy(self.cost(judged)), self.measure
        for grade, threshold in zip(reversed(GRADES), (measure.blunder, measure.mistake, measure.inaccuracy)):
            if cost >= threshold:
                return grade
        return ""

    def share(self) -> float:
        """What another seat's error gives the seat reviewed: all of it between two, an even
        share among more (a win chance one seat gives up goes to the others)."""
        return 1.0 / max(1, self.players - 1)

    def gain(self, other: Judged) -> float:
        """What ``other``'s error gave the seat reviewed, as shown: its cost as shown, shared."""
        return shown(self.measure, self.cost(other) / self.measure.scale * self.share())

    def account(self) -> Account:
        """The change in the seat's chances from its first decision to the end, split (see the
        module doc): each decision's cost, the others' errors between two of its decisions, and
        luck, what is left of the change from one decision's ``kept`` to the next ``before``."""
        decisions = self.decisions
        if not decisions:
            end = self.end()
            return Account(end, end, ())
        swings: list[Swing] = []
        others = sorted(self.others, key=lambda judged: judged.turn)
        for index, judged in enumerate(decisions):
            swings.append(Swing("yours", index, -self.cost(judged), judged))
            following = decisions[index + 1] if index + 1 < len(decisions) else None
            if following is None and self.resigned:  # (what came after is the resignation's)
                break
            until = following.turn if following is not None else math.inf
            between = [other for other in others if judged.end < other.turn < until]
            gained = 0.0
            for other in between:
                gain = self.gain(other)
                if gain:
                    swings.append(Swing("others", index, gain, other))
                    gained += gain
            nxt = self.shown(following.before) if following is not None else self.end()
            change = nxt - self.shown(self.kept(judged))
            draws = tuple(draw for draw in self.draws if judged.end <= draw.turn < until)
            luck = self._luck(draws, decisions, others) if draws else None
            with_moves: tuple[Judged, ...] = ()
            if luck is None and draws:  # (no decision either side of a draw to value it by: the whole of it)
                luck = change - gained
                with_moves = tuple(other for other in between if other.turn <= draws[-1].turn)
            elif luck is None:
                luck = 0.0
            if draws:
                swings.append(Swing("luck", index, _tidy(luck), None, draws, with_moves))
            drift = _tidy(change - gained - luck)
            if drift or not draws:
                swings.append(Swing("drift", index, drift))
        most = self.measure.scale if self.measure.unit == "%" else None
        return Account(self.shown(decisions[0].before), self.end(), tuple(swings), most)

    def _luck(self, draws: Sequence[Draw], decisions: Sequence[Judged], others: Sequence[Judged]) -> float | None:
        """What ``draws`` themselves did to the seat's chances, as shown: the sum of each move's
        (``_drawn``); None where one of them is not known."""
        judged = sorted((*decisions, *others), key=lambda j: j.turn)
        total = 0.0
        for turn in dict.fromkeys(draw.turn for draw in draws):
            drawn = self._drawn(turn, judged)
            if drawn is None:
                return None
            total += drawn
        return total

    def _drawn(self, turn: int, judged: Sequence[Judged], weighed: bool = True) -> float | None:
        """What the chance after move ``turn`` did to the seat's chances, as shown: the chance at
        the next decision (anyone's, from the seat's side: between two seats, the other's chance
        taken from 1) less what the seat could expect there. That is the mean of the outcomes
        weighed (``outcomes``, this one among them: as backgammon's luck is a roll's value less
        the mean of every roll's) where they were, else the chance the decision that drew expected
        with its move (its ``after``: a search's value over every draw it could bring). The rest
        of the change between two decisions is no one's luck: the last refill of a bag, after
        which every outcome won, was "luck +13%" where the search that drew had valued the end
        lower than the next one. None where it is not known: a draw after no decision, or after
        another seat's among more than two (its chance is not the seat's)."""
        after = next((j for j in judged if j.turn > turn), None)
        now = self.end() if after is None else self._seats(after.seat, after.before)
        outcomes = next((values for at, values in self.outcomes if at == turn), None) if weighed else None
        if outcomes is not None and now is not None:
            values = [value for seat, raw in outcomes if (value := self._seats(seat, raw)) is not None]
            if len(values) == len(outcomes):
                return round(now - (now + sum(values)) / (len(values) + 1), self._digits())
        drew = next((j for j in judged if j.end == turn), None)
        was = None if drew is None else self._seats(drew.seat, drew.after)
        return None if was is None or now is None else now - was

    def _seats(self, seat: int, value: float) -> float | None:
        """``seat``'s expected result ``value`` as the seat reviewed's chance, as shown (None
        where that is not known: another seat's among more than two); ``seat`` -1: the seat
        reviewed's own result at the match's end, a fact, never calibrated."""
        if seat < 0:
            return shown(self.measure, value)
        if seat == self.seat:
            return self.shown(value)
        if self.players == 2 and self.measure.unit == "%":
            return self.shown(1.0 - value)
        return None

    def _digits(self) -> int:
        """The decimals a figure is shown to (``shown``)."""
        return 0 if self.measure.unit == "%" else 1

    def draws_to_weigh(self) -> list[int]:
        """The moves after which chance moved the seat's chances as much as an inaccuracy,
        as first told (``_drawn`` without outcomes; a card shown by another's play is no draw
        to redo), the biggest first, at most ``WEIGHED_DRAWS``: these are weighed against their
        other outcomes (``draw_outcomes``)."""
        judged = sorted((*self.decisions, *self.others), key=lambda j: j.turn)
        showing = {draw.turn for draw in self.draws if draw.shown}
        found = []
        for turn in dict.fromkeys(draw.turn for draw in self.draws if draw.turn not in showing):
            drawn = self._drawn(turn, judged, weighed=False)
            if drawn is not None and abs(drawn) >= self.measure.inaccuracy:
                found.append((-abs(drawn), turn))
        return [turn for _, turn in sorted(found)[:WEIGHED_DRAWS]]

    def marked(self) -> list[Swing]:
        """The swings the chart marks and the turning points choose from: graded decisions, and
        the others' errors and luck that moved the seat's chances as much as an inaccuracy would;
        no luck where luck and the drift are one figure (``Account.entangled``: "Luck after your
        move 74: +19%" in a loss whose luck the next searches took back)."""
        least, account = self.measure.inaccuracy, self.account()
        left_out = ("drift", "luck") if account.entangled else ("drift",)
        return [
            swing
            for swing in account.swings
            if swing.kind not in left_out
            and (self.grade(swing.judged) if swing.kind == "yours" and swing.judged else abs(swing.change) >= least)
        ]

    def turning_points(self, count: int = TURNING_POINTS) -> list[Swing]:
        """The ``count`` swings that moved the seat's chances most (``marked``) by the figure each
        states (``stated``), the biggest first (ties: the earlier). By luck alone, "After your
        move 55: +2% … in all, luck and the drift together" headed a review, over −2% and −10%."""
        account = self.account()
        return sorted(self.marked(), key=lambda swing: (-abs(self.stated(swing, account)), swing.index))[:count]

    def drift_against(self, swing: Swing, account: Account | None = None) -> float | None:
        """The drift after the same move as luck ``swing``, the other way, where the two are told
        together (it is more than a chance can move, or as much as an inaccuracy); None elsewhere.
        (``account``: this review's, worked out already.)"""
        if swing.kind != "luck":
            return None
        account = account or self.account()
        back = [other.change for other in account.swings if other.kind == "drift" and other.index == swing.index]
        if not back or back[0] * swing.change >= 0:
            return None
        told = account.beyond(swing.change, back[0]) or abs(back[0]) >= self.measure.inaccuracy
        return back[0] if told else None

    def stated(self, swing: Swing, account: Account | None = None) -> float:
        """The figure ``swing``'s turning point heads with: luck told with its drift, the two in all."""
        return swing.change + (self.drift_against(swing, account) or 0.0)

    def _after(self, index: int) -> tuple[int, float]:
        """The last move of the seat's decision ``index`` and the first of its next (∞: none)."""
        until = self.decisions[index + 1].turn if index + 1 < len(self.decisions) else math.inf
        return self.decisions[index].end, until

    def skipped_after(self, index: int) -> int:
        """How many of the seat's turns the rules passed over after its decision ``index`` and
        before its next."""
        start, until = self._after(index)
        return sum(1 for turn in self.skipped if start <= turn < until)

    def between(self, index: int) -> list[Judged]:
        """The others' decisions between the seat's decision ``index`` and its next, in order."""
        start, until = self._after(index)
        return sorted((judged for judged in self.others if start < judged.turn < until), key=lambda j: j.turn)

    def counts(self) -> dict[str, int]:
        """How many decisions earned each grade."""
        return {grade: sum(1 for judged in self.decisions if self.grade(judged) == grade) for grade in GRADES}

    def chart(self) -> list[float]:
        """The seat's expected result over the match, in the game's measure as shown: before each
        decision (with the best move), then the end it reached."""
        return [self.shown(judged.before) for judged in self.decisions] + [self.end()]

    def total_cost(self) -> float:
        """What all the seat's decisions cost together as shown: the sum of their shown costs."""
        return _tidy(sum(map(self.cost, self.decisions)))

    # -- kept beside the save (``saves/reviews.py``): plain data, checked on the way back ---------

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "match": self.match_id,
            "seat": self.seat,
            "players": self.players,
            "iterations": self.iterations,
            "result": self.result,
            "decisions": [_row(j) for j in self.decisions],
            "others": [_row(j) for j in self.others],
            "draws": [[draw.turn, draw.text] + [True] * draw.shown for draw in self.draws],
            "outcomes": [[turn, [list(outcome) for outcome in listed]] for turn, listed in self.outcomes],
            "stood_in": list(self.stood_in),
            "ended": self.ended,
            "taken": self.taken,
            "resigned": self.resigned,
            "skipped": list(self.skipped),
            "others_stood_in": list(self.others_stood_in),
            "decided": self.decided,
        }

    @classmethod
    def from_data(cls, data: Any) -> Review:
        """The review ``to_data`` wrote; ValueError saying what is wrong with anything else."""
        if not isinstance(data, dict):
            raise ValueError("a review is a map")
        game_id: Any = data.get("game")
        players: Any = data.get("players")
        seat: Any = data.get("seat")
        if game_id not in GAMES:
            raise ValueError("the review names no known game")
        if not _whole(players, 1, 16) or not _whole(seat, 0, players - 1):
            raise ValueError("the review's seats are out of range")
        iterations: Any = data.get("iterations")
        result: Any = data.get("result")
        match_id: Any = data.get("match")
        if not isinstance(match_id, str) or len(match_id) > MAX_TEXT:
            raise ValueError("the review names no match")
        if not _whole(iterations, 1, MAX_ITERATIONS) or not _unit(result):
            raise ValueError("the review's budget or result is out of range")
        rows, others, draws = (_rows(data.get(name)) for name in ("decisions", "others", "draws"))
        judged = tuple(_judged(row, players) for row in rows)
        if any(j.seat != seat for j in judged):
            raise ValueError("a reviewed decision is another seat's")
        return cls(
            game_id,
            match_id,
            seat,
            players,
            iterations,
            float(result),
            judged,
            tuple(_judged(row, players) for row in others),
            tuple(map(_draw, draws)),
            tuple(_weighed_draw(row, players) for row in _rows(data.get("outcomes", []))),
            _moves(data.get("stood_in", []), "stood-in moves"),
            _ended(data.get("ended", "")),
            _ended(data.get("taken", "")),
            _flag(data.get("resigned", False)),
            _moves(data.get("skipped", []), "skipped turns"),
            _moves(data.get("others_stood_in", []), "others' stood-in moves"),
            _ended(data.get("decided", "")),
        )


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("the review's resigned flag is not true or false")
    return value


def _ended(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError("the review's words of the end are not text of a review's size")
    return value


def _tidy(value: float) -> float:
    """A sum of shown figures without the float's dust (0.1 + 0.2)."""
    return round(value, 6)


def _row(judged: Judged) -> list[Any]:
    return [
        judged.turn,
        list(judged.action),
        judged.played,
        judged.played_reason,
        list(judged.best),
        judged.better,
        judged.better_reason,
        judged.before,
        judged.after,
        judged.seat,
        judged.end,
    ]


def _rows(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_DECISIONS:
        raise ValueError(f"the review's decisions are not a list of at most {MAX_DECISIONS}")
    return value


def _judged(row: Any, players: int) -> Judged:
    if not isinstance(row, list) or len(row) != 11:
        raise ValueError("a reviewed decision is a row of 11 fields")
    turn, action, played, played_reason, best, better, better_reason, before, after, seat, end = row
    texts = (played, played_reason, better, better_reason)
    if not _whole(turn, 0, 10**7) or not _whole(end, turn, 10**7) or not _whole(seat, 0, players - 1):
        raise ValueError("a reviewed decision's seat or move numbers are out of range")
    if not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts):
        raise ValueError("a reviewed decision's words are out of range")
    if not (_unit(before) and _unit(after)):
        raise ValueError("a reviewed decision's expected results are out of range")
    if not (_is_action(action) and _is_action(best)):
        raise ValueError("a reviewed decision's move is not a move")
    action, best = normalise_action(action), normalise_action(best)
    return Judged(
        turn, action, played, played_reason, best, better, better_reason, float(before), float(after), seat, end
    )


def _draw(row: Any) -> Draw:
    if not (
        isinstance(row, list)
        and len(row) in (2, 3)
        and _whole(row[0], 0, 10**7)
        and isinstance(row[1], str)
        and len(row[1]) <= MAX_TEXT
        and row[2:] in ([], [True])
    ):
        raise ValueError("a review's chance is not a move number and words")
    return Draw(row[0], row[1], len(row) == 3)


def _moves(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MAX_DECISIONS or not all(_whole(v, 0, 10**7) for v in value):
        raise ValueError(f"a review's {what} are not move numbers")
    return tuple(value)


def _weighed_draw(row: Any, players: int) -> Outcomes:
    if not (isinstance(row, list) and len(row) == 2 and _whole(row[0], 0, 10**7) and isinstance(row[1], list)):
        raise ValueError("a review's weighed draw is not a move number and outcomes")
    outcomes = row[1]
    if not (
        len(outcomes) <= 4 * OUTCOMES
        and all(isinstance(o, list) and len(o) == 2 and _whole(o[0], -1, players - 1) and _unit(o[1]) for o in outcomes)
    ):
        raise ValueError("a review's draw outcomes are not seats and expected results")
    return row[0], tuple((o[0], float(o[1])) for o in outcomes)


def _is_action(value: Any, depth: int = 0) -> bool:
    """A move as a kept review writes it: a short list of words, whole numbers and such lists."""
    return (
        isinstance(value, list)
        and len(value) <= 16
        and depth < 4
        and all(
            (type(part) is str and len(part) <= 64) or type(part) is int or _is_action(part, depth + 1)
            for part in value
        )
    )


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


#: the most an expected result may be: 1 between seats (a win), above it alone, where the measure's
#: scale is a result most games stay under (Caravanserai's 45 pieces: a caravan of 46 is 1.02,
#: and a review holding one was refused when read back, and judged again each time it opened)
MOST_EXPECTED = 2.0


def _unit(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and 0.0 <= value <= MOST_EXPECTED
