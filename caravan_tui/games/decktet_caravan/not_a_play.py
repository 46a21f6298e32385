"""Why ticked cards are not a play now, in the table's words, from the engine's own reason (the
table never decides a rule: it asks the engine, in a world built from this seat's view)."""

from __future__ import annotations

from contextlib import suppress

from caravan_tui.engine import Action, IllegalAction

from .card_words import PASS, cards_words, play_words, to_beat
from .combos import move_of, why_no_combo
from .readings import readings
from .table_state import DecktetCaravanTable
from .views import season_play


def top_play(table: DecktetCaravanTable) -> Action | None:
    """The season's top play (None: the season has none yet)."""
    season = table.view["season"] if table.view else None
    return tuple(season_play(season[-1])[1]) if season else None


def why_not(table: DecktetCaravanTable, action: Action) -> tuple[int, str]:
    """The engine's reason for refusing ``action`` here, in the table's words, and how telling it
    is (2: the cards make a play that does not fit now; 1: the cards make no play; 3: the engine
    takes it after all, nothing to explain)."""
    if table.world is None:
        return 0, "it is not your turn"
    telling = 2
    try:
        if action != PASS:
            move_of(tuple(action))  # the engine's own test of a caravan or bandit
    except KeyError as exc:
        telling, reason = 1, str(exc.args[0] if exc.args else exc)
    except ValueError:  # (the cards are on the notice's title: its line says only why)
        telling, reason = 1, f"they are not a caravan or bandit: {why_no_combo(tuple(action))}"
    else:
        try:
            table.world.clone().apply(action, log=False)
        except IllegalAction as exc:
            reason = str(exc)
        else:
            return 3, ""  # the engine would take it (a stale list): nothing to explain
    for known in filter(None, (action, top_play(table))):
        reason = reason.replace(repr(known), cards_words(known))
        with suppress(KeyError, ValueError, IndexError, TypeError):
            reason = reason.replace(table.world.describe(known, table.seat), play_words(known))
    return telling, reason


def selection_reason(table: DecktetCaravanTable, cards: tuple[str, ...]) -> str:
    """Why the ticked cards are not a play now, in one sentence, from the engine's reason."""
    if table.turn is None:
        return "It is not your turn."
    telling, reason = max((why_not(table, action) for action in readings(cards)), key=lambda r: r[0])
    if telling == 3:
        return "These cards are a play: press Enter again."
    reason = reason[:1].upper() + reason[1:].rstrip(".") + "."
    top = top_play(table)
    if telling == 2 and top is not None and "does not beat" in reason:
        reason += " " + to_beat(list(top))
    return reason
