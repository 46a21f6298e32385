"""A review in words and a chart of characters: ``caravan-tui review --text`` prints it, and the
review screen shows the same chart and lines (one drawing, tested once).

The chart's scale is fixed (0 to 100% of a win chance; 0 to the game's top solo score), not
stretched to the data: a match that stayed between 48% and 52% looks level, as it was. A row
under it marks what moved the seat's chances most at each decision: its own play, the others'
or luck. Every figure is one the review shows (``Review.shown``) or a sum or difference of
them, so that what the text says adds up as read.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from caravan_tui.engine import Measure, render
from caravan_tui.games import get_game
from caravan_tui.seat_labels import STAND_IN_OF
from caravan_tui.words import mid_sentence

from .policies import hint_policy
from .review import Account, Draw, Judged, Review, Swing

#: eighths of a cell, from empty to full
BLOCKS = " ▁▂▃▄▅▆▇█"
PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
#: the chart's marks: your errors, the others' errors, good luck and bad luck (for you)
MARKS = {"yours": "Y", "others": "O", "luck+": "+", "luck-": "-"}
#: how many of the draws, rolls and deals after a decision a turning point shows (the first and the last)
DRAWS_SHOWN = 3
#: the width ``review --text`` fits its lines to
WIDTH = 80
#: what a review's line wraps under: "Move 12: ", "  Better: ", "The searches' drift: ", a label of
#: a few words (a sentence's own colon, "No decision of yours cost enough to count as an
#: inaccuracy: ", is none: the rest hung under it in a narrow column at 80×24), a bullet ("• ")
HANG = re.compile(r" *(?:• |(?:Move|Luck after your move|After your move) \d+: |[A-Z][a-z' ]{0,24}: )")
#: the least room a line's text keeps beside its hang (narrower, it wraps from the left edge)
HANG_ROOM = 20


def spans(count: int, width: int) -> list[range]:
    """Which of ``count`` values each of at most ``width`` columns covers (a long match is
    squeezed, never cut)."""
    if count <= width:
        return [range(index, index + 1) for index in range(count)]
    return [
        range(column * count // width, max((column + 1) * count // width, column * count // width + 1))
        for column in range(width)
    ]


def columns(values: Sequence[float], width: int) -> list[float]:
    """``values`` fitted to at most ``width`` columns: each column the mean of the values it covers."""
    return [sum(values[i] for i in span) / len(span) for span in spans(len(values), width)]


def chart_rows(values: Sequence[float], top: float, width: int = 60, height: int = 6) -> list[str]:
    """A bar chart of ``values`` (from 0 to ``top``) as ``height`` rows of at most ``width``
    characters, the top row first, each bar drawn in eighths of a cell."""
    fitted = columns(values, width)
    rows = []
    for row in range(height - 1, -1, -1):
        line = []
        for value in fitted:
            eighths = round(max(0.0, min(1.0, value / top)) * height * 8) - row * 8
            line.append(BLOCKS[max(0, min(8, eighths))])
        rows.append("".join(line))
    return rows


def figure(measure: Measure, value: float) -> str:
    """A shown figure without its unit: "58", "38.5"."""
    return f"{value:.{0 if measure.unit == '%' else 1}f}"


def amount(measure: Measure, value: float) -> str:
    """A value in a game's measure, as people read it: "58%", "38.5 pieces"."""
    return f"{figure(measure, value)}{measure.unit}"


def loss_words(measure: Measure, value: float) -> str:
    """A cost in a game's measure, as ``amount`` writes it: a win chance loses "16%" (points of
    it, written as a review's chart and figures write the chance; "16 points" read as the
    game's score points: "Claim Salt–Dates …: takes the Dates city — fine: 28% → 26% (−2
    points)"), a length "1.5 pieces"."""
    return amount(measure, value)


def signed(measure: Measure, value: float) -> str:
    """A change with its sign: "+6%", "−31%", "0%"."""
    sign = "+" if value > 0 else "−" if value < 0 else ""
    return sign + loss_words(measure, abs(value))


def marks(review: Review, width: int = 60) -> str:
    """The row under the chart: at each decision's column, the seat's error where it made one (a
    graded decision), else what moved its chances most before it (``MARKS``: the others' errors
    and luck after the decision before, where that was as much as an inaccuracy; those after
    the last decision under the end's column); blank elsewhere. (The luck after an error took its
    column: a chart marked three of five errors listed below it; and an AI's error after the
    last decision stood under that decision, as if it came before it.)"""
    biggest: dict[int, Swing] = {}
    for swing in review.marked():
        at = swing.index if swing.kind == "yours" else min(swing.index + 1, len(review.decisions))
        held = biggest.get(at)
        if held is None or (held.kind != "yours" and (swing.kind == "yours" or abs(swing.change) > abs(held.change))):
            biggest[at] = swing
    row = []
    for span in spans(len(review.decisions) + 1, width):
        found = [biggest[i] for i in span if i in biggest]
        if not found:
            row.append(" ")
            continue
        swing = max(found, key=lambda s: (s.kind == "yours", abs(s.change)))
        row.append(MARKS[swing.kind if swing.kind != "luck" else "luck+" if swing.change > 0 else "luck-"])
    return "".join(row).rstrip()


