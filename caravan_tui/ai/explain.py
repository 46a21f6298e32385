"""What a search weighed, for people: its top candidates with the game's reasons and how sure
it is, in words (DESIGN §6, Explanations).

Runs after a search (a hint, or an AI decision being recorded), never inside one: a few clones
and a game's ``explain`` per candidate.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from caravan_tui.engine import Action, Draws, Game, State, Veto, seat_field
from caravan_tui.games import GAMES, get_game

from . import safety

#: each root action's visits and summed reward, as one search (or several, merged) left them
RootStats = dict[Action, tuple[int, float]]
#: how many candidates a hint shows and an AI decision records
TOP = 3


def merge_stats(roots: list[RootStats]) -> RootStats:
    """Several searches' root statistics summed (root parallelism)."""
    total: RootStats = {}
    for stats in roots:
        for action, (visits, reward) in stats.items():
            seen, summed = total.get(action, (0, 0.0))
            total[action] = (seen + visits, summed + reward)
    return total


class Weighed(NamedTuple):
    """What a search weighed: its root statistics, for its most visited root actions the line it
    means to follow (the action first), and each root action's summed squared reward where a
    search kept it (``squares``; a game's plan has none): how widely the results behind a move
    spread, so how sure its mean is (``Candidate.error``)."""

    stats: RootStats
    lines: dict[Action, tuple[Action, ...]]
    squares: dict[Action, float] = {}
    #: for each root action with a line: the visits, summed reward and summed square of each node
    #: along it (the root action's first), as the search left them (``ismcts.along``)
    steps: dict[Action, tuple[tuple[int, float, float], ...]] = {}
    #: the stats are each move's exact chance (a game's plan, ``GameAI.plan_exact``)
    exact: bool = False

    @staticmethod
    def merge(parts: list[Weighed]) -> Weighed:
        """Several searches' weighing: statistics and squares summed, each line from the first
        search that has one (squares only where every search kept them; exact where each is)."""
        lines: dict[Action, tuple[Action, ...]] = {}
        steps: dict[Action, tuple[tuple[int, float, float], ...]] = {}
        for part in parts:
            for action, line in part.lines.items():
                if action not in lines:
                    lines[action] = line
                    if action in part.steps:
                        steps[action] = part.steps[action]
        squares: dict[Action, float] = {}
        if all(part.squares for part in parts):
            for part in parts:
                for action, square in part.squares.items():
                    squares[action] = squares.get(action, 0.0) + square
        exact = bool(parts) and all(part.exact for part in parts)
        return Weighed(merge_stats([part.stats for part in parts]), lines, squares, steps, exact)


class Candidate(NamedTuple):
    """A root action as the search saw it: its share of the visits, its mean reward (the
    searching seat's expected result), the line the search means to follow from it (the action
    first) and why it is good or bad, in the game's words (``GameAI.explain``; may hold
    ``{pN}`` fields); ``error``: the standard error of ``value`` from the spread of the results
    behind it (None where the search kept no spread); ``own``: the move's own mean where ``value``
    is where its line leads (``followed``; None: ``value`` is its own mean) — the estimate of the
    position "How it stands" words, as the games' calibrations measured it; ``sure``: the game's
    own look found the end, a win (``won_first``) or a loss whatever is played (``lost_anyway``),
    and ``own`` says it."""

    action: Action
    share: float
    value: float
    line: tuple[Action, ...] = ()
    reason: str = ""
    error: float | None = None
    own: float | None = None
    sure: bool = False


def candidates(
    stats: RootStats, top: int = TOP, first: Action | None = None, squares: dict[Action, float] | None = None
) -> list[Candidate]:
    """The ``top`` most visited root actions, most visited first (``first`` before them where
    given: a hint's plain move, ``advised``), each with its value's standard error where
    ``squares`` has its summed squared reward."""
    total = sum(visits for visits, _ in stats.values()) or 1
    ranked = sorted(stats.items(), key=lambda item: (item[0] != first, -item[1][0]))[:top]
    return [
        Candidate(
            action,
            visits / total,
            reward / visits if visits else 0.0,
            error=standard_error(visits, reward, squares[action]) if squares and action in squares else None,
        )
        for action, (visits, reward) in ranked
    ]


def standard_error(visits: int, reward: float, square: float) -> float | None:
    """How far the mean of ``visits`` results (summed ``reward``, squares summed ``square``) may
    be from the move's own: their spread over the root of their number (None below 2 results)."""
    if visits < 2:
        return None
    mean = reward / visits
    return math.sqrt(max(0.0, square / visits - mean * mean) / (visits - 1))


def playable(world: State, seat: int, line: Sequence[Action]) -> tuple[Action, ...]:
    """The start of ``line`` that ``seat`` can play in ``world``, one move after another, while
    it is still to move (the search's line may pass through worlds that differ from this one),
    up to and including a move after which chance decides (``brings_chance``): what the search
    meant to play after a roll or a draw was planned on placeholder dice or cards. It stops
    before a later move the game vetoes where the line reaches it (``_vetoes``): the next
    hint never shows it, and an AI seat never makes it. A Camel Caravan line showed "then Move
    the stolen hides from under your camel", the next step's hint sent the camel back instead,
    and the review weighed the turn against the line shown (a hint-followed turn, "fine: −2%")."""
    vetoed = _vetoes().get(type(world))
    state, kept = world.clone(), list[Action]()
    for action in line:
        if state.to_move() != seat or action not in state.legal_actions():
            break
        if kept and vetoed is not None and vetoed(state, seat, action, None):
            break
        chance = brings_chance(state, seat, action)
        state.apply(action, False)
        kept.append(action)
        if chance:
            break
    return tuple(kept)


def said_line(game: Any, world: State, line: Sequence[Action]) -> tuple[Action, ...]:
    """The line a hint shows: up to, not including, a later move the game says draws on chance
    (``GameAI.draws``). Its words stop before such a roll (past it the search only guessed), and
    a next hint that ranked the roll lower said "the last hint's line went on with "Reroll 1
    (1f)"" of a roll the hint had never named."""
    draws = game.ai.draws
    if draws is None:
        return tuple(line)
    state = world.clone()
    for index, action in enumerate(line):
        if index and draws(state, action):
            return tuple(line[:index])
        if action not in state.legal_actions():
            break  # (a step of a world other than this one: the words go no further either)
        state.apply(action, False)
    return tuple(line)


def brings_chance(world: State, seat: int, action: Action, tries: int = 3) -> bool:
    """Whether ``seat`` may see something after ``action`` that its view does not fix now: the
    game says the move draws on chance (``GameAI.draws``), or in worlds redealt from its view
    with different luck (``determinize``), what it sees after the move differs (a roll, a draw,
    a new deal, a card shown)."""
    draws = _draws().get(type(world))
    if draws is not None and draws(world, action):
        return True
    seen = None
    for index in range(tries):
        after = world.determinize(seat, random.Random(f"chance/{index}"))
        after.apply(action, False)
        view = after.view(seat)
        if seen is not None and view != seen:
            return True
        seen = view
    return False


def _vetoes() -> dict[type, Veto]:
    """``GameAI.vetoed`` by the state's class of each game whose decisions are runs of counted
    steps (``GameAI.step_fields``: a line there is the turn's own plan, step by step); elsewhere
    a veto may weigh a whole last turn (Merchant Lord's), too costly at every step of a line."""
    return {
        game.state_class: game.ai.vetoed
        for game in GAMES.values()
        if game.ai.vetoed is not None and game.ai.step_fields
    }


def _draws() -> dict[type, Draws]:
    """Each game's ``GameAI.draws`` by its state's class (the games that have one)."""
    return {game.state_class: game.ai.draws for game in GAMES.values() if game.ai.draws is not None}


def explained(
    game_id: str, view: dict[str, Any], seat: int, weighed: Weighed, top: int = TOP, first: Action | None = None
) -> list[Candidate]:
    """The ``top`` candidates of ``weighed`` (``first`` first where given), each with its line and
    its reason, both from ``seat``'s view alone."""
    game = get_game(game_id)
    world = game.from_view(view, seat)
    explain = game.ai.explain
    out = []
    listed = candidates(weighed.stats, top, first, weighed.squares)
    for candidate in listed + noted(game, world, seat, weighed, listed):
        found = kept_on(game, world, seat, lined(world, seat, weighed, candidate))
        out.append(found._replace(reason=explain(world, seat, found.line) if explain is not None else ""))
    return out


