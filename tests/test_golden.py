"""Saves written by every release's own code still open (issue 33): the golden corpus in
tests/golden/<release>/ (made by tools/golden_saves.py) opens, replays under today's rules,
keeps what was weighed at the right moves, and plays on; and the rules-version upgrades each
game declares bring an old log forward one version at a time.

The saves paused where a decision is to be made (``--stops``) carry what the release showed
each seat there (``<save>.views.json``): today's code must open each at exactly that position
(issue 48), however many ways its log could be read."""

from __future__ import annotations

import dataclasses
import functools
import json
import shutil
from pathlib import Path

import pytest
from shown_views import assert_shown

from caravan_tui import __version__
from caravan_tui.bus import Act, Bus
from caravan_tui.games import GAMES
from caravan_tui.match.host import MatchHost
from caravan_tui.saves import DamagedSave, SaveStore, Snapshot
from caravan_tui.saves.journal import frame, parse
from caravan_tui.saves.loading import checked_entries, load, readings, replay_snapshot

GOLDEN = Path(__file__).parent / "golden"
CORPUS = sorted(GOLDEN.glob("*/*.msgpack"))
#: what the release showed each seat at a paused save, beside it
SHOWN = ".views.json"
PAUSED = sorted(GOLDEN.glob(f"*/*{SHOWN}"))


def corpus():
    return [pytest.param(path, id=f"{path.parent.name}/{path.stem}") for path in CORPUS]


def paused() -> list[tuple[Path, dict]]:
    """Each paused save and what its release showed there: ``turn``, each seat's view
    (``seats``) and the spectators' (``public``)."""
    return [
        (path.with_name(path.name.removesuffix(SHOWN) + ".msgpack"), json.loads(path.read_text())) for path in PAUSED
    ]


def paused_params() -> list:
    """Each paused save's views file, named by its save (read by the test, not by every test
    process as it collects)."""
    return [pytest.param(path, id=path.name.removesuffix(SHOWN)) for path in PAUSED]


@functools.cache
def misreadable(path: Path) -> bool:
    """Whether the save's log, with no position to pin it, reads more than one way."""
    old = saved(path)
    return len(readings(GAMES[old.game_id], dataclasses.replace(old, state={}))) > 1


def saved(path: Path) -> Snapshot:
    """The match in a corpus file: a snapshot, or a journal (a snapshot, then its records)."""
    return parse(path.read_bytes()).snapshot


@pytest.fixture
def store(tmp_path) -> SaveStore:
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    return store


@pytest.mark.thorough
def test_the_corpus_has_every_game_mid_game_and_finished_from_every_release():
    assert CORPUS
    for release in sorted({path.parent for path in CORPUS}):
        saves = [saved(path) for path in release.glob("*.msgpack")]
        for game in GAMES:
            assert {s.status == "playing" for s in saves if s.game_id == game} == {True, False}, (release, game)
    night = [saved(path) for path in CORPUS if "night" in path.stem]
    assert {s.options.get("night_of_the_outsider") for s in night} >= {True}


@pytest.mark.thorough
@pytest.mark.parametrize("path", corpus())
async def test_a_corpus_save_opens_replays_and_plays_on(path, store):
    before = saved(path)
    match_id = before.match_id
    shutil.copyfile(path, store.folder / f"{match_id}.msgpack")
    [entry] = checked_entries(store)
    assert entry.error is None
    loaded = load(store, match_id)
    game = loaded.game
    assert loaded.snapshot.rules == game.rules_version
    assert len(loaded.snapshot.actions) >= len(before.actions)
    assert len(entry.snapshot.actions) == len(loaded.snapshot.actions)  # the list shows the match as loaded
    assert loaded.state.is_over() == (before.status == "over")
    for turn, rows in loaded.snapshot.weighed.items():  # at the moves they were weighed for
        assert loaded.snapshot.actions[turn] in [row[0] for row in rows]
        assert not loaded.snapshot.seats[loaded.movers[turn]].startswith("human")
    if before.status != "playing":
        return
    host = MatchHost.resume(match_id, store, Bus())
    try:
        seat = host.state.to_move()
        await host.handle(Act(match_id, seat, host.turn, host.state.legal_actions()[0]))
        assert not host.unsaved
    finally:
        host.close()
    again = load(store, match_id)
    assert again.snapshot.actions == host.actions and len(host.actions) == len(loaded.snapshot.actions) + 1