def chart_text(review: Review, width: int = 60, height: int = 6) -> list[str]:
    """The chart with its scale written beside it, the marks under it, then what it shows."""
    measure = review.measure
    values = review.chart()
    # (a solo caravan past the measure's usual top: "45.0 pieces" over bars of 46.0, clipped)
    top = max([measure.scale, *values])
    rows = chart_rows(values, top, width, height)
    label = len(amount(measure, top))
    out = []
    for index, row in enumerate(rows):
        mark = amount(measure, top) if index == 0 else amount(measure, 0) if index == height - 1 else ""
        out.append(f"{mark:>{label}} │{row}")
    out.append(f"{'':>{label}} └{'─' * min(width, len(values))}")
    row = marks(review, width)
    if row.strip():
        out.append(f"{'':>{label}}  {row}")
    out.append(f"{'':>{label}}  your {measure.name} before each decision, then the end")
    if len(values) > width:  # (squeezed: a column is not a decision)
        out.append(f"{'':>{label}}  {len(values)} of them in {width} columns, each the mean of those it covers")
    if row.strip():
        out.append(f"{'':>{label}}  marks: {', '.join(marks_shown(row))}")
    return out


#: what each chart mark means
MARK_WORDS = {"Y": "Y your errors", "O": "O the others' errors", "+": "+ good luck", "-": "- bad luck"}


def marks_shown(row: str) -> list[str]:
    """What the marks in ``row`` mean, those it shows alone: the key named Y and O under a row
    of + and - only."""
    return [meaning for mark, meaning in MARK_WORDS.items() if mark in row]


def kinds(review: Review) -> list[str]:
    """The parts of a split that can happen in ``review``'s match: no one else's play in a solo
    game, and no luck where nothing was drawn or revealed to the seat (Caravanserai after setup:
    its "luck 0 points" read as if luck could have played a part)."""
    return ["yours"] + ["others"] * (review.players > 1) + ["luck"] * bool(review.draws)


def words(review: Review, text: str, names: Sequence[str], viewer: int | None = -1, at: int | None = None) -> str:
    """A game's words for the reviewed seat, its seat fields filled in ("you" for that seat;
    ``viewer`` None: for no seat, each named); ``at``: said of move ``at``, a seat a stand-in
    played then named as its (``names_at``: "Steal gems from [b]z[/b]" of the AI's goods)."""
    if at is not None:
        names = names_at(review, names, at)
    try:
        return render(text, names, review.seat if viewer == -1 else viewer)
    except (IndexError, KeyError, ValueError):  # a kept review's words name seats the match has not
        return text


def name_of(review: Review, seat: int, names: Sequence[str], turn: int | None = None) -> str:
    """``seat``'s name; of another seat's move ``turn`` an AI made in its person's place, the
    stand-in's ("Bob's stand-in")."""
    name = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
    if turn is not None and seat != review.seat and turn in review.others_stood_in:
        return STAND_IN_OF(name=name)
    return name


def verdict(review: Review, judged: Judged) -> str:
    """ "a blunder: 62% → 31% (−31%)"; "best: 62%" for the search's own best, or "fine"
    for a move that cost less than a grade (its cost shown where it is any)."""
    measure = review.measure
    before, after = review.shown(judged.before), review.shown(review.kept(judged))
    grade = review.grade(judged)
    if not grade:
        word = "best" if judged.as_best else "fine"
        if before == after:
            return f"{word}: {amount(measure, before)}"
        return f"{word}: {amount(measure, before)} → {amount(measure, after)} (−{loss_words(measure, before - after)})"
    article = "an" if grade[0] in "aeiou" else "a"
    return (
        f"{article} {grade}: {amount(measure, before)} → {amount(measure, after)} "
        f"(−{loss_words(measure, before - after)})"
    )


#: the heading over every decision: a decision's number is its move's, every step of every seat
#: counted as the replay counts them (a solo review listed moves 1, 2, 10, 11, 12, 16 unexplained)
EVERY_DECISION = "Every decision, by move (the replay's count: each step of every seat is a move)"
#: said after the account's first line that names a move by its number: "the first after move
#: 138" read as a count of the person's own turns (16 in the match), the count said only under
#: the heading of every decision, at the review's end
MOVES_COUNTED = "(Moves are numbered as the replay counts them: each step of every seat.)"
#: a move named by its number in the account's words
NUMBERED_MOVE = re.compile(r"\bmoves? \d+")


def grades_line(review: Review) -> str:
    """What the words beside each decision mean, in the game's measure: "fine" was read as "no
    cost" beside a move 3 points short of the best, and is defined nowhere else; and that a move
    with one way to play is none (38 decisions of some 48 moves read as moves left out)."""
    measure = review.measure
    least = [loss_words(measure, threshold) for threshold in (measure.inaccuracy, measure.mistake, measure.blunder)]
    return (
        f"Graded: best, the move a hint shows or one as good to the search; fine, another that cost less than "
        f"{least[0]}; an inaccuracy "
        f"from {least[0]}, a mistake from {least[1]}, a blunder from {least[2]}. A move the rules left one way "
        f"to play is no decision: it is not listed."
    )


def move_number(judged: Judged) -> int:
    """The number of ``judged``'s move in the match, as the replay numbers it ("move 7/80" shows
    the table after it): the one number a review gives a decision, wherever it names it."""
    return judged.turn + 1


def after_move(review: Review, swing: Swing) -> int:
    """The number of the seat's move after which ``swing`` (luck, drift) came."""
    return move_number(review.decisions[swing.index])


def reasoned(move: str, reason: str) -> str:
    """A move with the game's reason for it, the reason after the move's first step where the move
    has several ("A — a camel onto the swords; then B, then C"): after the last step it read as
    that step's ("… then Move a camel from (5,3) to (4,2) — a camel onto the swords on space 5")."""
    if not reason:
        return move
    first, then, rest = move.partition(", then ")
    reason = mid_sentence(reason)  # ("— You can no longer build…": a capital mid-sentence)
    return f"{first} — {reason}; then {rest}" if then else f"{move} — {reason}"