def kept_on(game: Any, world: State, seat: int, candidate: Candidate) -> Candidate:
    """``candidate`` with its line going on, after its first move, as the game keeps to there
    (``kept_after``) where it does: a Camel Caravan hint moved a camel towards the city of the
    stolen gems "then loads swords", a pick-up the veto would never let it make while the gems
    could still be delivered that turn."""
    line = kept_after(game, world, seat, candidate.action)
    return candidate._replace(line=(candidate.action, *line)) if line else candidate


def kept_after(game: Any, world: State, seat: int, action: Action) -> tuple[Action, ...] | None:
    """The line the game keeps ``seat`` to after ``action`` (``GameAI.kept``) while it is still
    to move, None where it keeps to none."""
    if game.ai.kept is None:
        return None
    after = world.clone()
    after.apply(action, False)
    return (game.ai.kept(after) or None) if after.to_move() == seat else None


def lined(world: State, seat: int, weighed: Weighed, candidate: Candidate) -> Candidate:
    """``candidate`` with the start of the line the search means to follow from it that ``seat``
    can play (``playable``), valued where that line leads (``followed``)."""
    line = playable(world, seat, weighed.lines.get(candidate.action, (candidate.action,))) or (candidate.action,)
    return followed(candidate, weighed.steps.get(candidate.action, ()), len(line))._replace(line=line)


def noted(game: Any, world: State, seat: int, weighed: Weighed, listed: list[Candidate]) -> list[Candidate]:
    """The most visited move of those a person looks for (``GameAI.noted``: a Caravans of
    Ahldarahd play that takes a city) where the search weighed it but ranked it below those
    ``listed``: named after them, with its figure, so the list says why it is not the hint
    (three hints in a match left out a card that took a city, which the plays list called so)."""
    looks_for = game.ai.noted
    shown = {candidate.action for candidate in listed}
    if looks_for is None:
        return []
    total = sum(visits for visits, _ in weighed.stats.values()) or 1
    for action, (visits, reward) in sorted(weighed.stats.items(), key=lambda item: -item[1][0]):
        if action not in shown and visits >= LINE_VISITS and looks_for(world, seat, action):
            squares = weighed.squares
            error = standard_error(visits, reward, squares[action]) if squares and action in squares else None
            return [Candidate(action, visits / total, reward / visits, error=error)]
    # one that ends the match is known without the search's visits: its result (with the bag empty,
    # a Camel Caravan delivery that lost the match topped the plays list, and the hint said nothing)
    for action in world.legal_actions():
        if action not in shown and looks_for(world, seat, action):
            after = world.clone()
            after.apply(action, False)
            if after.is_over():
                visits = weighed.stats.get(action, (0, 0.0))[0]
                return [Candidate(action, visits / total, float(after.outcome()[seat]), error=0.0)]
    return []


#: a node along a candidate's line speaks for it with at least this many visits (fewer, and its
#: mean is one or two redeals' luck)
LINE_VISITS = 5


def followed(candidate: Candidate, steps: Sequence[tuple[int, float, float]], played: int) -> Candidate:
    """``candidate`` valued where its line leads: the expected result (and its standard error) of
    the deepest node of the ``played`` moves of its line (``steps``, the first move's node first)
    that the search visited ``LINE_VISITS`` times, not of the move's own node. Below a move, the
    search also tries moves its seat would not make, and the move's mean counts them: in Merchant
    Lord (8 table cards each, dice 1 2 3 5) turning the 1 into a 6 for a sale tucking the ninth card
    expected 0.54, the sale it leads to 0.995, and a hint called it "either is about as good" as
    rerolling the 1 (0.52)."""
    led = led_to(steps, played)
    if led is None:
        return candidate
    visits, reward, square = led
    return candidate._replace(value=reward / visits, error=standard_error(visits, reward, square), own=candidate.value)


def led_to(steps: Sequence[tuple[int, float, float]], played: int) -> tuple[int, float, float] | None:
    """Of the ``played`` moves of a line (``steps``: each node's visits, summed reward and summed
    square, the first move's node first), the deepest node past the first that the search visited
    ``LINE_VISITS`` times (None: none)."""
    deepest = max((i for i in range(1, min(played, len(steps))) if steps[i][0] >= LINE_VISITS), default=0)
    return steps[deepest] if deepest else None


def advised(
    game_id: str, view: dict[str, Any], seat: int, weighed: Weighed, top: int = TOP, following: Sequence[Action] = ()
) -> list[Candidate]:
    """What a hint shows (``shown``), the next step of the line shown earlier in the decision
    (``following``: what is left of it) first where the search finds it about as good
    (``kept_to_line``)."""
    return kept_to_line(game_id, view, seat, weighed, shown(game_id, view, seat, weighed, top), following)


def kept_to_line(
    game_id: str, view: dict[str, Any], seat: int, weighed: Weighed, found: list[Candidate], following: Sequence[Action]
) -> list[Candidate]:
    """``found`` with the next step of ``following`` first where ``line_kept`` keeps it, the step
    as the search weighed it where ``found`` does not list it (``unlisted``, its reason said);
    as it was otherwise. Kept only from among the moves listed, a Camel Caravan line dropped a
    step after it was shown, three times in a match: a camel sent for the hides was sent on to
    load meat, the search having weighed the hides' next step about as good but listed others."""
    if not following or not found:
        return found
    pool = found
    if all(candidate.action != following[0] for candidate in found):
        game = get_game(game_id)
        world = game.from_view(view, seat)
        step = next((c for c in unlisted(game, world, seat, weighed, found) if c.action == following[0]), None)
        if step is None:
            return found
        pool = [*found, reasoned(game, world, seat, step)]
    kept = line_kept(pool, following, lambda first, line: reworded(game_id, view, seat, first, line))
    if kept[0].action != following[0] or exposes_more(game_id, view, seat, kept[0], found[0]):
        return found
    if decided([candidate.value for candidate in found]) is not None:
        # (played for points there, ``decided_first``: a line shown before is no reason to score less)
        world = get_game(game_id).from_view(view, seat)
        if _points(world, seat, kept[0]) < _points(world, seat, found[0]):
            return found
    return kept


def exposes_more(game_id: str, view: dict[str, Any], seat: int, candidate: Candidate, first: Candidate) -> bool:
    """Whether ``candidate``'s line leaves the others more to take than ``first``'s
    (``GameAI.exposed``): a line kept is no reason to give them more, as ``safer_first`` put it
    (a Merchant Lord line shown "then Sell AI 2's 1-6" starred that sale at the next step, over
    the seat's own 1-6, the same sale for it, and paid AI 2 2 coins)."""
    game = get_game(game_id)
    exposed = game.ai.exposed
    if exposed is None:
        return False
    world = game.from_view(view, seat)
    return exposed(world, seat, candidate.line or (candidate.action,)) > exposed(
        world, seat, first.line or (first.action,)
    )


