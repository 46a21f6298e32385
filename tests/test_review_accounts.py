"""A review's accounts add up as read (issue: "together they cost 41 points" beside 21 + 12):
reviews generated for every game, several seeds, at a small budget, and every line's arithmetic
checked from the text alone — a verdict's cost is its before less its after, the total is the
sum of the costs listed, the split of the seat's chances adds up to its change from the first
decision to the end, and every line fits 80 columns."""

import re
from functools import cache
from itertools import pairwise

import pytest

from caravan_tui.ai.matches import play_match
from caravan_tui.ai.review import Draw, Judged, Review, decisions_of, review
from caravan_tui.ai.review_text import (
    DRIFT_WORDS,
    EVERY_DECISION,
    UNSEEN_DRIFT_WORDS,
    WIDTH,
    points_heading,
    review_lines,
    wrapped,
)
from caravan_tui.games import GAMES, get_game
from caravan_tui.seats import SeatSpec

#: one process reviews each match once for every test that reads it (``recorded``/``reviewed``
#: are cached per process: spread over the run's processes, each reviewed them again)
pytestmark = pytest.mark.xdist_group("generated reviews")

ITERATIONS = 6
NAMES = ["Ann", "Bob", "Cy", "Di"]
#: a figure as a review writes it: "58%", "38.5 pieces", "−12%", "+6%"
FIGURE = r"([+−]?\d+(?:\.\d)?)(?:%| pieces?)"
VERDICT = re.compile(rf"{FIGURE} → {FIGURE} \(−{FIGURE}\)$")
TOTAL = re.compile(rf"together the decisions listed below cost {FIGURE}")
SPLIT = re.compile(rf"^From {FIGURE} at your first decision to {FIGURE} at the end \({FIGURE}\): (.*)\.$")
TOGETHER = "luck and the searches' drift together"
MERGED = "the others' errors(?:, luck)? and the searches' drift together"
PART = re.compile(
    rf"(your errors|your play against the AI's best|{MERGED}|the others' errors|{TOGETHER}|luck|the searches' drift)"
    rf" {FIGURE}"
)
#: luck and the drift, where the split says them together
APART = "In this match the AI cannot tell the two apart"
#: (where the same move's drift went the other way, what the two made in all comes first)
LUCK_POINT = re.compile(rf"^(?:Luck after your move \d+: {FIGURE} of |After your move \d+: .* and luck {FIGURE} )")
ERROR_POINT = re.compile(rf" — their error gave you {FIGURE}$")
UNLISTED = "Not among the turning points: "


def number(text: str) -> float:
    return float(text.replace("−", "-"))


#: the moves of a match reviewed (a whole Camel Caravan match is several hundred)
MOVES = 150


@cache
def recorded(game_id: str, seed: int):
    """Seat 0 playing at random against easy AI seats (solo Caravanserai on odd seeds)."""
    game = get_game(game_id)
    players = 1 if game_id == "caravanserai" and seed % 2 else min(3, max(game.players.start, 2))
    specs = [SeatSpec.parse("random")] + [SeatSpec.parse("ai:easy")] * (players - 1)
    return play_match(game_id, specs, seed, game.quick_options, iterations=6)


@cache
def reviewed(game_id: str, seed: int) -> tuple[Review, list[str]]:
    """A review of seat 0 in the first ``MOVES`` moves of ``recorded`` and its lines as written,
    before they are fitted to 80 columns."""
    record = recorded(game_id, seed)
    players = len(record.specs)
    done = review(
        game_id, "m", players, record.seed, record.options, record.actions[:MOVES], 0, record.outcome[0], ITERATIONS
    )
    return done, review_lines(done, NAMES[:players], get_game(game_id).title)


