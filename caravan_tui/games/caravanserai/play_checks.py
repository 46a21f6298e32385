"""What Caravanserai checks before a play goes, from the table's state alone (pure: no Textual):
the steps the rules would then lay by themselves, whether the play leaves our caravan boxed in or
ends the match, and so what to ask first; the same for the hint's whole placement."""

from __future__ import annotations

from typing import cast

from caravan_tui.engine import Action
from caravan_tui.words import plural

from .ai import prior
from .board_widget import Cell
from .explain import gain_words, placement
from .geometry import CELL_ID, COLOUR_NAMES, cell_name
from .picture import Picture
from .rules import BOARD, PLACE, CaravanseraiState, laid_words
from .table_state import CaravanseraiTable
from .views import CaravanseraiView, piece
from .words import SAFETY, end_why, forced_words


def forced_news(table: CaravanseraiTable, action: Action, short: bool = False) -> tuple[str, list[tuple[str, bool]]]:
    """What the rules play by themselves after ``action``: our steps of this turn, in words
    (``short``: in the board's letters), and those of our later turns, each with whether they
    lay it whole."""
    world, seat = table.world, table.seat
    if not isinstance(world, CaravanseraiState) or seat is None or action not in table.legal:
        return "", []
    return forced_of(world, action, seat, short)


def forced_of(
    world: CaravanseraiState, action: Action, seat: int, short: bool = False
) -> tuple[str, list[tuple[str, bool]]]:
    """``forced_news`` of ``action`` in ``world``, for ``seat``."""
    colour = action[1] if action[0] == "good" else world.bcol
    return forced_words(world.laid_after(action), seat, world.turns, colour, short)


def forcing_after(table: CaravanseraiTable, action: Action) -> tuple[str, str] | None:
    """The steps the rules lay for us after ``action`` (this turn's, then our later turns'), in
    words and in the board's letters (None: none)."""
    # (in brackets: "the only way on: your next turn begins: head E" read two colons in one line)
    words, letters = (
        "; ".join(
            [now] * bool(now)
            + [f"{'all' if whole else 'the start'} of your next turn ({turn})" for turn, whole in later]
        )
        for now, later in (forced_news(table, action), forced_news(table, action, short=True))
    )
    return (words, letters) if words else None


def boxed_in(table: CaravanseraiTable, world: CaravanseraiState) -> str | None:
    """Why our caravan could not place after ``world``'s turn ended (None: it can, or the game
    is over)."""
    seat = table.seat
    if seat is None or world.is_over() or world.turn == seat:
        return None
    return world.stuck(seat)


def stuck_words(why: str) -> str:
    """What a placement that leaves our caravan unable to place does to it, by ``why``
    (``CaravanseraiState.stuck``): "boxed in" is the head's want of an open cell alone (the
    result screen's "stuck (no open cell next to its head) or out of camels"); a reserve left
    without camels read "boxes your caravan in (no camel in reserve)"."""
    if why == "no camel in reserve":
        return "leaves your caravan with no camel in reserve"
    return f"boxes your caravan in ({why})"


def open_by_head(world: CaravanseraiState, seat: int) -> list[Cell]:
    """The open cells next to ``seat``'s head camel in ``world``."""
    view = cast(CaravanseraiView, world.view(seat))  # (what the engine's views are: the contract test)
    return Picture(view).open_around(piece(view["caravans"][seat][-1])[:2])


def lone_cell_words(world: CaravanseraiState, seat: int) -> str:
    """What a head left one open cell in ``world`` risks, said after "leaves one open cell next
    to your head": taken by another caravan, the turns skipped; where no cell beyond it is open, a
    dead end whoever takes it; where one, either taken ("if another player's caravan takes it"
    stood over a board's corner whose one open cell had one beyond it: AI 2 took that one, the
    next turn laid a lone camel in the corner, and four turns were skipped)."""
    view = cast(CaravanseraiView, world.view(seat))
    picture = Picture(view)
    (cell,) = picture.open_around(piece(view["caravans"][seat][-1])[:2])
    beyond, there = picture.open_around(cell), cell_name(CELL_ID[cell])
    if not beyond:
        return (
            f", {there}, and no open cell beyond it: a dead end, your next placement ends on it and "
            "your turns after it are skipped until a cell there frees"
        )
    if len(beyond) == 1:  # (the corner's one cell had one beyond it, which AI 2 took next)
        return (
            f", {there}, and only {cell_name(CELL_ID[beyond[0]])} beyond it: if another player's caravan takes "
            "either, your turns are skipped until a cell there frees"
        )
    return ": if another player's caravan takes it, your turns are skipped until a cell there frees"


