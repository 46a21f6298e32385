"""Each rule change that alters legal sequences has an upgrader (issue 33): a log of the older
rules, which skipped the step the change added, is brought forward with that step put in, and
what was weighed at each move moves with it; and a log that does not name its rules version is
brought forward only along the one reading that gives the position it was saved at.

A log of the old rules is made from one of today's by taking out the steps the old rules did
not ask (where the upgrader would put them in); bringing it forward must give today's log back."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from caravan_tui.games import GAMES
from caravan_tui.games.merchant_lord.sales import END_FAVOUR
from caravan_tui.games.merchant_lord.terms import FAVOUR
from caravan_tui.games.merchant_lord.upgrades import favour_step_always_offered
from caravan_tui.saves import DamagedSave, Snapshot
from caravan_tui.saves.codec import decode, plain
from caravan_tui.saves.loading import readings, replay_snapshot, upgrade


def todays_log(game_id: str, players: int, options: dict, seed: int) -> list:
    game = GAMES[game_id]
    state = game.new(players, seed=seed, options=game.resolve_options(options))
    rng = random.Random(seed)
    log = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action, False)
        log.append(action)
    return log


def old_log(game_id: str, players: int, options: dict, seed: int, log: list, version: int) -> list:
    """``log`` as the rules of ``version`` wrote it: every step a later version added left out."""
    game = GAMES[game_id]
    state = game.new(players, seed=seed, options=game.resolve_options(options))
    steps = [game.upgraders[v] for v in range(version, game.rules_version)]
    old = []
    for action in log:
        added = any(step(state, None) == [action] for step in steps)
        state.apply(action, False)
        if not added:
            old.append(action)
    return old


def snapshot(game_id: str, players: int, options: dict, seed: int, actions: list, rules: int) -> Snapshot:
    """A finished match's save (the outcome is the same under either rules)."""
    game = GAMES[game_id]
    final = game.new(players, seed=seed, options=game.resolve_options(options))
    for action in todays_log(game_id, players, options, seed):
        final.apply(action, False)
    return Snapshot(
        match_id="m",
        game_id=game_id,
        options=game.resolve_options(options),
        players=players,
        seats=["ai:easy"] * players,
        names=[f"P{i}" for i in range(players)],
        seed=seed,
        actions=list(actions),
        rules=rules,
        status="over",
        result=final.outcome(),
    )


CHANGES = [
    # (game, players, options, the version before the change, the step it added)
    pytest.param("ahldarahd", 5, {"night_of_the_outsider": True}, 1, ("stand_by",), id="ahldarahd-night-asks"),
    pytest.param("ahldarahd", 3, {}, 2, ("done",), id="ahldarahd-last-claim-done"),
]


@pytest.mark.thorough
@pytest.mark.parametrize(("game_id", "players", "options", "version", "step"), CHANGES)
def test_a_log_of_the_old_rules_is_brought_forward_with_the_added_steps(game_id, players, options, version, step):
    game = GAMES[game_id]
    brought = 0
    for seed in range(8):
        log = todays_log(game_id, players, options, seed)
        old = old_log(game_id, players, options, seed, log, version)
        if log.count(step) == old.count(step):
            continue  # this match never came to the step the change added
        before = snapshot(game_id, players, options, seed, old, rules=version)
        with pytest.raises(DamagedSave):  # under today's rules as it is, the old log is not legal
            replay_snapshot(snapshot(game_id, players, options, seed, old, rules=game.rules_version))
        before.weighed = {turn: [[action, 1.0, f"old move {turn}"]] for turn, action in enumerate(old)}
        after, moved = upgrade(game, before, version)
        assert after.actions == log and after.rules == game.rules_version
        assert moved is not None and [log[n] for n in moved] == old
        for turn, rows in after.weighed.items():  # each row still names the move it was weighed for
            assert rows[0][0] == log[turn] and rows[0][2] == f"old move {moved.index(turn)}"
        loaded = replay_snapshot(before)
        assert loaded.snapshot.actions == log and loaded.state.is_over()
        brought += 1
    assert brought, "no seed reached the changed step"


