"""Every sentence of a hint and of an AI's recorded reasons, in every game, under redeals of what
the reader could not see: the reasons, the moves' words, how sure the search is and how the
match stands come out the same whether they are worded on the real position, on the world
built from the reader's view, or on worlds where everything the reader cannot see was dealt
again (``determinize``). A sentence that changed would be telling the reader something hidden."""

from __future__ import annotations

import random

import pytest
from test_explain import NAMES, positions

from caravan_tui.ai.explain import Weighed, candidates, headline, playable
from caravan_tui.ai.policies import search_policy
from caravan_tui.engine import render
from caravan_tui.games import GAMES
from caravan_tui.screens.table_panels import explanation
from caravan_tui.seats import SeatSpec

GAMES_PARAMS = [pytest.param(game, id=game.id) for game in GAMES.values()]


def hint_lines(game, world, seat: int, weighed: Weighed) -> list[str]:
    """The hint's panel as a reader sees it, every sentence worded on ``world``."""
    rows, texts = [], []
    for c in candidates(weighed.stats):
        line = playable(world, seat, weighed.lines.get(c.action, (c.action,))) or (c.action,)
        reason = game.ai.explain(world, seat, line) if game.ai.explain is not None else ""
        rows.append([c.action, c.share, c.value, render(reason, NAMES, seat)])
        texts.append(render(world.describe(c.action, seat), NAMES, seat))
    lines = explanation(rows, texts)
    scores = world.view(seat)["scores"]
    return [*lines, headline(rows[0][2], scores, seat)] if rows else lines


@pytest.mark.thorough
@pytest.mark.parametrize("game", GAMES_PARAMS)
def test_a_hint_reads_the_same_whatever_was_dealt_that_the_reader_could_not_see(game):
    rng = random.Random(11)
    policy = search_policy(SeatSpec.ai("easy"), iterations=80)
    checked = 0
    for state in positions(game, 6, seed=4):
        seat = state.to_move()
        view = state.view(seat)
        weighed = Weighed.merge([policy.weigh_root(game.id, view, seat, 1)])
        worlds = [game.from_view(view, seat), *(state.determinize(seat, rng) for _ in range(4))]
        assert all(world.view(seat) == view for world in worlds[1:])  # what the reader sees is kept
        said = hint_lines(game, state, seat, weighed)
        assert said
        for world in worlds:
            assert hint_lines(game, world, seat, weighed) == said
        checked += 1
    assert checked >= 4