@pytest.mark.thorough
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_figure_of_a_generated_review_adds_up(game_id, seed):
    done, text = reviewed(game_id, seed)
    every = text[text.index(f"{EVERY_DECISION}:") + 2 :]  # (after the words of the grades)
    listed = [line for line in every if not line.startswith("    Better: ")]  # (a graded move's better one)
    # none skipped, each by its move's number (as the replay finds it)
    assert [line.split(":")[0].strip() for line in listed] == [f"Move {judged.turn + 1}" for judged in done.decisions]
    costs = []
    for line in listed:
        found = VERDICT.search(line)
        if found:
            before, after, cost = map(number, found.groups())
            assert round(before - after, 1) == cost, line
            costs.append(cost)
    for line in text:
        if line.startswith("Move ") and " you played " in line:
            found = VERDICT.search(line)
            assert found and round(number(found[1]) - number(found[2]), 1) == number(found[3]), line
    totals = [number(found[1]) for line in text if (found := TOTAL.search(line))]
    total = totals[0] if totals else 0.0
    assert len(totals) == 1 or (not costs and any("; none of them cost " in line for line in text))
    assert round(sum(costs), 1) == total
    (split,) = [found for line in text if (found := SPLIT.match(line))]
    start, end, change = map(number, split.groups()[:3])
    # (solo: "your play against the AI's best", the player's every move being the board)
    parts = {
        "your errors" if name == "your play against the AI's best" else name: number(value)
        for name, value in PART.findall(split[4])
    }
    assert round(end - start, 1) == change and round(sum(parts.values()), 1) == change
    if any(re.fullmatch(MERGED, name) for name in parts):  # (a part past a whole win chance: the rest as one)
        assert done.account().merged and any(line.startswith("Together: what moved") for line in text)
        assert parts["your errors"] == -total and len(parts) == 2
        return
    if TOGETHER in parts:  # (luck and the drift, each larger than their sum: said as one, and why below it)
        assert any(APART in line for line in text) and done.account().entangled
        parts["luck"] = parts.pop(TOGETHER)
    assert parts["your errors"] == -total
    assert (done.players == 1) == ("the others' errors" not in parts)
    assert ("luck" in parts) == bool(done.draws)  # (no luck where nothing was drawn or revealed)
    if done.account().entangled:  # (no draw is a turning point of its own, nor listed as left out)
        parts["luck"] = 0.0
    # the turning points and what they leave out add up to the split's luck and the others' errors
    listed = {"luck": 0.0, "the others' errors": 0.0}
    for line in text:
        if found := LUCK_POINT.match(line):
            listed["luck"] += number(found[1] or found[2])
        elif found := ERROR_POINT.search(line):
            listed["the others' errors"] += number(found[1])
        elif line.startswith(UNLISTED):
            for name, value in PART.findall(line):
                listed[name] += number(value)
    for name, value in listed.items():
        assert round(value, 1) == parts.get(name, 0.0), (name, text)


@pytest.mark.thorough  # (the generated reviews: the first test of them reviews every match)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_review_fits_80_columns_by_wrapping_never_cutting(game_id):
    _done, text = reviewed(game_id, 2)
    fitted = wrapped(text)
    assert max(map(len, fitted)) <= WIDTH < max(map(len, text))
    assert " ".join(fitted).split() == " ".join(text).split()


@pytest.mark.thorough  # (the generated reviews: the first test of them reviews every match)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_decision_is_a_forced_move_and_each_is_one_seats_run(game_id):
    game = get_game(game_id)
    record = recorded(game_id, 1)
    record_players = len(record.specs)
    state = game.new(record_players, seed=record.seed, options=record.options)
    movers, choices = [], []
    for action in record.actions:
        movers.append(state.to_move())
        choices.append(len(state.legal_actions()))
        state.apply(action, False)
    found = decisions_of(game, record_players, record.seed, record.options, record.actions, 0).decisions
    for position in found:
        steps = position.steps or (position.action,)
        end = position.end if position.steps else position.turn
        assert choices[position.turn] > 1
        assert len(steps) == end - position.turn + 1 and set(movers[position.turn : end + 1]) == {movers[position.turn]}
    assert [p.turn for p in found] == sorted(p.turn for p in found)


def _judged(turn: int, before: float, after: float, seat: int = 0) -> Judged:
    return Judged(turn, ("a",), "a", "", ("a",) if before == after else ("b",), "b", "", before, after, seat, turn)


