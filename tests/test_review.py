"""The review of a finished match (DESIGN §6, the coach): each decision of a seat judged from its
own view, graded by its game's thresholds, the same under redeals of what it could not see,
reproducible, kept beside the save."""

import asyncio
import dataclasses
import json
import random
from functools import cache
from pathlib import Path

import pytest

from caravan_tui.ai.ismcts import search
from caravan_tui.ai.matches import MatchRecord, play_match
from caravan_tui.ai.policies import search_policy
from caravan_tui.ai.review import Judged, Position, Review, decisions_of, judge, positions, review
from caravan_tui.ai.review_text import EVERY_DECISION, chart_rows, moves_named, review_lines, verdict
from caravan_tui.ai.worker import AIWorker, Question
from caravan_tui.cli import main
from caravan_tui.games import GAMES, get_game
from caravan_tui.match_review import DRAWS_SHARE, kept_review, review_of
from caravan_tui.saves.reviews import ReviewShelf
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.saves.store import SaveStore
from caravan_tui.seats import SeatSpec

ITERATIONS = 40


#: finished matches kept as ``play_match`` played them (``MatchRecord.as_json``), not played
#: again in each test process that reviews them: Merchant Lord's cost 5.6 CPU-s a process
KEPT = {("merchant_lord", 2, 5, "ai:easy"): Path(__file__).parent / "matches" / "merchant_lord_review_5.json"}


def as_action(value):
    """An action as JSON keeps it (lists) back as the game's tuples."""
    return tuple(map(as_action, value)) if isinstance(value, list) else value


def kept(path: Path) -> MatchRecord:
    """The match kept in ``path``, checked to replay to its end with the outcome it kept."""
    data = json.loads(path.read_text())
    actions = [as_action(action) for action in data["actions"]]
    state = get_game(data["game"]).new(len(data["seats"]), seed=data["seed"], options=data["options"])
    for action in actions:
        assert action in state.legal_actions(), action
        state.apply(action, False)
    assert state.is_over() and state.outcome() == data["outcome"]
    fields = ("game", "seed", "options", "seats", "scores", "outcome", "moves", "think", "decisions")
    return MatchRecord(*(data[name] for name in fields), actions)


@cache
def finished(game_id: str, players: int = 2, seed: int = 5, opponent: str = "ai:easy"):
    """A finished match: a random seat (seat 0, the one reviewed) against ``opponent`` seats."""
    if (game_id, players, seed, opponent) in KEPT:
        return kept(KEPT[game_id, players, seed, opponent])
    game = get_game(game_id)
    specs = [SeatSpec.parse("random")] + [SeatSpec.parse(opponent)] * (players - 1)
    return play_match(game_id, specs, seed, game.quick_options, iterations=10)


def snapshot_of(record, match_id: str = "m1") -> Snapshot:
    game = get_game(record.game_id)
    return Snapshot(
        match_id=match_id,
        game_id=record.game_id,
        options=record.options,
        players=len(record.specs),
        seats=["human", *record.specs[1:]],
        names=["Ann", "Bob", "Cy", "Di", "Ed"][: len(record.specs)],
        seed=record.seed,
        actions=list(record.actions),
        state=_final(record).to_data(),
        status="over",
        result=record.outcome,
        rules=game.rules_version,
    )


def _final(record):
    from caravan_tui.ai.matches import replay

    return replay(record)


def redealt(game_id: str, record, seat: int, rng: random.Random) -> list[Position]:
    """The seat's decisions with everything it could not see dealt again at each of their
    steps: the views of worlds redealt from the real one, never the real one's."""
    game = get_game(game_id)
    real = list(positions(game, len(record.specs), record.seed, record.options, record.actions, seat))
    wanted = {p.turn for p in real} | {p.end for p in real if p.end_view is not None}
    state = game.new(len(record.specs), seed=record.seed, options=record.options)
    views, changed = {}, 0
    for turn, action in enumerate(record.actions):
        if turn in wanted:
            other = state.determinize(seat, rng)
            changed += other.to_data() != state.to_data()
            views[turn] = other.view(seat)
        state.apply(action, False)
    assert changed, "the redeal changed nothing the seat could not see"
    return [
        dataclasses.replace(p, view=views[p.turn], end_view=None if p.end_view is None else views[p.end]) for p in real
    ]