def favour_step(players: int = 3, seed: int = 1):
    """Merchant Lord at a seat's favour step (the seat has favour to spend)."""
    game = GAMES["merchant_lord"]
    state = game.new(players, seed=seed, options=game.resolve_options({}))
    rng = random.Random(seed)
    while state.phase != FAVOUR:
        state.apply(rng.choice(state.legal_actions()), False)
    return state


def test_merchant_lord_version_1_skipped_the_favour_step_when_no_open_village_could_take_the_dice():
    """§7.1 before the ruling: the favour step passed by itself unless some open village had no
    more stalls than the seat had dice to place; today it is offered whenever the seat can pay."""
    state = favour_step()
    assert favour_step_always_offered(state, None) == []  # an open village could take them: asked then too
    for village in range(len(state.vseller)):
        state.vseller[village] = 0  # every village taken: no sale can be made
    assert favour_step_always_offered(state, None) == [END_FAVOUR]
    state.apply(END_FAVOUR, False)  # and today's rules accept what is put in


# -- an upgrade proves itself (issue 48) ---------------------------------------------------------

#: a save release 0.2.0 wrote mid-Night, after a bystander its rules passed by: read as a log of
#: rules version 2, its log replays too, with a seat's Night answer taken for another's
MID_NIGHT = Path(__file__).parent / "golden" / "0.2.0" / "ahldarahd-night_of_the_outsider-on-5p-random-2-at47.msgpack"


def mid_night() -> Snapshot:
    return decode(MID_NIGHT.read_bytes())


def test_a_save_without_its_rules_version_opens_along_the_one_reading_that_gives_its_position():
    old = mid_night()
    game = GAMES[old.game_id]
    assert old.rules == 0 and old.state
    found = readings(game, old)
    assert sorted(sorted(versions) for versions, _ in found) == [[1], [2]]  # two logs, two positions
    stored = {key: old.state[key] for key in ("night", "turn")}
    positions = [{key: plain(replayed.state.to_data())[key] for key in stored} for _, replayed in found]
    assert positions.count(stored) == 1
    loaded = replay_snapshot(old)
    assert {key: plain(loaded.state.to_data())[key] for key in stored} == stored
    assert loaded.snapshot.actions == upgrade(game, old, 1)[0].actions  # 0.2.0 played rules version 1


def test_a_log_that_reads_two_ways_and_pins_no_position_is_refused():
    with pytest.raises(
        DamagedSave,
        match=r"reads 2 ways \(as rules version 2 and as rules version 1\) leading to "
        r"different positions.*not opened at a guess",
    ):
        replay_snapshot(replace(mid_night(), state={}))


def test_a_save_whose_position_no_reading_gives_is_refused():
    other = decode(MID_NIGHT.with_name(MID_NIGHT.name.replace("at47", "at44")).read_bytes())
    with pytest.raises(DamagedSave, match=r"under any of .*'s rules does not give the saved position \(it differs in"):
        replay_snapshot(replace(mid_night(), state=other.state))


def test_readings_that_all_give_the_position_a_save_pins_are_refused():
    """A stored position too thin to tell the readings apart (a crafted cache) proves neither."""
    old = mid_night()
    with pytest.raises(DamagedSave, match=r"reads 2 ways .* each giving the position it was saved at"):
        replay_snapshot(replace(old, state={"players": old.state["players"]}))


def test_a_save_of_an_older_rules_version_must_give_its_stored_position():
    """Its one reading is checked as well: the 0.2.0 save claimed as a log of version 2 does not
    replay to the position it stored; as version 1 (what 0.2.0 played) it does."""
    with pytest.raises(DamagedSave, match=r"does not give the saved position \(it differs in .*night"):
        replay_snapshot(replace(mid_night(), rules=2))
    assert replay_snapshot(replace(mid_night(), rules=1)).snapshot.rules == GAMES["ahldarahd"].rules_version
