"""The players' lines and the market of the Caravans of Ahldarahd table, in as few cells as
still read (a player is marked by their colour's initial wherever colour would say it)."""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text

from caravan_tui.words import longest_word

from .maps import CODES, COMMODITIES
from .scored import cities_abroad, cities_held
from .seat_marks import seat_letter, seat_style
from .views import AhldarahdPublic, AhldarahdView


def single_items(view: AhldarahdPublic) -> tuple[tuple[str, int], ...]:
    """The items there is one of, by name, with their holder's seat (-1: the bank's)."""
    return ("Shah", view["shah"]), ("Eyes", view["eyes"]), ("Pirate", view["pirate"])


#: the items' short forms, where their names do not fit (the rules page's screen section lists them)
SHORT_ITEMS = {"Shah": "Sh", "Eyes": "Ey", "Pirate": "PQ"}


def fit(full: str, short: str, width: int) -> str:
    """``full`` when it fits ``width`` cells, else ``short``."""
    return full if len(full) <= width else short


def players_text(view: AhldarahdView, seat_of_table: int | None, name: Callable[[int, int], str], width: int) -> Text:
    """A line a player: gold, Camel, hand size, cities held, points, items held (in ``width``
    cells: the items' short forms where their names do not fit)."""
    room = width - len(f"▶R {'name':<8}{0:>4} {'up':<3}{0:>2} {0:>2} {0:>2} ")  # (a line up to its items)
    # names take the room the items leave, 8 cells at least ("B [bold]x…" with 5 columns free)
    seats = range(view["players"])
    # (and the heading "Items" whole, a cell further on than the items: "It…" over items of "—"
    # beside a name of 40 letters)
    spare = room - max(1 + len("Items"), *(len(items_of(view, seat, room)) for seat in seats))
    names = min(max(8, max(len(name(seat, 99)) for seat in seats)), 8 + max(0, spare))
    room -= names - 8
    text = Text(f"  {'Player':<{names + 1}}{'Gold':>4} Cam Hd Ci Pt Items", style="bold")
    for seat in seats:
        text.append("\n")
        text.append("▶" if view["to_move"] == seat else " ", style="bold")
        text.append(seat_letter(seat), style=seat_style(seat))
        text.append(f" {name(seat, names):<{names}}", style="bold" if seat == seat_of_table else "")
        camel = "up" if view["camels"][seat] else "dn"
        text.append(
            f"{view['gold'][seat]:>4} {camel:<3}{view['hand_sizes'][seat]:>2} {cities_held(view, seat):>2} "
            f"{int(view['scores'][seat]):>2} {items_of(view, seat, room)}"
        )
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def items_of(view: AhldarahdPublic, seat: int, width: int) -> str:
    """``RoP:BG Shah Eyes``: the Rights of Passage by colour letter, then the others; where that
    is wider than ``width``, ``R:BG Sh Ey`` (a cut item is an item the player never sees)."""
    rops = "".join(seat_letter(k) for k, holder in enumerate(view["rop"]) if holder == seat)
    names = [name for name, holder in single_items(view) if holder == seat]
    full = " ".join(([f"RoP:{rops}"] if rops else []) + names) or "—"
    return fit(full, " ".join(([f"R:{rops}"] if rops else []) + [SHORT_ITEMS[name] for name in names]), width)


def market_text(view: AhldarahdView, width: int, whose: str = "Hand") -> Text:
    """The turn and the deck, the face-up cards; your hand (``whose``: "AI 2's hand" in a
    replay's view of another seat, beside a players table whose "You" is the watcher's) and the
    items on the table. The final turn is the one that emptied the deck (§3.1): "(final)" says
    so in place of "deck 0", so four players' face-up cards fit the line with the Night's chips."""
    head = f"Turn {view['turn_number']}" + (" (final)" if view["final"] else f" · deck {view['deck_size']}")
    if view["night_of_the_outsider"]:
        head += f" · chips {view['black_chips']}"
    cards = [c.split(" ", 1)[1] for c in view["faceup"]]
    codes = [CODES[COMMODITIES.index(c)] for c in cards]
    first = head + " · up: "
    first += fit(" ".join(cards), " ".join(codes), width - len(first)) or "none"
    hand = [c.split(" ", 1)[1] for c in view.get("hand", [])]
    table = items_of(view, -1, width // 2)
    room = width - len(f"{whose}:  · table: {table}")  # (the hand's names give way to its codes first)
    # (the public view holds no hand: "Hand: none" there read as a seat holding no card)
    held = fit(" ".join(hand), " ".join(CODES[COMMODITIES.index(c)] for c in hand), room) or "none"
    second = f"{whose}: {held if 'hand' in view else 'hidden'} · table: {table}"
    text = Text(first + "\n" + second)
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def scores_table(view: AhldarahdView, label: Callable[[int], Text]) -> Table:
    """The end of the match: points and each part of them (a point a city, 3 more for a city
    abroad whose commodity the player holds at home), and gold (which breaks a tie)."""
    table = Table(caption="Points: 1 a city, +3 a city abroad whose commodity you hold at home; gold breaks a tie")
    table.add_column("Player", overflow="fold", min_width=longest_word(map(label, range(view["players"]))))
    for heading in ("Points", "Cities", "+3 abroad", "Gold"):
        table.add_column(heading, justify="right")
    for seat in range(view["players"]):
        abroad = cities_abroad(view, seat)
        table.add_row(
            label(seat),
            str(int(view["scores"][seat])),
            str(cities_held(view, seat)),
            f"{abroad} × 3" if abroad else "0",
            str(view["gold"][seat]),
        )
    return table