#: where the game's words for the better move and the one played are the same
SAME_REASONS = "  Yours: the same in the game's words; the search found the difference further ahead."


def turning_point_lines(review: Review, swing: Swing, names: Sequence[str]) -> list[str]:
    """A turning point in a few lines: a decision of yours (what it cost, the better move and
    why, then why yours looked good), another seat's error that gave you chances, or luck."""
    measure, judged = review.measure, swing.judged
    if swing.kind == "yours" and judged is not None:
        played, better = (words(review, text, names, at=judged.turn) for text in (judged.played, judged.better))
        lines = [
            f"Move {move_number(judged)}: you played {played} — {verdict(review, judged)}",
            f"  Better: {reasoned(better, words(review, judged.better_reason, names, at=judged.turn))}",
        ]
        if judged.played_reason == judged.better_reason and judged.played_reason:
            # (the same words twice said nothing of why the better move was better)
            lines.append(SAME_REASONS)
        elif judged.played_reason:
            lines.append(f"  Yours: {words(review, judged.played_reason, names, at=judged.turn)}")
        return lines
    if swing.kind == "others" and judged is not None:
        who = name_of(review, judged.seat, names, judged.turn)
        played, better = (words(review, text, names, at=judged.turn) for text in (judged.played, judged.better))
        return [
            f"Move {move_number(judged)}: {who} played {played} — their error gave you {signed(measure, swing.change)}",
            f"  Their best: {reasoned(better, words(review, judged.better_reason, names, at=judged.turn))}",
        ]
    after = f"Luck after your move {after_move(review, swing)}: {signed(measure, swing.change)} of {measure.name}"
    account = review.account()
    back = review.drift_against(swing, account)
    if back is not None and account.beyond(swing.change, back):
        # (apart, "the searches' drift −57%, and luck +103%": more than a chance can move)
        net = signed(measure, swing.change + back)
        after = (
            f"After your move {after_move(review, swing)}: {net} of {measure.name} in all, luck and the drift together"
        )
    elif back is not None:
        # (the same move's drift the other way, said first with what the two made in all: "+14%
        # … the deal went your way" headed the match's worst moment, −26% once the drift was
        # said, last; apart, "+41% luck" and "the worst drift after your move 8, −42%" read as
        # two verdicts on one reply)
        net = signed(measure, swing.change + back)
        after = (
            f"After your move {after_move(review, swing)}: {net} of {measure.name} in all, "
            f"{DRIFT_BACK.format(drift=signed(measure, back))}, and luck {signed(measure, swing.change)}"
        )
    lines = [f"{after} ({luck_words(swing.draws, swing.change > 0)})"]
    if swing.with_moves:  # (told apart from the draw by no search: "you lost this on the draw" of a rival's build)
        why = WITH_MOVES if review.players > 2 else WITH_MOVES_TWO
        lines[0] = f"{after}, with {moves_with(review, swing, names)} before the chance ({why})"
        lines += [f"  {line}" for line in played_before(review, swing, names)]
    if swing.draws:
        lines.append(f"  Seen: {seen(review, swing.draws, names)}")
    return lines


#: why luck after another's decision is said with it (``Swing.with_moves``)
WITH_MOVES = "among more than two players, no search tells a move of theirs from the chance after it"
#: the same between two, where the chance came after a move no one decided (a hand dealt after
#: the last forced play): "among more than two players" stood in a two-player review
WITH_MOVES_TWO = "no decision came just before the chance to value it apart from them"


def moves_with(review: Review, swing: Swing, names: Sequence[str]) -> str:
    """Whose moves ``swing``'s luck is told with: "AI 2's move 31", "the moves of AI 2 and AI 3"."""
    movers = list(dict.fromkeys(name_of(review, judged.seat, names, judged.turn) for judged in swing.with_moves))
    if len(swing.with_moves) == 1:
        return f"{movers[0]}'s move {move_number(swing.with_moves[0])}"
    return f"the moves of {' and '.join(movers)}" if len(movers) > 1 else f"{movers[0]}'s moves"


def played_before(review: Review, swing: Swing, names: Sequence[str]) -> list[str]:
    """What the others played that ``swing``'s luck is told with, a line each (the last
    ``DRAWS_SHOWN`` where there were more)."""
    return [
        f"{name_of(review, judged.seat, names, judged.turn)} played "
        + words(review, judged.played, names, at=judged.turn).rstrip(".")
        for judged in swing.with_moves[-DRAWS_SHOWN:]
    ]


#: in a luck turning point whose move's drift went the other way
DRIFT_BACK = "the searches' drift {drift}"


def points_heading(review: Review, points: Sequence[Swing]) -> str:
    """The turning points' heading; where there are none, why: nothing moved the seat's chances
    enough, or only what no move and no draw explains (the searches' drift, said above). "None,
    nothing moved your chances enough to tell" stood under "the worst after your move 75, −39%"."""
    heading = f"Where your {review.measure.name} was lost" if review.players == 1 else "Turning points"
    if points:
        return f"{heading}:"
    least, account = review.measure.inaccuracy, review.account()
    if account.entangled:
        return f"{heading}: none of your moves or the others'; what moved your chances is luck and the drift above"
    if any(swing.kind == "drift" and abs(swing.change) >= least for swing in account.swings):
        if review.players == 1:  # (no others and no chance to name: "what moved your chances" of a length)
            return f"{heading}: none of your moves lost any; what moved the estimate is the drift above"
        return f"{heading}: none of your moves, the others' or chance; what moved your chances is the drift above"
    return f"{heading}: none; nothing moved your chances enough to tell"


