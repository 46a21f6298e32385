"""The Caravanserai table's selection as a reducer (pure: no Textual): each change (a view
arriving, our turn, our choice, a hint) gives a new ``CaravanseraiTable`` from the last, the last
left as it was. It holds the hint's plan (its steps still ahead and the cells it fills, in order),
the cells the others' latest action changed, the steps the rules laid for us, and our turns
skipped or laid for us; the screen assigns what these give."""

from __future__ import annotations

import dataclasses

from caravan_tui.engine import Action
from caravan_tui.screens.table_client import list_pointed
from caravan_tui.screens.table_status import PLAYS_LIST

from .ai import prior
from .board_widget import Cell
from .explain import placement
from .geometry import QR
from .looks import aimed_at_decision
from .picture import Picture, action_cell, notation
from .play_checks import forcing_after
from .rules import BOARD, PLACE, CaravanseraiState
from .table_state import CaravanseraiTable, ForcedSaid, aimed, showing
from .views import CaravanseraiView, letters, piece

#: how the log says the steps the rules laid for us after our choice
FORCED_LOG = "The rules then laid for you, the only way on: {words}."
#: the same after a choice the log says nothing of itself (a direction, a block begun), named
#: first: "The rules then laid for you…", twice over, read as if the rules had laid the turn
CHOSEN_FORCED_LOG = "You chose “{choice}”; the rules then laid for you, the only way on: {words}."


def plan_cells(table: CaravanseraiTable, trail: tuple[Action, ...]) -> tuple[Cell, ...]:
    """Every cell the hint's whole plan (``trail``: its steps from here) puts something on, in
    the order it does: the starting camel, each piece of the placement as it is laid (a board
    good used or declined included, the final camel last), then each market good stood after
    it; the board numbers them so, and the route can be followed piece by piece."""
    now, seat = table.world, table.seat
    if not isinstance(now, CaravanseraiState) or seat is None or not trail:
        return ()
    world, cells = now.clone(), list[Cell]()
    done = {QR[cell] for cell, _ in now.laid}
    turns, head = now.turns, now.head

    def add(cell: Cell) -> None:
        if cell not in done and cell not in cells:
            cells.append(cell)

    for action in trail:
        placing = world.stage in (PLACE, BOARD)
        if action[0] == "start":
            add((action[1], action[2]))
        elif action[0] == "stand":
            add((action[2], action[3]))
        # (this turn's steps alone: ``apply`` also lays a later turn with no choice in it, another
        # seat's too, and then ``last`` was theirs: the camel a hint ended on went unmarked)
        world = world.through_turn(action)
        if not placing:
            continue
        # the step ended the placement (solo: the next may have begun): its pieces are ``last``'s
        ended = world.stage not in (PLACE, BOARD) or world.turns != turns
        last = world.last
        laid = last[2] if ended and last is not None and last[1] == head else () if ended else world.laid
        for cell, _ in laid:
            add(QR[cell])
    return tuple(cells)


def _whole_plan(table: CaravanseraiTable, line: list[Action] | tuple[Action, ...]) -> tuple[Action, ...]:
    """The placement ``line`` begins, whole (``explain.placement``); () where there is none."""
    world, seat = table.world, table.seat
    if not isinstance(world, CaravanseraiState) or seat is None:
        return ()
    return tuple(placement(world, seat, line, prior))


def hinted(table: CaravanseraiTable, action: Action) -> CaravanseraiTable:
    """The table once a hint for ``action`` came (its whole line in ``hint_plan``): the plan's
    steps and cells previewed, the board asked to show the hinted cell."""
    trail = _whole_plan(table, table.hint_plan)
    new = dataclasses.replace(table, trail=trail, hinted=action, hint_cells=plan_cells(table, trail))
    cell = action_cell(action, table.picture) if table.picture is not None else None
    return new if cell is None else showing(new, cell)


def followed(table: CaravanseraiTable) -> CaravanseraiTable:
    """At our next decision, the hint's plan stays starred while we follow it: its next step is
    the hinted play (the plays list stars it too) and the cells of the rest stay marked; a step
    off the plan ends it."""
    if table.trail and table.trail[0] in table.legal:
        trail = _whole_plan(table, table.trail)
        if trail:
            first = trail[0]
            return dataclasses.replace(
                table, trail=trail, hinted=first, hint_action=first, hint_cells=plan_cells(table, trail)
            )
    return dataclasses.replace(table, trail=(), hinted=None)


def our_turn(table: CaravanseraiTable) -> CaravanseraiTable:
    """The table at our decision: the hint's plan followed, the news of turns missed put away
    (the placement line shows our placement now), the board's cursor asked to the decision.
    Where the plan goes on and the plays list has the focus (its last step was played from
    there), the list's highlight goes to the plan's next step: Enter there followed the plan
    once, then played the list's first line."""
    new = aimed_at_decision(dataclasses.replace(followed(table), skipped=None, played_for_us=None))
    if new.trail and new.hinted is not None and new.focus == PLAYS_LIST:
        new = list_pointed(new, new.hinted)
    return new


def chose(table: CaravanseraiTable, action: Action) -> CaravanseraiTable:
    """The table once our ``action`` went to the host: the steps the rules will lay for us
    after it (said as its view arrives), the hint's plan one step on (a step off it ends it), no
    hint and no changed cells marked while others play."""
    trail = table.trail[1:] if table.trail and table.trail[0] == action else ()
    world, seat = table.world, table.seat
    said = world.said_by(action) if isinstance(world, CaravanseraiState) else []
    lines = sum(1 for event in said if event.visible_to(seat))
    forcing = forcing_after(table, action)
    if forcing is not None:  # (the log's line: ``forced_line``)
        line = FORCED_LOG if lines else CHOSEN_FORCED_LOG
        forcing = (line.format(choice=table.describe(action), words=forcing[0]), forcing[1])
    new = dataclasses.replace(table, forcing=forcing, chosen_lines=lines, forced=None, trail=trail)
    if new.turn is None:
        new = dataclasses.replace(new, hinted=None, flash=frozenset())
    return new


