"""Write the golden corpus: saves made by the actual code of a release (issue 33).

    python tools/golden_saves.py                       # every release in RELEASES
    python tools/golden_saves.py --release 0.3.0=abc1234
    python tools/golden_saves.py --stops --label defaults --seeds 1   # paused saves (issue 48)

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

Every release adds its saves: run this with the new release's name and commit, commit the
files, and add the release to RELEASES. The AI seats search a fixed number of iterations
(``CARAVAN_TUI_AI_BUDGET=iterations``), so a match is the same on every machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from caravan_tui.games import GAMES
from caravan_tui.saves import DamagedSave

ROOT = Path(__file__).resolve().parents[1]
#: release -> commit; 0.2.0 is the first release (0.1.0 was the version of the skeleton only)
RELEASES = {"0.2.0": "b64f8c5"}

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
    await asyncio.sleep(0.05)  # a write in its thread finishes
    return host.turn


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


def read_twice(folder: Path) -> dict[str, list[int]]:
    """Of each whole match in ``folder``, where its log cut there (no state: the save then pins
    no position) reads more than one way under today's upgraders (``saves.loading.readings``):
    the middle of the first, the longest and the last such stretch of moves. A save there is
    where an upgrade could guess: the corpus holds it with the position the release showed."""
    from caravan_tui.saves.codec import decode
    from caravan_tui.saves.loading import readings

    wanted = {}
    for path in sorted(folder.glob("*.msgpack")):
        whole = decode(path.read_bytes())
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


def write_release(
    name: str, commit: str, out: Path, games: str = "", seeds: str = "1,2", label: str = "", stops: bool = False
) -> None:
    """Play the matches with ``commit``'s code; its saves into ``out/name`` (replacing those of
    the same names). ``stops``: the saves paused at each kind of decision, each with its views."""
    with tempfile.TemporaryDirectory(prefix="caravan-golden-") as temp:
        tree, home = Path(temp) / "tree", Path(temp) / "home"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True, capture_output=True
        )
        try:
            env = {
                **os.environ,
                "PYTHONPATH": str(tree),
                "CARAVAN_TUI_HOME": str(home),
                "CARAVAN_TUI_AI_BUDGET": "iterations",
            }
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
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)
        target = out / name
        target.mkdir(parents=True, exist_ok=True)
        for save in sorted((home / "saves").glob("*.msgpack")) + sorted((home / "saves").glob("*.views.json")):
            shutil.copyfile(save, target / save.name)
        print(f"{name} ({commit}): {len(list(target.iterdir()))} saves in {target}")


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
        "--stops",
        action="store_true",
        help="random seats; saves paused where each kind of decision is to be made, with the views",
    )
    args = parser.parse_args()
    releases = dict(text.split("=", 1) for text in args.release) if args.release else RELEASES
    for name, commit in releases.items():
        write_release(name, commit, args.out, args.games, args.seeds, args.label, args.stops)
    return 0


if __name__ == "__main__":
    sys.exit(main())
