"""How quickly "Your record" opens at a thousand finished matches (issue 51).

    python benchmarks/your_record.py [--matches 1000] [--json FILE]

A few matches are played to their end through the match host as the app plays them (a person
answering every turn at random, against random and greedy seats, and solo Caravanserai), and
their finished saves written again under new ids until the folder holds ``--matches`` finished
saves. Timed, each the median of three: the record made with no index (every save read and
replayed: the first look, or after the index was lost), with the index and nothing changed (a
look at the record any other time), and with the index after one more match (one save read).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from caravan_tui.bus import Act, MatchOver, YourTurn
from caravan_tui.games import get_game
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import SaveStore
from caravan_tui.saves.record import INDEX, RecordIndex
from caravan_tui.saves.snapshot import new_match_id
from caravan_tui.seats import SeatSpec

LINE_UPS = (
    ("decktet_caravan", ("human", "random")),
    ("decktet_caravan", ("human", "greedy")),
    ("camel_caravan", ("human", "random")),
    ("caravanserai", ("human",)),
)


async def play(store: SaveStore, game_id: str, seats: tuple[str, ...], seed: int) -> str:
    game = get_game(game_id)
    runner = MatchRunner.new(
        game_id,
        [SeatSpec.parse(seat) for seat in seats],
        [f"P{i}" for i in range(len(seats))],
        seed,
        game.quick_options,
        store,
    )
    person, rng = runner.client(0), random.Random(seed)
    runner.start()
    try:
        while not isinstance(msg := await person.get(), MatchOver):
            if isinstance(msg, YourTurn):
                await person.send(Act(person.match_id, 0, msg.turn, rng.choice(msg.legal)))
        await runner.wait()
    finally:
        runner.stop()
    return runner.match_id


def timed(work, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        played = [asyncio.run(play(store, game, seats, seed)) for seed, (game, seats) in enumerate(LINE_UPS * 3)]
        for number in range(args.matches - len(played)):
            store.write(
                dataclasses.replace(store.read(played[number % len(played)]), match_id=new_match_id() + f"-{number}")
            )
        index = RecordIndex(store)

        def cold() -> None:
            (store.root / INDEX).unlink(missing_ok=True)
            index.finished()

        cold_s = timed(cold)
        finished = len(index.finished())
        warm_s = timed(index.finished)
        extra = []

        def one_more() -> None:
            extra.append(store.read(played[0]))
            store.write(dataclasses.replace(extra[-1], match_id=f"{new_match_id()}-more{len(extra)}"))
            index.finished()

        one_more_s = timed(one_more)
    row = {
        "finished": finished,
        "no_index_s": round(cold_s, 3),
        "index_s": round(warm_s, 3),
        "one_new_save_s": round(one_more_s, 3),
    }
    print(
        f"{finished} finished matches: no index {cold_s:.2f} s, with the index {warm_s * 1000:.0f} ms, "
        f"with the index and one new save {one_more_s * 1000:.0f} ms"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(row))


if __name__ == "__main__":
    main()