def test_a_match_lost_without_a_mistake_says_it_was_lost_on_the_draw():
    decisions = (_judged(0, 0.6, 0.6), _judged(4, 0.55, 0.53), _judged(8, 0.1, 0.1))
    others = (_judged(2, 0.5, 0.4, seat=1),)  # Bob's error: 10 points given to Ann
    draws = (Draw(5, "{p0} draw{p0:s} the Ace of Moons."),)
    done = Review("decktet_caravan", "m", 0, 2, 10, 0.0, decisions, others, draws)
    account = done.account()
    assert (account.start, account.end) == (60, 0)
    assert (account.total("yours"), account.total("others"), account.total("luck")) == (-2, 10, -43)
    assert account.total("drift") == -25  # after decision 1 nothing was seen: the searches' own drift
    lines = review_lines(done, ["Ann", "Bob"], "Decktet Caravan")
    assert (
        "From 60% at your first decision to 0% at the end (−60%): your errors −2%, the others' "
        "errors +10%, luck −43%, the searches' drift −25%."
    ) in lines
    # (the drift said in the review's own words under the figure, as nowhere else explains it)
    said = lines[lines.index(next(line for line in lines if line.startswith("From 60%"))) + 1]
    assert said == DRIFT_WORDS.format(chance="the cards dealt and turned up")  # (what chance is in the game)
    assert any(
        line.startswith("No decision of yours cost enough to count as an inaccuracy: you lost this to luck, −43%")
        and ": You draw the Ace of Moons)." in line
        for line in lines
    )
    points = "\n".join(lines[lines.index("Turning points:") : lines.index(f"{EVERY_DECISION}:")])
    assert "Luck after your move 5: −43%" in points and "Move 3: Bob played a — their error gave you +10" in points


def test_a_resignation_ends_the_account_where_the_seat_gave_up_not_on_the_draw():
    """Merchant Lord, resigned at about 37% in round 4: "Luck after your move 16: −32% (the dice
    went against you)", the resignation's drop to 0% told as the round's roll. The account ends
    at the seat's last decision; how it ended says it resigned."""
    decisions = (_judged(0, 0.6, 0.6), _judged(4, 0.55, 0.53), _judged(8, 0.45, 0.40))
    draws = (Draw(5, "{p0} draw{p0:s} the Ace of Moons."), Draw(9, "{p0} roll{p0:s} 2 2 6 6."))
    resigned = Review("decktet_caravan", "m", 0, 2, 10, 0.0, decisions, (), draws, resigned=True)
    account = resigned.account()
    assert (account.start, account.end) == (60, 40)
    assert not [swing for swing in account.swings if swing.index == 2 and swing.kind != "yours"]
    assert account.total("yours") + account.total("luck") + account.total("drift") == -20
    lines = review_lines(resigned, ["Ann", "Bob"], "Decktet Caravan")
    assert any(line.startswith("From 60% at your first decision to 40% when you resigned (−20%)") for line in lines)
    assert any(line.startswith("How it ended: You resigned after your move 9, at 40%") for line in lines), lines
    assert Review.from_data(resigned.to_data()) == resigned
    played_out = Review("decktet_caravan", "m", 0, 2, 10, 0.0, decisions, (), draws)
    assert played_out.account().end == 0 and Review.from_data(played_out.to_data()).resigned is False


def test_yours_explains_the_seats_own_steps_not_the_searchs_follow_up():
    """Solo Caravanserai: the "Yours:" line of a placement laid piece by piece read the AI's own
    ending ("ending on (-3,5)"), not the player's ((-3,6))."""
    from caravan_tui.ai.explain import playable
    from caravan_tui.ai.review import judge

    game = get_game("caravanserai")
    record = play_match("caravanserai", [SeatSpec.parse("random")], 4, game.quick_options, iterations=6)
    found = decisions_of(game, 1, record.seed, record.options, record.actions, 0).decisions
    # (a placement that cost something: a reason is read only for one)
    compound, judged = next(
        (p, judged) for p in found if len(p.steps) >= 3 and (judged := judge("caravanserai", 0, p, 8)).loss > 0
    )
    world = game.from_view(compound.view, 0)
    assert judged.played_reason == game.ai.explain(world, 0, playable(world, 0, compound.steps))
    assert judged.end == compound.end > judged.turn