def shown(game_id: str, view: dict[str, Any], seat: int, weighed: Weighed, top: int = TOP) -> list[Candidate]:
    """What a hint shows: ``explained``, but the game's plain move first (``GameAI.plain``), its
    reason saying why, where the search cannot tell the most visited move from it
    (``plain_is_as_good``). Where the end of the match is near (``GameAI.end_near``) only the
    ``top`` most visited moves were looked at for a loss at once (``policies.vetted``): the plain
    move is suggested there only if it is one of them. An AI seat makes the same move
    (``policies.plain_or_best``). A suggestion that still loses at once says so (``lost_anyway``),
    unless its chance is exact (``Weighed.exact``): the look plays a roll out in a few worlds, and
    read a reroll that won one time in six as "whatever you play here, … 0% to win"."""
    plain = get_game(game_id).ai.plain
    move = advised_first(game_id, view, seat, weighed.stats, top)

    def looked(found: list[Candidate]) -> list[Candidate]:
        found = won_first(game_id, view, seat, found if weighed.exact else lost_anyway(game_id, view, seat, found))
        return direct(game_id, view, seat, won_outright(game_id, view, seat, found, weighed.exact))

    if plain is None or move is None:
        found = decided_first(game_id, view, seat, led_first(explained(game_id, view, seat, weighed, top)))
        found = likelier_first(game_id, view, seat, scored_first(game_id, view, seat, acting_first(game_id, found)))
        return looked(safer_first(game_id, view, seat, found, weighed))
    found = led_first(explained(game_id, view, seat, weighed, top, first=move))
    kept = found[0]
    if kept.action != plain.action:  # (the game's sure line, or a move leading further: its own words)
        sure = sure_line(get_game(game_id), get_game(game_id).from_view(view, seat))
        if sure and kept.action == sure[0]:
            found = [reworded(game_id, view, seat, kept, sure), *found[1:]]
        return looked(found)
    kept = kept._replace(reason="; ".join(part for part in (kept.reason, plain.why) if part))
    return looked([kept, *found[1:]])


#: how the reason of an alternative that the suggestion's own line plays after it begins (rows carry
#: words, not lines: the hint's panel labels it by this, ``IN_LINE_LABEL``, and leaves it out)
IN_LINE = "the suggestion's line plays it after it"
#: the label of such an alternative: a Caravans of Ahldarahd claim that took a city read "Weaker"
#: under a route toward nothing, and the next hint, the route laid, put the claim first: it was
#: the line's next step, not a worse move
IN_LINE_LABEL = "Then, in its line"


def in_line(
    found: list[Candidate], game_id: str | None = None, view: dict[str, Any] | None = None, seat: int = -1
) -> list[Candidate]:
    """``found`` with each alternative that the first's line plays later (``Candidate.line``: the
    seat's own moves, one after another) said to be that (``IN_LINE``), and listed first. Not its
    last: what ends a turn or a step ("End the turn (4 actions unused)", "No more favour") is
    another move made now than after the line. With the game and ``seat``'s ``view``: only where
    it is the same move there as here, its reason the one it has there (``same_later``)."""
    if not found or len(found[0].line) < 3:
        return found
    later = {candidate.action: candidate.reason for candidate in found[1:] if candidate.action in found[0].line[1:-1]}
    if game_id is not None and view is not None:
        later = same_later(game_id, view, seat, found[0].line, set(later))
    marked = [
        candidate._replace(reason="; ".join(part for part in (IN_LINE, later[candidate.action]) if part))
        for candidate in found[1:]
        if candidate.action in later
    ]
    return [found[0], *marked, *(candidate for candidate in found[1:] if candidate.action not in later)]


def same_later(
    game_id: str, view: dict[str, Any], seat: int, line: tuple[Action, ...], asked: set[Action]
) -> dict[Action, str]:
    """Of ``asked``, the moves ``line`` plays after its first that are the same move there as at
    ``view``, in the game's words, each with its reason there (the step alone). A Caravanserai
    direction heads from another cell there, so it is another move, and read "Then, in its
    line" beside "caravan 11 → 16" under a line that reached 17 first; a Camel Caravan camel's
    move kept its own line's "then loads paper", the paper the suggestion had just loaded; a
    Caravans of Ahldarahd claim did not say it takes the city once the line's first claim is laid."""
    game = get_game(game_id)
    world = game.from_view(view, seat)
    state, same = world.clone(), {}
    asked = asked & set(world.legal_actions())
    explain = game.ai.explain
    for index, step in enumerate(line[:-1]):
        if state.is_over() or state.to_move() != seat or step not in state.legal_actions():
            break
        if index and step in asked and state.describe(step, seat) == world.describe(step, seat):
            same[step] = explain(state, seat, (step,)) if explain is not None else ""
        state.apply(step, False)
    return same


def won_first(game_id: str, view: dict[str, Any], seat: int, found: list[Candidate]) -> list[Candidate]:
    """``found`` with, where ``seat`` can win the match by its own moves (``GameAI.won``), that
    line's first move first: its line that one, its expected result a win, and its reason saying
    so (``WINS``); as it was otherwise."""
    game = get_game(game_id)
    if game.ai.won is None:
        return found
    world = game.from_view(view, seat)
    line = game.ai.won(world, seat)
    if not line:
        return found
    first = next((candidate for candidate in found if candidate.action == line[0]), Candidate(line[0], 0.0, 1.0))
    reason = game.ai.explain(world, seat, line) if game.ai.explain is not None else ""
    won = first._replace(
        value=1.0, own=1.0, error=0.0, line=line, reason="; ".join(part for part in (reason, WINS) if part), sure=True
    )
    return [won, *(candidate for candidate in found if candidate.action != line[0])]


def won_outright(
    game_id: str, view: dict[str, Any], seat: int, found: list[Candidate], exact: bool = False
) -> list[Candidate]:
    """``found`` with its first marked ``sure`` where it wins for certain: its chance is exact (a
    game's plan, ``Weighed.exact``), the game says the seat is beaten whatever is played no more
    (``GameAI.decided``: Merchant Lord's purchases after a ninth card: "99%" stood after "100%,
    nothing left to chance"), or the search won with it in every world it weighed and its line
    ends the match won by the seat's own moves, nothing left to chance or to another seat (a
    delivery that ends the game); as it was otherwise. Every world won is no proof where another
    seat moves or a card is hidden: a Decktet Caravan hint said "A winning line … (100% to win)"
    of a lead the other player answered by going out, and the match was drawn."""
    if not found or found[0].sure or found[0].value < 1.0:
        return found
    won = [found[0]._replace(sure=True), *found[1:]]
    if exact:
        return won
    game = get_game(game_id)
    world = game.from_view(view, seat)
    if game.ai.decided is not None and game.ai.decided(world, seat) is False:
        return won
    if found[0].error is not None and found[0].error != 0.0:  # (None: a plan's value, of one line)
        return found
    for action in found[0].line or (found[0].action,):
        if world.to_move() != seat or brings_chance(world, seat, action):
            return found
        world.apply(action, False)
    if not world.is_over() or world.outcome()[seat] < max(world.outcome()) or world.outcome().count(1.0) > 1:
        return found
    return won


def after_plain(game_id: str, view: dict[str, Any], seat: int, found: list[Candidate]) -> dict[str, Any] | None:
    """``seat``'s view after the first of ``found``, where that is the game's plain move and the
    seat decides again at once, nothing shown by chance between (``GameAI.plain``: a Merchant
    Lord seat keeping its dice sells next), else None: the step whose own hint gives the line
    after it (``plain_followed``). Dice that sell nowhere, kept, pass the sale by and the next
    round's roll comes: its hint, searched on dice redealt, named a sale these could not make."""
    game = get_game(game_id)
    plain = game.ai.plain
    if plain is None or not found or found[0].action != plain.action:
        return None
    world = game.from_view(view, seat)
    if brings_chance(world, seat, plain.action):
        return None
    world.apply(plain.action, False)
    return world.view(seat) if world.to_move() == seat else None


def plain_followed(
    game_id: str, view: dict[str, Any], seat: int, found: list[Candidate], after: list[Candidate]
) -> list[Candidate]:
    """``found`` with its first, the game's plain move, followed by the line the hint of the step
    after it gives (``after``: searched from ``after_plain``'s view with that step's seed, as
    that hint will be), its reason said again for it. Put first as about as good, the plain move
    kept the line the search had spared it few visits for: a Merchant Lord hint's "No more
    favour: sell … then the sale at your 3-4 village" readied a sale without the tuck its rerolls
    had been for, which the sale's own hint then called weaker."""
    plain = get_game(game_id).ai.plain
    if plain is None or not found or not after or found[0].action != plain.action:
        return found
    line = (plain.action, *(after[0].line or (after[0].action,)))
    return [reworded(game_id, view, seat, found[0], line), *found[1:]]