def unlisted_line(review: Review, points: Sequence[Swing]) -> str | None:
    """What of the others' errors and luck no turning point in ``points`` lists, so that the turning
    points add up to the line that splits the seat's chances: "luck +6%" stood over luck
    turning points of +55%, −32% and −10%, and a newcomer added them up. None where they do."""
    measure, account = review.measure, review.account()
    names = {"others": "the others' errors", "luck": "luck"}
    parts = []
    for kind in kinds(review):
        # (luck said with the drift; nothing apart where the split says the rest as one)
        if kind in names and not (kind == "luck" and account.entangled) and not account.merged:
            rest = account.total(kind) - sum(swing.change for swing in points if swing.kind == kind)
            if figure(measure, abs(rest)) != figure(measure, 0.0):
                parts.append(f"{names[kind]} {signed(measure, rest)}")
    return f"Not among the turning points: {', '.join(parts)}." if parts else None


def luck_words(draws: Sequence[Draw], good: bool) -> str:
    """What the luck was: chance (a deal, draw or roll), or where every draw only showed cards of
    another's hidden hand, the deal (what it had given them: their play that showed them is no
    chance). An opponent's play that showed its cards read "chance went against you"."""
    way = "went your way" if good else "went against you"
    if draws and all(draw.shown for draw in draws):
        # (what they held, not what they chose: "the deal went your way" of an opponent's own
        # bandit read as if their choice were chance)
        # (no brackets inside the turning point's own: "(the deal …: … (the choice of play is
        # theirs))" read as a hedge, and an AI's bandit as luck)
        return f"the deal {way}: cards another player was dealt, shown by their play; the play itself is judged apart"
    if any(draw.shown for draw in draws):
        return f"chance and the deal {way}"
    return f"chance {way}"


def names_at(review: Review, names: Sequence[str], turn: int | None = None) -> list[str]:
    """``names`` with each other seat whose last decision up to move ``turn`` (None: the match's
    end) an AI made in its person's place named as the stand-in ("[b]z[/b] rolls 2 3 6" of the
    dice of the AI that played on after they left; "[b]z[/b] wins" of its end)."""
    last: dict[int, int] = {}
    for judged in sorted(review.others, key=lambda judged: judged.turn):
        if turn is None or judged.turn <= turn:
            last[judged.seat] = judged.turn
    return [
        STAND_IN_OF(name=name) if last.get(seat, -1) in review.others_stood_in else name
        for seat, name in enumerate(names)
    ]


def seen(review: Review, draws: Sequence[Draw], names: Sequence[str]) -> str:
    """What chance showed the seat, in a line: the first of it and the last ``DRAWS_SHOWN`` - 1
    where there is more, and how many there were. The last alone left out the first, right after
    the move, often what mattered (AI 2's card that beat the seat's and went out, before the next
    hand's deal and lead). A seat a stand-in plays then is named as its (``names_at``)."""
    said = [words(review, draw.text, names_at(review, names, draw.turn)).rstrip(".") for draw in draws]
    # (after a semicolon, "You lead; You are dealt" read as two sentences run together)
    said = said[:1] + [f"y{text[1:]}" if text.startswith(("You ", "Your ")) else text for text in said[1:]]
    if len(said) <= DRAWS_SHOWN:
        return "; ".join(said)
    last = "; ".join(said[len(said) - DRAWS_SHOWN + 1 :])
    return f"{said[0]}; …; {last} (the first and the last {DRAWS_SHOWN - 1} of {len(said)} things seen since your move)"


def summary_line(review: Review) -> str:
    """How the seat's decisions went, in one line: the grades, and their shown costs' sum (or that
    none cost anything, or less than the figures show)."""
    if not review.decisions:  # ("0 decisions: 0 inaccuracies, 0 mistakes, 0 blunders; none of them cost …")
        return "No decision of yours to grade"
    counts = review.counts()
    graded = ", ".join(f"{count} {grade if count == 1 else PLURALS[grade]}" for grade, count in counts.items())
    total = review.total_cost()
    if not total and all(judged.as_best for judged in review.decisions):  # ("cost 0 points" of no cost)
        return f"{len(review.decisions)} decisions: {graded}; none of them cost any {review.measure.name}"
    if not total:  # (a move short of the best by less than the figures show: "none of them cost
        # any win chance" stood above "the best move at 16 of 17 decisions")
        least = loss_words(review.measure, 1 if review.measure.unit == "%" else 0.1)
        return (
            f"{len(review.decisions)} decisions: {graded}; none of them cost as much as {least} of "
            f"{review.measure.name}"
        )
    cost = loss_words(review.measure, total)
    return (
        f"{len(review.decisions)} decisions: {graded}; together the decisions listed below cost {cost} "
        f"of {review.measure.name}"
    )


def stood_in_lines(review: Review) -> list[str]:
    """Where an AI made some of the seat's moves in its person's place while they were away:
    how many, which, and that they are graded nowhere here (a person back from away read its
    stand-in's moves among "your decisions"). Counted in moves, as the table counted them ("made
    4 moves" there, "1 decision" here, of one turn). The moves after a resignation are the
    ending's (``ended_line``), not an absence's."""
    moves = [turn + 1 for turn in review.stood_in if turn not in played_on(review)]
    if not moves:
        return []
    if len(moves) == 1:  # ("none of them" of one)
        return [f"Your stand-in made 1 move while you were away (move {moves[0]}): it is not graded here."]
    which = moves_named(moves)
    return [f"Your stand-in made {len(moves)} moves while you were away ({which}): none of them is graded here."]


#: the most moves ``moves_named`` lists one by one
MOVES_LISTED = 4