def test_a_proposal_written_step_by_step_is_one_decision_from_its_start_to_its_sending_or_dropping():
    """Caravans of Ahldarahd: every step of writing a proposal was graded on its own ("Proposal: 1
    more gold — a mistake: 52% → 38%"). Now a decision never begins inside a proposal, and one
    that writes a proposal ends with sending or dropping it."""
    game = get_game("ahldarahd")
    record = play_match("ahldarahd", [SeatSpec.parse("random")] * 3, 5, game.quick_options, iterations=6)
    found = decisions_of(game, 3, record.seed, record.options, record.actions, 0).decisions
    state = game.new(3, seed=record.seed, options=record.options)
    starts = {p.turn for p in found}
    drafts = 0
    for turn, action in enumerate(record.actions):
        if turn in starts:
            assert not game.composing(state)
        state.apply(action, False)
    for position in found:
        if position.action[0] == "trade_with":
            drafts += 1
            assert position.steps[-1][0] in ("send", "cancel") and position.words.startswith("Write a trade proposal")
    assert drafts


def test_a_loss_between_the_hints_moves_is_said_to_be_the_replies_the_search_did_not_foresee():
    """Found following every hint in Caravanserai (two players against normal, seed 21, from a
    match played by hand to round 4; the review kept in ``tests/matches``): lost 30-31, and the
    split put −47 points on "the searches' drift", said to be "no luck and no one's play, only
    the AI's estimates differing", beside −8 for the person's play. In a game with nothing to
    draw after setup, what moves between two decisions is the other seat's reply: the review now
    says that the loss came between the best moves, where the replies left less than the search
    grading them (the hints') expected."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "matches" / "caravanserai_hints_21.json").read_text())
    actions = [tuple(action) for action in data["actions"]]
    found = decisions_of(get_game("caravanserai"), 2, data["seed"], data["options"], actions, 0).decisions
    done = Review.from_data(data["review"])
    assert [judged.turn for judged in done.decisions] == [p.turn for p in found if p.seat == 0]  # (this match's)
    account = done.account()
    assert (account.total("yours"), account.total("luck"), account.total("drift")) == (-8, 0, -47)
    lines = review_lines(done, NAMES, "Caravanserai")
    assert "only the AI's estimates" not in "\n".join(lines)
    split = next(index for index, line in enumerate(lines) if line.startswith("From 52%"))
    assert lines[split + 1] == UNSEEN_DRIFT_WORDS  # (nothing drawn: see the test below)
    assert lines[split + 2] == (
        "You made the best move (the one a hint shows, or one as good) at 23 of 25 decisions; most of the loss "
        "came between them, not from any chance, −47% (the worst after your move 110, −18%): the others' replies "
        "left you less than the search grading your moves, and the hints, expected of the positions reached."
    )
    # where no turning point is listed, the heading does not say nothing moved the chances
    assert points_heading(done, []) == (
        "Turning points: none of your moves, the others' or chance; what moved your chances is the drift above"
    )


def test_a_drift_where_nothing_was_drawn_is_said_to_be_the_searches_disagreeing_not_luck_or_play():
    """Found in a Caravanserai review (two players against normal): "+49 points" on the searches'
    drift, said to be "the others' replies doing more or less than the search grading your move
    expected". With nothing drawn or hidden after setup, that part is the searches valuing the same
    positions differently: the kept match (seed 21) puts −60.8 points where the other seat's search took
    up the position the seat's decision left, +49.5 where the seat's next search took it back, and
    −35.3 between two decisions of the seat's own with no one else's between."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "matches" / "caravanserai_hints_21.json").read_text())
    done = Review.from_data(data["review"])
    decisions, others = done.decisions, sorted(done.others, key=lambda judged: judged.turn)
    seams = {"into theirs": 0.0, "back to yours": 0.0, "yours alone": 0.0}
    for index, judged in enumerate(decisions):
        following = decisions[index + 1] if index + 1 < len(decisions) else None
        until, reached = (following.turn, following.before) if following else (10**9, done.result)
        between = [other for other in others if judged.end < other.turn < until]
        if not between:
            seams["yours alone"] += reached - judged.kept
            continue
        seams["into theirs"] += (1 - between[0].before) - judged.kept
        seams["into theirs"] += sum((1 - b.before) - (1 - a.kept) for a, b in pairwise(between))
        seams["back to yours"] += reached - (1 - between[-1].kept)
    assert {name: round(value * 100, 1) for name, value in seams.items()} == {
        "into theirs": -60.8,
        "back to yours": 49.5,
        "yours alone": -35.3,
    }
    assert round(sum(seams.values()) * 100) == done.account().total("drift")  # (between two, a loss is a gain)
    said = review_lines(done, NAMES, "Caravanserai")
    drawn_words = DRIFT_WORDS.format(chance="the tiles shuffled, the cell a board good lands on")
    assert UNSEEN_DRIFT_WORDS in said and drawn_words not in said
    assert "none of this is luck" in UNSEEN_DRIFT_WORDS and "no one's graded error" in UNSEEN_DRIFT_WORDS
    # where something was drawn, the drift may hold what the draws did to the others' replies: as before
    drawn = Review("caravanserai", "m", 0, 2, 10, done.result, decisions, done.others, (Draw(1, "a deal"),))
    assert drawn_words in review_lines(drawn, NAMES, "Caravanserai")


