"""Ratings on a server (DESIGN §7): openskill's Plackett–Luce over the people of each finished
hosted match, kept beside the matches and made again from their records."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from openskill.models import PlackettLuce
from test_ssh_hub import ANN, BOB, CYD, ann_and_bob, create, make_hub, named, play_turns, saved

from caravan_tui import hub_protocol as protocol
from caravan_tui.ai.review import Review
from caravan_tui.bus import MAX_SEATS, Act, MatchOver, Resign, YourTurn
from caravan_tui.games import get_game
from caravan_tui.pgstore import open_database
from caravan_tui.screens.leaderboard import leaderboard_lines
from caravan_tui.screens.lobby import finished_words
from caravan_tui.screens.summary import (
    STOOD_IN_WORDS,
    UNMOVED_WORDS,
    after_resigning,
    rated_outcome,
    rating_changes_line,
)
from caravan_tui.ssh import hub as hub_module
from caravan_tui.ssh.hub import Hub
from caravan_tui.ssh.ratings import SCALE, Entry, Rating, RatingBook


def openskill_points(result: list[float]) -> list[int]:
    """The change the library itself gives two newcomers for ``result``, in the points shown."""
    model = PlackettLuce()
    rated = model.rate([[model.rating()], [model.rating()]], scores=result)
    return [round(team[0].mu * SCALE) - round(model.mu * SCALE) for team in rated]


async def rated(peer, match: str) -> dict[str, tuple[int, str]]:
    message = await peer.next(protocol.Rated, lambda m: m.match == match)
    return {name: (points, shown) for name, points, shown, _ in message.changes}


async def play_to_rated(peer, rng: random.Random) -> dict[str, tuple[int, str]]:
    """Play random legal acts until the match is over and rated (its ratings may come first:
    the match's end and its rating reach the session on two ways)."""
    over, changes = False, None
    while not (over and changes is not None):
        msg = await peer.next((YourTurn, MatchOver, protocol.Rated))
        if isinstance(msg, YourTurn):
            await peer.send(Act(msg.match, msg.seat, msg.turn, rng.choice(msg.legal)))
        elif isinstance(msg, MatchOver):
            over = True
        else:
            assert all(played == 100 for *_, played in msg.changes)  # (no stand-in played)
            changes = {name: (points, shown) for name, points, shown, _ in msg.changes}
    return changes


async def test_a_hosted_match_between_people_changes_their_ratings_as_openskill_says(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    await hub.check_ratings()
    ann, bob, joined = await ann_and_bob(hub)
    changes, bobs = await asyncio.gather(play_to_rated(ann, random.Random(1)), play_to_rated(bob, random.Random(2)))
    result = saved(hub, joined.match).result
    assert changes == bobs
    ann_points, bob_points = openskill_points(result)
    # one match: not settled yet, each rating as it stands now, marked provisional
    assert changes == {"Ann": (ann_points, f"{1000 + ann_points}?"), "Bob": (bob_points, f"{1000 + bob_points}?")}
    assert ann_points != 0 or result[0] == result[1]
    kept = [json.loads(line) for line in (tmp_path / "ratings.jsonl").read_text().splitlines()]
    assert [(e["match"], [seat[0] for seat in e["seats"]]) for e in kept] == [(joined.match, [ANN, BOB])]
    # the lobby shows each seat's rating beside the name: "?" until it settles, nothing for an AI
    cyd = await named(hub, CYD, "Cyd")
    await create(cyd, ["you", "ai:easy"])
    await ann.send(protocol.LeaveMatch(joined.match))
    lobby = await ann.next(
        protocol.Lobby, lambda m: any(r["game"] == "decktet_caravan" and "ai" in r["kinds"] for r in m.matches)
    )
    row = next(protocol.LobbyRow.from_map(r) for r in lobby.matches if "ai" in r["kinds"])
    assert row.ratings == ["?", ""]
    assert hub.standings.shown("decktet_caravan", ANN) == "?"
    hub.stop()


async def test_a_history_filters_finished_matches_and_shows_anyones_record_by_name(tmp_path, worker, monkeypatch):
    monkeypatch.setitem(hub_module.SPACING, protocol.AskHistory, 0.0)  # (asked in a row here)
    hub = make_hub(tmp_path, worker)
    await hub.check_ratings()
    ann, bob, joined = await ann_and_bob(hub)
    changes, _ = await asyncio.gather(play_to_rated(ann, random.Random(1)), play_to_rated(bob, random.Random(2)))
    asked = {}
    for ask in (
        ("", "", ""),
        ("Bob", "", ""),
        ("", "camel_caravan", ""),
        ("", "", "bo"),
        ("", "", "zed"),
        ("bOB", "", ""),
    ):
        await ann.send(protocol.AskHistory(*ask))
        asked[ask] = await ann.next(protocol.History)
    mine = [protocol.FinishedRow.from_map(row) for row in asked["", "", ""].matches]
    assert [(row.match, row.yours, row.rating) for row in mine] == [(joined.match, 0, changes["Ann"][0])]
    bobs = asked["Bob", "", ""]
    assert bobs.name == "Bob" and [protocol.FinishedRow.from_map(row).rating for row in bobs.matches] == [
        changes["Bob"][0]
    ]
    assert [(game, rating.endswith("?"), matches) for game, rating, matches in bobs.ratings] == [
        ("decktet_caravan", True, 1)
    ]
    assert asked["bOB", "", ""].name == "Bob"  # as kept, not as typed ("The record of bOB")
    assert asked["", "camel_caravan", ""].matches == [] and asked["", "", "zed"].matches == []
    assert len(asked["", "", "bo"].matches) == 1
    await ann.send(protocol.AskHistory("Nobody"))
    assert (await ann.next(protocol.Refused)).reason == "nobody here keeps the name Nobody"
    hub.stop()


async def test_a_match_against_ai_seats_alone_is_not_rated(tmp_path, worker):
    hub = make_hub(tmp_path, worker)
    await hub.check_ratings()
    ann = await named(hub, ANN, "Ann")
    joined = await create(ann, ["you", "ai:easy"])
    await play_turns(ann, random.Random(4))
    await asyncio.gather(*hub._sending)  # (its rating, which finds nobody to rate)
    assert not (tmp_path / "ratings.jsonl").exists()
    assert hub.standings.book.changes == {} and saved(hub, joined.match).status == "over"
    hub.stop()


@pytest.mark.thorough
async def test_a_person_who_resigns_is_rated_for_the_match_their_stand_in_finished(tmp_path, worker):
    """Rated as a loss, whatever the stand-in made of the seat after: resigning against a person
    and leaving an AI to win in your name gained rating."""
    hub = make_hub(tmp_path, worker)
    await hub.check_ratings()
    ann, bob, joined = await ann_and_bob(hub)
    await ann.send(Resign(joined.match, 0))
    await ann.next(protocol.Left)
    changes = await play_to_rated(bob, random.Random(2))
    told = await ann.next(protocol.Rated, lambda m: m.match == joined.match)  # in the lobby
    assert set(changes) == {"Ann", "Bob"} and changes == {name: (p, r) for name, p, r, _ in told.changes}
    # (with how it ended: she was told the match was over, not who won it)
    assert told.outcome == saved(hub, joined.match).result and len(told.outcome) == 2
    assert hub.keeping.record(joined.match).left == {0: ANN}
    assert changes["Ann"][0] < 0 < changes["Bob"][0]
    assert told.gave_up == [0]
    # Bob's record says who resigned, not "Ann won" of her stand-in's points beside his gain
    await bob.send(protocol.AskHistory())
    history = await bob.next(protocol.History)
    (row,) = [protocol.FinishedRow.from_map(row) for row in history.matches]
    assert (row.yours, row.resigned, row.gave_up) == (1, 0, False) and finished_words(row) == "You won, Ann resigned"
    # her review ends where she resigned (the AI's moves after it read "while you were away", its win hers)
    for peer, gave_up in ((ann, True), (bob, False)):
        await peer.send(protocol.ReviewMatch(joined.match))
        review = Review.from_data((await peer.next(protocol.Reviewed, lambda m: not m.failed)).review)
        assert review.resigned is gave_up and review.match_id == joined.match
    hub.stop()


async def test_a_resignation_is_a_loss_whatever_the_stand_in_made_of_the_seat(tmp_path, worker, url):
    """Ann resigned, then Bob: Ann's stand-in won the match, and Ann gained rating for a match
    she gave up (so could anyone, resigning at once against a person and leaving it to an AI).
    Her record lists it as resigned: it left it out while her rating counted it."""
    hub = hub_on(tmp_path, worker, url)
    await hub.check_ratings()
    ann, bob, joined = await ann_and_bob(hub)
    await ann.send(Resign(joined.match, 0))
    await ann.next(protocol.Left)
    await bob.send(Resign(joined.match, 1))
    message = await bob.next(protocol.Rated, lambda m: m.match == joined.match)
    assert message.gave_up == [0, 1]  # (whose people resigned, for the result screens' words)
    changes = await rated(ann, joined.match)
    assert hub.keeping.record(joined.match).left == {0: ANN, 1: BOB}
    assert changes["Ann"][0] == changes["Bob"][0] == 0  # both gave up: neither won
    await ann.send(protocol.AskHistory())
    history = await ann.next(protocol.History)
    rows = [protocol.FinishedRow.from_map(row) for row in history.matches]
    assert [(row.match, row.yours, row.gave_up) for row in rows] == [(joined.match, 0, True)]
    assert finished_words(rows[0]) == "You resigned"
    assert [(game, rating[-1], matches) for game, rating, matches in history.ratings] == [("decktet_caravan", "?", 1)]
    hub.stop()


async def test_a_resignation_is_on_the_record_before_the_match_hears_it(tmp_path, worker, monkeypatch):
    """Over OpenSSH, Ann resigned, then Bob, and Bob was rated +34 beside "You resigned: Ann ·
    AI standing in wins": the last person's resignation ends the match, and the rating it begins
    read the record before Bob was on it as one who gave up."""
    hub = make_hub(tmp_path, worker)
    await hub.check_ratings()
    ann, bob, joined = await ann_and_bob(hub)
    hosted = hub.matches[joined.match]
    heard, publish = [], hosted.runner.bus.publish

    async def listened(address, message):
        if isinstance(message, Resign):
            heard.append(dict(hosted.record.left))
        await publish(address, message)

    monkeypatch.setattr(hosted.runner.bus, "publish", listened)
    await ann.send(Resign(joined.match, 0))
    await ann.next(protocol.Left)
    await bob.send(Resign(joined.match, 1))
    changes = await rated(ann, joined.match)
    assert heard == [{0: ANN}, {0: ANN, 1: BOB}]
    assert changes["Ann"][0] == changes["Bob"][0] == 0
    hub.stop()


def hub_on(tmp_path, worker, url: str | None, name: str = "server") -> Hub:
    """A hub keeping everything in its folder, or in the database at ``url``."""
    store, keeping = open_database(url) if url is not None else (None, None)
    hub = Hub(tmp_path / name, worker, iterations=5, store=store, keeping=keeping)
    hub.start()
    return hub


def forged(*seats: str) -> Entry:
    return Entry(
        "20990101-000000-abcdef", "decktet_caravan", 1.0, tuple((who, 1.0 - i, 1.0) for i, who in enumerate(seats))
    )


async def test_lost_or_damaged_or_forged_ratings_are_made_again_from_the_records(tmp_path, worker, url):
    hub = hub_on(tmp_path, worker, url)
    await hub.check_ratings()
    ann, bob, _ = await ann_and_bob(hub)
    await asyncio.gather(play_to_rated(ann, random.Random(1)), play_to_rated(bob, random.Random(2)))
    before = hub.standings.book.ratings
    kept = hub.keeping.rated.since(0)
    hub.stop()
    fake = forged(CYD, ANN)
    turned = [
        Entry(e.match, e.game, e.ended, tuple((CYD if who == ANN else who, r, w) for who, r, w in e.seats))
        for e in kept
    ]
    for damage in ([], [fake, *kept], turned, [*kept, fake]):
        hub_on(tmp_path, worker, url, "writer").keeping.rated.replace(damage)
        if url is None:
            (tmp_path / "server" / "ratings.jsonl").write_bytes((tmp_path / "writer" / "ratings.jsonl").read_bytes())
        again = hub_on(tmp_path, worker, url)
        await again.check_ratings()
        assert again.standings.book.ratings == before
        assert again.keeping.rated.since(0) == kept
        again.stop()
    if url is None:  # a line torn or damaged on the disk
        (tmp_path / "server" / "ratings.jsonl").write_text("{not json\n")
        again = hub_on(tmp_path, worker, url)
        await again.check_ratings()
        assert again.standings.book.ratings == before
        again.stop()


@pytest.mark.postgres
async def test_servers_on_one_database_show_the_same_ratings(tmp_path, worker, database_url):
    one, two = hub_on(tmp_path, worker, database_url, "one"), hub_on(tmp_path, worker, database_url, "two")
    await asyncio.gather(one.check_ratings(), two.check_ratings())
    ann, bob, _ = await ann_and_bob(one)
    changes = (await asyncio.gather(play_to_rated(ann, random.Random(1)), play_to_rated(bob, random.Random(2))))[0]
    await asyncio.to_thread(two.standings.sync)
    assert two.standings.book.ratings == one.standings.book.ratings
    assert two.standings.book.rating("decktet_caravan", ANN).points - 1000 == changes["Ann"][0]
    one.stop()
    two.stop()


def test_partial_play_counts_the_share_of_the_match_a_person_played():
    whole, half = RatingBook(), RatingBook()
    whole.fold(Entry("m1", "decktet_caravan", 1.0, ((ANN, 1.0, 1.0), (BOB, 0.0, 1.0))))
    half.fold(Entry("m1", "decktet_caravan", 1.0, ((ANN, 1.0, 1.0), (BOB, 0.0, 0.5))))
    start = Rating()
    assert half.rating("decktet_caravan", BOB).mu - start.mu == pytest.approx(
        (whole.rating("decktet_caravan", BOB).mu - start.mu) / 2
    )
    assert half.rating("decktet_caravan", ANN) == whole.rating("decktet_caravan", ANN)
    assert [change.weight for change in half.changes["m1"]] == [1.0, 0.5]  # (the result says it)


def test_a_change_a_stand_in_shared_says_the_share_played():
    """The bug: "Marigold −105 (now ?), Bo +12 (now ?)" beside a win a stand-in had played most
    of, with no word why the changes were so far apart."""
    rated = protocol.Rated("m1", [["Marigold", -105, "?", 100], ["Bo", 12, "?", 11], ["Cyd", 3, "?", 101]])
    assert rating_changes_line(rated) == (
        "Rating changes: Marigold −105 (now ?), Bo +12 (now ?; played 11%). "
        f"{STOOD_IN_WORDS} {protocol.UNSETTLED_WORDS}"
    )  # (a share past 100% is no share: left out)


def test_the_changes_name_the_game_whose_rating_they_are():
    """Over SSH: "Alice +105 (now 1105?)" after a Decktet Caravan win, then "Alice −105 (now 895?)"
    after a Camel Caravan loss: each game keeps its own rating, and the line did not say whose."""
    rated = protocol.Rated("m1", [["Alice", -105, "895?", 100]])
    assert rating_changes_line(rated, "Camel Caravan").startswith("Camel Caravan rating changes: Alice −105 (now 895?)")


def test_a_rating_shows_a_number_once_it_settles():
    assert Rating().shown == "?" and Rating().told == "1000?"
    assert Rating(mu=26.0, sigma=3.0, matches=12).shown == "1040"


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"match": "m", "game": "decktet_caravan", "ended": 1.0, "seats": [[ANN, 1, 1]]},
        {"match": "m", "game": "chess", "ended": 1.0, "seats": [[ANN, 1, 1], [BOB, 0, 1]]},
        {"match": "m", "game": "decktet_caravan", "ended": 1.0, "seats": [[ANN, 1, 1], [ANN, 0, 1]]},
        {"match": "m", "game": "decktet_caravan", "ended": 1.0, "seats": [[ANN, 1, 1], ["guest:00", 0, 1]]},
        {"match": "m", "game": "decktet_caravan", "ended": 1.0, "seats": [[ANN, 1, 1], [BOB, 0, 0]]},
        {"match": "m", "game": "decktet_caravan", "ended": float("nan"), "seats": [[ANN, 1, 1], [BOB, 0, 1]]},
        {"match": "../m", "game": "decktet_caravan", "ended": 1.0, "seats": [[ANN, 1, 1], [BOB, 0, 1]]},
    ],
)
def test_a_crafted_rated_match_is_refused(data):
    with pytest.raises(ValueError):
        Entry.from_data(data)


