"""What a server written by each release left in its folder still opens (the golden corpus's
hosted part: tests/golden/<release>-hosted/, made by ``tools/golden_saves.py --hosted``).

Today's hub, started on a copy of the folder, reads every hosted record with nothing skipped,
resumes each match still being played at the position its save holds (as its replay reads it,
and as the release's hub showed each seat: ``shown/<id>.views.json``), with its seats' owners
and names as stored and its chat and seat notes, and reads the finished matches' records, the
ratings, the names and the bans. A copy with one record torn skips that one, saying why, and
opens the rest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from shown_views import as_written, assert_shown

from caravan_tui.saves import Snapshot
from caravan_tui.saves.journal import parse
from caravan_tui.saves.loading import replay_snapshot
from caravan_tui.ssh.hub import Hub
from caravan_tui.ssh.records import INTRODUCED, HostedRecord, Identities, side_log_data

GOLDEN = Path(__file__).parent / "golden"
#: each release's server folder (and a draft of the next release's, while it is made)
SERVERS = sorted(path for path in GOLDEN.glob("*-hosted*") if path.is_dir())
#: beside the server's own files: what its hub showed each seat of a match being played as it stopped
SHOWN = "shown"


def raw_records(folder: Path) -> dict[str, dict]:
    """Each hosted record as the release wrote it, by match id."""
    return {path.stem: json.loads(path.read_text()) for path in sorted((folder / "hosted").glob("*.json"))}


def saved(folder: Path, match_id: str) -> Snapshot:
    """The match's save as the release wrote it (a snapshot, or a journal: a snapshot and its records)."""
    return parse((folder / "saves" / f"{match_id}.msgpack").read_bytes()).snapshot


def unfinished(folder: Path) -> set[str]:
    """The matches a hub resumes: still being played, and not closed by an operator."""
    return {
        match_id
        for match_id, data in raw_records(folder).items()
        if data.get("closed") is None and saved(folder, match_id).status == "playing"
    }


@pytest.fixture(params=SERVERS, ids=lambda path: path.name)
def server(request, tmp_path) -> Path:
    """A copy of one release's server folder (a hub writes in its folder as it starts)."""
    copy = tmp_path / "server"
    shutil.copytree(request.param, copy)
    return copy


def test_every_release_s_server_folder_holds_what_the_tests_below_need():
    assert SERVERS
    for folder in SERVERS:
        records = raw_records(folder)
        playing = unfinished(folder)
        finished = [match_id for match_id in records if saved(folder, match_id).status != "playing"]
        assert finished and playing, folder.name
        assert any(owner is not None for match_id in playing for owner in records[match_id]["owners"]), folder.name
        logs = [json.loads(path.read_text()) for path in (folder / "hosted" / "log").glob("*.json")]
        assert any(log["chat"] for log in logs), folder.name
        # a rematch's seat kept, a seat given up (a guest gone), a match an operator closed, a rematch asked for
        for field in ("invited", "left", "closed", "rematch"):
            assert any(data.get(field) for data in records.values()), (folder.name, field)
        assert (folder / "identities.json").is_file() and (folder / "ratings.jsonl").is_file(), folder.name
        assert json.loads((folder / "moderation.json").read_text())["bans"], folder.name
        assert {path.name.removesuffix(".views.json") for path in (folder / SHOWN).glob("*")} == playing, folder.name
        assert sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) < 500_000, folder.name


async def test_today_s_hub_reads_every_record_and_resumes_each_match_where_its_save_left_it(server, worker):
    records = raw_records(server)
    playing = unfinished(server)
    hub = Hub(server, worker, iterations=5)
    try:
        assert hub.start() == []  # nothing skipped
        # (before anything is awaited: no seat has moved since the hub opened the matches)
        assert set(hub.matches) == playing
        for match_id in playing:
            hosted, before = hub.matches[match_id], saved(server, match_id)
            replayed = replay_snapshot(before)
            assert hosted.record.owners == records[match_id]["owners"]
            assert hosted.host.names == before.names
            assert hosted.row(None).names == before.names
            assert [kind for kind, owner in zip(hosted.row(None).kinds, hosted.record.owners) if owner] == [
                "away" for owner in hosted.record.owners if owner
            ]  # nobody is at the table: every person's seat waits for them
            assert hosted.host.turn == len(replayed.snapshot.actions)
            assert hosted.host.actions == replayed.snapshot.actions
            state = hosted.host.state
            for seat in range(before.players):
                assert as_written(state.view(seat)) == as_written(replayed.state.view(seat)), (match_id, seat)
            assert as_written(state.view(None)) == as_written(replayed.state.view(None)), match_id
            shown = json.loads((server / SHOWN / f"{match_id}.views.json").read_text())
            assert shown["turn"] == hosted.host.turn
            assert_shown(state, shown)
            side_log = server / "hosted" / "log" / f"{match_id}.json"
            if side_log.exists():
                kept = json.loads(side_log.read_text())
                now = side_log_data(hosted.host.chat, hosted.host.notes)
                assert now["chat"] == kept["chat"] and now["notes"][: len(kept["notes"])] == kept["notes"]
                assert now["chat_at"] == kept.get("chat_at", now["chat_at"])
        for match_id, data in records.items():
            record = hub.keeping.record(match_id)
            assert isinstance(record, HostedRecord), match_id
            assert record.to_data() == {"ai_finish": False, **data}
        finished = [record for record in hub.keeping.finished_records() if record.match_id not in playing]
        assert hub.standings.check(finished) == 0  # the ratings kept are the ones the records give
        for record in finished:
            if saved(server, record.match_id).status == "over":
                for owner in filter(None, record.owners):
                    assert record.match_id in {row.match for row in hub.finished.rows(owner)}
        for path in sorted((server / "hosted" / "log").glob("*.json")):  # a finished match's too (its reviews)
            kept = json.loads(path.read_text())
            now = side_log_data(*hub.keeping.side_log(path.stem, saved(server, path.stem).players))
            assert now == {"chat_at": now["chat_at"], **kept}, path.stem
        names = json.loads((server / "identities.json").read_text())
        assert Identities(server / "identities.json").names == {k: v for k, v in names.items() if k != INTRODUCED}
        if (server / "moderation.json").exists():
            bans = json.loads((server / "moderation.json").read_text())["bans"]
            assert [ban.identity for ban in hub.keeping.moderation.bans()] == list(bans)
    finally:
        hub.stop()


async def test_a_torn_record_is_skipped_with_its_reason_and_the_rest_still_open(server, worker):
    playing = unfinished(server)
    for match_id in sorted(raw_records(server)):
        copy = server.parent / f"torn-{match_id}"
        shutil.copytree(server, copy)
        path = copy / "hosted" / f"{match_id}.json"
        path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
        hub = Hub(copy, worker, iterations=5)
        try:
            [problem] = hub.start()
            assert problem.startswith(f"{match_id}: ") and len(problem) > len(match_id) + 2
            assert set(hub.matches) == playing - {match_id}
            assert dict(hub.keeping.records())[match_id] == problem.removeprefix(f"{match_id}: ")
        finally:
            hub.stop()