def test_a_solo_reviews_drift_speaks_of_no_one_elses_replies():
    """Found in a solo Caravanserai review (seed 7, every hint followed, 39 pieces): the words
    under its split spoke of "the others' errors" and "the others' replies" in a game no one else
    plays. Solo, the drift is only the AI's estimates, in the game's measure."""
    decisions = (_judged(0, 14 / 45, 14 / 45), _judged(6, 30 / 45, 30 / 45))
    done = Review("caravanserai", "m", 0, 1, 10, 39 / 45, decisions)
    lines = review_lines(done, NAMES[:1], "Caravanserai")
    said = lines[lines.index(next(line for line in lines if line.startswith("From 14.0 pieces"))) + 1]
    assert said.startswith("The searches' drift: how far the AI's estimate of your expected length moved")
    assert "others" not in said
    # (seed 235, 14.2 → 45.0 pieces: "your play 0.0 pieces" beside "only the AI's estimates differing", and
    # "Where your expected length was lost: none of your moves, the others' or chance; what moved your chances")
    assert "everything on the board is your moves" in said and "only the AI's estimates differing" not in said
    assert lines[lines.index(said) - 1].endswith(
        ": your play against the AI's best 0.0 pieces, the searches' drift +25.0 pieces."
    )
    heading = next(line for line in lines if line.startswith("Where your expected length was lost"))
    assert heading.endswith("none of your moves lost any; what moved the estimate is the drift above"), heading


def test_a_decision_is_graded_by_the_cost_it_shows():
    """Found in a Decktet review: "Move 5: Pass — fine: 56% → 51% (−5 points)", while 5 points of
    win chance is an inaccuracy (the grade read the unrounded 4.9). A verdict's grade and its cost
    are one figure: shown 57% → 52% is −5 points, an inaccuracy, in the list and in the counts."""
    done = Review("decktet_caravan", "m", 0, 2, 10, 0.5, (_judged(0, 0.5651, 0.5199),))
    assert done.cost(done.decisions[0]) == 5
    assert done.grade(done.decisions[0]) == "inaccuracy" and done.counts()["inaccuracy"] == 1
    assert "  Move 1: a — an inaccuracy: 57% → 52% (−5%)" in review_lines(done, NAMES[:2], "Decktet Caravan")


def test_the_others_best_of_several_steps_says_what_it_does_not_only_its_first_step():
    """Found in a Caravanserai review: "Move 109: AI 2 played Head south-east (SE) to (1,-2), then
    Start block 1: … — their error gave you +7 points" over "Their best: Head south-east (SE) to
    (1,-2)": the best named by its first step alone read as the move they made. Their best says what
    it lays, as a better move of yours does."""
    theirs = Judged(
        4,
        ("dir", 5),
        "Head south-east (SE) to (1,-2), then Start block 1: 1 purple good, the first on (1,-2)",
        "",
        ("dir", 5),
        "Head south-east (SE) to (1,-2)",
        "lays camel, ending on (1,-2); caravan 13 → 13 (count 1)",
        0.6,
        0.5,
        1,
        8,
    )
    done = Review("caravanserai", "m", 0, 2, 10, 0.0, (_judged(0, 0.5, 0.5), _judged(10, 0.4, 0.4)), (theirs,))
    lines = review_lines(done, NAMES[:2], "Caravanserai")
    at = next(index for index, line in enumerate(lines) if line.startswith("Move 5: Bob played Head south-east"))
    assert lines[at + 1] == (
        "  Their best: Head south-east (SE) to (1,-2) — lays camel, ending on (1,-2); caravan 13 → 13 (count 1)"
    )


