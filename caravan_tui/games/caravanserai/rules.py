"""Caravanserai: the engine, as the spec (shared/rules/caravanserai.md) states it.

Actions (spec §11.1; cells are axial ``q, r``, colours 0-4 = W K P R Y, directions 0-5 = E NE NW
W SW SE):

- ``("start", q, r)``: the starting camel on a free Caravanserai cell of an outer tile (setup).
- ``("dir", d)``: where the next piece goes, when a turn is allowed (the start of a placement, after
  a piece on a Caravanserai cell, after a lying camel).
- ``("good", c, s)``: the next good, of colour c, in a block of s goods (s is chosen only for the
  first block in basic: 1 or 2; otherwise it is forced).
- ``("use",)`` / ``("decline",)``: take the board good of the same colour on that cell as this
  piece, or lay your own and send the board good back to the market.
- ``("lying",)``: a lying camel in place of a whole block (expert).
- ``("camel",)``: the final camel; count, take back and stands follow.
- ``("stand", c, q, r)``: stand a market good of colour c on that free Caravanserai cell.

Rulings (beyond the spec's own, which are followed as written):

- Ruling (forced steps, §11.3): whenever exactly one action is legal during a placement, a use or
  decline question, or the stands, the engine applies it itself (inside ``apply``), so a straight
  good inside a block, a forced direction, a forced ``use`` (no reserve good of that colour) and
  the only stand left are never asked. Starting cells are always asked.
- Ruling (board goods in the way): a good announced for a cell holding a board good of another
  colour sends that good back to the market before the piece is laid (§5.6); a camel (final or
  lying) on a cell with a board good takes it into the reserve *before* the gain of §5.7.
- Ruling (the market is "empty"): the end trigger (§8.2) and the solo end (§8.5) look at the
  total of the market over all colours, not at one colour.
- Ruling (the round cap, §8.4): it applies to solo too: the game ends after round 100 whatever the
  player count. A round begins with seat 0's turn; the start placements are not a round.
- Ruling (solo gains): with one seat there is no opponent, so a gain from an empty market colour
  gives nothing (spec §10).
- Ruling (take back cap): since a caravan holds at least its head before a placement,
  ``count <= placed <= L - 1`` always, so the cap of §7.1 never binds and the caravan grows by
  exactly the omitted goods; the engine still applies ``min(count, L - 1)``.
- Ruling (solo outcome): ``outcome()`` is ``[min(1, length / 45)]``; ``estimate()`` projects the
  same scale.
- Ruling (decline and dead ends): ``("decline",)`` is offered only when the placement can still
  be finished after laying a reserve good there (§11.4 applies to it like to any choice: a
  decline spends a reserve good that the rest of the block may need).
- Ruling (turn start): the end checks run before the skip check, so a game where nobody can move
  ends (§8.3) rather than skipping every seat; a skipped turn counts as a turn (``turns``) and, for
  seat N-1, ends the round.
- Ruling (what the scores show): ``scores()`` are the caravans' committed lengths; the pieces of a
  placement in progress join the caravan when its final camel is laid.
- Ruling (chance): the seed is used at setup only; ``determinize`` reseeds it from ``rng`` and
  ``from_view`` (the view holds no seed) uses seed 0. The start gains cannot empty the market (it
  holds at least 20 goods for at most 6 seats), so the trigger can only fire after setup.
- Ruling (logging): placement steps are not logged one by one; the finished placement is logged
  as one line (the blocks, placed, count, pieces taken back), and the lying camel, a decline and
  every automatic effect (gains, board goods returned or taken, stands, skips, the trigger and the
  end) on lines of their own.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, TypeAlias

from caravan_tui.engine import Action, Event, IllegalAction, TurnState, plain_view

from .geometry import (
    CELL_ID,
    COLOUR_NAMES,
    COLOURS,
    DIR_NAMES,
    DIR_WORDS,
    LAYOUTS,
    NEIGHBOURS,
    QR,
    STEP,
    Board,
    board_for,
    cell_name,
    hex_distance,
)
from .setup import ALL_TILES, deal
from .views import CaravanseraiData, CaravanseraiView, LastView, PieceView, PlacementView
from .words import SAFETY, skipped_line, tiles_left_out

#: a piece of a caravan: ``(cell, kind)``, kind a colour 0-4, CAMEL or LYING
Piece: TypeAlias = tuple[int, int]
#: the latest placement: seat, head, laid pieces, offset, placed, count, taken back, camels taken
#: back, goods stood, declined blocks
Last: TypeAlias = tuple[int, int, tuple[Piece, ...], int, int, int, int, int, int, tuple[int, ...]]

CAMEL, LYING = 5, 6  # piece kinds beside the colours 0-4
KIND_LETTERS = COLOURS + "CL"
CAMELS = 8  # per seat
START_GOODS = 3  # per colour per seat
MAX_ROUNDS = 100
TITLES = (
    (45, "Chief of the 5 tribes"),
    (40, "Tribal chief"),
    (35, "Xiansheng"),
    (30, "Great camel driver"),
    (25, "Camel driver"),
)
SOLO_TOP = 45

# phases (§8.2)
NORMAL, COMPLETING, FINAL, OVER = range(4)
PHASES = ("normal", "completing", "final", "over")
# stages of the seat to move
START, PLACE, BOARD, STAND, DONE = range(5)
STAGES = ("start", "place", "board", "stand", "over")

DIR = tuple(("dir", d) for d in range(6))
GOOD = tuple(tuple(("good", c, s) for s in range(40)) for c in range(5))
USE, DECLINE, LYING_ACTION, CAMEL_ACTION = ("use",), ("decline",), ("lying",), ("camel",)
_STAND: dict[tuple[int, int], Action] = {}
_START: dict[int, Action] = {}


def stand_action(colour: int, cell: int) -> Action:
    action = _STAND.get((colour, cell))
    if action is None:
        action = _STAND[(colour, cell)] = ("stand", colour) + QR[cell]
    return action


def start_action(cell: int) -> Action:
    action = _START.get(cell)
    if action is None:
        action = _START[cell] = ("start",) + QR[cell]
    return action


def title(length: int) -> str | None:
    """The solo title a caravan of this length earns (§9.4), or None."""
    for least, name in TITLES:
        if length >= least:
            return name
    return None


def goods_word(count: int, colour: int) -> str:
    return f"{count} {COLOUR_NAMES[colour]} good{'s' if count != 1 else ''}"


def pieces_text(pieces: Iterable[Piece]) -> str:
    """A placement in the spec's notation, e.g. ``1Y 2W lying camel``."""
    words, run, colour = [], 0, -1
    for _, kind in pieces:
        if kind == colour:
            run += 1
            continue
        if run:
            words.append(f"{run}{COLOURS[colour]}")
        run, colour = (1, kind) if kind < CAMEL else (0, -1)
        if kind == LYING:
            words.append("lying")
        elif kind == CAMEL:
            words.append("camel")
    if run:
        words.append(f"{run}{COLOURS[colour]}")
    return " ".join(words)


