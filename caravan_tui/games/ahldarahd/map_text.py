"""The words around the Caravans of Ahldarahd map: which maps there are and which is shown, the
route under the cursor, and why a route takes no play now; and the map's look, what it shows for
the table's state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from caravan_tui.engine import Action
from caravan_tui.words import WORD_ROOM, a_or_an

from .maps import COLOURS, COMMODITIES, COMMODITY_AT, COST, ENDS, ROUTES, SEA
from .seat_marks import seat_letter, seat_style
from .table_state import AhldarahdTable
from .views import AhldarahdView

ROUTE_KINDS = ("claim", "buy", "destroy", "free", "lose")


@dataclass(frozen=True)
class MapLook:
    """What the map shows: the map of ``colour``, its routes' and cities' holders, the players
    above it, the routes with a play now, and each route in words (the one under the cursor is
    shown below the map). The map moves its cursor where the table asks (``table_selection.
    route_pointed``), once a request, and else only by its keys and clicks (the cursor is its own)."""

    colour: int
    owners: tuple[int, ...]
    ctrl: tuple[int, ...]
    header: Text
    playable: frozenset[int]
    info: tuple[Text, ...]


def route_plays(legal: Sequence[Action], m: int, seat: int | None) -> dict[int, list[Action]]:
    """The ``legal`` actions on map ``m``, by route (0-based): free routes on our own map, claims,
    purchases, destructions and a Night's losses on the map of their colour."""
    out: dict[int, list[Action]] = {}
    for action in legal:
        kind = action[0]
        if kind == "free" and m == seat:
            out.setdefault(action[1] - 1, []).append(action)
        elif kind in ROUTE_KINDS and kind != "free" and action[1] == COLOURS[m]:
            out.setdefault(action[2] - 1, []).append(action)
    return out


def shown_route_plays(table: AhldarahdTable) -> dict[int, list[Action]]:
    """Our legal actions on the map on show, by route (0-based); none but on our turn."""
    return route_plays(table.legal, table.shown_map, table.seat) if table.turn is not None else {}


def map_look(table: AhldarahdTable) -> MapLook:
    """The map for the table's state: the map on show, the routes with a play, each route in
    words (the map shows the one under its cursor)."""
    view = table.view
    assert view is not None  # (a board is drawn once there is a view)
    m = table.shown_map
    plays = shown_route_plays(table)
    info = tuple(route_info(view, m, r, len(plays.get(r, [])), table.short_name) for r in range(ROUTES))
    return MapLook(
        m,
        tuple(view["routes"][m]),
        tuple(view["cities"][m]),
        map_header(len(view["routes"]), view["players"], m, table.short_name),
        frozenset(plays),
        info,
    )


def map_header(maps: int, players: int, shown: int, name: Callable[[int, int], str]) -> Text:
    """Each map by its colour's initial and owner, the shown one bracketed: ``[R You] B Bot``;
    the names whole where they fit together, else each as wide as the map's width leaves it
    beside the others (at least 6 cells, at most ``WORD_ROOM``): "[R You] B [bold…  (m)" cut a
    name of 10 with half the line blank."""
    header = Text()
    room = INFO_WIDTH - len(" (m)") - maps * len("[R ]")
    whole = [name(k, WORD_ROOM) if k < players else "neutral" for k in range(maps)]
    # (the names whole where they fit together: "[R You] B Open seat…  G AI 3" cut one with the
    # room the others left unused)
    width = WORD_ROOM if sum(map(cell_len, whole)) <= room else min(WORD_ROOM, max(6, room // maps))
    for k in range(maps):
        label = f"{COLOURS[k][0].upper()} {name(k, width) if k < players else 'neutral'}"
        if k == shown:
            header.append(f"[{label}]", style=seat_style(k) + " reverse")
        else:
            header.append(f" {label} ", style=seat_style(k))
    header.append(" (m)", style="dim")
    return header


#: the columns of the route's line under the map, as wide as the map's own lines
INFO_WIDTH = 46


def route_info(view: AhldarahdView, m: int, r: int, plays: int, name: Callable[[int, int | None], str]) -> Text:
    """Route ``r`` of map ``m``: its number, cities, kind and cost, how many of our plays it
    takes, and its owner, its name fit to the line (a 40-letter name left "16 Salt–Metals land
    10 ·" and nothing after it)."""
    a, b = ENDS[r]
    goods = COMMODITY_AT[m]
    text = Text(
        f"{r + 1} {COMMODITIES[goods[a]]}–{COMMODITIES[goods[b]]} {'sea' if SEA[r] else 'land'} {COST[r]}", style="bold"
    )
    if plays:
        text.append(f" · {plays} play{'s' if plays > 1 else ''}", style="bold")  # (the status line: enter's)
    owner = view["routes"][m][r]
    room = INFO_WIDTH - text.cell_len - len(" ·  (R)")
    text.append(" · " + ("unclaimed" if owner < 0 else f"{name(owner, room)} ({seat_letter(owner)})"))
    return text


def route_problem(view: AhldarahdView, m: int, seat: int, r: int, name: Callable[[int], str]) -> str:
    """Why nothing can be played on route ``r`` of map ``m`` now."""
    phase = view["phase"]
    if phase == "setup":
        return "free routes are claimed on your own map only, on empty routes"
    if phase == "night_loss":
        city = f"{view['night']['commodity']} city"
        return f"choose one of your routes into {a_or_an(city)}"
    if phase != "build":
        return "routes are built in your build; now the panel says what to decide"
    owner = view["routes"][m][r]
    if owner == seat:
        return "that route is yours already"
    open_maps = {seat} | {k for k, holder in enumerate(view["rop"]) if holder == seat}
    if m < view["players"] and m not in open_maps:
        return f"you build on {name(m)}'s map only while you hold their Right of Passage"
    if owner >= 0:
        return "destroying it costs its price twice: more than you can pay now"
    if not view["markers"][seat]:
        return "you have no route markers left"
    a, b = ENDS[r]
    goods = COMMODITY_AT[m]
    # (the Eyes of Shamesh and the Pirate Queen take 1 off, as in the plays list: rules §4)
    off = 1 if (view["pirate"] if SEA[r] else view["eyes"]) == seat else 0
    return (
        f"a claim takes {a_or_an(COMMODITIES[goods[a]])} or {COMMODITIES[goods[b]]} card and {1 - off} gold, "
        f"a purchase {COST[r] - off} gold"
    )
