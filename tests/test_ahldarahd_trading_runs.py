"""The trading benchmarks' line-ups and counts (``benchmarks/ahldarahd_trades.py``), and, as a slow
strength run, the answer veto against the traps benchmark's judge (docs/ai.md, "AI trading,
restated")."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def script(name: str):
    sys.path.insert(0, str(BENCHMARKS))  # the traps script imports its sibling
    try:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


TRADES = script("ahldarahd_trades")
SHARK, TWIN, AI = "ai:normal/shark", "ai:normal/notrade", "ai:normal"


def game(seed: int, seats: list[str], outcome: list[float], scores: list[float], trades=()) -> dict:
    return {"seed": seed, "seats": seats, "outcome": outcome, "scores": scores, "trades": list(trades)}


def test_an_exploit_round_seats_the_shark_and_then_its_twin_in_each_seat_among_trading_ais():
    games = TRADES.exploit_games([SHARK, TWIN, AI], 3)
    assert games == [[SHARK, AI, AI], [TWIN, AI, AI], [AI, SHARK, AI], [AI, TWIN, AI], [AI, AI, SHARK], [AI, AI, TWIN]]


def test_a_pairing_sets_the_sharks_game_against_its_twins_on_the_same_deal_where_a_shark_offer_was_taken():
    """Where no offer of the shark's was accepted the two games differ by chance alone (the
    same moves, or a declined proposal reseeding the rest): such pairings count for nothing."""
    records = [
        game(1, [SHARK, AI, AI], [1.0, 0.0, 0.0], [9, 5, 4], [[2, 0, 1]]),  # wins where its twin lost
        game(1, [TWIN, AI, AI], [0.0, 1.0, 0.0], [6, 8, 4]),
        game(1, [AI, SHARK, AI], [1.0, 0.0, 0.0], [9, 5, 4], [[3, 1, 2]]),  # both lose: the twin has more points
        game(1, [AI, TWIN, AI], [1.0, 0.0, 0.0], [9, 6, 4]),
        game(1, [AI, AI, SHARK], [0.5, 0.0, 0.5], [7, 3, 7], [[2, 0, 1]]),  # no trade of the shark's: not counted
        game(1, [AI, AI, TWIN], [0.5, 0.0, 0.5], [7, 3, 7]),
        game(2, [SHARK, AI, AI], [1.0, 0.0, 0.0], [9, 5, 4], [[2, 0, 1]]),  # a stopped run: no twin game
        game(3, [SHARK, AI, AI], [0.0, 1.0, 0.0], [2, 9, 4], [[4, 0, 2]]),  # the next file's first pair
        game(3, [TWIN, AI, AI], [0.0, 1.0, 0.0], [2, 9, 4]),
    ]
    assert TRADES.exploited(records) == (1.5, 3)


def test_the_ordinary_line_ups_keep_one_seed_per_line_up_and_round():
    """Runs already reported replay exactly: the rotations of a line-up share its seed."""
    groups = TRADES.rotations([SHARK, TWIN, AI], 3)
    assert groups == [
        [[SHARK, TWIN, AI], [TWIN, AI, SHARK], [AI, SHARK, TWIN]],
        [[SHARK, AI, TWIN], [AI, TWIN, SHARK], [TWIN, SHARK, AI]],
    ]


@pytest.mark.e2e  # the trades benchmark's whole three-seat match of normal AIs: about 7 CPU-s
def test_a_proposal_the_judge_finds_a_trap_is_weighed_again_deeper_and_both_are_summed_up(monkeypatch, capsys):
    """``--judge``: the normal search's value of each AI proposal, and for one below the margin
    the same at ``DEEP`` iterations, kept in the game's record and counted in the summary."""
    weighed = []

    def judged(state, seed, iterations=None):
        weighed.append(iterations)
        return -0.2 if iterations is None else 0.01

    monkeypatch.setattr(TRADES, "weigh_answer", judged)
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")  # (the seats' policies are made in play)
    record = TRADES.play(["ai:normal+iterations=5"] * 3, 3, {}, weigh=True)  # (a deal with AI proposals)
    assert record["answers"] and weighed == [None, TRADES.DEEP] * len(record["answers"])
    assert all(answer[2] == -0.2 and answer[4] == 0.01 for answer in record["answers"])
    summary = TRADES.summarize([record], ["ai:normal+iterations=5"], True)["answers"]
    assert (summary["traps"], summary["deep traps"]) == (len(record["answers"]), 0)
    assert f"weighed again at {TRADES.DEEP} iterations" in capsys.readouterr().out