def test_a_loss_between_the_hints_moves_names_what_the_others_did_after_the_worst():
    """Camel Caravan, 3 players, seed 1244: "most of the loss came between them … (the worst
    after your move 10, −16%)", and no theft was named anywhere in the review: AI 2 had stolen
    the ivory there. What the others did after that move is said."""
    decisions = (
        _judged(0, 0.5, 0.5),
        Judged(4, ("p",), "Pick up ivory at space 3", "", ("p",), "b", "", 0.45, 0.45, 0, 4),
        _judged(9, 0.2, 0.2),
    )
    played = ("Place a camel on space 3.", "Steal ivory from you at space 3.")
    others = tuple(
        Judged(turn, ("o",), words, "", ("o",), "b", "", 0.5, 0.5, 1, turn)
        for turn, words in ((6, played[0]), (7, played[1]))
    )
    done = Review("camel_caravan", "m", 0, 2, 10, 0.15, decisions, others)
    assert done.account().total("drift") < done.account().total("luck") == 0
    lines = review_lines(done, ["Ann", "Bob"], "Camel Caravan")
    said = next(line for line in lines if line.startswith("You made the best move"))
    # (a Camel Caravan decision is a whole turn, a hint one action of it: "the one a hint shows"
    # at 11 of 28 decisions was said to a person who took the hint at every action)
    assert said.startswith(
        "You made the best move (the turn the review's search rates best; a hint weighs one action at a time) at "
    ), said
    assert said.endswith(
        "expected of the positions reached. After your move 5 came Bob: Place a camel on space 3; "
        "Bob: Steal ivory from you at space 3."
    ), said


def test_a_result_mostly_drift_says_after_which_move_it_came_and_what_the_others_did():
    """A Camel Caravan win by thefts read "the searches' drift +97%", its turning points none, and
    a newcomer learnt nothing of the moves that won it: the review names the move after which
    the drift came most, and the others' moves that came then (the first and the last two)."""
    decisions = (
        Judged(0, ("s",), "Steal ivory at space 5", "", ("s",), "b", "", 0.5, 0.5, 0, 0),
        _judged(6, 0.9, 0.9),
    )
    played = ("Move a camel.", "Pick up salt.", "Move a camel again.", "End the turn.")
    others = tuple(
        Judged(turn, ("o",), words, "", ("o",), "b", "", 0.5, 0.5, 1, turn) for turn, words in enumerate(played, 2)
    )
    done = Review("camel_caravan", "m", 0, 2, 10, 1.0, decisions, others)
    assert done.account().total("drift") == 50 and done.account().total("yours") == 0
    lines = review_lines(done, ["Ann", "Bob"], "Camel Caravan")
    said = (
        "Most of it came between your moves, beyond what the AI expected of the play, +50%; the most after your "
        "move 1 (Steal ivory at space 5), +40%; then Bob: Move a camel; …; Bob: Move a camel again; Bob: End the turn."
    )
    assert said in lines
    solo = Review("caravanserai", "m", 0, 1, 10, 43 / 45, (_judged(0, 14 / 45, 14 / 45), _judged(6, 29 / 45, 29 / 45)))
    assert (
        "Most of it came from your moves doing more than the AI expected of them, +29.0 pieces; the most after "
        "your move 1 (a), +15.0 pieces."
    ) in review_lines(solo, ["Ann"], "Caravanserai")
    # where the player's own errors are most of it, nothing is said of the drift
    erred = Review("camel_caravan", "m", 0, 2, 10, 0.0, (_judged(0, 0.6, 0.1), _judged(6, 0.1, 0.1)))
    assert not any(line.startswith("Most of it came") for line in review_lines(erred, ["Ann", "Bob"], "Camel Caravan"))


@pytest.mark.thorough
def test_the_better_move_of_a_whole_turn_says_each_of_its_steps():
    """Camel Caravan: "you played Place a camel on space 1 (0,0), then Place a camel on space 3
    (1,2)" beside "Better: Place a camel on space 1 (0,0)", the better turn said by its first step
    alone, the same as the first step played. The better move is said step by step as the one
    played is, so that where they part shows."""
    from caravan_tui.ai.review import judge

    game = get_game("camel_caravan")
    record = play_match("camel_caravan", [SeatSpec.parse("random"), SeatSpec.parse("ai:easy")], 3, {}, iterations=6)
    found = decisions_of(game, 2, record.seed, record.options, record.actions, 0).decisions
    costly = [(p, j) for p in found[:8] if (j := judge("camel_caravan", 0, p, 20)).loss > 0]
    assert costly
    for position, judged in costly:
        first = game.from_view(position.view, 0).describe(judged.best, 0)
        assert judged.better.startswith(first + ", then "), (judged.better, first)