def reworded(game_id: str, view: dict[str, Any], seat: int, candidate: Candidate, line: Sequence[Action]) -> Candidate:
    """``candidate`` with ``line`` for its line and its reason said again for that line, what a
    hint adds after the game's words kept (the plain move's why, a winning line's): the plan a
    table readies is the line, and a hint whose words named another sale than its line readied
    one the next hint called weaker."""
    line = tuple(line)
    if line == tuple(candidate.line):
        return candidate
    game = get_game(game_id)
    if game.ai.explain is None:
        return candidate._replace(line=line)
    reason = game.ai.explain(game.from_view(view, seat), seat, line)
    endings = [ending for ending in (game.ai.plain.why if game.ai.plain else "", WINS) if ending]
    said = next((ending for ending in endings if candidate.reason.endswith(ending)), "")
    return candidate._replace(line=line, reason="; ".join(part for part in (reason, said) if part))


def acting_first(game_id: str, found: list[Candidate]) -> list[Candidate]:
    """``found`` with, where its first is the game's move that ends the turn playing nothing
    (``GameAI.stop``) and another is about as good (within ``NEARLY`` below it), the best such
    other first: a Camel Caravan hint said "Either is about as good: End the turn (4 actions
    unused)" for eleven turns of a match the search rated lost whatever was played, and the
    person passed while the other player scored 22 points."""
    stop = get_game(game_id).ai.stop
    if stop is None or len(found) < 2 or found[0].action != stop:
        return found
    near = [candidate for candidate in found[1:] if candidate.value >= found[0].value - NEARLY]
    if not near:
        return found
    best = max(near, key=lambda candidate: candidate.value)
    return [best, *(candidate for candidate in found if candidate is not best)]


def safer_first(
    game_id: str, view: dict[str, Any], seat: int, found: list[Candidate], weighed: Weighed | None = None
) -> list[Candidate]:
    """``found`` with, of the moves about as good as the first (``about``), the
    one whose line leaves the others least to take from the seat (``GameAI.exposed``) first,
    where it leaves less than the first by ``SAFER`` or more, and, where every move leaves the
    match decided, the seat no fewer points (``decided_first``); as it was otherwise. Among moves the
    search could not tell apart, a Camel Caravan hint moved a paper out from under a camel, where
    it could not be stolen, to the top of one by a thief's: stolen back at once, three times in a
    match. With what the search ``weighed``, its other moves (``unlisted``) count as well, the one
    put first given its reason: twice in a match (seed 155) the three moves a Camel Caravan hint
    listed all left a 6-point good on top within a thief's reach (gems loaded, an ivory moved out
    from under a camel), and AI 2 stole each, while a move the search valued about as good,
    beyond those three, left a 3-point good at most."""
    game = get_game(game_id)
    exposed = game.ai.exposed
    if exposed is None or not found:
        return found
    world = game.from_view(view, seat)
    if world.to_move() != seat:
        return found
    pool = found if weighed is None else [*found, *unlisted(game, world, seat, weighed, found)]
    first = found[0]
    # (never the move that ends the turn playing nothing, ``acting_first``'s rule: a won Camel
    # Caravan match's hints put "End the turn (4 actions unused)" first, as it left nothing to
    # steal, six turns running, and the match stood still, the other's camels all loaded)
    near = [index for index in as_good(pool, first) if index == 0 or pool[index].action != game.ai.stop]
    if len(near) < 2:
        return found
    if decided([candidate.value for candidate in found]) is not None:
        # (a match every move leaves decided is played for points, ``decided_first``: a lost Camel
        # Caravan match's hint starred a camel's move over a pick-up that banked 3 demand markers,
        # the pick-up leaving the hides within a thief's reach)
        least = _points(world, seat, first)
        near = [index for index in near if _points(world, seat, pool[index]) >= least]
        if len(near) < 2:
            return found
    left = {index: exposed(world, seat, pool[index].line or (pool[index].action,)) for index in near}
    safest = min(near, key=lambda index: (left[index], index))
    if left[safest] > left[0] - SAFER:
        return found
    if any(leads_further(pool[safest], candidate) for candidate in found):
        # (never one another move listed leads further than: "The hint's pick, though another is
        # better" stood over a camel moved out of a thief's way, 5 points below a move towards a
        # delivery, where the first, about as good, was that delivery's first step)
        return found
    chosen = pool[safest] if safest < len(found) else reasoned(game, world, seat, pool[safest])
    return [chosen, *(candidate for index, candidate in enumerate(found) if index != safest)]


def reasoned(game: Any, world: State, seat: int, candidate: Candidate) -> Candidate:
    """``candidate`` (one ``unlisted`` gives, with no reason yet) with the game's reason for its
    line."""
    if game.ai.explain is None:
        return candidate
    return candidate._replace(reason=game.ai.explain(world, seat, candidate.line))


def scored_first(game_id: str, view: dict[str, Any], seat: int, found: list[Candidate]) -> list[Candidate]:
    """``found`` with, of the moves about as good as the first (``about``), the one that scores
    the seat most at once first, where it scores a point or more beyond the first's; as it was
    otherwise. Among moves the search could not tell apart, a Caravans of Ahldarahd hint starred a
    claim that took one city beside one, with the same card and gold, that took two (+2 points and
    their gold), and a Camel Caravan hint a camel's move beside a delivery. Where none scores more
    at once, the one whose reason's figure grows most (``figure_gain``) by one or more, none
    scoring less."""
    if len(found) < 2:
        return found
    world = get_game(game_id).from_view(view, seat)
    if world.to_move() != seat:
        return found
    before = world.scores()[seat]

    def gained(candidate: Candidate) -> float:
        after = world.clone()
        if candidate.action not in after.legal_actions():
            return 0.0
        after.apply(candidate.action, False)
        return after.scores()[seat] - before

    first = found[0]
    near = as_good(found, first)
    if len(near) < 2:
        return found
    gains = {index: gained(found[index]) for index in near}
    best = max(near, key=lambda index: (gains[index], -index))
    if gains[best] >= gains[0] + 1:
        return put_first(found, best)
    # the figure its reason grows, where the score moves later in the move's line: a Caravanserai
    # hint starred "lays 1W camel … caravan 20 → 20" over the same path laying 1R, "20 → 21"
    least = figure_gain(first.reason)
    if least is None:
        return found
    grown = {index: figure_gain(found[index].reason) for index in near if index}
    more = {
        index: gain
        for index, gain in grown.items()
        if gain is not None and gain >= least + 1 and gains[index] >= gains[0]
    }
    if not more:
        return found
    return put_first(found, max(more, key=lambda index: (more[index], -index)))


#: how much more one of the figures a hint states of a move must be, none of the others less, for
#: it to go before the first (``likelier_first``): more than the rounding of a percentage
LIKELIER = 0.01
#: how much more the first of a move's figures (the one a hint heads its words with: Merchant
#: Lord's chance to tuck a card this turn) must be for it to go first whatever the others: a
#: hint starred "a 29% chance to tuck a card" over two rerolls of the same favour, "Or", at 39%
#: and 42%, each a little likelier to sell for less
LEADS = 0.05
#: a sum of chances' own rounding: 0.9999999999999999 is no less than 1
FLOAT_SLACK = 1e-9


def likelier_first(game_id: str, view: dict[str, Any], seat: int, found: list[Candidate]) -> list[Candidate]:
    """``found`` with, of the moves about as good as the first (``about``), one whose figures
    (``GameAI.figures``: the chances a hint states of it) are each the first's or more, and one
    of them ``LIKELIER`` more, or whose first figure leads by ``LEADS``, first (of several, the
    one whose figures lead); as it was otherwise. Among rerolls the search could not tell apart,
    a Merchant Lord hint starred "a 6% chance to sell for more" above "Or: … a 17% chance to sell
    for more", the same favour spent. Then again from the one put first, while one about as good
    as it is likelier still: a hint starred "a 22% chance" put before "17%", over "Or: … a 33%
    chance", the same favour spent."""
    game = get_game(game_id)
    figures = game.ai.figures
    if figures is None or len(found) < 2:
        return found
    world = game.from_view(view, seat)
    if world.to_move() != seat:
        return found
    for _ in found:  # (again from the one put first: "22%" went before "17%", and "33%" stayed below it)
        first = found[0]
        mine = figures(world, seat, first.action)
        if mine is None:
            return found
        ahead = []
        for index in as_good(found, first)[1:]:
            theirs = figures(world, seat, found[index].action)
            if theirs is not None and (
                theirs[0] >= mine[0] + LEADS
                or (
                    all(t >= m - FLOAT_SLACK for t, m in zip(theirs, mine))
                    and any(t >= m + LIKELIER for t, m in zip(theirs, mine))
                )
            ):
                ahead.append((theirs, -index))
        if not ahead:
            return found
        found = put_first(found, -max(ahead)[1])
    return found