def moves_named(moves: Sequence[int]) -> str:
    """Which of the match's moves ``moves`` (numbered, in order) are: "move 13", "moves 13 and
    15", "moves 13 to 16" where they run on, else "moves 13 to 41, 9 of them" ("made 2 moves (moves
    13 to 15)" read as three, another's move 14 between them)."""
    if len(moves) == 1:
        return f"move {moves[0]}"
    if moves[-1] - moves[0] == len(moves) - 1:
        return f"moves {moves[0]} to {moves[-1]}"
    if len(moves) <= MOVES_LISTED:
        return f"moves {', '.join(map(str, moves[:-1]))} and {moves[-1]}"
    return f"moves {moves[0]} to {moves[-1]}, {len(moves)} of them"


def played_on(review: Review) -> tuple[int, ...]:
    """The seat's moves an AI made after its person resigned (a hosted match plays on with an AI
    in the seat): none of theirs, after the end of their account."""
    if not review.resigned:
        return ()
    # (resigned before a decision of theirs: every move of the seat was the AI's, and the review
    # read "How it ended: Your move 207 ended the match … you win" and "while you were away")
    last = review.decisions[-1].end if review.decisions else -1
    return tuple(turn for turn in review.stood_in if turn > last)


def split_line(review: Review) -> str:
    """Where the seat's chances went, in one line: its errors, the others' and luck (the parts that
    can happen in the match: ``kinds``), adding up to the change from its first decision to the end.
    What each decision lost against the search's best, summed: "your play 0%" read as "your play
    did not matter" in a match won on it, and "the others' play 0%" beside "the others' replies
    left you less" (good replies are no error of theirs: the drift)."""
    measure, account = review.measure, review.account()
    if not review.decisions:  # ("From 0% at your first decision to 0% when you resigned" of none)
        if review.resigned:
            return "You resigned before your first decision: the match counts as lost, and nothing in it was yours."
        return f"You made no decision in this match: it ended at {amount(measure, account.end)} for you."
    names = {"yours": "your errors", "others": "the others' errors", "luck": "luck"}
    if review.players == 1:  # (everything on the board is the player's: "your play 0.0 pieces" read as nothing)
        names["yours"] = "your play against the AI's best"
    drift = account.total("drift")
    if account.merged:  # (apart, "the others' errors +72%, the searches' drift −107%": past a whole win chance)
        rest = [*(names[kind] for kind in kinds(review)[1:]), "the searches' drift"]
        together = ", ".join(rest[:-1]) + f" and {rest[-1]}"
        parts = [f"{names['yours']} {signed(measure, account.total('yours'))}"]
        parts.append(f"{together} together {signed(measure, account.rest)}")
    elif account.entangled:  # (each alone larger than the change: "luck +93%, drift −131%" in a loss)
        parts = [f"{names[kind]} {signed(measure, account.total(kind))}" for kind in kinds(review) if kind != "luck"]
        parts.append(f"luck and the searches' drift together {signed(measure, account.total('luck') + drift)}")
    else:
        parts = [f"{names[kind]} {signed(measure, account.total(kind))}" for kind in kinds(review)]
        if "luck" in kinds(review) and any(swing.with_moves and swing.change for swing in account.swings):
            parts[-1] += " (with the others' moves before a chance, which no search tells apart from it)"
        # (a drift that nets to nothing is said too where it moved: "the others' play cost you
        # most beyond what the AI expected …, −21%" stood under a split without it)
        if drift or any(swing.kind == "drift" and round(swing.change) for swing in account.swings):
            parts.append(f"the searches' drift {signed(measure, drift)}")
    if account.beyond(account.total("yours")):  # ("your errors −153%" of a whole win chance read as impossible)
        parts[0] += f" ({YOURS_BEYOND})"
    until = "when you resigned" if review.resigned else "at the end"
    return (
        f"From {amount(measure, account.start)} at your first decision to {amount(measure, account.end)} {until} "
        f"({signed(measure, account.end - account.start)}): {', '.join(parts)}."
    )


#: why the seat's errors, summed, may pass a whole win chance: each costs from where the chance stood when it
#: was made, and what the others' play or luck gave back a later error could cost again
YOURS_BEYOND = "summed over your moves: what the rest of the match gave back, a later error cost again"


#: what the drift in ``split_line`` is, said under it wherever it is shown
DRIFT_WORDS = (
    "The searches' drift: what moved your chances that was no graded move of yours, no error of the others and "
    "no chance ({chance}). The AI values each position afresh "
    "and sees only so far ahead, so its figures differ from one position to the next, and the others' replies "
    "can do more or less than it expected."
)


#: the same in a solo game, where no one else plays: everything on the board is the player's moves, and the
#: drift is how far the AI's first estimates fell short of (or went past) what those moves made ("only the AI's
#: estimates differing" stood beside "your play 0.0 pieces" in a match that grew its caravan from 0 to 45)
SOLO_DRIFT_WORDS = (
    "The searches' drift: how far the AI's estimate of your {measure} moved between your decisions where you saw "
    "nothing new (no draw, roll or deal, and no one else plays). Each search sees only so far ahead, so its "
    "estimate fell short of (or went past) what your moves went on to make. Your play counts only what your "
    "moves lost against the AI's best: everything on the board is your moves."
)


#: the same where the seat saw nothing drawn or revealed in the whole match (a game without chance or hidden
#: cards after setup): between two searches of the same positions, nothing else moved
UNSEEN_DRIFT_WORDS = (
    "The searches' drift: nothing was drawn or revealed to you in this match, so none of this is luck: it is the "
    "AI's searches valuing the same positions differently (the one grading your move, the others' with a third of "
    "the budget, the next one nearer the end), each seeing only so far ahead. It is no one's graded error: it says "
    "how far to trust any one figure here."
)


