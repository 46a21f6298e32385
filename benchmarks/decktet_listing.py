"""What listing a Decktet Caravan hand's plays costs, as the search does: the hands the
opponent is redealt in the worlds built from a seat's view (every iteration) and the hands dealt
afresh when a hand ends in a search's line (the leader's every caravan, or the other's replies
to a caravan led), their plays listed by the engine (a redealt hand filtered from the unseen
cards' combinations, a dealt one by walking the caravan tree; a reply lists only the caravans
of the top's length) and by the frozen reference listing (``tests/decktet_combos_reference.py``:
each enumerated afresh), interleaved in one process, in CPU seconds, with the ratio of each round.

    python benchmarks/decktet_listing.py                 # 7 rounds of 2,000 hands of each kind
    python benchmarks/decktet_listing.py --rounds 3 --hands 500
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from caravan_tui.games.decktet_caravan import combos as engine
from caravan_tui.games.decktet_caravan.cards import ALL_MASK, NUMBERS, WILDS, mask_of
from caravan_tui.games.decktet_caravan.rules import DecktetCaravanState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import decktet_combos_reference as reference  # type: ignore[import-not-found]  # the tests' frozen copy


def redealt(count: int, seed: int) -> list[tuple[int, int]]:
    """(unseen cards, the opponent's redealt hand) of ``count`` worlds over a random match."""
    rng = random.Random(seed)
    state = DecktetCaravanState.new(2, seed=seed, options={"hands": 5})
    out: list[tuple[int, int]] = []
    while len(out) < count:
        if state.is_over():
            state = DecktetCaravanState.new(2, seed=rng.getrandbits(30), options={"hands": 5})
        seat: int = state.turn  # type: ignore[assignment]  # a match not over has a seat to move
        for _ in range(20):
            world = state.determinize(seat, rng)
            out.append((state._unseen(seat), world.hands[1 - seat]))
        state.apply(rng.choice(state.legal_actions()), log=False)
    return out[:count]


def dealt(count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` hands dealt afresh (4 Aces and Crowns, 11 number cards), beside the whole deck."""
    rng = random.Random(seed)
    return [(ALL_MASK, mask_of(rng.sample(WILDS, 4) + rng.sample(NUMBERS, 11))) for _ in range(count)]


def replying(count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` hands dealt afresh, each to reply to a caravan of the other dealt hand's
    (``REPLIES``)."""
    rng = random.Random(seed)
    out = []
    for _, hand in dealt(count, seed):
        top = rng.choice(engine.combos(ALL_MASK ^ hand).lead())
        REPLIES[hand] = top
        out.append((-1, hand))
    return out


#: a replying hand -> the caravan it replies to
REPLIES: dict[int, tuple[str, ...]] = {}


def old(worlds: list[tuple[int, int]]) -> None:
    for unseen, hand in worlds:
        if unseen == -1:
            reference.combos(hand).beating(reference.move_of(REPLIES[hand]))
        else:
            reference.combos(hand).lead()


def new(worlds: list[tuple[int, int]]) -> None:
    for unseen, hand in worlds:
        if unseen == -1:
            engine.combos(hand).beating(engine.move_of(REPLIES[hand]))
        else:
            engine.combos(hand, None if unseen == ALL_MASK else engine.combos(unseen)).lead()


def timed(list_all, worlds: list[tuple[int, int]]) -> float:
    start = time.process_time()
    list_all(worlds)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--hands", type=int, default=2000, help="redealt hands listed a round")
    args = parser.parse_args()
    for kind, hands in (("redealt", redealt), ("dealt", dealt), ("replying", replying)):
        print(f"{kind:9} " + compared(hands, args.rounds, args.hands), flush=True)


def compared(hands, rounds: int, count: int) -> str:
    """Interleaved rounds of the reference's and the engine's listing of the same hands."""
    ratios, olds, news = [], [], []
    for round_no in range(rounds):
        worlds = hands(count, round_no)
        engine._HAND_CACHE.clear()
        reference._HAND_CACHE.clear()

        first, second = (old, new) if round_no % 2 == 0 else (new, old)
        times = {first: timed(first, worlds), second: timed(second, worlds)}
        olds.append(times[old])
        news.append(times[new])
        ratios.append(times[old] / times[new])
    return (
        f"{rounds} rounds of {count} hands listed: reference {statistics.median(olds):.3f} s, "
        f"engine {statistics.median(news):.3f} s of CPU (medians); reference / engine: median "
        f"{statistics.median(ratios):.2f}, min {min(ratios):.2f}, max {max(ratios):.2f}"
    )


if __name__ == "__main__":
    main()
