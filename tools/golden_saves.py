"""Write the golden corpus: saves made by the actual code of a release (issue 33).

    python tools/golden_saves.py                       # every release in RELEASES
    python tools/golden_saves.py --release 0.3.0=abc1234
    python tools/golden_saves.py --stops --label defaults --seeds 1   # paused saves (issue 48)
    python tools/golden_saves.py --hosted --release 0.3.0=abc1234      # a server's folder

For each release, its commit is checked out into a temporary ``git worktree``, and that
release's own code (its ``MatchRunner``, AI seats and save store) plays seeded matches of every
game with AI seats (with each game's quick options, then each of its on/off options flipped
at the usual and at the most players, there by random seats too, then its defaults with the
most players; two seeds each): one match played to the
end, and the same match stopped about half way. The saves land in
``tests/golden/<release>/<game>-<options>-<seed>-<end|mid>.msgpack`` (``--games``,
``--label`` and ``--seeds`` play fewer, or more); ``tests/test_golden.py``
checks that today's code opens, replays and plays on every one of them.

``--stops`` plays each configuration by random seats to the end, then has the release's own
match host play its log again and save it paused where each kind of decision is to be made
(the phase the table shows, else the kinds of legal action: where one is first to be made, and
in the middle of its longest run; at most ``MOST_STOPS`` of them), and where the log cut there
reads more than one way under today's upgraders (``saves.loading.readings``: what an upgrade
could misread, such as a save in the middle of a Night). Beside each
``<game>-<options>-<seed>-at<move>.msgpack`` lies ``….views.json``: what the release showed
each seat and the spectators there, which today's code must show again.

``--hosted`` runs the release's hub in-process (driven over socket pairs, as the SSH server's
sessions drive it) on a new server folder: people with keys and a guest host matches of several
games with AI seats and chat; one is played to its end (rated), its rematch keeps a seat for the
other player, one keeps a guest's seat given up and waits for its person, one waits for a banned
person, one an operator closed. The folder as the stopped hub left it lands in
``tests/golden/<release>-hosted/`` (with ``shown/``: what it showed each seat of the matches
being played); ``tests/test_golden_hosted.py`` checks that today's hub opens it all, each match
where the release left it.

Every release adds its saves: run this with the new release's name and commit, commit the
files, and add the release to RELEASES. The AI seats search a fixed number of iterations
(``CARAVAN_TUI_AI_BUDGET=iterations``), so a match is the same on every machine.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from caravan_tui.games import GAMES
from caravan_tui.saves import DamagedSave

ROOT = Path(__file__).resolve().parents[1]
#: release -> commit; 0.2.0 is the first release (0.1.0 was the version of the skeleton only)
RELEASES = {"0.2.0": "b64f8c5", "0.3.0": "57871fc"}

#: The player, run by the release's own code (only what every release since 0.2.0 offers).
PLAY = r"""
import asyncio, json, sys
from pathlib import Path
from caravan_tui.ai.worker import AIWorker
from caravan_tui.bus import Act, Bus
from caravan_tui.match.host import MatchHost
from caravan_tui.games import GAMES
from caravan_tui.match.runner import MatchRunner
from caravan_tui.seats import SeatSpec
from caravan_tui.saves.store import SaveStore

import caravan_tui
assert Path(caravan_tui.__file__).resolve().is_relative_to(Path.cwd().resolve()), "not the release's code"
store = SaveStore(Path(sys.argv[1]))
ONLY = set(filter(None, sys.argv[2].split(",")))
SEEDS = [int(seed) for seed in sys.argv[3].split(",")]
LABEL = sys.argv[4]
STOPS = sys.argv[5] == "stops"
SCRATCH = SaveStore(Path(sys.argv[1]) / "scratch")
ITERATIONS = 24
MOST_STOPS = 8  # of a match by the kinds of decision (evenly among them, first and last kept)


