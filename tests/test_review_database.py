"""Reviews kept with the matches in PostgreSQL (``serve --database``, ``pgstore/reviews.py``): a
review made on one server opens at once on another sharing the database; rows are only added."""

import asyncio
import random

import psycopg
import pytest
from test_review import ITERATIONS, finished, snapshot_of

from caravan_tui.match_review import kept_review, review_of
from caravan_tui.pgstore import open_database
from caravan_tui.pgstore.reviews import stored_key

pytestmark = pytest.mark.postgres


class NoWorker:
    """The AI workers of a server that must judge nothing: the review is kept."""

    async def review(self, *args, **kwargs):
        raise AssertionError("the review was judged again")


@pytest.mark.thorough
async def test_a_review_made_on_one_server_opens_at_once_on_another_and_is_never_replaced(database_url, worker):
    snapshot = snapshot_of(finished("decktet_caravan"))
    one_store, one = open_database(database_url, "one")
    with one_store.lock(snapshot.match_id) as lock:
        one_store.open(lock, snapshot)
    two = open_database(database_url, "two")[1]
    made = await review_of(snapshot, 0, one.reviews, worker, ITERATIONS)
    assert await review_of(snapshot, 0, two.reviews, NoWorker(), ITERATIONS) == made
    two.reviews.write(snapshot, 0, ITERATIONS, {**made.to_data(), "result": 0.0})  # made again elsewhere
    assert kept_review(snapshot, 0, one.reviews, ITERATIONS) == made  # the first one made stays
    assert kept_review(snapshot, 0, one.reviews, ITERATIONS + 1) is None  # another budget is another review
    longer = snapshot_of(finished("decktet_caravan"))
    longer.actions = longer.actions[:-1]
    assert kept_review(longer, 0, one.reviews, ITERATIONS) is None  # another log is another match
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT match_id, seat FROM reviews").fetchall() == [(snapshot.match_id, 0)]
        conn.execute(
            "INSERT INTO reviews VALUES (%s, 1, %s, %s)",
            (snapshot.match_id, stored_key(snapshot, 1, ITERATIONS), b"\xc1 not msgpack"),
        )
    assert one.reviews.read(snapshot, 1, ITERATIONS) is None  # a hostile row is no review
    one_store.delete(snapshot.match_id)
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT count(*) FROM reviews").fetchone() == (0,)  # gone with its match


@pytest.mark.thorough
async def test_a_server_sharing_the_database_sends_the_review_another_made_without_judging_it(
    tmp_path, database_url, worker
):
    from test_ssh_hub import BOB, ann_and_bob, named, play_turns

    from caravan_tui import hub_protocol as protocol
    from caravan_tui.ai.review import Review
    from caravan_tui.ssh.hub import Hub

    def hub_on(folder: str, judging) -> Hub:
        store, keeping = open_database(database_url, folder)
        hub = Hub(tmp_path / folder, judging, iterations=5, store=store, keeping=keeping)
        hub.start()
        return hub

    one = hub_on("one", worker)
    ann, bob, first = await ann_and_bob(one)
    await asyncio.gather(play_turns(ann, random.Random(1)), play_turns(bob, random.Random(2)))
    await bob.send(protocol.ReviewMatch(first.match))
    made = (await bob.next(protocol.Reviewed, lambda m: not m.failed)).review
    one.stop()
    two = hub_on("two", NoWorker())
    again = await named(two, BOB, "Bob")
    await again.send(protocol.ReviewMatch(first.match))
    sent = await again.next((protocol.Reviewing, protocol.Reviewed))
    assert isinstance(sent, protocol.Reviewed) and not sent.failed  # no progress: nothing judged
    assert Review.from_data(sent.review) == Review.from_data(made)
    assert not (tmp_path / "one" / "reviews").exists() and not (tmp_path / "two" / "reviews").exists()
    two.stop()