def test_a_rating_not_settled_yet_says_what_its_question_mark_is():
    """A newcomer's ratings all read "?" (on the result, in the record) with no word of why."""
    from caravan_tui.screens.history import ratings_line

    history = protocol.History("Ann", "", "", [], [["camel_caravan", "?", 1], ["decktet_caravan", "1043", 12]])
    assert ratings_line(history) == (
        f"Ratings: Camel Caravan ? (1 match), Decktet Caravan 1043 (12 matches). {protocol.UNSETTLED_WORDS}"
    )
    settled = protocol.History("Ann", "", "", [], [["decktet_caravan", "1043", 12]])
    assert ratings_line(settled) == "Ratings: Decktet Caravan 1043 (12 matches)."
    assert rating_changes_line(protocol.Rated("m1", [["Ann", 5, "1043"], ["Bob", -5, "990"]])) == (
        "Rating changes: Ann +5 (now 1043), Bob −5 (now 990)."
    )


def test_ratings_that_did_not_move_say_why():
    """Over SSH, Merchant Lord: Ann 9 and Bob 8 behind AI 3's 9 on the tie-break read "Ann +0, Bob
    +0" with nothing saying why (each person's share of the win is what a rating counts)."""
    unmoved = protocol.Rated("m1", [["Ann", 0, "1043"], ["Bob", 0, "990"]])
    assert rating_changes_line(unmoved) == f"Rating changes: Ann +0 (now 1043), Bob +0 (now 990). {UNMOVED_WORDS}"
    assert UNMOVED_WORDS not in rating_changes_line(protocol.Rated("m1", [["Ann", 3, "1043"], ["Bob", 0, "990"]]))
    assert "equal" not in UNMOVED_WORDS  # ("yours were equal" read as a tie after 22–15 behind an AI)