@pytest.mark.thorough
def test_the_corpus_holds_journals_whose_records_are_chained_and_they_tear_at_their_end(store):
    """Matches stopped half way keep their moves as records after the snapshot; since the chain
    (issue 53) each record's check covers the one before it."""
    journals = [(path, parse(path.read_bytes())) for path in CORPUS]
    chained = [
        path
        for path, parsed in journals
        if parsed.records and path.read_bytes()[-len(frame(parsed.records[-1], 0)[0])] == 0xC9
    ]
    assert {saved(path).game_id for path in chained} == set(GAMES)
    for path in chained:
        data = path.read_bytes()
        match_id = saved(path).match_id
        (store.folder / f"{match_id}.msgpack").write_bytes(data[:-3] + bytes(3))  # its last move torn
        assert len(load(store, match_id).snapshot.actions) == len(saved(path).actions) - 1


@pytest.mark.thorough
def test_the_corpus_pauses_every_game_and_holds_saves_an_upgrade_could_misread():
    games = {saved(path).game_id for path, _ in paused()}
    assert games == set(GAMES)
    misread = [(path, shown) for path, shown in paused() if misreadable(path)]
    assert misread
    assert any(shown["public"].get("phase", "").startswith("night") for _, shown in misread), "none mid-Night"


@pytest.mark.parametrize("views", paused_params())
def test_a_paused_save_opens_where_its_release_left_every_seat(views):
    """Each seat's view and the spectators' are compared on the keys the release's views had
    (today's views add keys: those are not compared). Every move the release saved is kept."""
    path, shown = views.with_name(views.name.removesuffix(SHOWN) + ".msgpack"), json.loads(views.read_text())
    loaded = replay_snapshot(saved(path))
    assert len(loaded.moved if loaded.moved is not None else loaded.snapshot.actions) == shown["turn"]
    assert_shown(loaded.state, shown)


@pytest.mark.thorough
def test_a_mid_night_save_opened_and_read_again_stays_where_its_release_left_it(store):
    """Opening a match stores it again in today's rules: the reading stored is the proven one."""
    [(path, shown)] = [
        (path, shown)
        for path, shown in paused()
        if misreadable(path) and shown["public"].get("phase", "").startswith("night")
    ][:1]
    match_id = saved(path).match_id
    shutil.copyfile(path, store.folder / path.name)
    host = MatchHost.resume(match_id, store, Bus())
    try:
        assert not host.unsaved
        assert_shown(host.state, shown)
    finally:
        host.close()
    again = load(store, match_id)
    assert again.snapshot.rules == again.game.rules_version and again.moved is None  # stored in today's rules
    assert saved(path).app_version == "0.2.0" and again.snapshot.app_version == __version__  # by today's release
    assert_shown(again.state, shown)


@functools.cache
def upgraded_saves() -> tuple[Path, ...]:
    """The corpus saves that today's rules cannot replay as they are."""
    found = []
    for path in CORPUS:
        old = saved(path)
        try:
            replay_snapshot(dataclasses.replace(old, rules=GAMES[old.game_id].rules_version))
        except DamagedSave:
            found.append(path)
    return tuple(found)


#: the steps Ahldarahd's upgrades put into a 0.2.0 log: the Night's new question, the free routes' "done"
AHLDARAHD_STEPS = (("stand_by",), ("done",))


