"""Trades that hand the match to their proposer in the final turn (``ai.vetoed``): a card its
proposer asks for that lets it, building now, take a city at once and so draw level with the
seat that accepts, or pass it. In the last turn gold counts only in a tie (rules §6), so what the
proposer pays in gold buys the accepting seat nothing a point would not outrank. A hint said
"Either is about as good: Accept the trade: AI 3 gives 4 gold; you give any Salt card … worth
about +3 gold to you; AI 3 gains less, but AI 3 builds on after it: with a Salt card it can claim
Salt–Horses (sea) on their own map at once", all three seats at 8 points: AI 3 claimed it, took
the Salt city and won 10–9–8."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .maps import COMMODITIES
from .trading import traded

if TYPE_CHECKING:
    from .rules import AhldarahdState


def hands_a_city(state: AhldarahdState, seat: int) -> bool:
    """Whether accepting the proposal ``seat`` answers in the final turn lets its proposer,
    building, claim a route with a card it asks for that takes it at once to at least ``seat``'s
    points (see the module doc)."""
    if not state.final or not state.a_cards:
        return False
    after = traded(state)
    if after is None:
        return False
    after._legal = None
    proposer = state.order[state.pos]
    wanted = {COMMODITIES[k] for k in state.a_cards}
    mine = after.points()[seat]
    for action in after.legal_actions():
        if action[0] == "claim" and action[3] in wanted:
            world = after.clone()
            world.apply(action, False)
            if world.points()[proposer] > after.points()[proposer] and world.points()[proposer] >= mine:
                return True
    return False