def plan_laid(table: CaravanseraiTable) -> tuple[CaravanseraiState, list[str]] | None:
    """The position once the hint's whole placement is laid, and our later turns the rules lay
    whole after it, in words (``later_laid``)."""
    now = table.world
    if not isinstance(now, CaravanseraiState) or table.seat is None or not table.hint_plan:
        return None
    world, later = now.clone(), []
    for action in placement(world, table.seat, table.hint_plan, prior):
        later = later_laid(world, action, table.seat)
        world.apply(action, False)
    return world, later


def later_laid(world: CaravanseraiState, action: Action, seat: int) -> list[str]:
    """``seat``'s later turns the rules lay whole after ``action`` in ``world`` (its only move:
    the others passed over), each in words ("head E, camel")."""
    return [words for words, whole in forced_of(world, action, seat)[1] if whole]


def turns_laid(later: list[str]) -> str:
    """ "Then the rules lay your next 2 turns for you, the only move: head E, camel; head SE, camel"."""
    turns = "your next turn" if len(later) == 1 else f"your next {len(later)} turns"
    return f"the rules lay {turns} for you, the only move: {'; '.join(later)}"


def hint_warning(table: CaravanseraiTable) -> str | None:
    """The warning the hint opens with when its whole placement boxes our caravan in, or leaves
    one open cell next to our head between players, as the question before such a play says it
    (None: it does not)."""
    if table.hint_plan and table.hint_plan[0][0] == "stand":
        return None  # (a stand moves no head: "the placement suggested below" named none)
    laid = plan_laid(table)
    if laid is None or table.seat is None:
        return None
    world, later = laid
    why = boxed_in(table, world)
    if why is not None and later:
        # (its reason's "leaves 2 camels" is true of the placement: the turns laid after it spend them)
        return (
            f"Careful: after the placement suggested below {turns_laid(later)}; that {stuck_words(why)}: "
            "you would then be skipped."
        )
    if why is not None:
        return f"Careful: the placement suggested below {stuck_words(why)}: you would be skipped."
    if world.n > 1 and not world.is_over() and world.turn != table.seat and len(open_by_head(world, table.seat)) == 1:
        risk = lone_cell_words(world, table.seat)
        return f"Careful: the placement suggested below leaves one open cell next to your head{risk}."
    return None