@functools.cache
def put_in(path: Path) -> tuple[frozenset, bool]:
    """The steps that bringing the save's log forward puts into it, and whether any of them
    comes before a move of the log (so that move's place in the log changes)."""
    loaded = replay_snapshot(saved(path))
    moved = loaded.moved or []
    steps = frozenset(action for turn, action in enumerate(loaded.snapshot.actions) if turn not in set(moved))
    return steps, moved != list(range(len(moved)))


def shortest_needing(step, moves_follow: bool = False) -> Path | None:
    """The shortest corpus save whose log needs ``step`` put in (before one of its moves, if
    ``moves_follow``). The shortest first: each save is brought forward only until one is found."""
    upgraded = sorted(upgraded_saves(), key=lambda path: len(saved(path).actions))
    return next((path for path in upgraded if step in put_in(path)[0] and (put_in(path)[1] or not moves_follow)), None)


@pytest.mark.thorough
def test_weighed_rows_move_with_their_moves_when_a_log_is_brought_forward():
    """On the shortest saves that need each of Ahldarahd's steps put in before some of their
    moves (every row of them checked: a longer save would check the same mapping again)."""
    assert upgraded_saves()  # 0.2.0's Ahldarahd saves need their steps put in
    paths = {shortest_needing(step, moves_follow=True) for step in AHLDARAHD_STEPS}
    assert None not in paths
    for path in paths:
        old = saved(path)
        # what an AI weighed, at every move: a row naming the action taken there
        old.weighed = {turn: [[action, 1.0, f"move {turn}"]] for turn, action in enumerate(old.actions)}
        loaded = replay_snapshot(old)
        assert loaded.moved is not None and len(loaded.moved) == len(old.actions)
        assert len(loaded.snapshot.actions) > len(old.actions)
        assert loaded.moved != list(range(len(old.actions))), path.name  # some rows have moves to follow
        for turn, rows in loaded.snapshot.weighed.items():
            assert rows[0][0] == loaded.snapshot.actions[turn]
            assert rows[0][2] == f"move {loaded.moved.index(turn)}"


@pytest.mark.thorough
def test_a_save_that_still_fails_gives_the_last_attempts_reason():
    """The first attempt (today's rules as they are) fails early, at the first step the old
    rules skipped; the reason shown is the upgraded attempt's, at the move really at fault."""
    path = upgraded_saves()[0]
    old = saved(path)
    old.actions[-1] = ("no such move",)
    with pytest.raises(DamagedSave) as caught:
        replay_snapshot(old)
    count = len(old.actions)
    assert f"move {count} of {count} (('no such move',)) is not legal" in caught.value.reason


def test_a_save_of_newer_rules_is_refused():
    game = GAMES["decktet_caravan"]
    newer = Snapshot(
        match_id="m",
        game_id=game.id,
        options={},
        players=2,
        seats=["human", "human"],
        names=["A", "B"],
        seed=1,
        rules=game.rules_version + 1,
    )
    with pytest.raises(DamagedSave, match=r"newer caravan-tui .*rules version"):
        replay_snapshot(newer)


@pytest.mark.thorough
def test_a_save_that_knows_its_rules_version_is_read_as_that_version_only():
    """A save of today's rules is not "upgraded" into something else, even when that would
    replay: only a save from before rules versions (0) is tried under each."""
    path = upgraded_saves()[0]
    old = saved(path)
    assert replay_snapshot(old).snapshot.actions != old.actions  # version 0: brought forward
    with pytest.raises(DamagedSave):
        replay_snapshot(dataclasses.replace(old, rules=GAMES[old.game_id].rules_version))


def test_every_game_upgrades_from_each_of_its_older_rules_versions():
    for game in GAMES.values():
        assert set(game.upgraders) == set(range(1, game.rules_version)), game.id


@pytest.mark.thorough
def test_the_corpus_holds_saves_that_need_each_of_ahldarahds_upgrades():
    """0.2.0's saves themselves need the Night's new question and the free routes' "done"."""
    for step in AHLDARAHD_STEPS:
        assert shortest_needing(step) is not None, step
