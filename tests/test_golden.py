"""Saves written by every release's own code still open (issue 33): the golden corpus in
tests/golden/<release>/ (made by tools/golden_saves.py) opens, replays under today's rules,
keeps what was weighed at the right moves, and plays on; and the rules-version upgrades each
game declares bring an old log forward one version at a time."""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from caravan_tui.bus import Act, Bus
from caravan_tui.games import GAMES
from caravan_tui.match.host import MatchHost
from saves import DamagedSave, SaveStore, Snapshot
from saves.journal import frame, parse
from saves.loading import checked_entries, load, replay_snapshot

GOLDEN = Path(__file__).parent / "golden"
CORPUS = sorted(GOLDEN.glob("*/*.msgpack"))


def corpus():
    return [pytest.param(path, id=f"{path.parent.name}/{path.stem}") for path in CORPUS]


def saved(path: Path) -> Snapshot:
    """The match in a corpus file: a snapshot, or a journal (a snapshot, then its records)."""
    return parse(path.read_bytes()).snapshot


@pytest.fixture
def store(tmp_path) -> SaveStore:
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    return store


def test_the_corpus_has_every_game_mid_game_and_finished_from_every_release():
    assert CORPUS
    for release in sorted({path.parent for path in CORPUS}):
        saves = [saved(path) for path in release.glob("*.msgpack")]
        for game in GAMES:
            assert {s.status == "playing" for s in saves if s.game_id == game} == {True, False}, (release, game)
    night = [saved(path) for path in CORPUS if "night" in path.stem]
    assert {s.options.get("night_of_the_outsider") for s in night} >= {True}


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


def test_the_corpus_holds_journals_whose_records_are_chained_and_they_tear_at_their_end(store):
    """Matches stopped half way keep their moves as records after the snapshot; since the chain
    (issue 53) each record's check covers the one before it."""
    journals = [(path, parse(path.read_bytes())) for path in CORPUS]
    chained = [path for path, parsed in journals
               if parsed.records and path.read_bytes()[-len(frame(parsed.records[-1], 0)[0])] == 0xC9]
    assert {saved(path).game_id for path in chained} == set(GAMES)
    for path in chained:
        data = path.read_bytes()
        match_id = saved(path).match_id
        (store.folder / f"{match_id}.msgpack").write_bytes(data[:-3] + bytes(3))  # its last move torn
        assert len(load(store, match_id).snapshot.actions) == len(saved(path).actions) - 1


def upgraded_saves() -> list[Path]:
    """The corpus saves that today's rules cannot replay as they are."""
    found = []
    for path in CORPUS:
        old = saved(path)
        try:
            replay_snapshot(dataclasses.replace(old, rules=GAMES[old.game_id].rules_version))
        except DamagedSave:
            found.append(path)
    return found


def test_weighed_rows_move_with_their_moves_when_a_log_is_brought_forward():
    upgraded = upgraded_saves()
    assert upgraded  # 0.2.0's Ahldarahd and Merchant Lord saves need their steps put in
    for path in upgraded:
        old = saved(path)
        # what an AI weighed, at every move: a row naming the action taken there
        old.weighed = {turn: [[action, 1.0, f"move {turn}"]] for turn, action in enumerate(old.actions)}
        loaded = replay_snapshot(old)
        assert loaded.moved is not None and len(loaded.moved) == len(old.actions)
        assert len(loaded.snapshot.actions) > len(old.actions)
        for turn, rows in loaded.snapshot.weighed.items():
            assert rows[0][0] == loaded.snapshot.actions[turn]
            assert rows[0][2] == f"move {loaded.moved.index(turn)}"


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
    newer = Snapshot(match_id="m", game_id=game.id, options={}, players=2, seats=["human", "human"],
                     names=["A", "B"], seed=1, rules=game.rules_version + 1)
    with pytest.raises(DamagedSave, match=r"newer caravan-tui .*rules version"):
        replay_snapshot(newer)


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


def test_the_corpus_holds_saves_that_need_each_of_ahldarahds_upgrades():
    """0.2.0's saves themselves need the Night's new question and the free routes' "done"."""
    put_in = set()
    for path in upgraded_saves():
        loaded = replay_snapshot(saved(path))
        kept = set(loaded.moved or ())
        put_in |= {action for turn, action in enumerate(loaded.snapshot.actions) if turn not in kept}
    assert {("stand_by",), ("done",)} <= put_in