# (Caravans of Ahldarahd's opponents play at random: easy AI seats there choose offers at random
# and each pays the trade veto's own searches, most of the test's CPU; only seat 0 is judged)
@pytest.mark.parametrize(
    "game_id,players,opponent",
    [
        pytest.param("decktet_caravan", 2, "ai:easy", id="decktet_caravan-2"),
        pytest.param("merchant_lord", 2, "ai:easy", id="merchant_lord-2"),
        pytest.param("ahldarahd", 3, "random", id="ahldarahd-3"),
    ],
)
@pytest.mark.thorough
def test_a_review_is_the_same_under_redeals_of_what_the_seat_could_not_see(game_id, players, opponent):
    record = finished(game_id, players, opponent=opponent)
    real = list(positions(get_game(game_id), players, record.seed, record.options, record.actions, 0))[:6]
    redeals = redealt(game_id, record, 0, random.Random(9))[:6]
    assert [p.turn for p in real] == [p.turn for p in redeals]
    assert [judge(game_id, 0, p, ITERATIONS) for p in real] == [judge(game_id, 0, p, ITERATIONS) for p in redeals]


@pytest.mark.thorough
def test_a_review_is_exactly_reproducible():
    record = finished("decktet_caravan")
    first = review(
        "decktet_caravan", "m1", 2, record.seed, record.options, record.actions, 0, record.outcome[0], ITERATIONS
    )
    again = review(
        "decktet_caravan", "m1", 2, record.seed, record.options, record.actions, 0, record.outcome[0], ITERATIONS
    )
    assert first == again
    assert first.decisions and all(0 <= j.after <= 1 and 0 <= j.before <= 1 for j in first.decisions)


def test_every_decision_of_the_seat_is_reviewed_and_no_forced_move():
    record = finished("decktet_caravan")
    game = get_game("decktet_caravan")
    state, expected = game.new(2, seed=record.seed, options=record.options), []
    for turn, action in enumerate(record.actions):
        if state.to_move() == 1 and len(state.legal_actions()) > 1:
            expected.append(turn)
        state.apply(action, False)
    found = [p.turn for p in positions(game, 2, record.seed, record.options, record.actions, 1)]
    assert found == expected and expected


def test_a_root_narrowed_search_spends_its_whole_budget_below_that_move():
    game = get_game("decktet_caravan")
    state = game.new(2, seed=3)
    seat = state.to_move()
    world = game.from_view(state.view(seat), seat)
    move = world.legal_actions()[-1]
    result = search(world, seat, iterations=60, seed=1, root_actions=(move,))
    assert list(result.root.children) == [move] and result.root.children[move].visits == 60
    with pytest.raises(ValueError):
        search(world, seat, iterations=10, root_actions=(("no such move",),))


def test_a_search_told_midway_sees_what_a_search_of_that_budget_returns():
    game = get_game("decktet_caravan")
    state = game.new(2, seed=3)
    seat = state.to_move()
    world = game.from_view(state.view(seat), seat)

    def stats(result) -> dict:
        return {action: (child.visits, child.reward) for action, child in result.root.children.items()}

    seen: list[tuple] = []
    whole = search(world, seat, iterations=60, seed=1, midway=(25, lambda result: seen.append((result, stats(result)))))
    shorter = search(world, seat, iterations=25, seed=1)
    ((midway, then),) = seen
    assert then == stats(shorter) and midway.action == shorter.action and midway.iterations == 25
    assert whole.iterations == 60 and stats(whole) != then


def test_a_review_names_the_hints_best_from_the_search_it_weighs_with(monkeypatch):
    """Caravans of Ahldarahd's hint searches 500 iterations, a review 1,500: the review searched
    the first 500 again, a search of its own, to name the hint's best (a fifth of a review's time)."""
    from ahldarahd_seed65 import after

    import caravan_tui.ai.review as reviewing

    searched: list[int] = []

    def counted(*args, **kwargs):
        result = search(*args, **kwargs)
        if kwargs.get("root_actions") is None:  # (not a move weighed alone)
            searched.append(result.iterations)
        return result

    monkeypatch.setattr(reviewing, "search", counted)
    state = after(50)
    judged = judge("ahldarahd", 0, Position(50, state.view(0), ("pass",)), 600)
    assert judged.best == ("pass",) and searched == [600]


def _judged(turn: int, before: float, after: float) -> Judged:
    return Judged(turn, ("a",), "a", "", ("b",) if before != after else ("a",), "b", "", before, after, 0, turn)