#: what luck and the drift together are, where ``split_line`` says them as one (``entangled``): with no
#: figure for each apart ("what a revealed card moved, its next search took most of back, so each alone
#: reads larger than what they make together" was read as jargon, and the largest figure explained nothing)
ENTANGLED_WORDS = (
    "Luck and the searches' drift together: what the cards dealt and shown brought you, and how the AI's "
    "own figures moved between your decisions. In this match the AI cannot tell the two apart, so they are "
    "one figure: it says how the match went beyond your moves and the others' errors, not why."
)
#: what the rest of the split is, where ``split_line`` says it as one (``merged``)
MERGED_WORDS = (
    "Together: what moved your chances beyond your own errors (the others' moves as the AI graded each, any "
    "chance, and how its own figures moved between your decisions). In this match they pull so hard against "
    "each other that apart one reads past a whole win chance: together they say how the match went beyond your "
    "moves, not why."
)
#: after ``ENTANGLED_WORDS``, where the review says what decided the match (``decided_line``)
ENTANGLED_WHY = " What decided it is said above."


def drift_line(review: Review) -> str | None:
    """What the searches' drift is, where ``split_line`` shows one (None: it shows none); what luck
    and the drift together are, where it says them as one."""
    account = review.account()
    if account.merged:
        return MERGED_WORDS + (ENTANGLED_WHY if review.decided else "")
    if not account.total("drift"):
        return None
    if account.entangled:  # (apart they read "+175%" and "−150%" of a win chance: no figure says that)
        return ENTANGLED_WORDS + (ENTANGLED_WHY if review.decided else "")
    if review.players == 1:
        return SOLO_DRIFT_WORDS.format(measure=review.measure.name)
    if not review.draws:
        return UNSEEN_DRIFT_WORDS
    return DRIFT_WORDS.format(chance=get_game(review.game_id).ai.review.chance)


def taken_line(review: Review, names: Sequence[str]) -> str | None:
    """What the others' moves took from the seat (``Review.taken``: "Taken from you by AI 2:
    gems at move 8, paper at move 60 (12 points in all)."): a Camel Caravan review put three
    thefts in the searches' drift and named none of them."""
    return words(review, review.taken, names) if review.taken else None


def opened(text: str) -> str:
    """``text`` opening a sentence: its first letter capitalised, unless it is a seat's field,
    which ``render`` capitalises only where it is "you" ("What decided it: Ann went out first" of
    a person who spells her name "ann")."""
    return text if text.startswith("{") else text[:1].upper() + text[1:]


def end_words(review: Review, text: str, names: Sequence[str]) -> str:
    """``text`` (of the match's end) in words: another seat an AI played to the end in its
    person's place is the stand-in ("[b]z[/b] wins" of the AI that played on after they
    resigned), and so is the seat's own after it resigned ("You went out: +15 … you win")."""
    if not text:
        return ""
    if not played_on(review):
        return words(review, text, names_at(review, names))
    stand_in = [
        STAND_IN_OF(name=name_of(review, seat, names)) if seat == review.seat else name
        for seat, name in enumerate(names)
    ]
    return words(review, text, stand_in, None)


def decided_line(review: Review, names: Sequence[str]) -> str | None:
    """What decided the match in the game's own terms (``Review.decided``), said under the
    account's first line: the seat's turns the rules skipped ("The rules skipped 6 of your
    turns, the first after move 65 (no camel in reserve)."), who went out first and what the
    piles scored, a tie-break ("AI 2 and AI 3 tie 9–9; AI 3 wins on gold (15 to 0)."). Said last,
    under "How it ended", it came after a loss put on the searches' drift (−72%, no graded error),
    where the reason was the other going out first in 4 hands of 5."""
    said = end_words(review, opened(review.decided), names)
    return f"What decided it: {said}" if said else None


def ended_line(review: Review, names: Sequence[str]) -> str | None:
    """How the match ended where the chances' account does not say it (``Review.ended``): the
    move that ended it, the parts of its turns the seat could only end; and where it resigned,
    from where the match was its choice."""
    after = [turn + 1 for turn in played_on(review)]
    said = end_words(review, opened(review.ended), names)
    if review.resigned and (review.decisions or after):  # (the loss that followed read as the round's luck)
        gave_up = ""
        if review.decisions:  # (with none, the split's line says it: "You resigned before your first decision")
            gave_up = (
                f"You resigned after your move {move_number(review.decisions[-1])}, at "
                f"{amount(review.measure, review.end())}: the match was lost from there, by your choice, and "
                "nothing after it is counted above. "
            )
        if after:  # (its win read "The match is over: you win", its moves "while you were away")
            gave_up += f"An AI played your seat on ({moves_named(after)}): whatever it made of it is not yours."
        gave_up = gave_up.rstrip()
        said = f"{gave_up} {said}" if said else gave_up
    if not said:
        return None
    return f"How it ended: {said}"


#: ``plain_words``' opening: none of the seat's decisions graded (the review lists each with its
#: cost all the same: "cost enough to grade" stood over "fine: 47% → 45% (−2%)")
NOT_GRADED = "No decision of yours cost enough to count as an inaccuracy"


