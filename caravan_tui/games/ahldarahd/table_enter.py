"""What Enter plays at the Caravans of Ahldarahd table and the status line that says it, as
functions of the table's state (the route under the map's cursor, the focus, the plays list's
highlight): tested as plain functions, and the same words the screen shows."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.engine import Action
from caravan_tui.screens.table_status import FIRST_PLAY

from .describe import describe
from .map_text import route_problem, shown_route_plays
from .rules import AhldarahdState
from .table_state import MAP_ID, PLAYS_ID, AhldarahdTable
from .terms import DONE

#: the line when the decision is the panel's and the map's cursor or the focus has no play
PANEL_DECIDES = "Your turn: the panel above says what to decide"
#: the phases whose decisions are routes on a map (elsewhere Enter on the map plays the panel's)
ROUTE_PHASES = ("setup", "build", "night_loss")


def panel_play(table: AhldarahdTable) -> Action | None:
    """What Enter on the map plays when the decision is the panel's, not a route's: the bid or
    pledge it shows, or "done" when the free routes are all claimed and only that is left."""
    return table.bid() or (DONE if tuple(table.legal) == (DONE,) else None)


def route_under_cursor(table: AhldarahdTable) -> int | None:
    """The route under the map's cursor while the map has the focus (0-based), else None."""
    route = table.cursors.get(MAP_ID)
    return route if table.focus == MAP_ID and isinstance(route, int) else None


def route_choices(table: AhldarahdTable) -> list[Action]:
    """Our plays on the route under the map's cursor (none unless the map has the focus)."""
    route = route_under_cursor(table)
    return [] if route is None else shown_route_plays(table).get(route, [])


def enter(table: AhldarahdTable) -> Action | None:
    """What Enter plays now (None: nothing at once — it opens a choice, or refuses): with the map
    focused, the one play on the route under its cursor or, on a route without one, the panel's
    bid; with the plays list focused, its highlighted play."""
    if table.turn is None:
        return None
    if table.focus == MAP_ID:
        plays = route_choices(table)
        if not plays:
            return panel_play(table)
        return plays[0] if len(plays) == 1 else None
    return table.highlighted if table.focus == PLAYS_ID else None


def status(table: AhldarahdTable) -> Text:
    """On our turn, the line under the map: what Enter plays (briefly: the route by its cities,
    kind and map; the panel names the leader), how many plays the route under the cursor offers,
    or why it takes none before Enter is pressed."""
    action = enter(table)
    world = table.world
    if action is not None:
        words = table.describe(action)
        if isinstance(world, AhldarahdState):
            words = table.words(describe(world, action, brief=True))
        text = Text(f"enter: {words}", style="bold")
        text.overflow = "ellipsis"
        return text
    if table.focus == PLAYS_ID:  # (none highlighted yet: ``ActionList.hold``)
        return Text(FIRST_PLAY, style="bold")
    route = route_under_cursor(table)
    if route is None:
        return Text(PANEL_DECIDES, style="bold")
    plays = route_choices(table)
    if plays:
        return Text(f"enter: choose one of {len(plays)} plays on route {route + 1}", style="bold")
    if table.phase == "shah_give":
        return Text("enter: choose who gets the Shah (or keep it)", style="bold")
    view, seat = table.view, table.seat
    if table.phase in ("setup", "build") and view is not None and view["routes"][table.shown_map][route] == seat:
        # (the route just claimed: "no play on route 15: that route is yours already" read as a failed Enter)
        return Text(f"route {route + 1} is yours · arrows: another route")
    if table.phase in ROUTE_PHASES and view is not None and seat is not None:
        # what Enter would refuse, before it is pressed: what a claim or a purchase takes
        return Text(
            f"no play on route {route + 1}: {route_problem(view, table.shown_map, seat, route, table.short_name)}"
        )
    return Text(PANEL_DECIDES, style="bold")