def unlisted(game: Any, world: State, seat: int, weighed: Weighed, shown: list[Candidate]) -> list[Candidate]:
    """The moves ``weighed`` holds besides those ``shown``, each weighed ``LINE_VISITS`` times or
    more and none the game vetoes (``GameAI.vetoed``), the most visited first, each with its line
    (``lined``) and no reason yet. None where the game says the end is near: the look for a
    loss at once (``policies.allowed``) cleared only the moves a hint lists."""
    if game.ai.end_near is not None and game.ai.end_near(world):
        return []
    listed = {candidate.action for candidate in shown}
    total = sum(visits for visits, _ in weighed.stats.values()) or 1
    vetoed = game.ai.vetoed
    out = []
    for action, (visits, reward) in sorted(weighed.stats.items(), key=lambda item: -item[1][0]):
        if action in listed or visits < LINE_VISITS or (vetoed is not None and vetoed(world, seat, action, None)):
            continue
        error = standard_error(visits, reward, weighed.squares[action]) if action in weighed.squares else None
        out.append(lined(world, seat, weighed, Candidate(action, visits / total, reward / visits, error=error)))
    return out


#: how much less a move about as good must leave the others to take, in the game's points, to come
#: first: any of them (a Merchant Lord hint starred a sale at AI 2's village paying AI 2 2 coins
#: beside the seat's own, the same sale for it, where 3 were asked)
SAFER = 1.0


def about(first: Candidate, other: Candidate) -> float:
    """How far below ``first`` ``other`` may expect and still be about as good: ``NEARLY``, or the
    search's noise between the two where that is wider (the panel says "Or" of such a move: a
    Camel Caravan hint left a 6-point cloth on top by a thief's camel, the delivery that took it
    home listed as "Or" beside it and stolen next turn)."""
    spread = noise(first.error, other.error)
    return NEARLY if spread is None else max(NEARLY, spread)


#: the reason's head of a move whose line puts the board back as it stood earlier in the decision
BACK = "its line comes back to a board this turn already had"


def not_back(
    game_id: str, view: dict[str, Any], seat: int, found: list[Candidate], passed: Sequence[dict[str, Any]]
) -> list[Candidate]:
    """``found`` with, where its first's line (the seat's own moves of it) puts the board back as
    it stands now or stood at one of ``passed`` (the seat's views earlier in the decision it is
    making; ``GameAI.step_fields`` aside), or as ending the decision at one of them would
    (``GameAI.stop``: a line that ends the turn where it began is a pass), the best of the moves
    about as good whose line does not first; each whose line does said so (``BACK``). Among moves
    a Camel Caravan search can hardly tell apart, its line moved a camel from (2,2) onto the meat
    on space 7 and back, and the hints followed it, three turns running: 4 actions for nothing
    each."""
    game = get_game(game_id)
    fields = game.ai.step_fields
    if not fields or not found:
        return found
    seen: set[str] = set()
    for before in (*passed, view):
        seen.add(_board(before, fields))
        stopped = game.from_view(before, seat)
        if game.ai.stop is not None and game.ai.stop in stopped.legal_actions():  # (a turn ended as it was)
            stopped.apply(game.ai.stop, False)
            seen.add(_board(stopped.view(seat), fields))
    world = game.from_view(view, seat)

    def back(candidate: Candidate) -> bool:
        if candidate.action == game.ai.stop:  # (ending the turn now is no line back to it)
            return False
        after = world.clone()
        for action in candidate.line or (candidate.action,):
            if after.to_move() != seat or action not in after.legal_actions():
                return False
            after.apply(action, False)
            if _board(after.view(seat), fields) in seen:
                return True
        return False

    looping = [back(candidate) for candidate in found]
    if not any(looping):
        return found
    said = [
        candidate._replace(reason="; ".join(part for part in (BACK, candidate.reason) if part)) if loops else candidate
        for candidate, loops in zip(found, looping)
    ]
    others = [index for index in as_good(found, found[0]) if not looping[index]]
    if not looping[0] or not others:
        return said
    return put_first(said, max(others, key=lambda index: found[index].value))


def direct(game_id: str, view: dict[str, Any], seat: int, found: list[Candidate]) -> list[Candidate]:
    """``found`` with each line's detours cut (``without_detours``): its reason said again for
    the line cut, a move that another's cut makes the same dropped. A Camel Caravan hint sent a
    camel to space 8 for 2 actions and on to (0,2) for 1, where one move of 2 actions put it
    there; the review then graded the detour "best"."""
    game = get_game(game_id)
    if not game.ai.step_fields or not found:
        return found
    world = game.from_view(view, seat)
    cut: list[Candidate] = []
    for candidate in found:
        line = without_detours(game, world, seat, candidate.line or (candidate.action,))
        if line is not None:
            candidate = reworded(game_id, view, seat, candidate._replace(action=line[0]), line)
        if all(kept.action != candidate.action for kept in cut):
            cut.append(candidate)
    return cut


def without_detours(game: Game, world: State, seat: int, line: Sequence[Action]) -> tuple[Action, ...] | None:
    """The seat's own first steps of ``line`` where two or more of them in a row reach a board
    one move reaches with no fewer steps left (``GameAI.step_fields``), that move for them (and
    the move that ends the turn, ``GameAI.stop``, where theirs ended it), until none do; None
    where none do."""
    fields = game.ai.step_fields
    steps, cut = list(line), False
    while True:
        states = [world]
        for action in steps:
            if states[-1].to_move() != seat or action not in states[-1].legal_actions():
                break
            after = states[-1].clone()
            after.apply(action, False)
            states.append(after)
        own = len(states) - 1
        shorter = _shortcut(game, states, steps, seat, fields)
        if shorter is None:
            return tuple(steps[:own]) if cut else None
        start, end, moves = shorter
        steps[start:end] = moves
        cut = True


def _shortcut(
    game: Game, states: list[State], steps: Sequence[Action], seat: int, fields: Sequence[str]
) -> tuple[int, int, list[Action]] | None:
    """The first ``(start, end, moves)`` where one move of the kind of ``steps[start]`` from
    ``states[start]`` (then the turn
    ended, where ``states[end]`` is past it) reaches the board of ``states[end]``, ``end -
    start`` of at least 2 and more than ``moves``, its steps left no fewer (None: none)."""
    ends = [_board(state.view(seat), fields) for state in states]
    for start in range(len(states) - 2):
        first = steps[start]
        # (a move of the kind the detour begins with: a camel placed where it then moved to, or
        # sent there straight; any other kind of move is weighed by the search itself)
        for move in states[start].legal_actions():
            if move == game.ai.stop or move[0] != first[0]:
                continue
            after = states[start].clone()
            after.apply(move, False)
            reached = after.view(seat)
            key = _board(reached, fields)
            for end in range(len(states) - 1, start + 1, -1):
                if states[end].to_move() != seat and after.to_move() == seat:
                    if game.ai.stop is None or end - start < 3 or game.ai.stop not in after.legal_actions():
                        continue
                    stopped = after.clone()
                    stopped.apply(game.ai.stop, False)
                    if _board(stopped.view(seat), fields) == ends[end]:
                        return start, end, [move, game.ai.stop]
                    continue
                left = states[end].view(seat)
                if ends[end] == key and all(reached[field] >= left[field] for field in fields):
                    return start, end, [move]
    return None


def _board(view: dict[str, Any], fields: Sequence[str]) -> str:
    """``view`` without ``fields``, comparable."""
    return json.dumps({key: value for key, value in view.items() if key not in fields}, sort_keys=True, default=str)


def as_good(candidates: Sequence[Candidate], first: Candidate) -> list[int]:
    """The indices of ``candidates`` about as good as ``first`` (``about``), ``first`` among them."""
    return [at for at, candidate in enumerate(candidates) if candidate.value >= first.value - about(first, candidate)]