def test_the_decision_that_ended_the_match_is_worth_its_result_and_is_said():
    """Camel Caravan, seed 1034 (short game): the last turn's delivery ended the match with a
    55–46 win, and the review graded it "fine: 74%" (the search's mean over its tries below its
    best) and booked the win as the searches' drift after it, +26%, naming no move that won. The
    decision that ends the match is worth at least its result, and how it ended says which move
    ended it, in the log's words."""
    from caravan_tui.ai.review import assembled

    judged = (_judged(0, 0.6, 0.6), _judged(6, 0.74, 0.74), _judged(3, 0.5, 0.5, seat=1))
    done = assembled("camel_caravan", "m", 0, 2, 10, 1.0, judged, (), closer=6)
    last = done.decisions[-1]
    assert (last.before, last.after, done.decisions[0].after) == (1.0, 1.0, 0.6)
    assert not [swing for swing in done.account().swings if swing.index == 1 and swing.kind == "drift" and swing.change]
    lost = assembled("camel_caravan", "m", 0, 2, 10, 0.0, judged, (), closer=6)  # (a loss: the search's figures stand)
    assert lost.decisions[-1] == judged[1]

    game = get_game("camel_caravan")
    record = play_match("camel_caravan", [SeatSpec.parse("random"), SeatSpec.parse("random")], 2, {}, iterations=6)
    state = game.new(2, seed=record.seed, options=record.options)
    movers = []
    for action in record.actions:
        movers.append(state.to_move())
        state.apply(action, False)
    match = decisions_of(game, 2, record.seed, record.options, record.actions, movers[-1])
    assert match.closer == match.decisions[-1].turn
    said = f"{{p{movers[-1]}:'s}} move {match.closer + 1} ended the match: "
    assert said in match.ended and "The game is over" in match.ended, match.ended
    other = decisions_of(game, 2, record.seed, record.options, record.actions, 1 - movers[-1])
    assert other.closer == -1 and said in other.ended


def test_drift_between_two_moves_of_the_seat_with_nothing_between_is_not_told_as_the_others():
    """Merchant Lord: "Most of it came between your moves, beyond what the AI expected of the
    play, +53%; the most after your move 84 (Turn a 4 into a 3 (2 favour)), +40%", where move
    85 followed move 84 at once in the same turn and no one else had moved. Said as what it is:
    the AI's figure for the very position move 84 left, looked at again."""
    decisions = (
        Judged(83, ("t",), "Turn a 4 into a 3 (2 favour)", "", ("t",), "b", "", 0.6, 0.6, 0, 83),
        _judged(84, 1.0, 1.0),
    )
    done = Review("merchant_lord", "m", 0, 2, 10, 1.0, decisions, ())
    assert done.account().total("drift") == 40
    said = (
        "Most of it came from the AI's own figures moving, +40%; the most after your move 84 (Turn a 4 into a 3 "
        "(2 favour)), +40%: your next move followed it at once, and the AI, looking again from the very position "
        "it left, rated it anew."
    )
    assert said in review_lines(done, ["Ann", "Bob"], "Merchant Lord")
    apart = Review("merchant_lord", "m", 0, 2, 10, 1.0, (decisions[0], _judged(86, 1.0, 1.0)), ())
    assert said not in review_lines(apart, ["Ann", "Bob"], "Merchant Lord")  # (moves came between)
    # nor where chance came within the move (a buy that ended the round: the row refilled and the
    # next round's dice rolled, "from the very position it left" of a position no one had seen)
    roll = (Draw(83, "You roll 1 1 3 1."),)
    rolled = Review("merchant_lord", "m", 0, 2, 10, 1.0, decisions, (), roll, ((83, ((0, 0.95), (0, 0.95))),))
    assert rolled.account().total("drift") == 37
    assert "from the very position it left" not in " ".join(review_lines(rolled, ["Ann", "Bob"], "Merchant Lord"))