def test_grades_follow_the_game_thresholds():
    """Decktet Caravan grades by the win chance given up: 5, 10 and 20 points."""
    decisions = (
        _judged(0, 0.5, 0.5),
        _judged(1, 0.5, 0.46),
        _judged(2, 0.5, 0.44),
        _judged(3, 0.5, 0.39),
        _judged(4, 0.5, 0.29),
        _judged(5, 0.7, 0.75),
    )
    done = Review("decktet_caravan", "m", 0, 2, 10, 1.0, decisions)
    assert [done.grade(j) for j in decisions] == ["", "", "inaccuracy", "mistake", "blunder", ""]
    assert [s.judged.turn for s in done.turning_points()] == [4, 3, 2]
    assert done.counts() == {"inaccuracy": 1, "mistake": 1, "blunder": 1}
    assert done.chart() == pytest.approx([50, 50, 50, 50, 50, 70, 100])


def test_decisions_that_cost_nothing_are_not_said_to_cost_0_points_listed_below():
    """ "together the decisions listed below cost 0 points", and none was listed for a cost."""
    done = Review("decktet_caravan", "m", 0, 2, 10, 1.0, (_judged(0, 0.5, 0.5), _judged(1, 0.6, 0.6)))
    (line,) = [line for line in review_lines(done, ["Ann", "Bob"], "Decktet Caravan") if "decisions: " in line]
    assert line.endswith("; none of them cost any win chance") and "listed below" not in line


def test_a_move_short_of_the_best_by_less_than_a_figure_is_not_said_to_cost_nothing():
    """Over SSH, Camel Caravan: "17 decisions: …; none of them cost any win chance" above "You made
    the best move … at 16 of 17 decisions": one move was short of the best by under 1%."""
    decisions = (_judged(0, 0.5, 0.5), _judged(1, 0.6, 0.597))
    done = Review("decktet_caravan", "m", 0, 2, 10, 1.0, decisions)
    assert done.total_cost() == 0 and not decisions[1].as_best
    (line,) = [line for line in review_lines(done, ["Ann", "Bob"], "Decktet Caravan") if "decisions: " in line]
    assert line.endswith("; none of them cost as much as 1% of win chance"), line


def test_solo_caravanserai_is_graded_in_pieces_of_expected_length():
    solo = Review("caravanserai", "m", 0, 1, 10, 0.8, (_judged(0, 40 / 45, 37 / 45),))
    between = Review("caravanserai", "m", 0, 2, 10, 0.8, (_judged(0, 40 / 45, 37 / 45),))
    assert solo.cost(solo.decisions[0]) == pytest.approx(3.0) and solo.grade(solo.decisions[0]) == "mistake"
    assert between.measure.name == "win chance"
    text = "\n".join(review_lines(solo, ["Ann"], "Caravanserai"))
    assert "Where your expected length was lost:" in text
    assert "a mistake: 40.0 pieces → 37.0 pieces (−3.0 pieces)" in text


def test_every_game_states_its_thresholds_in_order():
    for game in GAMES.values():
        for measure in filter(None, (game.ai.review.between, game.ai.review.solo)):
            assert 0 < measure.inaccuracy < measure.mistake < measure.blunder


def test_the_chart_keeps_its_scale_and_squeezes_a_long_match():
    assert chart_rows([0, 50, 100], 100, height=2) == ["  █", " ██"]
    assert len(chart_rows([50] * 500, 100, width=60)[0]) == 60


def test_a_squeezed_chart_says_a_column_is_not_a_decision():
    """The bug: 65 decisions and the end drawn in 60 columns under "your win chance before each
    decision", which read as a column a decision."""
    from caravan_tui.ai.review_text import chart_text

    long = Review("decktet_caravan", "m", 0, 2, 10, 1.0, tuple(_judged(n, 0.5, 0.5) for n in range(65)))
    short = Review("decktet_caravan", "m", 0, 2, 10, 1.0, tuple(_judged(n, 0.5, 0.5) for n in range(59)))
    assert chart_text(long, 60)[-1].strip() == "66 of them in 60 columns, each the mean of those it covers"
    assert "columns" not in "\n".join(chart_text(short, 60))  # (60 in 60: a column each)