def plain_words(review: Review, names: Sequence[str]) -> str | None:
    """Said plainly where the seat lost chances without a graded mistake: to luck (with what was
    drawn worst) or to nothing in particular; None where a mistake is to blame or nothing lost."""
    measure, account = review.measure, review.account()
    if account.end >= account.start:
        return None
    unforeseen = replies_words(review, account, names)
    if unforeseen:
        return unforeseen
    if any(review.grade(judged) for judged in review.decisions):
        return None
    luck = account.total("luck")
    if account.merged:  # (what the split says as one, the same figure: "luck and the searches' drift together, −107%")
        return (
            f"{NOT_GRADED}: what moved your chances beyond your own errors, together, {signed(measure, account.rest)}."
        )
    if account.entangled:
        together = signed(measure, luck + account.total("drift"))
        return f"{NOT_GRADED}: luck and the searches' drift together, {together}."
    if luck < 0:
        worst = min((swing for swing in account.swings if swing.kind == "luck"), key=lambda swing: swing.change)
        drawn = seen(review, worst.draws, names)
        where = f" (the worst after your move {after_move(review, worst)}, {signed(measure, worst.change)}"
        on = "to luck"  # ("on the draw" read as a tie, in a game of ties and no card drawn)
        if worst.with_moves:  # (a rival's build that took the seat's city was "the draw")
            where += f", with {moves_with(review, worst, names)} before the chance"
            on = "to the others' moves and the chances after them together"
        where += (f"; seen: {drawn})" if worst.with_moves else f": {drawn})") if drawn else ")"
        return f"{NOT_GRADED}: you lost this {on}, {signed(measure, luck)}{where}."
    return f"{NOT_GRADED}: small costs added up."


def replies_words(review: Review, account: Account, names: Sequence[str]) -> str | None:
    """Said plainly where most of a loss came between the seat's decisions with nothing drawn
    (the drift, more than its play or luck cost): the grades measure each choice against the search's
    best, the hints' move, so a loss that search did not foresee (the others' replies outdoing
    what it expected of the positions reached) is not the seat's play, nor the searches' noise."""
    drift, measure = account.total("drift"), review.measure
    if drift >= 0 or drift >= min(account.total("yours"), account.total("luck")) or account.entangled:
        return None
    worst = min((swing for swing in account.swings if swing.kind == "drift"), key=lambda swing: swing.change)
    best = sum(judged.as_best for judged in review.decisions)
    move = after_move(review, worst)
    # (what the others did there is said: a loss by thefts named none, "the worst after your move 10")
    then = others_between(review, worst.index, names)
    return (
        f"You made the best move ({best_move_words(review)}) at {best} of {len(review.decisions)} decisions; most of "
        f"the loss came between them, not from any chance, {signed(measure, drift)} (the worst after your move "
        f"{move}, {signed(measure, worst.change)}): the others' replies left you less than "
        "the search grading your moves, and the hints, expected of the positions reached"
        + (f". After your move {move} came {then}." if then else ".")
    )


def best_move_words(review: Review) -> str:
    """What "the best move" is, said beside it: the one a hint shows; where a decision is a whole
    turn of steps that a hint weighs one at a time (no plan kept between them), the turn the
    review's search rates best. "The one a hint shows" at 11 of 28 decisions read as hints not
    taken, to a person who took the hint at every action of every turn."""
    game = get_game(review.game_id)
    if game.composing is not None and not hint_policy().plans(review.game_id):
        return "the turn the review's search rates best; a hint weighs one action at a time"
    return "the one a hint shows, or one as good"


def others_between(review: Review, index: int, names: Sequence[str], shown: int = DRAWS_SHOWN) -> str:
    """What the other seats did after the seat's decision ``index`` and before its next ("AI 2:
    Steal ivory from you at space 3 (1,2) — 1 action; AI 3: …"; the first and the last of
    ``shown`` where there were more); "" where nobody else moved."""
    said = [
        f"{name_of(review, other.seat, names, other.turn)}: "
        + words(review, other.played, names, at=other.turn).rstrip(".")
        for other in review.between(index)
    ]
    if len(said) > shown:
        said = [said[0], "…", *said[len(said) - shown + 1 :]]
    return "; ".join(said)


def drift_words(review: Review, names: Sequence[str]) -> str | None:
    """Where the drift is most of the change and no other line says where it came (``replies_words``
    does for a loss): after which of the seat's moves it came most, and what the others did then.
    A win by thefts read "the searches' drift +97%" and named no move of the match; nor a solo
    caravan of 43 whose first estimate was 14."""
    measure, account = review.measure, review.account()
    drift = account.total("drift")
    others = [abs(account.total(kind)) for kind in ("yours", "others", "luck")]
    if (
        abs(drift) < measure.inaccuracy
        or abs(drift) <= max(others)
        or replies_words(review, account, names)
        or account.entangled
    ):
        return None
    # the most of it: the largest swing its way ("+27%; the most after your move 92, −42%" read as
    # a sum against itself)
    drifts = [swing for swing in account.swings if swing.kind == "drift"]
    worst = max([swing for swing in drifts if swing.change * drift > 0] or drifts, key=lambda swing: abs(swing.change))
    judged = review.decisions[worst.index]
    move = f"your move {move_number(judged)} ({words(review, judged.played, names, at=judged.turn).rstrip('.')})"
    most = signed(measure, worst.change)
    rest = rest_words(review, worst.change)
    if review.players == 1:
        return (
            f"Most of it came from your moves doing {'more' if drift > 0 else 'less'} than the AI expected of "
            f"them, {signed(measure, drift)}; the most after {move}, {most}.{rest}"
        )
    said = others_between(review, worst.index, names)
    then = f"; then {said}" if said else ""
    following = review.decisions[worst.index + 1] if worst.index + 1 < len(review.decisions) else None
    # (and no chance in it: "from the very position it left" of a buy whose round then ended, the
    # row refilled and the next round's dice rolled)
    rolled = any(judged.turn <= draw.turn <= judged.end for draw in review.draws if not draw.shown)
    if not said and not rolled and following is not None and following.turn == judged.end + 1:
        # (nothing came between: "between your moves, beyond what the AI expected of the play"
        # read as something the others did, where the seat moved on at once)
        return (
            f"Most of it came from the AI's own figures moving, {signed(measure, drift)}; the most after {move}, "
            f"{most}: your next move followed it at once, and the AI, looking again "
            f"from the very position it left, rated it anew.{rest}"
        )
    return (
        f"Most of it came between your moves, beyond what the AI expected of the play, {signed(measure, drift)}; "
        f"the most after {move}, {most}{skipped_words(review, worst.index)}{then}.{rest}"
    )