def configurations(game):
    # (label, options, players, seat): the quick options; each on/off option flipped, at the
    # usual and at the most players, and there by random seats too (they reach positions AI
    # seats avoid, such as a player left with no gold); the defaults with the most players
    base = game.resolve_options(game.quick_options)
    most = max(game.players)
    yield "quick", base, game.default_players, "ai:easy"
    for name, option in game.options.items():
        if set(option.choices) == {False, True}:
            flipped = {**base, name: not base[name]}
            for players in sorted({game.default_players, most}):
                try:
                    game.new(players, seed=0, options=flipped)
                except ValueError:
                    continue  # not with this many players
                label = f"{name}-{'on' if flipped[name] else 'off'}-{players}p"
                yield label, flipped, players, "ai:easy"
                if players == most:
                    yield f"{label}-random", flipped, players, "random"
    yield f"defaults-{most}p", game.resolve_options({}), most, "ai:easy"


async def play(worker, game, label, options, players, seat, seed, stop_at=None):
    seats = [SeatSpec.parse(seat)] * players
    match_id = f"{game.id}-{label}-{seed}-{'mid' if stop_at else 'end'}"
    runner = MatchRunner.new(game.id, seats, [f"AI {i + 1}" for i in range(players)], seed, options, store,
                             match_id=match_id, iterations=ITERATIONS, worker=worker)
    runner.start()
    host = runner.host
    while host.status == "playing" and (stop_at is None or host.turn < stop_at):
        await asyncio.sleep(0.005)
    runner.stop()
    # the writes in the store's thread land: every move, and a finished match's last snapshot
    # (a fixed pause was too short on a busy machine: a finished match was left as a journal)
    while True:
        kept = store.read(match_id)
        if len(kept.actions) == host.turn and kept.status == host.status:
            return host.turn
        await asyncio.sleep(0.01)