def test_who_won_a_match_resigned_is_said_from_the_outcome_the_hub_sent():
    """A person who resigned was told the match was over, not who won it: the hub's outcome
    says it, checked first (a share that is no share, or a list too long, says nothing)."""
    assert rated_outcome(protocol.Rated("m1", [], [0, 1])) == (0.0, 1.0)
    for crafted in ([True, 0], [2, 0], ["1", 0], [0.5] * (MAX_SEATS + 1), [], "01"):
        assert rated_outcome(protocol.Rated("m1", [], crafted)) == (), crafted
    assert rated_outcome(protocol.Rated("m1", [])) == ()  # (an older hub's)
    names = ["You", "[b]Bob[/b]", "Cyd"]
    assert after_resigning(names, (0.0, 1.0, 0.0), 0) == "You resigned: [b]Bob[/b] wins."
    assert after_resigning(names, (0.0, 0.5, 0.5), 0) == "You resigned: [b]Bob[/b] and Cyd share the win."
    assert after_resigning(names, (1.0, 0.0, 0.0), 0) == "You resigned: the AI that took the seat wins."
    assert after_resigning(names, (0.5, 0.5, 0.0), 0) == "You resigned: the AI that took the seat shares the win."


def test_rating_words_from_the_network_are_checked_and_shown_as_text():
    rated = protocol.Rated("m1", [["[b]Ann[/b]", 105, "?"], ["Bob", -105, "1040"], ["Cyd", "lots", "?"], "x"])
    assert (
        rating_changes_line(rated)
        == f"Rating changes: [b]Ann[/b] +105 (now ?), Bob −105 (now 1040). {protocol.UNSETTLED_WORDS}"
    )
    board = protocol.Leaderboard([["decktet_caravan", [["Ann\x1b[2J", "1040", 12], ["Bob", 7, 1]]], ["chess", []]])
    lines = leaderboard_lines(board)
    assert lines[0] == get_game("decktet_caravan").title and len(lines) == 2
    assert "\x1b" not in lines[1] and lines[1].endswith("1040  (12 matches)")