def question_before(table: CaravanseraiTable, action: Action) -> tuple[str, bool] | None:
    """What to ask before ``action``, and whether its answer must be a "y" (None: play it at
    once): the rest of the placement laid unseen (only one way on), the match ended, the caravan
    boxed in or left one open cell, our next turns laid for us. A "y" where it boxes our caravan
    in, or ends the match where another play would not (Enter, which had played each step of
    the placement, ended a solo match at 16 with six camels unused)."""
    world, seat = table.world, table.seat
    if not isinstance(world, CaravanseraiState) or seat is None or action not in world.legal_actions():
        return None
    after = world.clone()
    after.apply(action, log=False)
    ends = after.turns != world.turns or after.is_over()
    placed = after.stage not in (PLACE, BOARD) or after.turns != world.turns  # the placement is over
    question = ""
    if world.stage in (PLACE, BOARD) and placed and action[0] != "camel" and after.last is not None:
        # only what is still to lay, this step's pieces with it ("the rest … (3W camel)" read as
        # three whites more, where the log then said two): the pieces laid before this step are the
        # player's own; of this placement (``through_turn``): where the rules lay the next turn
        # too, ``after.last`` is that one's, and its pieces cut at this one's count said "laid for
        # you (, on …"
        this = world.through_turn(action)
        assert this.last is not None  # (the placement is over within the turn)
        laid, length = laid_words(this.last[2][len(world.laid) :]), len(this.caravans[seat])
        # (how many: "two market goods for each camel taken back" left the camels to count)
        camels = this.last[7]
        each = " (two for each, solo)" if world.n == 1 else ""
        stands = f"{plural(camels * (2 if world.n == 1 else 1), 'market good')}{each}"
        back = f"{plural(camels, 'camel')} come{'s' if camels == 1 else ''} back"
        then = "your turn ends" if ends else f"then {back} and you stand {stands}"
        stops = stop_words(world, action, seat)
        question = (
            f"After “{table.describe(action)}” only one way on is left: this step and the rest of the "
            f"placement are laid for you ({laid}{stops}) and {then}, your caravan at {length}. "
        )
    # what the placement leaves is said as it ends (at its camel), never at a stand after it:
    # a good stood on the board blocks no caravan, so every stand leaves the same
    settles = action[0] != "stand" and (ends or (placed and world.stage in (PLACE, BOARD)))
    boxed, ends_early = None, False
    if settles and not after.is_over() and world.n > 1:
        boxed = boxed_in(table, after) if ends else after.stuck(seat)
    # never a whole turn played for the player unannounced (a turn only begun by the rules, its
    # one open direction, is the player's to finish: nothing to ask, but said where a question is
    # asked anyway: the next turn opened with its direction chosen, the question silent of it)
    news = forced_news(table, action)[1]
    later = [words for words, whole in news if whole]
    if after.is_over() and after.end is not None:
        why = end_why(after)
        if after.end == SAFETY and after.last is not None and after.last[0] != seat:
            # (another seat's only move laid first: "no caravan can move any more" stood while
            # AI 2's head still had an open cell, which the rules then laid)
            why = f"{table.seat_name(after.last[0])}'s only move is laid, then {why}"
        said = "" if question else f", your caravan at {len(after.caravans[seat])}"  # (its length once)
        question += f"This ends the match ({why}){said}. "
        ends_early = any(other != action and not ends_match(world, other) for other in world.legal_actions())
    elif boxed and not later:
        question += f"This {stuck_words(boxed)}: your turns would be skipped. "
    elif settles and world.n > 1 and not after.is_over() and len(open_by_head(after, seat)) == 1:
        question += f"This leaves one open cell next to your head{lone_cell_words(after, seat)}. "
    if later:
        question += f"Then {turns_laid(later)}. "
        if boxed:  # (said after them: the placement itself left camels, the turns laid spend them)
            question += f"That {stuck_words(boxed)}: your turns would then be skipped. "
    begun = [words for words, whole in news if not whole]
    if question and begun:
        which = "The turn after that" if later else "Then your next turn"
        question += f"{which} begins with the only way on: {begun[0]}. "
    return (question, bool(boxed) or ends_early) if question else None


def ends_match(world: CaravanseraiState, action: Action) -> bool:
    """Whether ``action`` ends the match."""
    after = world.clone()
    after.apply(action, log=False)
    return after.is_over()


def stop_words(world: CaravanseraiState, action: Action, seat: int) -> str:
    """What the final camel the rules lay for us after ``action`` brings where it stops: ", on
    (5,-1) you take the black board good and gain a red good from the market" (§5.6, §5.7; ""
    where they lay none, or it brings nothing). A question that said only the caravan's length
    left the good a stop gains unsaid."""
    before = world.forced_camel(action)  # (the position the camel stops in: its market, its board goods)
    if before is None:
        return ""
    cell, brings = before.target, []
    if cell in before.bgoods:
        brings.append(f"take the {COLOUR_NAMES[before.bgoods[cell]]} board good")
    colour = before.board.cs[cell]
    if colour >= 0:
        brings.append(gain_words(before, seat, colour, "gain"))
    return f", on {cell_name(cell)} you {' and '.join(brings)}" if brings else ""


def block_choices(table: CaravanseraiTable, colour: int) -> list[Action]:
    """The plays a block key of ``colour`` offers: the sizes a block of that colour may start
    with now (none inside a block, or when it cannot start)."""
    pl = table.view["placement"] if table.view is not None else None
    if pl is None or pl["left"]:
        return []
    return [a for a in table.legal if a[0] == "good" and a[1] == colour]


def block_question(table: CaravanseraiTable, choices: list[Action]) -> str:
    """The block key's question: "how many?" where the first block may have 1 or 2 goods, else
    the one size it must have. Enter starts a block of several: "enter lays them" was read as
    all of them, and Enter stopped at the next cell where the caravan may turn."""
    pl = table.view["placement"] if table.view is not None else None
    block = pl["block"] if pl is not None else 1
    if len(choices) > 1:
        return f"Block {block}: how many?"
    size = choices[0][2]
    return f"Block {block} has {goods_words(choices[0])}: enter {'starts the block' if size > 1 else 'lays it'}"


def goods_words(action: Action) -> str:
    """A block's goods in words: "2 white goods"."""
    return f"{action[2]} {COLOUR_NAMES[action[1]]} good{'s' if action[2] > 1 else ''}"