async def main():
    async with AIWorker(max_workers=1) as worker:
        for game in GAMES.values():
            if ONLY and game.id not in ONLY:
                continue
            done = set()
            for label, options, players, seat in configurations(game):
                if STOPS:  # by random seats only: each configuration once
                    label, seat = label.removesuffix("-random") + "-random", "random"
                if LABEL not in label or label in done:
                    continue
                done.add(label)
                for seed in SEEDS:
                    if STOPS:
                        await stops(worker, game, label, options, players, seat, seed)
                        continue
                    moves = await play(worker, game, label, options, players, seat, seed)
                    await play(worker, game, label, options, players, seat, seed, stop_at=max(1, moves // 2))
                    print(game.id, label, seed, moves, flush=True)


def kinds(game, players, seed, options, log):
    # the kind of decision before each move: the phase (and stage) the table shows, where the
    # game shows one, else the verbs of the legal actions
    state = game.new(players, seed=seed, options=options)
    found = []
    for action in log:
        shown = state.view(None)
        verbs = sorted({str(legal[0]) for legal in state.legal_actions()})
        found.append((shown.get("phase"), shown.get("stage")) if "phase" in shown else tuple(verbs))
        state.apply(action)
    return found


def stopping_points(found):
    # for each kind of decision: where it is first to be made, and the middle of its longest run
    # (a bidding round, a Night's answers, a trade being put together: some seats have acted)
    runs = {}
    start = 0
    for at in range(1, len(found) + 1):
        if at == len(found) or found[at] != found[start]:
            runs.setdefault(found[start], []).append((start, at))
            start = at
    points = set()
    for spans in runs.values():
        points.add(max(spans[0][0], 1))
        first, end = max(spans, key=lambda span: span[1] - span[0])
        if end - first > 1:
            points.add(first + (end - first) // 2)
    points = sorted(points)
    if len(points) <= MOST_STOPS:
        return points
    return [points[round(i * (len(points) - 1) / (MOST_STOPS - 1))] for i in range(MOST_STOPS)]


async def stops(worker, game, label, options, players, seat, seed):
    # the whole match in a scratch folder (kept for the points the caller picks next), then
    # saves where each kind of decision is to be made
    match_id = f"{game.id}-{label}-{seed}"
    runner = MatchRunner.new(game.id, [SeatSpec.parse(seat)] * players, [f"AI {i + 1}" for i in range(players)],
                             seed, options, SCRATCH, match_id=match_id, iterations=ITERATIONS, worker=worker)
    runner.start()
    while runner.host.status == "playing":
        await asyncio.sleep(0.005)
    runner.stop()
    await asyncio.sleep(0.05)
    log = list(runner.host.actions)
    points = stopping_points(kinds(game, players, seed, options, log))
    for point in points:
        await save_at(SCRATCH.read(match_id), point)
    print(game.id, label, seed, len(log), points, flush=True)


async def save_at(whole, point):
    # the release's own host plays the first ``point`` moves of the match ``whole`` again and
    # saves; beside the save, what it showed each seat and the spectators there
    match_id, players = f"{whole.match_id}-at{point}", whole.players
    host = MatchHost.new(whole.game_id, [SeatSpec.parse(seat) for seat in whole.seats], whole.names, whole.seed,
                         whole.options, store, Bus(), match_id=match_id)
    try:
        for action in whole.actions[:point]:
            await host.handle(Act(match_id, host.state.to_move(), host.turn, action))
        assert host.turn == point, (match_id, host.turn)
        shown = {"turn": point, "seats": [host.state.view(s) for s in range(players)], "public": host.state.view(None)}
    finally:
        host.close()
    (store.folder / f"{match_id}.views.json").write_text(json.dumps(shown, sort_keys=True))


async def at_points(wanted):
    for match_id, points in wanted.items():
        for point in points:
            await save_at(SCRATCH.read(match_id), point)
        print(match_id, points, flush=True)


asyncio.run(at_points(json.loads(sys.argv[6])) if sys.argv[5] == "points" else main())
"""

#: the folder of a hosted corpus holding what the release's hub showed (no folder a server keeps)
SHOWN_FOLDER = "shown"
#: The server, run by the release's own code: its hub in-process on the folder ``sys.argv[1]``,
#: driven over socket pairs as the SSH server's sessions drive it (only what 0.3.0 offers).
HOSTED = r"""
import asyncio, json, random, socket, sys
from pathlib import Path
from caravan_tui import hub_protocol as protocol
from caravan_tui.ai.worker import AIWorker
from caravan_tui.bus import Act, Chat, MatchOver, YourTurn
from caravan_tui.ssh.framing import encode, read_frame
from caravan_tui.ssh.hub import Hub

import caravan_tui
assert Path(caravan_tui.__file__).resolve().is_relative_to(Path.cwd().resolve()), "not the release's code"
ROOT, SHOWN = Path(sys.argv[1]), Path(sys.argv[2])
ITERATIONS = 8
WAIT = 60  # seconds; only guards against a hung run
ANN, BOB, CYD, DAN = (f"SHA256:{name * 7}" for name in ("ann", "bob", "cyd", "dan"))
GUEST = "guest:0123456789ab"


class Peer:
    # a session's end of a hub socket (as the SSH server's session would be)
    def __init__(self, hub, identity, guest=False):
        self.hub, self.identity, self.guest = hub, identity, guest

    async def open(self):
        ours, theirs = socket.socketpair()
        reader, writer = await asyncio.open_unix_connection(sock=theirs)
        self.served = asyncio.create_task(self.hub.serve(reader, writer, self.identity, self.guest))
        self.reader, self.writer = await asyncio.open_unix_connection(sock=ours)
        return self

    async def send(self, message):
        self.writer.write(encode(message.to_map()))
        await self.writer.drain()

    async def next(self, kind, accept=lambda m: True):
        while True:
            frame = await asyncio.wait_for(read_frame(self.reader, 1 << 24, strict_keys=False), WAIT)
            msg = protocol.message_from_map(frame)
            if isinstance(msg, protocol.Refused) and kind is not protocol.Refused:
                raise AssertionError(f"{self.identity}: {msg.reason}")
            if isinstance(msg, kind) and accept(msg):
                return msg

    async def close(self):
        self.writer.close()
        await asyncio.wait_for(self.served, WAIT)


async def named(hub, identity, name, guest=False):
    peer = await Peer(hub, identity, guest).open()
    if not (await peer.next(protocol.Welcome)).name:
        await peer.send(protocol.SetName(name))
        await peer.next(protocol.Welcome, lambda m: m.name == name)
    return peer


async def create(peer, game, seats, grace, stand_in, ai_finish=False):
    await peer.send(protocol.CreateMatch(game, seats, {}, grace, stand_in, ai_finish))
    return await peer.next(protocol.Joined)


async def play(peer, rng, moves=10**6, say=(), until=lambda: True):
    # random legal moves on the peer's turns, saying ``say`` on its first ones: ``moves`` of them
    # and then until ``until()``, its next turn left unplayed (the match waits there for it); or
    # to the match's end
    say = list(say)
    while True:
        msg = await peer.next((YourTurn, MatchOver))
        if isinstance(msg, MatchOver) or (moves <= 0 and until()):
            return msg
        if say:
            await peer.send(Chat(msg.match, msg.seat, say.pop(0)))
            await asyncio.sleep(0.6)  # (the hub spaces a session's chat lines)
        await peer.send(Act(msg.match, msg.seat, msg.turn, rng.choice(msg.legal)))
        moves -= 1


async def eventually(condition, what):
    for _ in range(WAIT * 10):
        if condition():
            return
        await asyncio.sleep(0.1)
    kept = [path.read_text() for path in sorted((ROOT / "hosted").rglob("*.json"))]
    raise AssertionError(f"timed out waiting for {what}; the server keeps {kept}")


def logged(match, *words):
    path = ROOT / "hosted" / "log" / f"{match}.json"
    def found():
        text = path.read_text() if path.exists() else ""
        return all(word in text for word in words)
    return found


async def main():
    async with AIWorker(max_workers=1) as worker:
        hub = Hub(ROOT, worker, iterations=ITERATIONS, grace=90, operators=frozenset({ANN}))
        hub.start()
        ann, bob = await named(hub, ANN, "Ann"), await named(hub, BOB, "Bob")
        # a finished match of two people, with chat: its record, its side log, the ratings
        first = await create(ann, "decktet_caravan", ["you", "open"], 90, "easy")
        await bob.send(protocol.JoinSeat(first.match, 1))
        await bob.next(protocol.Joined)
        await asyncio.gather(
            play(ann, random.Random(1), say=["three camels for your salt?"]),
            play(bob, random.Random(2), say=["salt is dear this year"]),
        )
        await eventually(lambda: (ROOT / "ratings.jsonl").exists(), "the finished match rated")
        await eventually(logged(first.match, "salt is dear"), "the finished match's chat kept")
        for peer in (ann, bob):
            await peer.send(protocol.LeaveMatch(first.match))
            await peer.next(protocol.Lobby)
        # its rematch: Bob's seat kept for him (invited); Ann leaves it, so it waits for its people
        await ann.send(protocol.PlayAgain(first.match))
        again = await ann.next(protocol.Joined)
        await ann.send(protocol.LeaveMatch(again.match))
        await ann.next(protocol.Lobby)
        await eventually(logged(again.match, "{p0:is} away"), "Ann away from the rematch")
        # a match of three: a person, a guest who chats and leaves (an AI plays the seat for
        # good), an AI; the person leaves on her turn, her seat away: the match waits for her
        cyd = await named(hub, CYD, "Cyd")
        third = await create(cyd, "camel_caravan", ["you", "open", "ai:easy"], 30, "normal")
        guest = await named(hub, GUEST, "Visitor", guest=True)
        await guest.send(protocol.JoinSeat(third.match, 1))
        await guest.next(protocol.Joined)

        guest_left = logged(third.match, "hello from a guest", "from now on")

        async def guest_visits():  # one move, a word, and they leave
            turn = await guest.next(YourTurn)
            await guest.send(Chat(third.match, 1, "hello from a guest"))
            await guest.send(Act(third.match, 1, turn.turn, random.Random(3).choice(turn.legal)))
            await eventually(logged(third.match, "hello from a guest"), "the guest's chat kept")
            await guest.close()
            await eventually(guest_left, "the guest's seat given to an AI")

        await asyncio.gather(
            guest_visits(), play(cyd, random.Random(4), moves=3, say=["welcome, traveller"], until=guest_left)
        )
        await cyd.close()
        await eventually(logged(third.match, "{p0:is} away"), "Cyd away")
        # a match against an AI whose person is banned on their turn (the ban kept with it)
        dan = await named(hub, DAN, "Dan")
        fourth = await create(dan, "merchant_lord", ["you", "ai:easy"], 60, "hard")
        await play(dan, random.Random(6), moves=2, say=["buying spice"])
        await ann.send(protocol.Moderate("ban", "Dan", reason="selling fake spice"))
        await ann.next(protocol.Told)
        await eventually(logged(fourth.match, "buying spice", "{p0:is} away"), "Dan away")
        # a match an operator closed: its save and record kept, never resumed
        fifth = await create(ann, "caravanserai", ["you", "ai:easy"], 60, "easy", ai_finish=True)
        await ann.send(protocol.Moderate("close", fifth.match, reason="a test of closing"))
        await ann.next(protocol.Told, lambda m: "closed" in m.text)
        for peer in (ann, bob):
            await peer.close()
        for hosted in hub.matches.values():  # what the release shows each seat of a match being played
            if not hosted.over:
                state = hosted.host.state
                seats = [state.view(seat) for seat in range(hosted.host.snapshot.players)]
                shown = {"turn": hosted.host.turn, "seats": seats, "public": state.view(None)}
                SHOWN.mkdir(exist_ok=True)
                (SHOWN / f"{hosted.match_id}.views.json").write_text(json.dumps(shown, sort_keys=True))
        hub.stop()
        await asyncio.sleep(0.2)  # (the hosts' last writes, in their threads, end)
    print("finished", first.match, "rematch", again.match, "guest", third.match, "banned", fourth.match)
    print("closed", fifth.match)


asyncio.run(main())
"""


def read_twice(folder: Path) -> dict[str, list[int]]:
    """Of each whole match in ``folder``, where its log cut there (no state: the save then pins
    no position) reads more than one way under today's upgraders (``saves.loading.readings``):
    the middle of the first, the longest and the last such stretch of moves. A save there is
    where an upgrade could guess: the corpus holds it with the position the release showed."""
    from caravan_tui.saves.journal import parse
    from caravan_tui.saves.loading import readings

    wanted = {}
    for path in sorted(folder.glob("*.msgpack")):
        whole = parse(path.read_bytes()).snapshot  # (a release since 0.3.0 keeps a journal: records after it)
        game = GAMES[whole.game_id]
        twice = []
        for point in range(1, len(whole.actions)):
            cut = dataclasses.replace(
                whole,
                actions=whole.actions[:point],
                state={},
                status="playing",
                result=None,
                resigned=None,
                weighed={},
                rules=0,
            )
            try:
                if len(readings(game, cut)) > 1:
                    twice.append(point)
            except DamagedSave:
                continue
        stretches: list[list[int]] = []
        for point in twice:
            if stretches and stretches[-1][-1] == point - 1:
                stretches[-1].append(point)
            else:
                stretches.append([point])
        if stretches:
            picked = [stretches[0], max(stretches, key=len), stretches[-1]]
            wanted[whole.match_id] = sorted({stretch[len(stretch) // 2] for stretch in picked})
    return wanted


@contextlib.contextmanager
def release_tree(commit: str, home: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    """``commit`` checked out into a temporary ``git worktree``, with the environment that runs
    its code (its folder first on the path, ``home`` its home, the AI seats' budget in iterations)."""
    with tempfile.TemporaryDirectory(prefix="caravan-golden-") as temp:
        tree = Path(temp) / "tree"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True, capture_output=True
        )
        try:
            yield (
                tree,
                {
                    **os.environ,
                    "PYTHONPATH": str(tree),
                    "CARAVAN_TUI_HOME": str(home),
                    "CARAVAN_TUI_AI_BUDGET": "iterations",
                },
            )
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)


def write_release(
    name: str, commit: str, out: Path, games: str = "", seeds: str = "1,2", label: str = "", stops: bool = False
) -> None:
    """Play the matches with ``commit``'s code; its saves into ``out/name`` (replacing those of
    the same names). ``stops``: the saves paused at each kind of decision, each with its views."""
    with tempfile.TemporaryDirectory(prefix="caravan-golden-home-") as temp:
        home = Path(temp)
        with release_tree(commit, home) as (tree, env):
            subprocess.run(
                [sys.executable, "-c", PLAY, str(home), games, seeds, label, "stops" if stops else "ends"],
                cwd=tree,
                env=env,
                check=True,
            )
            if stops:
                wanted = json.dumps(read_twice(home / "scratch" / "saves"))
                subprocess.run(
                    [sys.executable, "-c", PLAY, str(home), games, seeds, label, "points", wanted],
                    cwd=tree,
                    env=env,
                    check=True,
                )
        target = out / name
        target.mkdir(parents=True, exist_ok=True)
        for save in sorted((home / "saves").glob("*.msgpack")) + sorted((home / "saves").glob("*.views.json")):
            shutil.copyfile(save, target / save.name)
        print(f"{name} ({commit}): {len(list(target.iterdir()))} saves in {target}")


def write_hosted(name: str, commit: str, out: Path) -> Path:
    """Run ``commit``'s hub on a new server folder (``HOSTED``) and copy what it left there into
    ``out/<name>-hosted`` (replacing it): the saves, the hosted records and side logs, the names,
    the ratings and the bans; not the lock files nor a write's temp files (hidden files). Beside
    them, in ``SHOWN_FOLDER``, what the hub showed each seat of each match still being played as
    it stopped (``<id>.views.json``, as ``--stops`` writes them)."""
    with tempfile.TemporaryDirectory(prefix="caravan-golden-home-") as temp:
        home = Path(temp)
        server = home / "server"
        with release_tree(commit, home) as (tree, env):
            if subprocess.run(
                [sys.executable, "-c", HOSTED, str(server), str(home / "shown")], cwd=tree, env=env
            ).returncode:
                raise SystemExit(f"{name} ({commit}): its hub failed (above); nothing written")
        target = out / f"{name}-hosted"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(server, target, ignore=shutil.ignore_patterns(".*"))
        shutil.copytree(home / "shown", target / SHOWN_FOLDER)
    files = [path for path in target.rglob("*") if path.is_file()]
    print(f"{name} ({commit}): {len(files)} files, {sum(path.stat().st_size for path in files)} bytes in {target}")
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--release",
        action="append",
        metavar="NAME=COMMIT",
        help="a release and its commit (default: every one in RELEASES)",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "golden")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--seeds", default="1,2", help="comma-separated seeds (default: 1,2)")
    parser.add_argument("--label", default="", help="only the configurations whose label holds this")
    parser.add_argument(
        "--hosted",
        action="store_true",
        help="the release's hub hosting a few matches: its server folder into <release>-hosted",
    )
    parser.add_argument(
        "--stops",
        action="store_true",
        help="random seats; saves paused where each kind of decision is to be made, with the views",
    )
    args = parser.parse_args()
    if args.hosted and not args.release:
        parser.error("--hosted needs --release NAME=COMMIT (a release from 0.3.0 on: its hub is driven as 0.3.0's is)")
    releases = dict(text.split("=", 1) for text in args.release) if args.release else RELEASES
    for name, commit in releases.items():
        if args.hosted:
            write_hosted(name, commit, args.out)
            continue
        write_release(name, commit, args.out, args.games, args.seeds, args.label, args.stops)
    return 0


if __name__ == "__main__":
    sys.exit(main())
