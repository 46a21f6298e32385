"""The Caravans of Ahldarahd table's selection as a reducer: each key or move of the person (a map
turned, a route pointed at, an item, an amount, a digit, a play highlighted, a new decision) gives
a new ``AhldarahdTable`` from the last, which is left as it was. Plain Python: the screen assigns
what these give and the map, the panel, the plays list and the status line draw themselves."""

from __future__ import annotations

from dataclasses import replace

from caravan_tui.engine import Action
from caravan_tui.screens.table_client import cursor_pointed

from .map_text import ROUTE_KINDS, route_plays, shown_route_plays
from .maps import COLOURS
from .table_state import MAP_ID, PLAYS_ID, AhldarahdTable

#: the digits an amount may be typed with
TYPED_DIGITS = 3


# -- the map ----------------------------------------------------------------------------------------


def map_turned(table: AhldarahdTable, step: int) -> AhldarahdTable:
    """``m`` / ``M``: the next (or the last) map on show."""
    if table.view is None:
        return table
    return replace(table, shown_map=(table.shown_map + step) % len(table.view["routes"]))


def route_pointed(table: AhldarahdTable, colour: int, route: int) -> AhldarahdTable:
    """Map ``colour`` on show, its cursor asked onto ``route`` (0-based; the map follows once, its
    cursor is else its own)."""
    return replace(cursor_pointed(table, MAP_ID, route), shown_map=colour)


def route_of(table: AhldarahdTable, action: Action) -> AhldarahdTable:
    """The route ``action`` acts on under the map's cursor (nothing is played)."""
    kind = action[0]
    if kind not in ROUTE_KINDS:
        return table
    if kind == "free":
        return route_pointed(table, table.seat if table.seat is not None else 0, action[1] - 1)
    return route_pointed(table, COLOURS.index(action[1]), action[2] - 1)


def map_to_act_on(table: AhldarahdTable) -> AhldarahdTable:
    """Free routes are on our map, a Night's losses anywhere: a map where the decision can be made
    on the map, when the one on show has none."""
    if table.phase not in ("setup", "night_loss") or table.view is None or shown_route_plays(table):
        return table
    for m in range(len(table.view["routes"])):
        if route_plays(table.legal, m, table.seat):
            return replace(table, shown_map=m)
    return replace(table, shown_map=table.seat if table.seat is not None else 0)


# -- the bid --------------------------------------------------------------------------------------


def list_pointed(table: AhldarahdTable, action: Action | None) -> AhldarahdTable:
    """The plays list asked to highlight ``action`` (it moves its highlight once an ask)."""
    return replace(table, list_play=action, list_asked=table.list_asked + 1)


def bid_moved(before: AhldarahdTable, after: AhldarahdTable) -> AhldarahdTable:
    """``after``, whose bid the keys changed: while the plays list has the focus, it is asked to
    highlight the new bid (the list follows the panel's keys as the panel follows the list)."""
    if (before.item, before.amount, before.typed) == (after.item, after.amount, after.typed):
        return after
    bid = after.bid()
    return list_pointed(after, bid) if after.focus == PLAYS_ID and bid in after.legal else after


def item_chosen(table: AhldarahdTable, item: str | None) -> AhldarahdTable:
    """Another item: its bid starts afresh (digits typed for the last one do not carry over)."""
    return table if item == table.item else replace(table, item=item, amount=0, typed="")


def item_stepped(table: AhldarahdTable, step: int) -> AhldarahdTable:
    """``i`` / ``I``: the next (or the last) item an auction may be opened for."""
    items = table.openable()
    if not items:
        return table
    index = items.index(table.item) if table.item in items else -step
    return bid_moved(table, item_chosen(table, items[(index + step) % len(items)]))


def amount_stepped(table: AhldarahdTable, step: int) -> AhldarahdTable:
    """``+``/``-``: the next amount up or down; the digits typed are done with."""
    amounts = table.amounts()
    if not amounts:
        return table
    amount = max(0, min(len(amounts) - 1, min(table.amount, len(amounts) - 1) + step))
    return bid_moved(table, replace(table, amount=amount, typed=""))


def digit_typed(table: AhldarahdTable, digit: int) -> AhldarahdTable:
    """Typing an amount: the digits so far (at most three) pick the highest amount offered up to
    that number, so "1", "2" moves to 12 (or to all one has, if less). Digits that already ask
    more than is offered are done with: the next digit starts a new amount ("9", "9", "3" with 8
    gold bids 3, not all 8)."""
    amounts = table.amounts()
    if not amounts:
        return table
    kept = table.typed if not table.typed or int(table.typed) <= amounts[-1] else ""
    return bid_moved(table, typed_amount(table, (kept + str(digit))[-TYPED_DIGITS:]))


def digit_dropped(table: AhldarahdTable) -> AhldarahdTable:
    """Backspace: the last digit typed goes; the amount follows the digits left (with none left,
    it stays where they put it)."""
    if not table.typed:
        return table
    typed = table.typed[:-1]
    return bid_moved(table, typed_amount(table, typed) if typed else replace(table, typed=""))


def typed_amount(table: AhldarahdTable, typed: str) -> AhldarahdTable:
    """``typed`` the digits, the amount the highest offered up to their number."""
    wanted = int(typed)
    return replace(table, typed=typed, amount=max([i for i, a in enumerate(table.amounts()) if a <= wanted], default=0))


def play_followed(table: AhldarahdTable, action: Action | None) -> AhldarahdTable:
    """The plays list highlights ``action``: its route under the map's cursor and, for a bid, its
    item and amount the panel's; the digits typed stay when it is the bid they already make (the
    list followed them)."""
    if action is None:
        return table
    table = route_of(table, action)
    if action == table.bid():
        return table
    chosen = item_chosen(table, action[1]) if action[0] == "open" else table
    amounts = chosen.amounts()
    if action[0] in ("open", "raise", "pledge") and action[-1] in amounts:
        chosen = replace(chosen, amount=amounts.index(action[-1]), typed="")
    return bid_moved(table, chosen)


def decision_begun(table: AhldarahdTable) -> AhldarahdTable:
    """A new decision: the item stays if it can still be opened, but not once it is in our hands
    (Enter would put what we won up for auction again, the trap a newcomer met the turn after
    winning back their Right of Passage); the amount and digits start afresh; a map where the
    decision can be made is shown. A focused plays list is not pointed at the fresh bid: after a
    play its next decision starts with no line highlighted (``ActionList.hold``), and a second
    Enter played that bid, never chosen."""
    item = table.item
    if table.phase == "bid_open":
        items = table.openable()
        if item not in items or table.holds(item):
            item = next((i for i in items if not table.holds(i)), items[0] if items else None)
    return map_to_act_on(replace(table, item=item, amount=0, typed=""))


def next_queued(table: AhldarahdTable) -> tuple[AhldarahdTable, Action | None]:
    """A proposal's next step to send, when this decision is its next (a draft being written);
    else the steps left are dropped (the proposal was refused or answered)."""
    if not table.queue:
        return table, None
    step = table.queue[0]
    if table.phase == "compose" and step in table.legal:
        return replace(table, queue=table.queue[1:]), step
    return replace(table, queue=()), None
