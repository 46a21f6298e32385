"""Tables built the Textual way (issue 49): a screen is at most three levels below Textual's
``Screen`` (the table's parts are composed widgets and helpers over data, not layers of a chain),
and no screen or helper sets a widget's text, selection or caption from outside, nor moves its
cursor or highlight or gives it classes: each widget writes itself from state it is bound to (a
table asks for a cursor through its state: ``point_list``, ``point_cursor``)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widget import Widget

import caravan_tui

from source_trees import ONE_PROCESS, parsed, walked

pytestmark = ONE_PROCESS
ROOT = Path(__file__).resolve().parent.parent
OPTIONAL = {"caravan_tui.ai.openspiel_bridge"}  # needs the `bench` extra
#: what sets a widget's text or content when called on it
PAINTERS = {"update", "update_static", "draw"}  # (draw: a board's, given its look by the table)
#: what gives a widget its choices, marks or selection when called on it (the plays list's, the
#: away notice's, a hand's ticks: the table's state gives them those now), or moves a board's
#: cursor or view (Caravanserai's board follows the table's requests: ``HexLook.aim`` and ``seen``)
SETTERS = {"set_actions", "clear_actions", "hint", "show_away", "select", "set_cursor", "bring_into_view", "set_cells"}
#: what a widget's caption is, when assigned to it (a board's foot names the cell under its cursor)
CAPTIONS = {"border_title", "border_subtitle"}
#: what moves a widget's cursor or gives it classes (what it shows: a line shown or hidden), when
#: called on it, and where its cursor or highlight is, when assigned to it
MOVERS = {"move_to", "set_class", "add_class", "remove_class", "toggle_class"}
CURSORS = {"cursor", "highlighted"}
#: the modules allowed to move a widget's highlight from outside: the new-match form highlights
#: its first game on mount, a form's own start, no table's
FORMS = ("caravan_tui.screens.match_form",)
QUERIES = {"query_one", "query", "query_exactly_one", "get_widget_by_id"}


def every_module() -> list[str]:
    names = [
        module.name
        for module in pkgutil.walk_packages(caravan_tui.__path__, "caravan_tui.")
        if module.name not in OPTIONAL
    ]
    for name in names:
        importlib.import_module(name)
    return names


def subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *subclasses(sub)]
    return found


def test_every_screen_is_at_most_three_levels_below_textuals_screen():
    every_module()
    depths = {
        f"{cls.__module__}.{cls.__qualname__}": [c for c in cls.__mro__ if issubclass(c, Screen)].index(Screen)
        for cls in subclasses(Screen)
        if cls.__module__.startswith("caravan_tui.")
    }
    assert depths and all(depth <= 3 for depth in depths.values()), depths
    assert depths["caravan_tui.games.merchant_lord.screen.MerchantLordScreen"] == 3  # (the check sees the games)


def queried(node: ast.AST, names: set[str]) -> bool:
    """Whether ``node`` is a widget found by a query: ``x.query_one(…)``, ``x.query(…).first()``,
    or a name bound to one in the same function."""
    while isinstance(node, (ast.Call, ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in QUERIES:
            return True
        node = node.func if isinstance(node, ast.Call) else node.value
    return isinstance(node, ast.Name) and node.id in names


def queried_names(function: ast.AST) -> set[str]:
    """The names a function binds to a queried widget: ``grid = self.query_one(…)``,
    ``grid, actions = self.query_one(…), self.query_one(…)`` and ``for bar in self.query(…)``."""
    names = set()
    for node in walked(function):
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name) and queried(node.iter, set()):
            names.add(node.target.id)
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs = (
                zip(target.elts, node.value.elts)
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                else [(target, node.value)]
            )
            names |= {name.id for name, value in pairs if isinstance(name, ast.Name) and queried(value, set())}
    return names


def painted_from_outside(
    path: Path, module: str, calls: set[str] = PAINTERS | SETTERS, attributes: set[str] = CAPTIONS
) -> list[str]:
    """The lines of ``path`` where code outside a widget's own class sets a queried widget's text
    (``PAINTERS``), choices or selection (``SETTERS``) or caption (``CAPTIONS``): where it calls
    one of ``calls`` on it or assigns one of its ``attributes``."""
    tree = parsed(path)
    found = []

    def visit(node: ast.AST, owner: type | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                cls = getattr(importlib.import_module(module), child.name, None)
                visit(child, cls if isinstance(cls, type) else None)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside_widget = owner is not None and issubclass(owner, Widget) and not issubclass(owner, Screen)
                if not inside_widget:
                    check(child)
                visit(child, owner)
            else:
                visit(child, owner)

    def check(function: ast.AST) -> None:
        names = queried_names(function)
        for node in walked(function):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in calls
                and queried(node.func.value, names)
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, (ast.AugAssign, ast.AnnAssign))
                else []
            )
            for target in targets:
                for part in target.elts if isinstance(target, ast.Tuple) else [target]:
                    if isinstance(part, ast.Attribute) and part.attr in attributes and queried(part.value, names):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")

    visit(tree, None)
    return sorted(found, key=lambda place: int(place.rpartition(":")[2]))


@pytest.mark.thorough
def test_no_screen_or_helper_sets_a_widgets_text_from_outside():
    """The table's panels write themselves from the table's state (``TableText``); what a screen
    shows elsewhere is its own reactive data, bound to the widget that shows it."""
    offenders = []
    for name in every_module():
        path = Path(importlib.import_module(name).__file__ or "")
        offenders += painted_from_outside(path, name)
    assert offenders == []
    assert not any("update_static" in path.read_text(encoding="utf-8") for path in (ROOT / "caravan_tui").rglob("*.py"))


@pytest.mark.thorough
def test_no_screen_or_helper_moves_a_widgets_cursor_or_sets_its_classes():
    """A table asks its plays list (``point_list``) and its boards (``point_cursor``) where to put
    a highlight or a cursor through its state; a line shown only at times shows itself from the
    state (Camel Caravan's end-phase line): no screen moves a cursor or gives a widget classes."""
    offenders = []
    for name in every_module():
        if not name.startswith(FORMS):
            path = Path(importlib.import_module(name).__file__ or "")
            offenders += painted_from_outside(path, name, MOVERS, CURSORS)
    assert offenders == []


def test_the_check_finds_a_painter_a_setter_and_a_caption():
    """The check itself: a screen method filling a queried ``Static``, giving a queried list its
    choices, ticking a queried hand's cards, naming the cell under a queried board's cursor and
    moving that cursor is found each time."""
    source = ROOT / "tests" / "test_table_shape.py"
    first = PaintingScreen.show.__code__.co_firstlineno
    assert painted_from_outside(source, __name__) == [
        f"tests/test_table_shape.py:{first + line}" for line in (2, 4, 5, 6, 8)
    ]


def test_the_check_finds_a_cursor_a_highlight_and_a_class_set_from_outside():
    """The check itself: a screen method putting a queried list's highlight or a queried board's
    cursor somewhere (assigned, or by ``move_to``) and showing a queried line through its
    classes is found each time."""
    source = ROOT / "tests" / "test_table_shape.py"
    first = PaintingScreen.point.__code__.co_firstlineno
    assert painted_from_outside(source, __name__, MOVERS, CURSORS) == [
        f"tests/test_table_shape.py:{first + line}" for line in (2, 4, 4, 5, 6, 8)
    ]  # (4: two)


class PaintingScreen(Screen):
    def show(self) -> None:
        line = self.query_one("#line")
        line.update("painted")  # (the examples the check must find)
        hand, plays = self.query_one("#hand"), self.query_one("#plays")
        plays.set_actions([("pass",)], str)
        hand.select(["1S"])
        self.query_one("#board").border_subtitle = "a cell"
        self.query_one("#plays").focus()  # (not one: the focus is the screen's to give)
        self.query_one("#board").set_cursor((0, 0))

    def point(self) -> None:
        plays = self.query_one("#plays")
        plays.highlighted = 2  # (the examples the check must find)
        board, dice = self.query_one("#board"), self.query_one("#dice")
        board.cursor, dice.cursor = 3, 0
        self.query_one("#villages").move_to("P0-V16")
        self.query_one("#end-line").set_class(True, "-hidden")
        for bar in self.query("#hand, #row"):
            bar.cursor = 0
        self.set_class(True, "-wide")  # (not one: the screen's own classes are its own)


def test_bus_messages_reach_the_table_through_its_dispatch_table_not_a_chain_of_type_checks():
    from caravan_tui import bus
    from caravan_tui.screens.table_bus import HEARS, TableBus

    handle = next(
        node
        for node in walked(parsed(ROOT / "caravan_tui" / "screens" / "table_bus.py"))
        if isinstance(node, ast.FunctionDef) and node.name == "handle"
    )
    assert not [node for node in ast.walk(handle) if isinstance(node, ast.Name) and node.id == "isinstance"]
    # every message the host sends a seat has its handler, a method of the table
    to_seats = {
        bus.MatchInfo,
        bus.Update,
        bus.YourTurn,
        bus.Thinking,
        bus.Hint,
        bus.Rejected,
        bus.MatchOver,
        bus.Saved,
        bus.SaveStatus,
        bus.Chat,
    }
    assert set(HEARS) == to_seats
    assert all(callable(getattr(TableBus, name, None)) for name in HEARS.values())


def test_every_widget_bound_to_the_table_reads_a_typed_state():
    from textual.reactive import Reactive

    from caravan_tui.screens.game import GameScreen
    from caravan_tui.screens.table_seat import TableState
    from caravan_tui.widgets.seat_table import SeatTable

    every_module()
    bound = [
        cls
        for cls in subclasses(Widget)
        if cls.__module__.startswith("caravan_tui.") and isinstance(cls.__dict__.get("table_state"), Reactive)
    ]
    assert bound and GameScreen in bound
    untyped = [cls.__qualname__ for cls in bound if cls.__annotations__.get("table_state") == "var[Any]"]
    assert untyped == []
    # the state the screen binds them to is one the widgets may read
    table: SeatTable = TableState(seat=0)
    assert table.turn is None


#: what refreshed a table by hand: a new state assigned is what redraws it now (issue 64)
HAND_REFRESHES = {"table_changed", "mutate_reactive", "show_status"}


def refreshed_by_hand(path: Path) -> list[str]:
    """The lines of ``path`` that call ``table_changed``, ``mutate_reactive`` or ``show_status``,
    or a ``redraw`` of anything but ``self`` (a widget redraws itself, in its own watchers)."""
    found = []
    for node in walked(parsed(path)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        of_self = isinstance(node.func.value, ast.Name) and node.func.value.id == "self"
        if node.func.attr in HAND_REFRESHES or (node.func.attr == "redraw" and not of_self):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_table_is_refreshed_by_hand():
    """A table's widgets draw themselves when a new state is assigned: no screen, helper or
    widget calls ``table_changed``, ``mutate_reactive``, ``show_status`` or another widget's
    ``redraw`` (forget one and a panel went stale)."""
    offenders = []
    for path in sorted((ROOT / "caravan_tui").rglob("*.py")):
        offenders += refreshed_by_hand(path)
    assert offenders == []


def test_the_check_finds_every_hand_placed_refresh():
    source = ROOT / "tests" / "test_table_shape.py"
    first = RefreshingScreen.changed.__code__.co_firstlineno
    assert refreshed_by_hand(source) == [f"tests/test_table_shape.py:{first + line}" for line in (1, 2, 3, 4)]


class RefreshingScreen(Screen):
    def changed(self) -> None:
        self.table_changed()  # (the examples the check must find)
        self.mutate_reactive(Screen.title)
        self.show_status()
        self.query_one("#status").redraw()
        self.redraw()  # (not one: its own)