@pytest.mark.slow
def test_no_offer_the_ai_allows_itself_is_a_trap_for_a_normal_search_from_the_partners_view(monkeypatch):
    """(c): at the traps benchmark's first 300 positions of seed 80001, every suggested proposal
    the veto allows is valued by a normal search from the partner's view (on its real hand) at
    no worse than declining less the margin. (The veto allows about one offer in five positions:
    the first 60 held 12 allowed, too few to say anything; 300 hold 71, and 78 caught.)"""
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")  # before the judge is made: it replays exactly
    from caravan_tui.ai.matches import decision_seed
    from caravan_tui.games import get_game
    from caravan_tui.games.ahldarahd.ai import vetoed

    traps, trades = script("ahldarahd_traps"), script("ahldarahd_trades")
    game_ = get_game("ahldarahd")
    allowed = caught = 0
    for number, state in enumerate(traps.positions(300, 80001)):
        seat = state.to_move()
        world = game_.from_view(state.view(seat), seat)
        for action in [a for a in state.legal_actions() if a[0] == "offer"]:
            sent = state.clone()
            sent.apply(action, False)
            value = trades.weigh_answer(sent, decision_seed(80001, number, seat))
            if vetoed(world, seat, action):
                caught += value < -traps.TRAP
            else:
                allowed += 1
                assert value >= -traps.TRAP, (number, action, value)
    assert allowed >= 50 and caught >= 5


def test_trading_is_measured_only_over_the_games_where_a_trade_was_accepted(capsys):
    """A trading seat and its never-trading twin make the same moves where no trade is accepted:
    those games would count as evidence of a 50% split that says nothing."""

    def played(seats, outcome, trades, builds):
        return {
            **game(1, seats, outcome, [5, 4, 3], trades),
            "made": [0, 0, 0],
            "accepted": [0, 0, 0],
            "failed": [0, 0, 0],
            "answers": [],
            "builds": builds,
        }

    records = [
        played([AI, AI, TWIN], [1.0, 0.0, 0.0], [[2, 0, 1]], [[0, 1, 1, 2, 2], [1, 0, 0, -1, -1], [2, 1, 0, 0, -1]]),
        played([TWIN, AI, AI], [1.0, 0.0, 0.0], [], [[1, 1, 0, 0, -1]]),
    ]
    summary = TRADES.summarize(records, [AI, TWIN], False)
    out = capsys.readouterr().out
    assert summary[f"{AI} vs {TWIN}"]["pairings"] == 2  # the first game's two pairings only
    assert "games with a trade accepted: 1 of 2" in out
    # the twin's build is not counted; both AI trades found were with the twin, one proposed to it
    assert summary["mutual"] == {"builds": 3, "found": 2, "offered": 1, "person": 2, "to_person": 1}
    assert summary["gained"]["proposer"] == 1.0 and summary["gained"]["partner"] == 0.0


@pytest.mark.thorough
def test_paired_plays_on_from_a_position_where_the_sharks_offer_was_accepted_with_and_without_it(monkeypatch):
    """``--paired``: every pairing is a shark offer its partner's own policy accepted, played on
    twice on the same seeds; the self-play game stops at its last pairing; a run replays exactly."""
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    record = TRADES.paired("ai:normal+iterations=2", 3, 8, 1)
    assert record == TRADES.paired("ai:normal+iterations=2", 3, 8, 1)
    [pair] = record["pairs"]
    assert (pair["seat"], pair["turn"]) == (1, 1) and record["builds"] == 2
    assert all(0.0 <= result[0] <= 1.0 for result in (pair["with"], pair["without"]))


def test_paired_counts_each_pairing_by_the_traders_result_with_the_trade_against_without(capsys):
    records = [
        {"builds": 50, "pairs": [{"with": (1.0, 9), "without": (0.0, 7)}, {"with": (0.0, 4), "without": (0.0, 4)}]},
        {"builds": 40, "pairs": []},
        {"builds": 45, "pairs": [{"with": (0.0, 3), "without": (0.0, 5)}]},
    ]
    summary = TRADES.paired_summary(records)
    assert (summary["pairings"], summary["from games"], summary["wins"], summary["same"]) == (3, 2, 1.5, 1)
    assert "1.5/3 pairings (50.0%)" in capsys.readouterr().out


@pytest.mark.thorough
def test_paired_runs_from_the_command_line_and_reads_back_its_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARAVAN_TUI_AI_BUDGET", "iterations")
    kept = tmp_path / "paired.json"
    argv = ["ahldarahd_trades.py", "--seats", "ai:normal+iterations=2", "--paired", "--rounds", "1", "--seed", "8"]
    monkeypatch.setattr(sys, "argv", [*argv, "--per-game", "1", "--json", str(kept)])
    assert TRADES.main() == 0
    monkeypatch.setattr(sys, "argv", ["ahldarahd_trades.py", "--read", str(kept)])
    assert TRADES.main() == 0
    out = capsys.readouterr().out
    assert out.count("1 with a shark offer accepted (from 1 games)") == 2