def put_first(found: list[Candidate], index: int) -> list[Candidate]:
    """``found`` with its candidate at ``index`` first, the others in their order."""
    return [found[index], *(candidate for at, candidate in enumerate(found) if at != index)]


def line_kept(
    found: list[Candidate],
    following: Sequence[Action],
    reword: Callable[[Candidate, tuple[Action, ...]], Candidate] | None = None,
) -> list[Candidate]:
    """``found`` with the next move of the line a hint showed earlier in this decision
    (``following``: what is left of it, followed so far) first, where the search finds it about
    as good as its first (``about``: within ``NEARLY`` below it, or the search's noise between the
    two where that is wider: a Camel Caravan hint sent a camel to (0,2) for the salt, and the next,
    searched afresh, sent it on for swords 4 steps away); as it was otherwise. Each step of a Camel
    Caravan turn is searched afresh: a hint taken at every step left the line its first one
    showed for one the search could not tell from it, and the review, which weighs the decision
    against that first line, graded the turn played wholly on the hint a mistake. The line shown
    with it goes on as the earlier one did (the search's own, where it begins so), its reason
    said again for it where ``reword`` is given (``reworded``)."""
    if not following:
        return found
    index = next((i for i, candidate in enumerate(found) if candidate.action == following[0]), None)
    if index is None or found[index].value < found[0].value - about(found[0], found[index]):
        return found
    line = found[index].line
    kept_line = line if line[: len(following)] == tuple(following) else tuple(following)
    kept = reword(found[index], kept_line) if reword is not None else found[index]._replace(line=kept_line)
    return [kept, *(candidate for i, candidate in enumerate(found) if i != index)]


def decided_first(game_id: str, view: dict[str, Any], seat: int, found: list[Candidate]) -> list[Candidate]:
    """``found`` where, between players, every move leaves the match decided (``decided``: the
    search tells them apart no more), the one whose line leaves the seat the most points first
    (its score where the line ends), of those the one the game's prior rates best: a lost match's
    hint put "End your build" first, beside a sale for 8 gold that bought a city; a Camel Caravan
    hint starred a load that could never reach its city (−3 for carrying it at the end) over
    moves that cost nothing. As it was otherwise."""
    game = get_game(game_id)
    if len(found) < 2 or game.ai.prior is None or decided([candidate.value for candidate in found]) is None:
        return found
    world = game.from_view(view, seat)
    if len(world.scores()) < 2 or world.to_move() != seat:
        return found
    rated = game.ai.prior(world, [candidate.action for candidate in found])
    points = [_points(world, seat, candidate) for candidate in found]
    best = max(range(len(found)), key=lambda index: (points[index], rated[index]))
    return put_first(found, best)


def _points(world: State, seat: int, candidate: Candidate) -> float:
    """``seat``'s score where its own moves of ``candidate``'s line end, from ``world``."""
    after = world.clone()
    for action in candidate.line or (candidate.action,):
        if after.to_move() != seat or action not in after.legal_actions():
            break
        after.apply(action, False)
    return after.scores()[seat]


#: what a suggestion that loses at once adds to its reason (the look found no move that does not;
#: it follows only the likeliest ways on, so it says what it found, not that there is none). Not
#: "ending the match in their next turn": in a final turn the match ends after this turn's builds,
#: and no one has a next turn; nor "before you decide again", said at a match's last decision; nor
#: "finds no move after which the other player cannot win", a double negative read three times over
#: Seat fields, as every reason: "you" read as the AI in a replay of its move, beside "the other
#: player" for the person watching; "the AI sees", as the same words weigh an AI's own move ("the
#: hint sees" stood in a replay's panel of what the AI weighed).
LOST_AT_ONCE = "whatever {you} play{s} here, the AI sees {who} win the match, as far as it looks"
#: the same where a roll or a draw saves the move in some of the worlds looked at (its chance then
#: is the search's, not none: "0% of the win" where the review of that decision said 18%)
LOST_MOSTLY = "whatever {you} play{s} here, the AI sees {who} win the match in most of the ways it could go"


def lost_anyway(game_id: str, view: dict[str, Any], seat: int, found: list[Candidate]) -> list[Candidate]:
    """``found`` where the end is near and its first move loses at once (the look after the
    searches keeps such a move only where it found none that does not, ``policies.allowed``):
    that move's reason says so and, where it loses in every world looked at, "How it stands"
    reads its own mean as the loss it is (where a roll saves it in one, the search's chance). A
    hint said "you trail on points, but the hint expects you to come through" where the other
    seat's next turn emptied the bag and ended the match with a delivery, nothing in it chance."""
    game = get_game(game_id)
    if not found or game.ai.end_near is None:
        return found
    world = game.from_view(view, seat)
    first = found[0]
    if not game.ai.end_near(world) or not safety.loses_at_once(world, seat, first.action, **safety.looks_of(game.ai)):
        return found
    every = safety.surely_lost(world, seat, first.action, **safety.looks_of(game.ai))
    others = [other for other in range(len(world.scores())) if other != seat]
    who = seat_field(others[0]) if len(others) == 1 else "the others"
    said = (LOST_AT_ONCE if every else LOST_MOSTLY).format(you=seat_field(seat), s=seat_field(seat, "s"), who=who)
    reason = "; ".join(part for part in (first.reason, said) if part)
    return [first._replace(reason=reason, own=0.0 if every else first.own, sure=every), *found[1:]]


def others_words(world: State) -> str:
    """Who may beat the seat to move: "the other player", or "the others" at a bigger table."""
    return "the other player" if len(world.scores()) == 2 else "the others"


def leads_further(first: Candidate, other: Candidate) -> bool:
    """Whether ``other``'s line leads to more than ``first``'s (``followed``), beyond the search's
    noise and by ``NEARLY`` or more: the hint suggests it ("probably best"), not the move the
    search visited most, which it showed as "the AI's pick, though another is better" above
    "Better: …" (read as advice to play the worse move)."""
    luck = noise(first.error, other.error)
    return luck is not None and other.value - first.value > luck and other.value - first.value >= NEARLY


def led_first(found: list[Candidate]) -> list[Candidate]:
    """``found`` with the candidate whose line leads furthest beyond the first's
    (``leads_further``) put first, the others in their order; as they were where none does."""
    further = [candidate for candidate in found[1:] if leads_further(found[0], candidate)]
    if not further:
        return found
    best = max(further, key=lambda candidate: candidate.value)
    return [best, *(candidate for candidate in found if candidate is not best)]


def led_best(game_id: str, view: dict[str, Any], seat: int, weighed: Weighed, first: Action, top: int = TOP) -> Action:
    """``first`` (the most visited, or the game's plain move: ``policies.pick``), or the root
    move among the ``top`` most visited whose line leads further beyond the noise
    (``led_first``): the move a hint shows first, without the game's reasons."""
    world = get_game(game_id).from_view(view, seat)
    found = []
    for candidate in candidates(weighed.stats, top, first, weighed.squares):
        line = playable(world, seat, weighed.lines.get(candidate.action, (candidate.action,))) or (candidate.action,)
        found.append(followed(candidate, weighed.steps.get(candidate.action, ()), len(line)))
    return led_first(found)[0].action if found else first


def advised_first(game_id: str, view: dict[str, Any], seat: int, stats: RootStats, top: int = TOP) -> Action | None:
    """The game's plain move where ``advised`` puts it first (the search cannot tell the most
    visited from it, and what it keeps has a use after it: ``Plain.holds``; near the end of the
    match, it is one of the ``top`` looked at), or the game's sure move in its place
    (``Plain.sure``), else None."""
    game = get_game(game_id)
    plain = game.ai.plain
    if plain is None:
        return None
    world = game.from_view(view, seat)
    looked = sorted(stats, key=lambda action: -stats[action][0])[:top]
    near = game.ai.end_near is not None and game.ai.end_near(world)
    sure = sure_line(game, world)[:1]
    for move in (*sure, plain.action):
        if not plain_is_as_good(stats, move):
            continue
        if near and move not in looked and (move not in sure or _loses_at_once(game, world, seat, move)):
            # (the game's sure move, looked at here: at 8 cards a hint kept to a 17% reroll beside
            # a sure sale the look at the end of the match had not reached)
            continue
        if move == plain.action and plain.holds is not None and not plain.holds(world):
            return None
        return move
    return None