def undone(table: CaravanseraiTable) -> CaravanseraiTable:
    """The table as our undo goes to the host: the hint's plan, followed a step on, would star
    its next step in the position the undo brings back, before that step (2 red goods where the
    plan began with 1 purple, and Enter laid another placement), and the steps the rules laid
    for us after the move taken back are not ours any more: both go."""
    return dataclasses.replace(table, trail=(), hinted=None, hint_cells=(), forcing=None, forced=None)


def forced_line(table: CaravanseraiTable, by_other: bool) -> str | None:
    """The log's line of the steps the rules lay for us after our choice, said as the view after
    it arrives and before what the log says of it ("You laid 1W 2P camel…", which those steps
    end), so that the log reads in the order the steps were laid (None: none)."""
    if by_other or table.replaying or table.forcing is None:
        return None
    return table.forcing[0]


def with_forced_lines(table: CaravanseraiTable, said: tuple[ForcedSaid, ...]) -> CaravanseraiTable:
    """``table`` whose log came whole from the host (an undo's, a reconnect's: its lines alone)
    with the lines of the steps the rules laid for us (``forced_line``) put back, each after as
    many of the host's lines as stood before it; one whose move the match no longer holds (an
    undo took it back) goes."""
    lines = list(table.log)
    kept = tuple((hosts, line, move) for hosts, line, move in said if move < table.moves and hosts <= len(lines))
    for placed, (hosts, line, _) in enumerate(kept):
        lines.insert(hosts + placed, (line, False))
    return dataclasses.replace(table, log=tuple(lines), forced_said=kept)


def arrived(table: CaravanseraiTable, previous: CaravanseraiView | None, by_other: bool) -> CaravanseraiTable:
    """The table once its view (after ``previous``) arrived: the cells another's action changed,
    marked (the board asked to show them while it is not our turn); the steps laid for us after
    our choice (``forced_line`` says them in the log), under the board until our next choice
    (another's move ends them); our turns skipped or laid for us in between."""
    view, after = table.view, table.picture
    assert view is not None
    new, changed = table, frozenset[Cell]()
    if previous is not None and after is not None and (by_other or table.replaying):
        before = Picture(previous)
        changed = frozenset(cell for cell in after.cells if before.key(cell) != after.key(cell))
        if changed and table.turn is None:
            new = showing(new, after.pos if after.pos in changed else min(changed, key=lambda c: (c[1], c[0])))
    forcing, forced = table.forcing, table.forced
    if by_other or table.replaying:
        forcing = forced = None
    elif forcing is not None:
        forced, forcing = forcing[1], None
    news, skipped, played = missed_turns(table, previous, view)
    # (the others' changes add up until our turn ends, ``chose``: a turn that ended on a stand
    # left only the stand marked, not the pieces laid before it; a replay marks its step's)
    flash = table.flash | changed if by_other and not table.replaying else changed
    return dataclasses.replace(
        new, flash=flash, forcing=forcing, forced=forced, news=news, skipped=skipped, played_for_us=played
    )


def missed_turns(
    table: CaravanseraiTable, previous: CaravanseraiView | None, view: CaravanseraiView
) -> tuple[str | None, tuple[int, str] | None, str | None]:
    """Our turns that passed between two views with no decision of ours (the turns begun in
    between, ours among them, are past): skipped by the rules, and why, or laid for us (the
    only move). What the status line says while the view is on show (``news``), and the
    placement line's ``skipped`` and ``played_for_us`` until our next turn. Once the match is
    over the last turn begun is past too: "skipped ×4" stood over a log of five skips, the last
    of them in the match's last round."""
    world, seat = table.world, table.seat
    skipped, played = table.skipped, table.played_for_us
    if previous is None or seat is None or table.replaying or not isinstance(world, CaravanseraiState):
        return None, skipped, played
    mover, players = previous["to_move"], view["players"]
    begun = view["turns"] - previous["turns"]  # the last one begun is the turn now, while one is
    past = begun if view["over"] else begun - 1
    if mover is None or past < 1:
        return None, skipped, played
    times = sum(1 for k in range(1, past + 1) if (mover + k) % players == seat)
    last, news = view["last"], None
    # a placement of ours we did not make: not the one our own decision ended (its head camel
    # is the one we had)
    if (
        times
        and last is not None
        and last["seat"] == seat
        and last != previous["last"]
        and (mover != seat or tuple(last["head"]) != piece(previous["caravans"][seat][-1])[:2])
    ):
        played = notation(letters(last["laid"]))
        news = f"Your turn was laid for you: {played}, the only move"
        times -= 1
    if times:
        why = world.stuck(seat) or "no placement was possible then"
        skipped = ((skipped[0] if skipped else 0) + times, why)
        news = f"Your turn was skipped: {why}"
    return news, skipped, played


def list_followed(table: CaravanseraiTable) -> CaravanseraiTable:
    """The table once the plays list's highlight moved, while the list has the focus: the board's
    cursor on the highlighted play's cell, so the cell the frame's foot names is the one Enter
    plays at ("(1,-5) black Caravanserai" stood under "enter: stand a yellow good at (0,0)")."""
    play = table.highlighted
    if table.focus != PLAYS_LIST or play is None or table.picture is None:
        return table
    cell = action_cell(play, table.picture)
    return table if cell is None else aimed(table, [cell])