def laid_words(pieces: Iterable[Piece]) -> str:
    """A placement as the log says it: the notation with its lying camel named whole ("1R lying
    camel, 3R camel"; "lying camel" read as one piece where a lying camel and the last were two)."""
    return pieces_text(pieces).replace("lying", "lying camel,")


class CaravanseraiState(TurnState):
    """One position.

    ``blocked[cell]`` is 1 off the board and under every caravan piece (pieces laid this turn
    included); ``bgoods`` maps a cell to the colour of the board good on it; ``res[p]`` is seat p's
    reserve as ``[W, K, P, R, Y, camels]``; ``caravans[p]`` a tuple of ``(cell, kind)``, tail first.
    A placement in progress: ``laid`` (its pieces), ``pos`` (the last piece, the head before the
    first), ``tdir`` (the direction of the next piece), ``target`` (its cell, -1 while a turn is
    allowed and no direction is chosen), block ``j`` with offset ``o`` (-1: not chosen yet),
    ``bcol``/``bsize``/``bleft`` (the block in progress; ``bcol`` -1 at a block boundary),
    ``prevcol`` (the colour the next block must avoid), and the count so far (``placed``,
    ``omitted``, and the block's flags ``b_cs``/``b_ok``/``b_dec`` of §6.2 a, b, c).
    """

    __slots__ = (
        "n",
        "expert",
        "seed",
        "board",
        "blocked",
        "bgoods",
        "market",
        "res",
        "caravans",
        "phase",
        "round",
        "stage",
        "head",
        "pos",
        "tdir",
        "target",
        "j",
        "o",
        "bcol",
        "bsize",
        "bleft",
        "prevcol",
        "lying",
        "placed",
        "omitted",
        "b_cs",
        "b_ok",
        "b_dec",
        "laid",
        "declined",
        "stands",
        "last",
        "end",
        "turns",
        "trigger",
    )
    COPIED = ("blocked", "bgoods", "market", "caravans")
    NESTED = ("res",)
    n: int
    expert: bool
    seed: int
    board: Board
    blocked: bytearray
    bgoods: dict[int, int]
    market: list[int]
    res: list[list[int]]
    caravans: list[tuple[Piece, ...]]
    phase: int
    round: int
    stage: int
    head: int
    pos: int
    tdir: int
    target: int
    j: int
    o: int
    bcol: int
    bsize: int
    bleft: int
    prevcol: int
    lying: bool
    placed: int
    omitted: int
    b_cs: bool
    b_ok: bool
    b_dec: bool
    laid: tuple[Piece, ...]
    declined: tuple[int, ...]
    stands: int
    last: Last | None
    end: str | None
    turns: int
    trigger: tuple[int, int] | None

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, *, seed: int, options: dict[str, Any]) -> CaravanseraiState:
        if not 1 <= players <= 6:
            raise ValueError("Caravanserai is for 1-6 players")
        variant = options.get("variant", "basic")
        if variant not in ("basic", "expert"):
            raise ValueError(f"unknown variant {variant!r}")
        tiles, dealt, goods = deal(players, seed)
        state = cls.__new__(cls)
        state.n = players
        state.expert = variant == "expert"
        state.seed = seed
        board = state.board = board_for(tiles, dealt)
        state.blocked = bytearray(board.layout.blocked)
        state.bgoods = dict(goods)
        per_colour = 7 if state.expert else 6
        market = [per_colour] * 5
        for _, colour in goods:
            market[colour] -= 1
        state.market = market
        state.res = [[START_GOODS] * 5 + [CAMELS] for _ in range(players)]
        state.caravans = [()] * players
        state.phase = NORMAL
        state.round = 0
        state.stage = START
        state.turn = 0
        state.stands = 0
        state.last = None
        state.end = None
        state.turns = 0
        state.trigger = None
        state._reset_placement(-1)
        state._legal = None
        return state

    def _reset_placement(self, head: int) -> None:
        self.head = self.pos = head
        self.tdir = -1
        self.target = -1
        self.j = 1
        self.o = 0 if self.expert else -1
        self.bcol = -1
        self.bsize = self.bleft = 0
        self.prevcol = -1
        self.lying = False
        self.placed = self.omitted = 0
        self.b_cs = self.b_dec = False
        self.b_ok = True
        self.laid = ()
        self.declined = ()

    def opening_events(self) -> list[Event]:
        board = self.board
        gone = sorted(set(ALL_TILES) - set(board.tiles))
        variant = "expert" if self.expert else "basic"
        seats = "solo" if self.n == 1 else f"{self.n} players"
        events = [Event(f"Caravanserai, {variant} game, {seats}: a board of {board.layout.tiles} tiles.")]
        if gone:
            events.append(
                Event(
                    f"{len(gone)} tiles stay in the box, drawn at random: {tiles_left_out(gone)} "
                    "(fewer Caravanserai cells of those colours).",
                    reveals=True,
                )
            )
        goods = ", ".join(f"{COLOUR_NAMES[c]} on {cell_name(cell)}" for cell, c in sorted(self.bgoods.items()))
        events.append(
            Event(
                f"The tiles are shuffled onto the board; board goods stand on the intermediate "
                f"tiles: {goods}. The market holds {sum(self.market)} goods.",
                reveals=True,
            )
        )
        if self.n == 1:  # ("each seat in turn" read oddly with one)
            events.append(Event("{p0} put{p0:s} {p0:their} starting camel on a Caravanserai cell of an outer tile."))
        else:
            events.append(
                Event(
                    "Each seat in turn puts its starting camel on a Caravanserai cell of an outer tile; "
                    "{p0} begin{p0:s}."
                )
            )
        return events

    # -- legal actions --------------------------------------------------------------------------

    def stuck(self, seat: int) -> str | None:
        """Why ``seat`` cannot place (§8.1), so its turns are skipped; None: it can."""
        if self.can_place(seat):
            return None
        return "no camel in reserve" if not self.res[seat][5] else "no open cell next to the head"

    def can_place(self, seat: int) -> bool:
        """§8.1: a camel in reserve and an open cell next to the head."""
        if self.res[seat][5] < 1 or not self.caravans[seat]:
            return False
        blocked = self.blocked
        # a loop, not any() over a generator: this runs at every turn start, and the generator
        # made random games 1.5% slower (callgrind instruction counts)
        for y in NEIGHBOURS[self.caravans[seat][-1][0]]:  # noqa: SIM110
            if not blocked[y]:
                return True
        return False

    def _compute_legal(self) -> list[Action]:
        p: int = self.turn  # type: ignore[assignment]  # legal_actions asks only while a seat is to move
        stage = self.stage
        if stage == PLACE:
            return self._placement_actions(p)
        if stage == BOARD:
            legal = [USE]
            c = self.bcol
            if self.res[p][c] >= 1:
                x = self.target
                self.blocked[x] = 1
                ok = self._after_ok(x, self.tdir, c, self.bleft - 1, self.res[p][c] - 1)
                self.blocked[x] = 0
                if ok:
                    legal.append(DECLINE)
            return legal
        if stage == STAND:
            return self._stand_actions()
        if stage == START:
            blocked, bgoods = self.blocked, self.bgoods
            return [start_action(c) for c in self.board.outer_cs if not blocked[c] and c not in bgoods]
        return []

    def _placement_actions(self, p: int) -> list[Action]:
        blocked = self.blocked
        res = self.res[p]
        x = self.target
        if x < 0:  # a turn is allowed: each open direction that still lets the placement finish
            legal: list[Action] = []
            pos, c, m = self.pos, self.bcol, self.bleft
            for d in range(6):
                y = pos + STEP[d]
                if not blocked[y] and (m == 0 or self._lay_ok(y, d, c, m, res[c])):
                    legal.append(DIR[d])
            return legal
        if self.bleft:
            return [GOOD[self.bcol][self.bsize]]
        legal = []
        d, j, prev = self.tdir, self.j, self.prevcol
        sizes = (1, 2) if self.o < 0 else (j + self.o,)
        for s in sizes:
            for c in range(5):
                if c != prev and self._lay_ok(x, d, c, s, res[c]):
                    legal.append(GOOD[c][s])
        if self.expert and not self.lying and res[5] >= 2:
            for y in NEIGHBOURS[x]:
                if not blocked[y]:
                    legal.append(LYING_ACTION)
                    break
        legal.append(CAMEL_ACTION)
        return legal

    def _lay_ok(self, x: int, d: int, c: int, m: int, rc: int) -> bool:
        """Whether a good of colour ``c`` laid on the open cell ``x`` (heading ``d``), as the first
        of the ``m`` goods the block still needs, with ``rc`` reserve goods of ``c``, leaves a
        placement that can be finished (§11.4). A board good of colour ``c`` is assumed used."""
        if self.bgoods.get(x, -1) != c:
            if rc <= 0:
                return False
            rc -= 1
        blocked = self.blocked
        blocked[x] = 1
        ok = self._after_ok(x, d, c, m - 1, rc)
        blocked[x] = 0
        return ok

    def _after_ok(self, x: int, d: int, c: int, m: int, rc: int) -> bool:
        """Whether the placement can be finished once a good lies on ``x`` (marked blocked) and
        ``m`` more goods of ``c`` are needed (0: a block boundary, where the final camel only
        needs an open target; the seat has a camel, or the placement could not have begun)."""
        blocked = self.blocked
        if self.board.cs[x] >= 0:
            for dd, y in enumerate(NEIGHBOURS[x]):
                if not blocked[y] and (m == 0 or self._lay_ok(y, dd, c, m, rc)):
                    return True
            return False
        y = x + STEP[d]
        return not blocked[y] and (m == 0 or self._lay_ok(y, d, c, m, rc))

    def stand_cells(self) -> list[tuple[int, int]]:
        """(colour, cell) pairs where a market good could stand now (§7.3)."""
        blocked, bgoods, market = self.blocked, self.bgoods, self.market
        return [
            (c, cell)
            for c in range(5)
            if market[c]
            for cell in self.board.cs_by_colour[c]
            if not blocked[cell] and cell not in bgoods
        ]

    def _stand_actions(self) -> list[Action]:
        return [stand_action(c, cell) for c, cell in self.stand_cells()]

    # -- applying -----------------------------------------------------------------------------

    def apply(self, action: Action, log: bool = True) -> list[Event]:
        if self.turn is None:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not legal now")
        events: list[Event] | None = [] if log else None
        turns = self.turns
        self._do(action, self.turn, events)
        self._play_forced(events, since=turns)
        return events if events is not None else []

    def _play_forced(
        self, events: list[Event] | None, steps: list[tuple[int, int, Action]] | None = None, since: int | None = None
    ) -> None:
        """Forced steps (module doc): apply the only legal action of a placement or take back; each
        goes into ``steps`` as (seat, its turn's number, action) where asked. ``since``: the turn
        the action applied belongs to (it may have ended it: the next seat's forced steps are a
        later turn's)."""
        turns = self.turns if since is None else since
        #: a later turn the rules lay so far: its number, seat, and where its lines begin in ``events``
        laying: tuple[int, int, int] | None = None
        while self.turn is not None and self.stage != START:
            legal = self.legal_actions()
            if len(legal) != 1:
                if events is not None and laying is not None:
                    # a later turn's whole placement laid, a choice left after it (the goods to
                    # stand): "You laid camel" in the other seat's move read as chosen
                    turn, p, at = laying
                    if any(event.text.startswith(f"{{p{p}}} laid ") for event in events[at:]):
                        events.insert(
                            at, Event(f"{{p{p}}} {{p{p}:has}} only one way to place: the rules lay it.", laid_for=p)
                        )
                    elif self.placement_dir_only(turn, p):
                        # (its one open way turned to unsaid: the turn began heading north-east,
                        # and nothing in the log nor under the board said why)
                        way = DIR_WORDS[self.tdir]
                        events.insert(
                            at, Event(f"{{p{p}}} can only head {way}: the rules turn {{p{p}:their}} caravan there.")
                        )
                break
            if steps is not None:
                steps.append((self.turn, self.turns, legal[0]))
            if events is not None and self.turns != turns and laying is None:
                laying = (self.turns, self.turn, len(events))
            self._do(legal[0], self.turn, events)
            if events is not None and laying is not None and self.turns != laying[0]:
                # a whole later turn with no choice in it: the log says the rules laid it (a person's,
                # laid inside the other seat's move, read "You laid camel" as if they had chosen it)
                turn, p, at = laying
                events.insert(at, Event(f"{{p{p}}} {{p{p}:has}} only one move: the rules lay it.", laid_for=p))
                turns, laying = turn, None

    def placement_dir_only(self, turn: int, p: int) -> bool:
        """Whether seat ``p``'s turn ``turn``, the one to move, has taken only its direction (the
        rules'), nothing laid yet."""
        return self.turns == turn and self.turn == p and self.stage in (PLACE, BOARD) and not self.laid

    def forced_after(self, action: Action) -> list[tuple[int, int, Action]]:
        """The steps ``apply(action)`` would then play by itself, the rules leaving no choice: (seat,
        the number of the turn it belongs to, action) each, so that a table can say them first."""
        return self._forced(action)[1]

    def said_by(self, action: Action) -> list[Event]:
        """The log's lines of ``action`` itself, before the steps the rules then lay: where a table
        says those steps (its line came after theirs, "You use the black board good" before "The
        rules then laid for you: … use the black board good")."""
        if self.turn is None or action not in self.legal_actions():
            return []
        events: list[Event] = []
        self.clone()._do(action, self.turn, events)
        return events

    def laid_after(self, action: Action) -> list[tuple[int, int, Action]]:
        """``forced_after`` less its last step where that announces a good whose use or decline is
        then asked: the seat lays that piece, by its answer, not the rules (a table said "the
        rules then laid for you: 1 red good" under the question of that good)."""
        world, steps = self._forced(action)
        if steps and steps[-1][2][0] == "good" and world.stage == BOARD:
            steps.pop()
        return steps

    def _forced(self, action: Action) -> tuple[CaravanseraiState, list[tuple[int, int, Action]]]:
        """The position ``apply(action)`` leaves, and the steps it plays by itself (none, and this
        position, where ``action`` is not legal)."""
        if self.turn is None or action not in self.legal_actions():
            return self, []
        world = self.clone()
        world._do(action, self.turn, None)
        steps: list[tuple[int, int, Action]] = []
        world._play_forced(None, steps)
        return world, steps

    def through_turn(self, action: Action) -> CaravanseraiState:
        """A copy after ``action`` and the steps the rules then lay by themselves in this turn,
        not those of a later turn (``apply`` plays a forced next turn too): where a hint's
        placement ends and what it leaves."""
        world, turns, seat = self.clone(), self.turns, self.turn
        if seat is None:
            return world
        world._do(action, seat, None)
        while world.turn is not None and world.stage != START and world.turns == turns:
            legal = world.legal_actions()
            if len(legal) != 1:
                break
            world._do(legal[0], world.turn, None)
        return world

    def forced_camel(self, action: Action) -> CaravanseraiState | None:
        """The position just before the final camel that the rules lay by themselves in this turn
        after ``action`` (None: they lay none), where ``describe`` says what the camel counts
        and leaves, as it does for a camel chosen."""
        if self.turn is None or action not in self.legal_actions():
            return None
        world, turns, seat = self.clone(), self.turns, self.turn
        world._do(action, seat, None)
        for mover, turn, step in self.forced_after(action):
            if turn != turns or mover != seat:
                break
            if step[0] == "camel":
                return world
            world._do(step, seat, None)
        return None

    def _do(self, action: Action, p: int, events: list[Event] | None) -> None:
        """One step of seat ``p``, the seat to move."""
        self._legal = None
        kind = action[0]
        if kind == "good":
            self._good(action[1], action[2], p, events)
        elif kind == "dir":
            d = action[1]
            self.tdir = d
            self.target = self.pos + STEP[d]
        elif kind == "camel":
            self._camel(p, events)
        elif kind == "use":
            x, c = self.target, self.bcol
            del self.bgoods[x]
            self.stage = PLACE
            if events is not None:  # (the good only vanished from the board: whose it was, unsaid)
                events.append(
                    Event(
                        f"{{p{p}}} use{{p{p}:s}} the {COLOUR_NAMES[c]} board good on {cell_name(x)} "
                        f"as a piece of {{p{p}:'s}} caravan."
                    )
                )
            self._lay_good(x, c)
        elif kind == "decline":
            x, c = self.target, self.bcol
            del self.bgoods[x]
            self.market[c] += 1
            self.res[p][c] -= 1
            self.b_dec = True
            self.declined += (self.j,)
            self.stage = PLACE
            if events is not None:
                events.append(
                    Event(
                        f"{{p{p}}} decline{{p{p}:s}} the {COLOUR_NAMES[c]} board "
                        f"good on {cell_name(x)}: it goes back to the market."
                    )
                )
            self._lay_good(x, c)
        elif kind == "lying":
            self._lying(p, events)
        elif kind == "stand":
            self._stand(action[1], CELL_ID[(action[2], action[3])], p, events)
        elif kind == "start":
            self._start(CELL_ID[(action[1], action[2])], p, events)

    def _good(self, c: int, s: int, p: int, events: list[Event] | None) -> None:
        if not self.bleft:  # a new block
            if self.o < 0:
                self.o = s - 1
            self.bcol, self.bsize, self.bleft = c, s, s
            self.b_cs = self.b_dec = False
            self.b_ok = True
        x = self.target
        board_good = self.bgoods.get(x, -1)
        if board_good == c:
            self.stage = BOARD  # use or decline (forced to use without a reserve good)
            return
        if board_good >= 0:
            del self.bgoods[x]
            self.market[board_good] += 1
            if events is not None:
                # (whose good covers it: "The white board good … goes back to the market", after a
                # turn's summary, read as the doing of the seat whose summary it followed)
                events.append(
                    Event(
                        f"{{p{p}:'s}} {COLOUR_NAMES[c]} good covers the {COLOUR_NAMES[board_good]} board good on "
                        f"{cell_name(x)}: it goes back to the market."
                    )
                )
        self.res[p][c] -= 1
        self._lay_good(x, c)

    def _lay_good(self, x: int, c: int) -> None:
        self.laid += ((x, c),)
        self.blocked[x] = 1
        self.placed += 1
        colour = self.board.cs[x]
        if colour >= 0:
            self.b_cs = True
            if colour != c:
                self.b_ok = False
        self.bleft -= 1
        if not self.bleft:  # the block is complete
            if self.b_cs and self.b_ok and not self.b_dec:
                self.omitted += self.bsize
            self.prevcol = c
            self.bcol = -1
            self.j += 1
        self.pos = x
        if colour >= 0:
            self.target = -1
        else:
            self.target = x + STEP[self.tdir]

    def _lay_camel(self, p: int, piece: int) -> int:
        """One of seat ``p``'s camels laid on the target cell as ``piece`` (``CAMEL``, ``LYING``);
        returns the cell."""
        x = self.target
        self.res[p][5] -= 1
        self.laid += ((x, piece),)
        self.blocked[x] = 1
        self.placed += 1
        return x

    def _lying(self, p: int, events: list[Event] | None) -> None:
        x = self._lay_camel(p, LYING)
        self.lying = True
        self.j += 1
        self.prevcol = -1
        self.pos = x
        self.target = -1
        if events is not None:
            events.append(Event(f"{{p{p}}} lay{{p{p}:s}} a lying camel on {cell_name(x)}."))
        self._stop(x, p, events)

    def _stop(self, x: int, p: int, events: list[Event] | None) -> None:
        """Seat ``p``'s camel (final or lying) on ``x``: it takes a board good there, then gains (§5.6, §5.7)."""
        board_good = self.bgoods.pop(x, -1)
        if board_good >= 0:
            self.res[p][board_good] += 1
            if events is not None:
                events.append(
                    Event(f"{{p{p}}} take{{p{p}:s}} the {COLOUR_NAMES[board_good]} board good on {cell_name(x)}.")
                )
        colour = self.board.cs[x]
        if colour >= 0:
            self._gain(p, colour, events)

    def gain_from(self, p: int, colour: int) -> int | None:
        """Where seat ``p``'s gain of a ``colour`` good comes from (§5.7): -1 the market, else the
        seat whose reserve gives it (the next in turn order that has one); None: nowhere (solo,
        or nobody has one), and nothing is gained."""
        if self.market[colour]:
            return -1
        for i in range(1, self.n):
            q = (p + i) % self.n
            if self.res[q][colour]:
                return q
        return None

    def _gain(self, p: int, colour: int, events: list[Event] | None) -> None:
        name = COLOUR_NAMES[colour]
        source = self.gain_from(p, colour)
        if source == -1:
            self.market[colour] -= 1
            self.res[p][colour] += 1
            if events is not None:
                events.append(Event(f"{{p{p}}} gain{{p{p}:s}} a {name} good from the market."))
            self._took_from_market(p, events)
            return
        if source is not None:
            self.res[source][colour] -= 1
            self.res[p][colour] += 1
            if events is not None:
                events.append(
                    Event(f"The market has no {name} good: {{p{p}}} take{{p{p}:s}} one from {{p{source}:'s}} reserve.")
                )
            return
        if events is not None:
            where = "in the market" if self.n == 1 else "in the market or with another seat"
            events.append(Event(f"No {name} good is left {where}: {{p{p}}} gain{{p{p}:s}} nothing."))

    def _took_from_market(self, p: int, events: list[Event] | None) -> None:
        """§8.2: the first time the market runs empty the end is triggered (not in solo)."""
        if self.phase == NORMAL and self.n > 1 and not any(self.market):
            self.phase = COMPLETING
            self.trigger = (p, self.turns)
            if events is not None:
                more = "the final round starts now" if p == self.n - 1 else "this round is finished, then a final round"
                events.append(Event(f"{{p{p}}} take{{p{p}:s}} the last good from the market: {more}."))

    def _camel(self, p: int, events: list[Event] | None) -> None:
        """The final camel laid: its stop, the count, the pieces back (§5.6, §6, §7). The log says
        the placement before what its stop gained (the gain read as coming before the camel)."""
        x = self._lay_camel(p, CAMEL)
        at = len(events) if events is not None else 0
        self._stop(x, p, events)
        # §6 count
        placed, laid = self.placed, self.laid
        count = placed - self.omitted
        # §7 take back
        full = self.caravans[p] + laid
        taken = min(count, len(full) - 1)
        removed, kept = full[:taken], full[taken:]
        res, blocked = self.res[p], self.blocked
        camels = 0
        for cell, kind in removed:
            blocked[cell] = 0
            if kind >= CAMEL:
                res[5] += 1
                camels += 1
            else:
                res[kind] += 1
        self.caravans[p] = kept
        self.stands = camels * (2 if self.n == 1 else 1)
        o = max(self.o, 0)
        self.last = (p, self.head, laid, o, placed, count, taken, camels, 0, self.declined)
        if events is not None:
            back = f"{taken} piece{'s' if taken != 1 else ''}"
            if camels:
                back += f" ({camels} camel{'s' if camels != 1 else ''})"
            events.insert(
                at,
                Event(
                    f"{{p{p}}} laid {laid_words(laid)}: {placed} placed, count {count}; "
                    f"{back} back from the tail. Caravan length {len(kept)}."
                ),
            )
        self._reset_placement(-1)
        if self.stands:
            self.stage = STAND
            if not self.stand_cells():
                self._no_stand(p, events)
        else:
            self._next_turn(p, events)

    def _no_stand(self, p: int, events: list[Event] | None) -> None:
        if events is not None:
            events.append(
                Event(
                    f"No market good can stand on a free Caravanserai cell of its colour: "
                    f"{{p{p}}} skip{{p{p}:s}} {self.stands} stand"
                    f"{'s' if self.stands != 1 else ''}."
                )
            )
        self.stands = 0
        self._next_turn(p, events)

    def _stand(self, c: int, cell: int, p: int, events: list[Event] | None) -> None:
        self.market[c] -= 1
        self.bgoods[cell] = c
        self.stands -= 1
        last = self.last
        if last is not None:  # set by the placement that earned the stands
            self.last = last[:8] + (last[8] + 1, last[9])
        if events is not None:
            events.append(Event(f"{{p{p}}} stand{{p{p}:s}} a {COLOUR_NAMES[c]} market good on {cell_name(cell)}."))
        self._took_from_market(p, events)
        if not self.stands:
            self._next_turn(p, events)
        elif not self.stand_cells():
            self._no_stand(p, events)

    def _start(self, cell: int, p: int, events: list[Event] | None) -> None:
        self.res[p][5] -= 1
        self.caravans[p] = ((cell, CAMEL),)
        self.blocked[cell] = 1
        if events is not None:
            events.append(
                Event(
                    f"{{p{p}}} start{{p{p}:s}} on the {COLOUR_NAMES[self.board.cs[cell]]} "
                    f"Caravanserai at {cell_name(cell)}."
                )
            )
        self._stop(cell, p, events)
        if p + 1 < self.n:
            self.turn = p + 1
            return
        self.round = 1
        if not self._start_turn(0, events):
            self._next_turn(0, events)

    # -- turns and the end --------------------------------------------------------------------

    def _next_turn(self, t: int, events: list[Event] | None) -> None:
        """Seat ``t``'s turn (played or skipped) is over: the end schedule, then the next seat
        that can play (skips are logged and count as turns)."""
        n = self.n
        while True:
            if t == n - 1:
                if self.phase == COMPLETING:
                    self.phase = FINAL
                    if events is not None:
                        events.append(Event("The final round begins: every seat plays once more."))
                elif self.phase == FINAL:
                    self._finish("the final round is over", events)
                    return
                if self.round >= MAX_ROUNDS:
                    self._finish(f"round {MAX_ROUNDS} is over (the round cap)", events)
                    return
                self.round += 1
            t = (t + 1) % n
            if self._start_turn(t, events):
                return

    def _start_turn(self, seat: int, events: list[Event] | None) -> bool:
        """Begin ``seat``'s turn; False when it is skipped (True when the game ended instead)."""
        if self.n == 1:
            res = self.res[0]
            why = (
                "no camel is left in the reserve"
                if not res[5]
                else "the market is empty"
                if not any(self.market)
                else "the caravan cannot move"
                if not self.can_place(0)
                else None
            )
            if why:
                self._finish(why, events)
                return True
        elif not self.can_place(seat) and not any(self.can_place(s) for s in range(self.n)):
            self._finish(SAFETY, events)
            return True
        self.turns += 1
        why = self.stuck(seat)
        if why is not None:
            if events is not None:
                events.append(Event(skipped_line(seat, why)))
            return False
        self.turn = seat
        self.stage = PLACE
        self._reset_placement(self.caravans[seat][-1][0])
        return True

    def _finish(self, why: str, events: list[Event] | None) -> None:
        self.turn = None
        self.stage = DONE
        self.phase = OVER
        self.stands = 0
        self.end = why
        self._legal = None
        if events is None:
            return
        lengths = self.lengths()
        if self.n == 1:
            earned = title(lengths[0])
            result = f"A caravan of {lengths[0]}: " + (
                f"{{p0}} earn{{p0:s}} the title {earned}." if earned else "no title (25 is needed for Camel driver)."
            )
            events.append(Event(f"The game is over: {why}. {result}"))
            return
        table = ", ".join(f"{{p{p}}} {length}" for p, length in enumerate(lengths))
        winner = self.winner()
        events.append(Event(f"The game is over: {why}. Caravan lengths: {table}. {{p{winner}}} win{{p{winner}:s}}."))

    # -- scoring --------------------------------------------------------------------------------

    def lengths(self) -> list[int]:
        return [len(c) for c in self.caravans]

    def reserve_pieces(self, seat: int) -> int:
        return sum(self.res[seat])

    def ranks(self) -> list[tuple[float, ...]]:
        """The caravan's length, then reserve pieces, then the later seat (§9.2)."""
        return [(len(self.caravans[p]), sum(self.res[p]), p) for p in range(self.n)]

    def ranking(self) -> list[int]:
        """Seats best first (§9.2): longer caravan, then more reserve pieces, then the later seat."""
        ranks = self.ranks()
        return sorted(range(self.n), key=ranks.__getitem__, reverse=True)

    def winner(self) -> int:
        return self.ranking()[0]

    def scores(self) -> list[float]:
        return [float(len(c)) for c in self.caravans]

    def outcome(self) -> list[float]:
        if self.n == 1:
            return [min(1.0, len(self.caravans[0]) / SOLO_TOP)]
        winner = self.winner()
        return [1.0 if p == winner else 0.0 for p in range(self.n)]

    def estimate(self) -> list[float]:
        if self.turn is None:
            return self.outcome()
        from .heuristic import estimate

        return estimate(self)

    # -- information ----------------------------------------------------------------------------

    def _public(self) -> CaravanseraiData:
        board = self.board

        def pieces(seq: Iterable[Piece]) -> list[PieceView]:
            return [[*QR[cell], KIND_LETTERS[kind]] for cell, kind in seq]

        placement: PlacementView | None = None
        if self.stage in (PLACE, BOARD):
            placement = {
                "head": list(QR[self.head]),
                "pos": list(QR[self.pos]),
                "dir": self.tdir,
                "target": list(QR[self.target]) if self.target >= 0 else None,
                "block": self.j,
                "offset": self.o,
                "colour": self.bcol,
                "size": self.bsize,
                "left": self.bleft,
                "previous": self.prevcol,
                "lying": self.lying,
                "placed": self.placed,
                "omitted": self.omitted,
                "on_caravanserai": self.b_cs,
                "all_match": self.b_ok,
                "declined": self.b_dec,
                "laid": pieces(self.laid),
                "declined_blocks": list(self.declined),
            }
        last: LastView | None = None
        if self.last is not None:
            seat, head, laid, o, placed, count, taken, camels, stood, declined = self.last
            last = {
                "seat": seat,
                "head": list(QR[head]),
                "laid": pieces(laid),
                "offset": o,
                "placed": placed,
                "count": count,
                "taken": taken,
                "camels": camels,
                "stood": stood,
                "declined": list(declined),
            }
        return {
            "game": "caravanserai",
            "players": self.n,
            "variant": "expert" if self.expert else "basic",
            "tiles": [list(t) for t in board.tiles],
            "board_goods": [[*QR[cell], c] for cell, c in sorted(self.bgoods.items())],
            "market": list(self.market),
            "reserves": [list(r) for r in self.res],
            "caravans": [pieces(c) for c in self.caravans],
            "turn": self.turn,
            "phase": PHASES[self.phase],
            "round": self.round,
            "stage": STAGES[self.stage],
            "placement": placement,
            "stands": self.stands,
            "last": last,
            "end": self.end,
            "turns": self.turns,
            "trigger": None if self.trigger is None else list(self.trigger),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public (spec §0)."""
        view: CaravanseraiView = {
            "seat": seat,
            "to_move": self.turn,
            "over": self.turn is None,
            "scores": self.scores(),
            **self._public(),
        }
        if self.n == 1:
            view["title"] = title(len(self.caravans[0]))
        return plain_view(view)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {**self._public(), "seed": self.seed}
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CaravanseraiState:
        return cls._build(data, data["seed"])

    @classmethod
    def from_view(cls, view: dict[str, Any], seat: int) -> CaravanseraiState:
        """Nothing is hidden: the viewed position itself (its seed, used only at setup, is 0)."""
        return cls._build(view, 0)

    def determinize(self, seat: int, rng: random.Random) -> CaravanseraiState:
        """No hidden information after setup: a clone whose (setup-only) seed comes from ``rng``."""
        world = self.clone()
        world.seed = rng.getrandbits(62)
        return world

    @classmethod
    def _build(cls, data: dict[str, Any], seed: int) -> CaravanseraiState:
        state = cls.__new__(cls)
        n = state.n = data["players"]
        state.expert = data["variant"] == "expert"
        state.seed = seed
        tiles = tuple((int(a), int(b)) for a, b in data["tiles"])
        if len(tiles) not in LAYOUTS:
            raise ValueError("no layout has that many tiles")
        board = state.board = board_for(len(tiles), tiles)
        blocked = state.blocked = bytearray(board.layout.blocked)
        state.bgoods = {CELL_ID[(q, r)]: c for q, r, c in data["board_goods"]}
        state.market = list(data["market"])
        state.res = [list(r) for r in data["reserves"]]
        pieces = lambda seq: tuple((CELL_ID[(q, r)], KIND_LETTERS.index(k)) for q, r, k in seq)  # noqa: E731
        state.caravans = [pieces(c) for c in data["caravans"]]
        for caravan in state.caravans:
            for cell, _ in caravan:
                blocked[cell] = 1
        state.turn = data["turn"]
        state.phase = PHASES.index(data["phase"])
        state.round = data["round"]
        state.stage = STAGES.index(data["stage"])
        state.stands = data["stands"]
        state.end = data["end"]
        state.turns = data["turns"]
        state.trigger = None if data["trigger"] is None else tuple(data["trigger"])
        last = data["last"]
        state.last = (
            None
            if last is None
            else (
                last["seat"],
                CELL_ID[tuple(last["head"])],
                pieces(last["laid"]),
                last["offset"],
                last["placed"],
                last["count"],
                last["taken"],
                last["camels"],
                last["stood"],
                tuple(last["declined"]),
            )
        )
        state._reset_placement(-1)
        pl = data["placement"]
        if pl is None and state.stage in (PLACE, BOARD):  # a placement about to begin
            state.stage = PLACE
            state._reset_placement(state.caravans[state.turn][-1][0])
        elif pl is not None:
            state.head = CELL_ID[tuple(pl["head"])]
            state.pos = CELL_ID[tuple(pl["pos"])]
            state.tdir = pl["dir"]
            state.target = -1 if pl["target"] is None else CELL_ID[tuple(pl["target"])]
            state.j, state.o = pl["block"], pl["offset"]
            state.bcol, state.bsize, state.bleft = pl["colour"], pl["size"], pl["left"]
            state.prevcol, state.lying = pl["previous"], pl["lying"]
            state.placed, state.omitted = pl["placed"], pl["omitted"]
            state.b_cs, state.b_ok, state.b_dec = pl["on_caravanserai"], pl["all_match"], pl["declined"]
            state.laid = pieces(pl["laid"])
            state.declined = tuple(pl["declined_blocks"])
            for cell, _ in state.laid:
                blocked[cell] = 1
        state._legal = None
        if n != len(state.res):
            raise ValueError("reserves do not match the player count")
        return state

    # -- words ----------------------------------------------------------------------------------

    def describe(self, action: Action, seat: int | None = None) -> str:
        """Plain words for a legal action in this position."""
        kind = action[0] if isinstance(action, tuple) and action else None
        cs = self.board.cs
        if kind == "start":
            cell = CELL_ID.get((action[1], action[2]), -1)
            colour = cs[cell] if cell >= 0 else -1
            if colour < 0:
                return repr(action)
            name = COLOUR_NAMES[colour]
            return f"Start on the {name} Caravanserai at {cell_name(cell)} (gain 1 {name})"
        if kind == "dir":
            d = action[1]
            y = self.pos + STEP[d]
            return f"Head {DIR_WORDS[d]} ({DIR_NAMES[d]}) to {cell_name(y)}{self._cell_note(y)}"
        if kind == "good":
            c, s = action[1], action[2]
            x = self.target
            where = cell_name(x) + self._cell_note(x)
            if self.bleft:
                return f"Lay {COLOUR_NAMES[c]} good {s - self.bleft + 1} of {s} on {where}"
            return f"Start block {self.j}: {goods_word(s, c)}, the first on {where}"
        if kind == "lying":
            return f"Lay a lying camel on {cell_name(self.target)}{self._stop_note(self.target)} (then turn freely)"
        if kind == "camel" and self.turn is not None:
            x = self.target
            count = self.placed + 1 - self.omitted
            length = len(self.caravans[self.turn]) + len(self.laid) + 1
            taken = min(count, length - 1)
            return (
                f"End with a camel on {cell_name(x)}{self._stop_note(x)}: count {count}, "
                f"take back {taken}, caravan {length - taken}"
            )
        if kind == "use":
            return f"Use the {COLOUR_NAMES[self.bcol]} board good on {cell_name(self.target)} as this piece"
        if kind == "decline":
            return (
                f"Decline it: lay your own {COLOUR_NAMES[self.bcol]} good (the board good goes back "
                f"to the market and this block counts)"
            )
        if kind == "stand":
            cell = CELL_ID.get((action[2], action[3]), -1)
            return f"Stand a {COLOUR_NAMES[action[1]]} market good on {cell_name(cell) if cell >= 0 else '?'}"
        return repr(action)

    def _cell_note(self, cell: int) -> str:
        notes = []
        if self.board.cs[cell] >= 0:
            notes.append(f"{COLOUR_NAMES[self.board.cs[cell]]} Caravanserai")
        if cell in self.bgoods:
            notes.append(f"{COLOUR_NAMES[self.bgoods[cell]]} board good")
        return f" ({', '.join(notes)})" if notes else ""

    def _stop_note(self, cell: int) -> str:
        """What a camel's stop on ``cell`` gains: its board good, and a good of its Caravanserai's
        colour where one is left to gain (§5.7: solo, an empty market gives nothing)."""
        gains = []
        if cell in self.bgoods:
            gains.append(f"the {COLOUR_NAMES[self.bgoods[cell]]} board good")
        colour = self.board.cs[cell]
        if colour >= 0 and (self.turn is None or self.gain_from(self.turn, colour) is not None):
            gains.append(f"1 {COLOUR_NAMES[colour]}")
        return f", gaining {' and '.join(gains)}" if gains else ""

    def distance_to_head(self, cell: int, seat: int) -> int:
        caravan = self.caravans[seat]
        return hex_distance(QR[cell], QR[caravan[-1][0]]) if caravan else 99