def test_the_most_of_a_drift_is_its_largest_swing_its_own_way():
    """Found in a Caravanserai review: "Most of it came from the AI's own figures moving, +27%;
    the most after your move 92 (…), −42%" — the largest swing, against the sum, read as the
    sum contradicting itself. The most of it is the largest swing the sum's way."""
    decisions = (_judged(0, 5 / 45, 5 / 45), _judged(6, 25 / 45, 25 / 45), _judged(12, 45 / 45, 45 / 45))
    solo = Review("caravanserai", "m", 0, 1, 10, 15 / 45, decisions)
    assert solo.account().total("drift") == 10
    said = next(line for line in review_lines(solo, ["Ann"], "Caravanserai") if line.startswith("Most of it came"))
    # (and where it is more than the whole, so said: "+41%; the most after your move 102, +47%")
    assert said.endswith(
        "the most after your move 1 (a), +20.0 pieces. That is more than all of it: the rest went the other way, "
        "−10.0 pieces."
    ), said
    # between players, after what the others did then (before it, their move read as "the rest")
    bob = (Judged(3, ("o",), "Move a camel.", "", ("o",), "b", "", 0.5, 0.5, 1, 3),)
    duel = Review(
        "camel_caravan", "m", 0, 2, 10, 0.8, (_judged(0, 0.3, 0.3), _judged(6, 0.9, 0.9), _judged(12, 0.8, 0.8)), bob
    )
    said = next(line for line in review_lines(duel, ["Ann", "Bob"], "Camel Caravan") if line.startswith("Most of it"))
    assert said.endswith(
        "+60%; then Bob: Move a camel. That is more than all of it: the rest went the other way, −10%."
    ), said


@pytest.mark.thorough
def test_what_the_others_took_is_said_with_who_when_and_its_worth():
    """A Camel Caravan review put three thefts (gems, paper, swords: 18 points) in the searches'
    drift and named none of them. The match's thefts from the seat are said, each with its move."""
    from caravan_tui.ai.review import taken_said
    from caravan_tui.games.camel_caravan import stolen

    assert stolen(("steal", 8, 0, "gems"), 0) == ("gems", 6) and stolen(("steal", 8, 1, "gems"), 0) is None
    assert stolen(("place", 8), 0) is None
    said = taken_said([(7, 1, "gems", 6), (59, 1, "paper", 6), (142, 1, "swords", 3)], 0)
    assert said == "Taken from {p0} by {p1}: gems at move 8, paper at move 60, swords at move 143 (15 points in all)."
    two = taken_said([(7, 1, "gems", 6), (9, 2, "salt", 3)], 0)
    assert two == "Taken from {p0}: gems by {p1} at move 8, salt by {p2} at move 10 (9 points in all)."
    assert taken_said([], 0) == ""
    # (a taking an AI made in its person's place is the stand-in's: "by [b]z[/b]" of thefts made
    # after they resigned)
    assert taken_said([(7, 1, "gems", 6), (59, 1, "paper", 6)], 0, stood_in={59}) == (
        "Taken from {p0}: gems by {p1} at move 8, paper by {p1:'s} stand-in at move 60 (12 points in all)."
    )
    assert taken_said([(59, 1, "paper", 6)], 0, stood_in={59}) == (
        "Taken from {p0} by {p1:'s} stand-in: paper at move 60 (6 points in all)."
    )

    game = get_game("camel_caravan")
    for seed in range(1, 40):
        record = play_match("camel_caravan", [SeatSpec.parse("random")] * 2, seed, {"short_game": True})
        thefts = [(turn, a) for turn, a in enumerate(record.actions) if a[0] == "steal" and a[2] == 0]
        if thefts:
            break
    else:
        raise AssertionError("no theft in 40 random matches")
    match = decisions_of(game, 2, record.seed, record.options, record.actions, 0)
    assert match.taken.startswith("Taken from {p0}") and f"{thefts[0][1][3]} " in match.taken
    assert f"at move {thefts[0][0] + 1}" in match.taken
    done = Review("camel_caravan", "m", 0, 2, 10, 0.0, (_judged(0, 0.5, 0.5),), taken=match.taken)
    lines = review_lines(done, ["Ann", "Bob"], "Camel Caravan")
    assert any(line.startswith("Taken from you by Bob: ") for line in lines), lines
    assert Review.from_data(done.to_data()).taken == match.taken