def test_a_kept_review_reads_back_and_junk_is_refused():
    done = Review("decktet_caravan", "m", 0, 2, 10, 1.0, (_judged(0, 0.5, 0.3),))
    assert Review.from_data(done.to_data()) == done
    for junk in (
        None,
        [],
        {"game": "chess"},
        {**done.to_data(), "seat": 5},
        {**done.to_data(), "decisions": [[0, ["a"], "a", "", ["b"], "b", "", 2.0, 0.1]]},
        {**done.to_data(), "decisions": [[0, {"x": 1}, "a", "", ["b"], "b", "", 0.5, 0.1]]},
        {**done.to_data(), "stood_in": ["3"]},
        {**done.to_data(), "stood_in": 3},
    ):
        with pytest.raises(ValueError):
            Review.from_data(junk)


@pytest.mark.thorough
def test_the_workers_review_as_one_process_does_with_progress_and_keep_it(tmp_path):
    record = finished("decktet_caravan")
    snapshot = snapshot_of(record)
    shelf = ReviewShelf(tmp_path)
    reports: list[tuple[int, int]] = []

    async def reviewed():
        async with AIWorker(2) as worker:
            return await review_of(snapshot, 0, shelf, worker, ITERATIONS, lambda *done: reports.append(done))

    done = asyncio.run(reviewed())
    assert done == review(
        "decktet_caravan", "m1", 2, record.seed, record.options, record.actions, 0, record.outcome[0], ITERATIONS
    )
    judged = len(done.decisions) + len(done.others)
    total = judged + max(1, round(judged * DRAWS_SHARE))  # (a share kept for the draws weighed after them)
    assert done.others and reports[:judged] == [(n, total) for n in range(1, judged + 1)]
    assert reports[-1] == (total, total) and reports == sorted(reports)
    assert kept_review(snapshot, 0, shelf, ITERATIONS) == done
    assert kept_review(snapshot, 0, shelf, ITERATIONS + 1) is None  # another budget is another review
    longer = snapshot_of(record)
    longer.actions = longer.actions[:-1]
    assert kept_review(longer, 0, shelf, ITERATIONS) is None  # another log is another match


@pytest.mark.thorough
def test_a_stopped_review_ends_without_judging_the_rest():
    record = finished("merchant_lord")
    found = list(positions(get_game("merchant_lord"), 2, record.seed, record.options, record.actions, 0))
    judged: list[int] = []

    async def stopped():
        first = asyncio.Event()

        def on_judged(done: int, total: int) -> None:
            judged.append(done)
            first.set()

        async with AIWorker(1) as worker:
            task = asyncio.ensure_future(worker.review("merchant_lord", 0, found, 400, on_judged))
            await first.wait()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

    asyncio.run(stopped())
    assert len(judged) < len(found)


@pytest.fixture
def saved(tmp_path, monkeypatch):
    """$CARAVAN_TUI_HOME holding the finished match "m1" and one still played, "m2"."""
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    store = SaveStore()
    record = finished("decktet_caravan")
    store.write(snapshot_of(record))
    playing = snapshot_of(record, "m2")
    playing.actions, playing.status, playing.result = [], "playing", None
    playing.state = get_game("decktet_caravan").new(2, seed=record.seed, options=record.options).to_data()
    store.write(playing)
    return store


@pytest.mark.thorough
def test_review_text_prints_the_chart_the_turning_points_and_every_decision(saved, capsys):
    assert main(["review", "m1", "--text", "--iterations", str(ITERATIONS)]) == 0
    said = capsys.readouterr()
    out = said.out
    # progress, though stderr is no terminal, as a share: its total holds the draws weighed after the
    # decisions ("25/25 decisions judged" stood over a review of 23)
    assert said.err.splitlines()[-1] == "100% of the review done"
    assert max(map(len, out.splitlines())) <= 80
    assert "Review of m1 (Decktet Caravan) for Ann, seat 1" in out
    assert "Turning points" in out and f"{EVERY_DECISION}:" in out and "│" in out
    assert "inaccuracys" not in out and " inaccurac" in out
    assert (saved.root / "reviews" / "m1.seat1.msgpack").is_file()
    assert main(["review", "m1", "--text", "--iterations", str(ITERATIONS)]) == 0
    assert capsys.readouterr().out == out  # the kept review, as it was