def _loses_at_once(game: Any, world: State, seat: int, move: Action) -> bool:
    return safety.loses_at_once(world, seat, move, **safety.looks_of(game.ai))


def sure_line(game: Any, world: State) -> tuple[Action, ...]:
    """The line the game plays in place of its plain move (``Plain.sure``), or ()."""
    plain = game.ai.plain
    return (plain.sure(world) or ()) if plain is not None and plain.sure is not None else ()


#: a plain move is weighed enough to be suggested with at least this share of the visits of the
#: most visited move (fewer, and its mean is too rough to compare)
PLAIN_VISITS = 0.5


def plain_is_as_good(stats: RootStats, plain: Action) -> bool:
    """Whether ``plain`` is another move than the most visited, weighed enough to compare
    (``PLAIN_VISITS``), and expected to do no worse than ``NEARLY`` below it: a difference the
    hint's own labels call "nearly as good", and that a search of a normal hint's budget does
    not reproduce from one seed to the next."""
    if plain not in stats or not stats:
        return False
    best = max(stats, key=lambda action: stats[action][0])
    (visits, reward), (best_visits, best_reward) = stats[plain], stats[best]
    if best == plain or visits < PLAIN_VISITS * best_visits:
        return False
    return reward / visits >= best_reward / best_visits - NEARLY


#: how sure a search is of its choice, from its share of the visits and the expected results
CLEAR, CLOSE = "clearly best", "a close call"
#: the first two candidates' expected results differ by less than the search can tell apart
#: (``NOISE``): either move will do, and the alternatives as good say "Or"
EITHER, OR = "either is about as good", "Or"
#: ``EITHER`` where more than one alternative is "Or"
ANY = "one of several about as good"
#: better than the next by more than the search's noise, but by less than ``NEARLY``
SLIGHTLY = "slightly better"
#: between players, every move listed expects a win chance past ``DECIDED`` (or short of
#: 1 - ``DECIDED``): said so, not "any of these is about as good", which a Camel Caravan hint said
#: of a delivery for 6 points beside an empty camel's move in a match won either way
WON_ANYWAY, LOST_ANYWAY = "the match looks won with any of these", "the match looks lost with any of these"
DECIDED = 0.97
#: worse than an alternative listed, beyond the noise and by ``NEARLY`` or more: the move an AI seat
#: makes (the most visited, or the game's plain move), but where the alternative's line leads
#: expects more (``followed``); the words name that move's label ("though another is better"
#: left a newcomer asking which)
NOT_BEST = "the hint's pick, though the move marked Better expects more"
#: the game's plain move put first (``advised``) where an alternative listed expects a little more,
#: beyond the noise but by less than ``NEARLY``: said as what it is, and the alternatives above it
#: with why it still comes first. "Nearly as good as the best" over "A little better" read as a
#: hint that was not the best move, with two others beating it (Merchant Lord, keeping the favour).
#: Any other move that expects a little more, by less than ``NEARLY``, is about as good: the same
#: two builds were starred and called "A little better" by turns, in one build of Caravans of
#: Ahldarahd, as the search's means of two moves it weighs alike crossed.
SAFE, HAIR = "the safe pick", "A hair more, too little to pay for"
#: the words ``confidence`` judges against the search's noise: the alternatives' labels beside them
#: are judged so too (``rank_label``'s ``luck``), and beside the others as before
BY_NOISE = (EITHER, SLIGHTLY, NOT_BEST, SAFE)
#: a lone candidate among several moves: the game's planner chose it before any search weighed the
#: others (a trade both sides gain from, proposed first in a build), or the search weighs no other,
#: so it is not "the only move", nor better than any by a margin
LONE = "the hint's pick"
#: a first move proven to win: a line of the seat's own that wins the match (``won_first``,
#: ``won_outright``), never a search's that won in every world it weighed
WINNING = "a winning line"
#: what ``won_first`` adds to the reason of the line that wins
WINS = "this line wins the match, nothing left to chance"
#: a candidate whose expected result is within this of the choice's is "nearly as good"
NEARLY = 0.02
#: two expected results closer than this many standard errors of their difference are the same to
#: the search: another seed ranks them either way (Merchant Lord, a whole match against normal:
#: the difference's spread over 3 more seeds was about its standard error)
NOISE = 2.0


def decided(values: Sequence[float]) -> str | None:
    """``WON_ANYWAY`` or ``LOST_ANYWAY`` where every expected result in ``values`` says so (None:
    the moves differ in what they leave of the match)."""
    if min(values) >= DECIDED:
        return WON_ANYWAY
    if max(values) <= 1 - DECIDED:
        return LOST_ANYWAY
    return None


def noise(first: float | None, other: float | None) -> float | None:
    """How far apart two expected results with standard errors ``first`` and ``other`` may lie
    by the search's luck alone (None where either is unknown)."""
    if first is None or other is None:
        return None
    return NOISE * math.sqrt(first * first + other * other)


def confidence(
    shares: Sequence[float],
    values: Sequence[float],
    choices: int | None = None,
    errors: Sequence[float | None] | None = None,
    plain_first: bool = False,
    proven: bool = False,
) -> str:
    """How sure the search is of its first candidate, in words: "a winning line" (``proven``: the
    game's own look found the win, ``won_first``, or its line wins outright, ``won_outright``;
    others listed may win too where a planner works the turn out whole), "the only move
    worth weighing", "the hint's pick" (the only candidate of ``choices`` moves: planned, or the
    only one weighed), "clearly best" (most of the search, and better by a margin), "probably
    best" or, for two moves
    that expect nearly the same: where the search's ``errors`` (its values' standard errors) are
    known, "either is about as good" (the difference is within the search's noise, however large
    the noise: a Decktet Caravan search whose results spread widely, or an alternative listed
    expects a little more, beyond the noise but by less than ``NEARLY``), "slightly better" (beyond
    it, and below ``NEARLY``) or "the hint's pick, though the move marked Better expects more"
    (an alternative listed expects more by ``NEARLY`` or more, where that move's line leads:
    ``followed``); where
    they are not, "a close call" (the next one expects as much, or had nearly as much of the
    search and expects nearly as much). Shares alone never make a close call: a search over
    hundreds of moves (a Camel Caravan turn) gives each a few hundredths, and a pick-up expected 13
    points above the next move was "a close call" with 3% of the visits against 1.5%. A fixed
    margin alone said "a close call" at 28 of 36 Merchant Lord decisions, half of them a move
    better beyond the search's noise. ``plain_first``: the first is the game's plain move, put
    first (``advised``): "the safe pick" rather than "either is about as good" (``SAFE``)."""
    if proven and values and values[0] >= 1.0:
        return WINNING
    if len(shares) < 2:
        if choices == 1:  # ("The only move worth weighing: Pass" where Pass was the only move)
            return "the only move"
        return LONE if choices is not None and choices > 1 else "the only move worth weighing"
    (s1, s2), (v1, v2) = shares[:2], values[:2]
    # (every other move short of it by ``NEARLY``: "Clearly best" stood over a third move listed
    # as "Nearly as good", the second's share the only one weighed)
    if s1 >= 0.5 and s1 >= 2 * s2 and v1 - max(values[1:]) >= NEARLY:
        return CLEAR
    if errors is not None and len(errors) >= 2 and all(error is not None for error in errors):
        lucks = [noise(errors[0], error) or 0.0 for error in errors[1:]]
        above = [value - v1 for value, luck in zip(values[1:], lucks) if value - v1 > luck]
        if above:  # (an alternative listed below expects more: "Or", "Better")
            if max(above) < NEARLY:
                return SAFE if plain_first else EITHER
            return NOT_BEST
        if abs(v1 - v2) <= lucks[0]:
            return EITHER
        if v1 - v2 < NEARLY:
            return SLIGHTLY
    if v2 >= v1 - 0.005 or (s1 - s2 < 0.1 and v1 - v2 < NEARLY):
        return CLOSE
    return "probably best"


