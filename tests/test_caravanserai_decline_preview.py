"""The line under the board follows the answer Enter gives to a board good's question: with
"Decline it" highlighted in the plays list it read using's figures ("K used, then camel: caravan
29→31, count 1") while Enter declined, which left 29, count 3 (solo, seed 7, round 9)."""

from __future__ import annotations

import dataclasses
import random

from test_caravanserai_kit import table_at
from test_caravanserai_says_each_step import line

from caravan_tui.games import GAMES
from caravan_tui.games.caravanserai.rules import BOARD, DECLINE, USE
from caravan_tui.games.caravanserai.table_text import placement_text
from caravan_tui.screens.table_status import PLAYS_LIST

GAME = GAMES["caravanserai"]


def board_good_declinable():
    """A solo position (random play) asking about a board good that finishes its block, may be
    declined, and whose use the count leaves out: using and declining give other figures; and
    the position declining leaves."""
    for seed in range(300):
        rng, state = random.Random(seed), GAME.new(1, seed=seed, options={})
        while not state.is_over():
            if state.stage == BOARD and state.view(0)["placement"]["left"] == 1 and DECLINE in state.legal_actions():
                used = state.clone()
                used.apply(USE, False)
                if used.view(0)["placement"]["omitted"] > state.omitted:
                    declined = state.clone()
                    declined.apply(DECLINE, False)
                    return state, declined
            state.apply(rng.choice(state.legal_actions()), False)
    raise AssertionError("no such position")


def test_the_preview_follows_the_plays_lists_decline():
    asked, declined = board_good_declinable()
    table = dataclasses.replace(table_at(asked), focus=PLAYS_LIST, highlighted=DECLINE)
    before = placement_text(asked.view(0), table).plain
    figures = line(declined).split("camel now: ")[1].split("\n")
    assert " declined, then camel: " in before, before
    assert before.split("then camel: ")[1].split("\n") == figures, (before, figures)


def test_the_preview_of_use_highlighted_is_using():
    asked, _declined = board_good_declinable()
    table = dataclasses.replace(table_at(asked), focus=PLAYS_LIST, highlighted=USE)
    used = asked.clone()
    used.apply(USE, False)
    before = placement_text(asked.view(0), table).plain
    assert " used, then camel: " in before, before
    assert before.split("then camel: ")[1].split("\n") == line(used).split("camel now: ")[1].split("\n")