@pytest.mark.thorough
def test_a_hosts_review_of_a_seat_given_up_ends_where_its_person_resigned(saved, capsys):
    """On a server's folder, `review MATCH --seat 2 --text` of a match whose person resigned and an
    AI played on read the AI's moves as a stand-in's "while you were away", and its win as the
    person's: the server's record says the seat was given up."""
    from caravan_tui.ssh.records import HostedRecord

    folder = saved.root / "hosted"
    folder.mkdir()
    HostedRecord("m1", [None, "SHA256:bob"], 60, "normal", left={0: "SHA256:ann"}).save(folder)
    assert main(["review", "m1", "--text", "--iterations", str(ITERATIONS)]) == 0
    assert "How it ended: You resigned after your move" in capsys.readouterr().out.replace("\n", " ")
    (folder / "m1.json").write_text("not a record", encoding="utf-8")  # (a file's say-so: none read)
    assert main(["review", "m1", "--text", "--iterations", str(ITERATIONS)]) == 0
    assert "You resigned" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv,words",
    [
        (["review", "nope", "--text"], "there is no saved match nope"),
        (["review", "m1", "--seat", "3", "--text"], "match m1 has seats 1 to 2, not 3"),
        (["review", "m2", "--text"], "match m2 is not finished"),
        (["review", "../x", "--text"], "cannot review ../x"),
    ],
)
def test_a_bad_match_or_seat_is_one_line_and_exit_2(saved, capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


@pytest.mark.thorough
def test_an_ai_seat_asking_during_a_review_waits_for_one_decision_not_the_whole_review():
    record = finished("merchant_lord")
    game = get_game("merchant_lord")
    found = list(positions(game, 2, record.seed, record.options, record.actions, 0))
    state = game.new(2, seed=1)
    seat = state.to_move()

    async def both():
        first = asyncio.Event()
        async with AIWorker(1) as worker:
            task = asyncio.ensure_future(worker.review("merchant_lord", 0, found, 200, lambda *done: first.set()))
            await first.wait()
            policy = search_policy(SeatSpec.ai("easy"), iterations=20)
            await worker.choose(policy, Question("merchant_lord", state.view(seat), seat, 1))
            assert not task.done()
            task.cancel()

    asyncio.run(both())


def test_review_without_text_opens_the_app_at_the_review(saved, monkeypatch):
    opened = []
    monkeypatch.setattr("caravan_tui.app.run_app", lambda **kwargs: opened.append(kwargs["review"]))
    assert main(["review", "m1", "--seat", "2"]) == 0
    assert opened == [("m1", 1, 1500)]


def test_the_costliest_decisions_are_ordered_by_the_cost_shown():
    """Caravans of Ahldarahd's chances are shown calibrated: ordered by the raw loss, "the
    costliest of the 35 judged so far" read −3, −2, −3, −1. The list is in the order of the
    costs it shows, and leaves out the moves that cost nothing shown."""

    def judged(turn: int, before: float, after: float) -> Judged:
        return Judged(turn, ("a",), f"move at {turn}", "", ("b",), "b", "", before, after, 0, turn)

    raw_more, shown_more = judged(0, 0.1, 0.05), judged(10, 0.94, 0.9)
    done = Review("ahldarahd", "m", 0, 3, 10, 0.0, (raw_more, shown_more, judged(20, 0.5, 0.5)))
    assert raw_more.loss > shown_more.loss and done.cost(raw_more) < done.cost(shown_more)
    assert done.costliest(5) == [shown_more, raw_more]
    assert done.costliest(1) == [shown_more]


@pytest.mark.thorough
def test_a_stand_ins_moves_are_counted_as_the_table_counts_them(tmp_path):
    """Found over SSH: the table said "Bo's stand-in made 4 moves", the review "Your stand-in made
    1 decision" (one Camel Caravan turn of four actions). The review counts its moves too, and
    still judges none of its decisions."""
    from caravan_tui.ai.review_text import review_lines
    from caravan_tui.saves.deciders import stand_in

    record = finished("camel_caravan")
    snapshot = snapshot_of(record)
    game = get_game("camel_caravan")
    match = decisions_of(game, 2, record.seed, record.options, record.actions, 0)
    turn = next(p for p in match.decisions if p.seat == 0 and p.end > p.turn)  # a decision of several moves
    away = [t for t in range(turn.turn, turn.end + 1) if match.movers[t] == 0]
    snapshot.deciders = {t: stand_in("normal") for t in away}

    async def reviewed():
        async with AIWorker(2) as worker:
            return await review_of(snapshot, 0, ReviewShelf(tmp_path), worker, ITERATIONS)

    done = asyncio.run(reviewed())
    assert done.stood_in == tuple(away) and turn.turn not in [j.turn for j in done.decisions]
    line = f"Your stand-in made {len(away)} moves while you were away ({moves_named([t + 1 for t in away])}): none"
    assert any(text.startswith(line) for text in review_lines(done, ["Ann", "Bob"], "Camel Caravan"))
    # only the turn's last action the stand-in's (its person resigned mid-turn): the turn is not
    # the person's to grade ("Move 4: … then Place a camel … an inaccuracy" beside "your stand-in
    # made 1 move (move 6): it is not graded", that camel the stand-in's)
    snapshot.deciders = {away[-1]: stand_in("normal")}

    async def again():
        async with AIWorker(2) as worker:
            return await review_of(snapshot, 0, ReviewShelf(tmp_path / "again"), worker, ITERATIONS)

    done = asyncio.run(again())
    assert done.stood_in == (away[-1],) and turn.turn not in [j.turn for j in done.decisions]


@pytest.mark.thorough
def test_a_stand_ins_decisions_are_none_of_the_persons_and_are_said_so(tmp_path):
    """Found over SSH: back from away, Bob's review counted the 8 moves his stand-in made among
    "28 decisions", graded them ("fine: 23%") and summed them into "your play", with nothing
    saying an AI made them."""
    from caravan_tui.ai.review_text import review_lines
    from caravan_tui.saves.deciders import stand_in

    record = finished("decktet_caravan")
    snapshot = snapshot_of(record)
    game = get_game("decktet_caravan")
    own = [p.turn for p in positions(game, 2, record.seed, record.options, record.actions, 0)]
    away = own[2:4]
    snapshot.deciders = {turn: stand_in("normal") for turn in away}

    async def reviewed():
        async with AIWorker(2) as worker:
            return await review_of(snapshot, 0, ReviewShelf(tmp_path), worker, ITERATIONS)

    done = asyncio.run(reviewed())
    assert [j.turn for j in done.decisions] == [turn for turn in own if turn not in away]
    assert done.stood_in == tuple(away) and Review.from_data(done.to_data()) == done
    line = f"Your stand-in made 2 moves while you were away ({moves_named([away[0] + 1, away[1] + 1])}): none"
    assert any(text.startswith(line) for text in review_lines(done, ["Ann", "Bob"], "Decktet Caravan"))
    one = dataclasses.replace(done, stood_in=tuple(away[:1]))  # ("none of them" of one)
    said = f"Your stand-in made 1 move while you were away (move {away[0] + 1}): it is not graded here."
    assert said in review_lines(one, ["Ann", "Bob"], "Decktet Caravan")

    # to Bob, the same moves are another's a stand-in made: kept to name them as its
    async def bobs():
        async with AIWorker(2) as worker:
            return await review_of(snapshot, 1, ReviewShelf(tmp_path), worker, ITERATIONS)

    assert asyncio.run(bobs()).others_stood_in == tuple(away)


@pytest.mark.thorough
def test_a_resigned_match_is_reviewed_to_the_resignation(tmp_path):
    """A review of a match its seat resigned told the drop to 0% as the round's luck: the review
    knows the seat resigned, and ends its account where it did."""
    from caravan_tui.ai.review_text import review_lines

    record = finished("decktet_caravan")
    snapshot = snapshot_of(record)
    snapshot.actions = snapshot.actions[: len(snapshot.actions) // 2]
    snapshot.status, snapshot.resigned, snapshot.result = "resigned", 0, [0.0, 1.0]

    async def reviewed():
        async with AIWorker(2) as worker:
            return await review_of(snapshot, 0, ReviewShelf(tmp_path), worker, ITERATIONS)

    done = asyncio.run(reviewed())
    assert done.resigned and done.account().end == done.shown(done.kept(done.decisions[-1]))
    assert any(
        line.startswith("How it ended: You resigned after your move")
        for line in review_lines(done, ["Ann", "Bob"], "Decktet Caravan")
    )


@pytest.mark.thorough
def test_a_hosted_match_resigned_and_played_on_by_an_ai_is_reviewed_to_the_resignation(tmp_path):
    """Over SSH, Bob resigned and the AI that took his seat won on points: his review read its
    moves as his stand-in's "while you were away" and its win as his. Told that he gave up
    (the server's record knows it, the save does not), the review ends where he resigned and
    names the AI's moves as the ending's."""
    from caravan_tui.saves.deciders import stand_in

    record = finished("decktet_caravan")
    snapshot = snapshot_of(record)
    game = get_game("decktet_caravan")
    own = [p.turn for p in positions(game, 2, record.seed, record.options, record.actions, 0)]
    early, played_on = own[1:2], own[len(own) // 2 :]
    snapshot.deciders = {turn: stand_in("normal") for turn in early + played_on}

    async def reviewed(shelf, gave_up):
        async with AIWorker(2) as worker:
            return await review_of(snapshot, 0, ReviewShelf(shelf), worker, ITERATIONS, gave_up=gave_up)

    done = asyncio.run(reviewed(tmp_path, True))
    assert done.resigned and done.decisions[-1].turn < played_on[0]
    assert done.account().end == done.shown(done.kept(done.decisions[-1]))
    text = review_lines(done, ["Ann", "Bob"], "Decktet Caravan")
    away = f"Your stand-in made 1 move while you were away (move {early[0] + 1}): it is not graded here."
    assert away in text and sum("while you were away" in line for line in text) == 1
    ended = next(line for line in text if line.startswith("How it ended: You resigned after your move"))
    assert f"An AI played your seat on (moves {played_on[0] + 1} to " in ended
    # (its end in the seat's words read "You went out: +15 … The match is over: you win")
    end = ended.partition("whatever it made of it is not yours. ")[2]
    assert "Ann's stand-in" in end and not {"you", "You", "your"} & set(end.replace(".", " ").split()), end
    again = asyncio.run(reviewed(tmp_path, False))  # the kept review, for a person who only dropped
    assert not again.resigned and again.decisions == done.decisions
    assert "while you were away (moves" in "\n".join(review_lines(again, ["Ann", "Bob"], "Decktet Caravan"))


def test_a_match_resigned_before_any_decision_says_so_not_from_0_percent():
    """Over SSH: a rematch resigned at its first turn was reviewed "0 decisions: 0 inaccuracies, 0
    mistakes, 0 blunders; none of them cost any win chance" and "From 0% at your first decision to
    0% when you resigned (0%)": there was no first decision, nor a 0% start."""
    from caravan_tui.ai.review_text import summary_line

    none = Review("decktet_caravan", "m", 0, 2, 10, 0.0, (), resigned=True)
    text = review_lines(none, ["Ann", "Bob"], "Decktet Caravan")
    assert summary_line(none) == "No decision of yours to grade"
    assert "You resigned before your first decision: the match counts as lost, and nothing in it was yours." in text
    assert not any("first decision to" in line for line in text)
    drawn = dataclasses.replace(none, resigned=False, result=0.5)
    assert "You made no decision in this match: it ended at 50% for you." in review_lines(drawn, ["Ann", "Bob"], "D")
    # an AI played the seat on to the end, every move of it: its end is the AI's, not "Your move 6
    # ended the match: you deliver … you win", and none of it "while you were away"
    ended = "{p0:'s} move 6 ended the match: {p0} deliver{p0:s} swords (+3). {p0} win{p0:s}."
    played_on = dataclasses.replace(none, stood_in=(1, 3, 5), ended=ended, result=1.0)
    text = review_lines(played_on, ["Ann", "Bob"], "Camel Caravan")
    assert (
        "How it ended: An AI played your seat on (moves 2, 4 and 6): whatever it made of it is not yours. "
        "Ann's stand-in's move 6 ended the match: Ann's stand-in delivers swords (+3). Ann's stand-in wins."
    ) in " ".join(" ".join(text).split()), text
    assert not any("while you were away" in line for line in text)


def test_a_solo_chart_past_the_measures_usual_top_is_scaled_to_it():
    """A solo review: the chart's top read "45.0 pieces" over bars of 46.0, clipped full."""
    from caravan_tui.ai.review_text import chart_text

    solo = Review("caravanserai", "m", 0, 1, 10, 46 / 45, (_judged(0, 46 / 45, 46 / 45), _judged(1, 0.5, 0.5)))
    chart = chart_text(solo, 60)
    assert chart[0].startswith("46.0 pieces │"), chart


def test_a_better_turn_of_several_steps_gives_its_reason_after_its_first_step():
    """Camel Caravan: "Better: Move a camel … to space 5 (5,2) — 1 action, then Pick up swords …,
    then Move a camel from (5,3) to (4,2) — 1 action — a camel onto the swords on space 5": the
    reason, said after the last step, read as that step's."""
    from caravan_tui.ai.review_text import reasoned

    move = "Move a camel to space 5, then Pick up swords, then Move a camel to (4,2)"
    assert reasoned(move, "a camel onto the swords on space 5; 3 actions left") == (
        "Move a camel to space 5 — a camel onto the swords on space 5; 3 actions left; then Pick up swords, "
        "then Move a camel to (4,2)"
    )
    assert reasoned("Pass", "keeps both Crowns") == "Pass — keeps both Crowns" and reasoned("Pass", "") == "Pass"
    judged = Judged(3, ("a",), "a", "", ("b",), move, "a camel onto the swords", 0.8, 0.5, 0, 5)
    text = "\n".join(review_lines(Review("camel_caravan", "m", 0, 2, 10, 1.0, (judged,)), ["Ann", "Bob"], "Camel"))
    assert "Better: Move a camel to space 5 — a camel onto the swords; then Pick up swords" in text


def test_what_chance_showed_reads_as_one_sentence():
    """ "Seen: … You lead; You are dealt …": two sentences run together after a semicolon."""
    from caravan_tui.ai.review import Draw
    from caravan_tui.ai.review_text import seen

    review = Review("decktet_caravan", "m", 0, 2, 10, 1.0, (_judged(0, 0.5, 0.5),))
    draws = (Draw(3, "Bob goes out.", True), Draw(3, "You lead.", True), Draw(3, "You are dealt 15 cards.", True))
    assert seen(review, draws, ["Ann", "Bob"]) == "Bob goes out; you lead; you are dealt 15 cards"


def test_the_words_beside_each_decision_are_said_in_the_games_measure():
    """ "fine: 44%" beside a move 3 points short of the hint's read as no cost at all: the review
    says what "best" and "fine" mean and where the grades begin, in the game's measure."""
    from caravan_tui.ai.review_text import grades_line

    decktet = Review("decktet_caravan", "m", 0, 2, 10, 1.0, (_judged(0, 0.5, 0.5),))
    assert grades_line(decktet) == (
        "Graded: best, the move a hint shows or one as good to the search; fine, another that cost less than "
        "5%; an inaccuracy from 5%, a mistake from 10%, a blunder from 20%. A move the rules left one way to "
        "play is no decision: it is not listed."
    )
    # (a move the search could not tell from its best, its figure set to the best's, is graded so:
    # a Camel Caravan turn played wholly on the hint, its plan kept, read "fine")
    as_good = Judged(0, ("a",), "a", "", ("b",), "b", "", 0.5, 0.5, 0, 0)
    assert verdict(decktet, as_good) == "best: 50%" and verdict(decktet, dataclasses.replace(as_good, after=0.49)) == (
        "fine: 50% → 49% (−1%)"
    )
    text = review_lines(decktet, ["Ann", "Bob"], "Decktet Caravan")
    assert text[text.index(f"{EVERY_DECISION}:") + 1] == grades_line(decktet)
    solo = Review("caravanserai", "m", 0, 1, 10, 0.5, (_judged(0, 0.5, 0.5),))
    assert "less than 1.0 pieces" in grades_line(solo)


def test_moves_apart_are_named_one_by_one():
    """ "Your stand-in made 2 moves … (moves 13 to 15)" read as three: another's move 14 was between."""
    assert moves_named([13]) == "move 13"
    assert moves_named([13, 14, 15]) == "moves 13 to 15"
    assert moves_named([13, 15]) == "moves 13 and 15"
    assert moves_named([2, 4, 6]) == "moves 2, 4 and 6"
    assert moves_named([1, 3, 5, 7, 9]) == "moves 1 to 9, 5 of them"


def test_a_move_another_turned_down_waits_for_the_whole_review_to_be_listed():
    """Caravans of Ahldarahd: while the review was worked out, a declined proposal was listed as
    "fine: 29% → 27% (−2%)", then left out once the review was whole (a refused move is graded
    from the seat's next decision). It is not listed until then."""
    from caravan_tui.match_review import turned_down

    game = get_game("ahldarahd")
    state, rng = game.new(3, seed=0, options=game.quick_options), random.Random(0)
    movers, actions = [], []
    while not state.is_over() and len(actions) < 300:
        movers.append(state.to_move())
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1], False)
    declined = {n - 1 for n, a in enumerate(actions) if a == ("decline",) and movers[n] != 0 and movers[n - 1] == 0}
    assert declined and turned_down(game.ai.review.refusals, movers, actions, 0) == declined
    assert not turned_down(frozenset(), movers, actions, 0)  # (a game with no refusals)