def outlook(value: float, players: int = 2) -> str:
    """What the expected result of a match between ``players`` means, in words. It is read
    against a fair share (a half between two, a third among three: a third is even then, not
    "behind")."""
    fair = 1 / max(players, 2)
    value = round(100 * value) / 100  # (the figure said: 43.6% and 44.4% both read "44%", one "even")
    edge = (value - fair) / (1 - fair) if value >= fair else (value - fair) / fair  # -1 … 1
    if edge >= 0.7:
        return "you should win"
    if edge >= 0.3:
        return "you are ahead"
    if edge <= -0.7:
        return "you are far behind"
    if edge < -BEHIND_EDGE - 1e-9:
        return "you are behind"
    # (40% of two was "even", and a trailing newcomer read it as nothing to worry about: near
    # even, the figure itself; the band a share of the fair share either side: among three,
    # "an even game (40% of the win; even is 33% each)" read as a slip)
    if abs(value - fair) / fair >= EVEN_EDGE - 1e-9:
        return f"you are slightly {'ahead' if edge > 0 else 'behind'} ({chance_words(value, players)})"
    return "an even game"


#: how far from a fair share (as a share of that share) a game stops being even
EVEN_EDGE = 0.12
#: and stops being slightly behind: below 40% to win of two (36% read "slightly behind", a match
#: lost two times in three told as nothing to worry about); ahead waits for 65% (a promise: 50% of
#: the win among three is no "you should come through")
BEHIND_EDGE = 0.2


def chance_words(value: float, players: int) -> str:
    """ "42% to win" (between two), "30% of the win" (among more)."""
    return f"{round(100 * value)}% {'to win' if players == 2 else 'of the win'}"


def standing(scores: Sequence[float], seat: int) -> str:
    """Where ``seat`` stands on points: "ahead" (more than everyone), "behind" (someone has
    more) or "level" (tied for the lead)."""
    mine, best_other = scores[seat], max(score for other, score in enumerate(scores) if other != seat)
    return "ahead" if mine > best_other else "behind" if mine < best_other else "level"


#: what a level score and a stronger (or weaker) position differ on, where the game says no more
STILL_TO_PLAY = "on what is still to play"

#: on what a position the AI rates stronger (True) or weaker (False) than a level score rests, in
#: words that bear the rating out ("on this hand's piles: you +3, Bob +7" stood beside "stronger")
Basis = Callable[[bool], str]


def still_to_play(stronger: bool) -> str:
    return STILL_TO_PLAY


def headline(
    value: float, scores: Sequence[float], seat: int | None, basis: Basis = still_to_play, scored_on: str = "points"
) -> str:
    """How the match stands for ``seat``, in words that never contradict the score without
    saying why: the search's expected result ``value`` is about the end, the score about now,
    and where they point apart the headline says both ("you lead on points, but the hint expects
    you to fall behind"); level on points, ``basis`` says on what the position differs.
    ``scored_on``: what the game scores ("caravan length": Caravanserai has no points). The
    figure is said with the words (a review's 28% beside a hint's bare "behind", and 26% beside
    "slightly behind", read as the words not following the figures)."""
    said = _headline(value, scores, seat, basis, scored_on)
    said = said if "%" in said else f"{said} ({chance_words(value, len(scores))})"
    if len(scores) > 2 and said.endswith(")") and ("an even game" in said or "rates the game even" in said):
        # ("an even game (34% of the win)" read as a slip, "even" a half, to newcomers at three)
        said = f"{said[:-1]}; even is {round(100 / len(scores))}% each)"
    return said


def _headline(value: float, scores: Sequence[float], seat: int | None, basis: Basis, scored_on: str) -> str:
    """``headline``'s words, some with their figure."""
    words = outlook(value, len(scores))
    if len(scores) < 2 or seat is None or not 0 <= seat < len(scores):
        return words
    now = standing(scores, seat)
    later = (
        "ahead"
        if words in ("you should win", "you are ahead") or words.startswith("you are slightly ahead")
        else "behind"
        if words in ("you are behind", "you are far behind") or words.startswith("you are slightly behind")
        else "level"
    )
    if later == now == "behind" and words == "you are far behind":
        # ("you are far behind (0% of the win)" at 29 to the leader's 31, the bag empty: the
        # chance is far behind, the points are not)
        return f"you trail on {scored_on}, and the hint expects you to lose"
    if later == now:
        return words
    if later == "level":  # ("an even game" stood beside a person 13 points behind; and "even", bare,
        # read as a coin toss where the AI gave 42%: its figure said)
        chance = chance_words(value, len(scores))
        lead = "lead" if now == "ahead" else "trail"
        return f"you {lead} on {scored_on}, but the hint rates the game even ({chance})"
    if words.startswith("you are slightly"):  # (near even, with its figure: "expects you to come
        # through" stood for 44% of the win among three, a key after "even (35% of the win)")
        chance = chance_words(value, len(scores))
        if now == "level":
            rated = "slightly stronger" if later == "ahead" else "slightly weaker"
            on = basis(later == "ahead")
            return f"level on {scored_on}, but the hint rates your position {rated} {on} ({chance})"
        lead = "lead" if now == "ahead" else "trail"
        return f"you {lead} on {scored_on}, but the hint rates you slightly {later} ({chance})"
    if now == "level":
        if words in ("you should win", "you are far behind"):  # ("stronger" of a sure win undersold it)
            return (
                f"level on {scored_on}, but the hint expects you to {'win' if later == 'ahead' else 'lose'} "
                + basis(later == "ahead")
            )
        rated = "stronger" if later == "ahead" else "weaker"
        return f"level on {scored_on}, but the hint rates your position {rated} {basis(later == 'ahead')}"
    if now == "ahead":
        return f"you lead on {scored_on}, but the hint expects you to fall behind"
    return f"you trail on {scored_on}, but the hint expects you to " + (
        "win" if words == "you should win" else "come through"
    )


#: a figure a game's reason gives as before → after ("caravan 24 → 26")
FIGURE = re.compile(r"(-?\d+) → (-?\d+)")
#: the points a game's reason says a move gains ("+1 point", "delivers gems for +6")
POINTS = re.compile(r"(?<![\w+−-])\+(\d+) points?\b|\bfor \+(\d+)\b")


def figure_gain(reason: str) -> int | None:
    """How much the first before → after figure in a reason grows, or None if it has none."""
    found = FIGURE.search(reason)
    return int(found[2]) - int(found[1]) if found else None


def points_gained(reason: str) -> int:
    """The points a reason says its move gains ("+1 point", "for +6"), 0 where it says none."""
    return sum(int(found[1] or found[2]) for found in POINTS.finditer(reason))


def rank_label(
    value: float, best: float, reason: str, above: Sequence[str], luck: float | None = None, plain_first: bool = False
) -> str:
    """An alternative's label beside the suggestion (expected result ``best``): "Nearly as
    good" or "Weaker"; where the search's noise between the two (``luck``, ``noise``) is known,
    "Or" within it (either will do), or above it by less than ``NEARLY``, and "Better" above it
    by more (the suggestion is the most visited, or the game's plain move, ``advised``). The
    label is about the end of the match; where the alternative's own figures grow more than those
    of a move listed above it, or it gains more points than one ("Clearly best: End your build"
    over a purchase that took a city, "Weaker" beside its "+1 point"), "Weaker in the end" says so
    rather than contradict the figures beside it. ``plain_first``: the suggestion is the game's plain
    move, put first: an alternative a little above it says why it is not suggested (``HAIR``)."""
    if luck is not None and abs(value - best) <= luck:
        return OR
    if luck is not None and value > best:
        if value - best < NEARLY:
            return HAIR if plain_first else OR
        return "Better"
    if value >= best - NEARLY:
        return "Nearly as good"
    gain = figure_gain(reason)
    gains = [g for g in map(figure_gain, above) if g is not None]
    if gain is not None and any(gain > g for g in gains):
        return "Weaker in the end"
    points = points_gained(reason)
    return "Weaker in the end" if any(points > points_gained(said) for said in above) else "Weaker"