#: the others' moves ``unforeseen_words`` names at most: a whole turn of builds, the first and the
#: last of them where there were more (three left out the four builds that took the match)
UNFORESEEN_SHOWN = 8


def unforeseen_words(review: Review, names: Sequence[str]) -> str | None:
    """The others' play that cost the seat most beyond what the AI expected, where that is a
    swing of a mistake's size or more and no line above names where the drift came: a Caravans
    of Ahldarahd loss read "the others' errors 0%, luck −23%", its drift of −19% and +19% netting
    to nothing, and AI 3's final build, which took the match, was named nowhere."""
    measure, account = review.measure, review.account()
    if review.players == 1 or account.entangled or drift_words(review, names) or replies_words(review, account, names):
        return None
    drops = [
        swing
        for swing in account.swings
        if swing.kind == "drift" and swing.change <= -measure.mistake and review.between(swing.index)
    ]
    if not drops:
        return None
    worst = min(drops, key=lambda swing: swing.change)
    then = others_between(review, worst.index, names, UNFORESEEN_SHOWN)
    return (
        f"The others' play cost you most beyond what the AI expected after your move {after_move(review, worst)}, "
        f"{signed(measure, worst.change)} of the searches' drift{skipped_words(review, worst.index)}: {then}."
        + rest_words(review, worst.change)
    )


def rest_words(review: Review, part: float) -> str:
    """Where one swing of the drift (``part``) is more than all of it, that the rest went the
    other way, and by how much ("" else): "+41%; the most after your move 102, +47%", and "the
    searches' drift +1%" over "−32% of the searches' drift", read as a part larger than its whole.
    (Said after what the others did then, which read as "the rest" where it stood before it.)"""
    drift = review.account().total("drift")
    if abs(part) <= abs(drift):
        return ""
    return f" That is more than all of it: the rest went the other way, {signed(review.measure, drift - part)}."


def skipped_words(review: Review, index: int) -> str:
    """The turns the rules skipped after the seat's decision ``index`` and before its next, as a
    clause (", while the rules skipped 7 of your turns"; "" where none): a loss after a caravan
    ran out of camels read as the others' play alone, beside "How it ended: The rules skipped 7
    of your turns"."""
    count = review.skipped_after(index)
    if not count:
        return ""
    return f", while the rules skipped {'one' if count == 1 else count} of your turns"


def account_lines(review: Review, names: Sequence[str]) -> list[str]:
    """The lines under the chart that account for the change: who stood in, the split, what the
    drift is and where it came, said plainly, the others' play the AI did not foresee, and how
    the match ended (the text and the screen alike)."""
    lines = [*stood_in_lines(review), split_line(review)]
    said = (
        decided_line(review, names),
        drift_line(review),
        drift_words(review, names),
        plain_words(review, names),
        unforeseen_words(review, names),
        taken_line(review, names),
        ended_line(review, names),
    )
    lines += [line for line in said if line]
    first = next((k for k, line in enumerate(lines) if NUMBERED_MOVE.search(line)), None)
    if first is not None:
        lines.insert(first + 1, MOVES_COUNTED)
    return lines


def decision_lines(review: Review, names: Sequence[str]) -> list[str]:
    """Every decision of the seat, by its move's number, with its verdict; a graded one not among
    the turning points with the better move and why ("Move 74: Caravan 9 — an inaccuracy" named
    neither, where the review promises the better moves and why)."""
    shown = {id(swing.judged) for swing in review.turning_points() if swing.kind == "yours"}
    lines = []
    for judged in review.decisions:
        named = names_at(review, names, judged.turn)
        lines.append(f"  Move {move_number(judged)}: {words(review, judged.played, named)} — {verdict(review, judged)}")
        if review.grade(judged) and id(judged) not in shown:
            better = reasoned(words(review, judged.better, named), words(review, judged.better_reason, named))
            lines.append(f"    Better: {better}")
    return lines


def review_lines(review: Review, names: Sequence[str], title: str, width: int = 60) -> list[str]:
    """The whole review as text: the chart, the turning points, then every decision."""
    seat_name = names[review.seat] if review.seat < len(names) else f"seat {review.seat + 1}"
    lines = [
        f"Review of {review.match_id} ({title}) for {seat_name}, seat {review.seat + 1}: "
        f"{review.iterations} iterations a decision",
        "",
        *chart_text(review, width),
        "",
        summary_line(review),
        *account_lines(review, names),
        "",
    ]
    points = review.turning_points()
    lines.append(points_heading(review, points))
    for swing in points:
        lines += turning_point_lines(review, swing, names)
    unlisted = unlisted_line(review, points)
    if unlisted:
        lines.append(unlisted)
    lines += ["", f"{EVERY_DECISION}:", grades_line(review), *decision_lines(review, names)]
    return lines


def wrapped(lines: Sequence[str], width: int = WIDTH) -> list[str]:
    """``lines`` fitted to ``width`` columns, wrapped (never cut): each row after a line's first
    under its text ("  Better: …"), not at the left edge."""
    out = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        found = HANG.match(line)
        hang = len(found.group()) if found and width - found.end() >= HANG_ROOM else len(line) - len(line.lstrip())
        hang = min(hang, width // 2)
        out += textwrap.wrap(line, width, subsequent_indent=" " * hang, break_on_hyphens=False)
    return out
