"""Camel Caravan (Joseph Huber's *Caravan*): the engine, as rules.md states it.

Actions (cells are ints ``r * 7 + c``, goods their names, players seat numbers):

- ``("place", cell)``: a camel from your supply onto ``cell``.
- ``("move_camel", from_cell, to_cell)``: one of your empty camels (they are all alike).
- ``("pickup", cell)``: your empty camel on ``cell`` loads the loose good there.
- ``("steal", cell, victim, good)``: your empty camel on ``cell`` takes ``good`` from the top of
  ``victim``'s camel there (the good names the camel when the victim has several there).
- ``("move_good", from_cell, to_cell, good, "top" | "under")``: the good on top of (or under) one of
  your camels to an empty camel of yours in the same group; on the good's city it is delivered.
- ``("end_turn",)``.

Decisions on points the rules leave open (rules.md Rulings are followed as written):

- A camel with a stolen good under it carries that good: it counts as loaded for the pick-up
  limit and the end-game penalty, and it cannot move.
- The "never all loaded" limit is on pick-up only, as written; a steal may load your last empty
  camel (you can still be robbed back to an empty camel).
- A good never moves to another of your camels on its own space: that changes nothing a skipped
  action would not (beyond uncovering a stolen good), so it is not offered.
- A turn ends by itself when no action is left; ``end_turn`` skips the rest.
- "200 turns" counts every player's turns together; the game ends when the 200th ends.
- "No good any player could still deliver" (the safety end) is decided exactly: a delivery is
  still possible while some player has an empty camel (on the board or in supply) and either
  carries a good, or a loose good remains, or holds a theft marker while another player has a
  good on top of a camel. (Chains can leapfrog, so one loaded and one empty camel reach any city.)
- Demand markers cannot run out: setup uses 4 and each of at most 10 refills 4, 44 in all.
- The bag is kept as counts; each draw is dealt from ``Random(chance * 64 + draw number)``, so its
  order stays hidden in ``chance`` and a determinization only reseeds ``chance``.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from caravan_tui.engine import Action, Event, IllegalAction, TurnState, outcome_from_scores, plain_view
from caravan_tui.engine import seat_field as who
from caravan_tui.words import tie_broken

from .board import (
    BIT,
    CELL_COUNT,
    CELL_NAMES,
    CELLS,
    CITY_OF_GOOD,
    DEMAND_MARKERS,
    FULL_BAG,
    GOOD_INDEX,
    GOODS,
    MAX_ACTIONS,
    MAX_TURNS,
    SETUP_DEMAND,
    SHORT_BAG,
    SPACES,
    VALUE,
    group_of,
    penalty,
)
from .heuristic import LAST_REFILL, projected_points, win_chances, wins_this_turn
from .views import CamelCaravanPublic, CamelCaravanView

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

#: a loaded camel: ``(cell, good, under)``, under 1 for a stolen good under the camel
Load: TypeAlias = tuple[int, int, int]
T = TypeVar("T")
Sortable = TypeVar("Sortable", bound="SupportsRichComparison")

POSITIONS = ("top", "under")
END_TURN = ("end_turn",)
PLACE = [("place", cell) for cell in CELLS]
MOVE = [[("move_camel", f, t) for t in CELLS] for f in CELLS]
MOVES_FROM = [[MOVE[f][t] for t in CELLS if t != f] for f in CELLS]
PICKUP = [("pickup", cell) for cell in CELLS]
_NO_LOOSE = (-1,) * CELL_COUNT
_NO_DEMAND = (0,) * CELL_COUNT
_TURNS_PLAYED = f"{MAX_TURNS} turns have been played"


def actions_word(n: int) -> str:
    return f"{n} action" if n == 1 else f"{n} actions"


def _with(items: tuple[Sortable, ...], item: Sortable) -> tuple[Sortable, ...]:
    """``items`` (sorted) with one more ``item``."""
    i = bisect_right(items, item)
    return items[:i] + (item,) + items[i:]


def _without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` with one ``item`` fewer."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def _is_cell(x: object) -> bool:
    return type(x) is int and 0 <= x < CELL_COUNT


def _is_good(x: object) -> bool:
    return type(x) is str and x in GOOD_INDEX


class CamelCaravanState(TurnState):
    """One position. Per-player tuples are replaced, never mutated, so clones share them.

    ``empties[p]``: sorted cells of p's empty camels on the board (a cell repeats per camel);
    ``loads[p]``: sorted ``(cell, good, under)`` of p's loaded camels; ``occ[cell]``: camels of
    anyone on a cell; ``loose[cell]``: the loose good there or -1; ``demand[cell]``: its markers.
    """

    __slots__ = (
        "n",
        "camels",
        "short",
        "chance",
        "start",
        "turns",
        "left",
        "supply",
        "empties",
        "loads",
        "occ",
        "loose",
        "loose_count",
        "demand",
        "demand_supply",
        "markers",
        "thefts",
        "delivered",
        "bag",
        "draws",
        "ended",
    )
    COPIED = ("supply", "empties", "loads", "occ", "markers", "thefts", "delivered")
    n: int
    camels: int
    short: bool
    chance: int
    start: int
    turns: int
    left: int
    supply: list[int]
    empties: list[tuple[int, ...]]
    loads: list[tuple[Load, ...]]
    occ: list[int]
    loose: tuple[int, ...]
    loose_count: int
    demand: tuple[int, ...]
    demand_supply: int
    markers: list[int]
    thefts: list[int]
    delivered: list[tuple[int, ...]]
    bag: tuple[int, ...]
    draws: int

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, *, seed: int, options: dict[str, Any]) -> CamelCaravanState:
        if not 2 <= players <= 4:
            raise ValueError("Camel Caravan is for 2-4 players")
        state = cls()
        state.n = players
        state.camels = 6 if options["sixth_camel"] else 5
        state.short = bool(options["short_game"])
        state.chance = seed
        state.bag = SHORT_BAG if state.short else FULL_BAG
        state.draws = 0
        state.ended = ""
        drawn = state._draw(len(SPACES))
        state.loose = tuple(drawn[SPACES.index(c)] if c in SPACES else -1 for c in CELLS)
        state.loose_count = len(SPACES)
        demand = list(_NO_DEMAND)
        for space in SETUP_DEMAND:
            demand[SPACES[space - 1]] = 1
        state.demand = tuple(demand)
        state.demand_supply = DEMAND_MARKERS - len(SETUP_DEMAND)
        state.start = state.turn = random.Random(seed * 64).randrange(players)
        state.turns = 1
        state.left = 1
        state.supply = [state.camels] * players
        state.empties = [()] * players
        state.loads = [()] * players
        state.occ = [0] * CELL_COUNT
        state.markers = [0] * players
        state.thefts = [1] * players
        state.delivered = [(0,) * len(GOODS)] * players
        state._legal = None
        return state

    def _draw(self, k: int) -> list[int]:
        """Take ``k`` goods out of the bag, in the order they come out (the start player comes
        from draw number 0)."""
        self.draws += 1
        pool = [g for g, count in enumerate(self.bag) for _ in range(count)]
        drawn = random.Random(self.chance * 64 + self.draws).sample(pool, k)
        bag = list(self.bag)
        for g in drawn:
            bag[g] -= 1
        self.bag = tuple(bag)
        return drawn

    def opening_events(self) -> list[Event]:
        """The setup's chance made public (the first goods and the start player), for a host to
        log before the first action; ``new`` itself cannot return events."""
        goods = ", ".join(f"{i + 1} {GOODS[self.loose[c]]}" for i, c in enumerate(SPACES))
        return [
            Event(
                f"Goods drawn onto the numbered spaces: {goods}; a demand marker on spaces 1, 2, 7 and 8.", reveals=True
            ),
            Event(f"{who(self.start)} start{who(self.start, 's')} (chosen at random) with 1 action.", reveals=True),
        ]

    # -- the contract ---------------------------------------------------------------------------

    def _compute_legal(self) -> list[Action]:
        p: int = self.turn  # type: ignore[assignment]  # legal_actions asks only while a seat is to move
        empties = self.empties[p]
        froms = list(dict.fromkeys(empties))
        legal: list[Action] = []
        if self.left >= 2:
            if self.supply[p]:
                legal += PLACE
            for f in froms:
                legal += MOVES_FROM[f]
        else:
            occ = self.occ
            free = [c for c in CELLS if not occ[c]]
            if self.supply[p]:
                legal += [PLACE[c] for c in free]
            for f in froms:
                move = MOVE[f]
                legal += [move[t] for t in free]
        if froms:
            if self.supply[p] + len(empties) >= 2:
                loose = self.loose
                legal += [PICKUP[f] for f in froms if loose[f] >= 0]
            if self.thefts[p]:
                legal += self._steals(p, froms)
            if self.loads[p]:
                legal += self._good_moves(p, froms)
        legal.append(END_TURN)
        return legal

    def _steals(self, p: int, froms: list[int]) -> list[Action]:
        steals: list[Action] = []
        for victim in range(self.n):
            if victim == p:
                continue
            for cell, good, under in dict.fromkeys(self.loads[victim]):
                if not under and cell in froms:
                    steals.append(("steal", cell, victim, GOODS[good]))
        return steals

    def _good_moves(self, p: int, froms: list[int]) -> list[Action]:
        cells = 0
        for cell in froms:
            cells |= BIT[cell]
        for cell, _, _ in self.loads[p]:
            cells |= BIT[cell]
        groups: dict[int, int] = {}
        moves: list[Action] = []
        for f, good, under in dict.fromkeys(self.loads[p]):
            group = groups.get(f)
            if group is None:
                group = groups[f] = group_of(f, cells)
            name, pos = GOODS[good], POSITIONS[under]
            moves += [("move_good", f, t, name, pos) for t in froms if t != f and group & BIT[t]]
        return moves

    def apply(self, action: Action, log: bool = True) -> list[Event]:
        """One action; ``log=False`` builds no event text and returns [] (the same state)."""
        p = self.turn
        if p is None:
            raise IllegalAction("the game is over")
        kind = action[0] if type(action) is tuple and action else None
        handler = _HANDLERS.get(kind) if type(kind) is str else None
        if handler is None:
            raise IllegalAction(f"{action!r} is not a Camel Caravan action")
        events: list[Event] | None = [] if log else None
        delivered = handler(self, action, events, p)
        self._legal = None
        if delivered and not any(self.bag):
            self._finish(events, "a good was delivered after the bag ran out")
        elif not any(self.bag) and not self._deliverable():
            self._finish(events, "no good left can be delivered")
        elif kind == "end_turn" or not self.left:
            self._next_turn(p, events)
        return events if events is not None else []

    # -- the actions (each checks everything before it changes anything; each logs into
    # ``events`` unless it is None, and returns whether it delivered a good; ``p`` is the seat to move) -----

    def _place(self, action: Action, events: list[Event] | None, p: int) -> bool:
        if len(action) != 2 or not _is_cell(action[1]):
            raise IllegalAction(f"{action!r} is not ('place', cell)")
        cell = action[1]
        if not self.supply[p]:
            raise IllegalAction("you have no camel left in supply")
        cost = self._step_onto(cell)
        self.supply[p] -= 1
        self.empties[p] = _with(self.empties[p], cell)
        if events is not None:
            events.append(Event(f"{who(p)} place{who(p, 's')} a camel on {CELL_NAMES[cell]} ({actions_word(cost)})."))
        return False

    def _move_camel(self, action: Action, events: list[Event] | None, p: int) -> bool:
        if len(action) != 3 or not _is_cell(action[1]) or not _is_cell(action[2]) or action[1] == action[2]:
            raise IllegalAction(f"{action!r} is not ('move_camel', from_cell, to_cell)")
        f, t = action[1], action[2]
        if f not in self.empties[p]:
            raise IllegalAction(f"you have no empty camel on {CELL_NAMES[f]}")
        cost = self._step_onto(t)
        self.empties[p] = _with(_without(self.empties[p], f), t)
        self.occ[f] -= 1
        if events is not None:
            events.append(
                Event(
                    f"{who(p)} move{who(p, 's')} a camel from {CELL_NAMES[f]} to "
                    f"{CELL_NAMES[t]} ({actions_word(cost)})."
                )
            )
        return False

    def _step_onto(self, cell: int) -> int:
        """A camel steps onto ``cell`` and the turn pays for it: 2 actions onto a space holding
        camels, else 1 (refused, nothing changed, beyond the actions left). Returns the cost."""
        cost = 2 if self.occ[cell] else 1
        if cost > self.left:
            raise IllegalAction(
                f"{CELL_NAMES[cell]} holds camels: that costs 2 actions and you have {actions_word(self.left)} left"
            )
        self.occ[cell] += 1
        self.left -= cost
        return cost

    def _pickup(self, action: Action, events: list[Event] | None, p: int) -> bool:
        if len(action) != 2 or not _is_cell(action[1]):
            raise IllegalAction(f"{action!r} is not ('pickup', cell)")
        cell = action[1]
        good = self.loose[cell]
        if good < 0:
            raise IllegalAction(f"there is no loose good on {CELL_NAMES[cell]}")
        if cell not in self.empties[p]:
            raise IllegalAction(f"you have no empty camel on {CELL_NAMES[cell]}")
        if self.supply[p] + len(self.empties[p]) < 2:
            raise IllegalAction("a pick-up may never leave all of your camels loaded")
        self.empties[p] = _without(self.empties[p], cell)
        self.loads[p] = _with(self.loads[p], (cell, good, 0))
        loose = list(self.loose)
        loose[cell] = -1
        self.loose = tuple(loose)
        self.loose_count -= 1
        taken = self.demand[cell]
        if taken:
            demand = list(self.demand)
            demand[cell] = 0
            self.demand = tuple(demand)
            self.markers[p] += taken
        self.left -= 1
        if events is not None:
            text = f"{who(p)} pick{who(p, 's')} up {GOODS[good]} at {CELL_NAMES[cell]}"
            if taken:
                text += f" and {taken} demand marker{'s' if taken > 1 else ''}"
            events.append(Event(text + f" ({actions_word(1)})."))
        if self.loose_count == 4 and any(self.bag):
            self._refill(events)
        return False

    def _refill(self, events: list[Event] | None) -> None:
        """Rules §4: a demand marker on each remaining loose good, then 4 goods from the bag onto
        the empty numbered spaces in numeric order."""
        loose, demand = list(self.loose), list(self.demand)
        marked = [i + 1 for i, cell in enumerate(SPACES) if loose[cell] >= 0]
        for space in marked:
            demand[SPACES[space - 1]] += 1
        self.demand_supply -= len(marked)
        drawn = self._draw(4)
        filled = list(zip(drawn, [c for c in SPACES if loose[c] < 0]))
        for good, cell in filled:
            loose[cell] = good
        self.loose, self.demand = tuple(loose), tuple(demand)
        self.loose_count += len(drawn)
        if events is None:
            return
        placed = ", ".join(f"{GOODS[good]} on space {SPACES.index(cell) + 1}" for good, cell in filled)
        text = f"Refill: a demand marker on spaces {', '.join(map(str, marked))}; drawn {placed}."
        if not any(self.bag):
            text += " The bag is empty: the game ends after the next delivery."
        events.append(Event(text, reveals=True))

    def _steal(self, action: Action, events: list[Event] | None, p: int) -> bool:
        if (
            len(action) != 4
            or not _is_cell(action[1])
            or type(action[2]) is not int
            or not 0 <= action[2] < self.n
            or action[2] == self.turn
            or not _is_good(action[3])
        ):
            raise IllegalAction(f"{action!r} is not ('steal', cell, victim, good)")
        cell, victim, name = action[1], action[2], action[3]
        good = GOOD_INDEX[name]
        if not self.thefts[p]:
            raise IllegalAction("you have no theft marker")
        if cell not in self.empties[p]:
            raise IllegalAction(f"you have no empty camel on {CELL_NAMES[cell]}")
        if (cell, good, 0) not in self.loads[victim]:
            raise IllegalAction(f"the player you would rob has no camel carrying {name} on top on {CELL_NAMES[cell]}")
        self.loads[victim] = _without(self.loads[victim], (cell, good, 0))
        self.empties[victim] = _with(self.empties[victim], cell)
        self.empties[p] = _without(self.empties[p], cell)
        self.loads[p] = _with(self.loads[p], (cell, good, 1))
        self.thefts[p] -= 1
        self.thefts[victim] += 1
        self.left -= 1
        if events is not None:
            events.append(
                Event(
                    f"{who(p)} steal{who(p, 's')} {name} from {who(victim)} at "
                    f"{CELL_NAMES[cell]} and give{who(p, 's')} {who(victim)} a theft marker ({actions_word(1)})."
                )
            )
        return False

    def _move_good(self, action: Action, events: list[Event] | None, p: int) -> bool:
        if (
            len(action) != 5
            or not _is_cell(action[1])
            or not _is_cell(action[2])
            or action[1] == action[2]
            or not _is_good(action[3])
            or action[4] not in POSITIONS
        ):
            raise IllegalAction(f"{action!r} is not ('move_good', from_cell, to_cell, good, 'top'|'under')")
        f, t, name = action[1], action[2], action[3]
        good, under = GOOD_INDEX[name], POSITIONS.index(action[4])
        loads, empties = self.loads[p], self.empties[p]
        if (f, good, under) not in loads:
            raise IllegalAction(f"you have no camel with {name} {action[4]} on {CELL_NAMES[f]}")
        if t not in empties:
            raise IllegalAction(f"you have no empty camel on {CELL_NAMES[t]}")
        cells = 0
        for cell in empties:
            cells |= BIT[cell]
        for cell, _, _ in loads:
            cells |= BIT[cell]
        if not group_of(f, cells) & BIT[t]:
            raise IllegalAction(f"{CELL_NAMES[f]} and {CELL_NAMES[t]} are not joined by a chain of your camels")
        self.loads[p] = _without(loads, (f, good, under))
        empties = _with(empties, f)
        self.left -= 1
        if t == CITY_OF_GOOD[good]:
            delivered = list(self.delivered[p])
            delivered[good] += 1
            self.delivered[p] = tuple(delivered)
            self.empties[p] = empties
            if events is not None:
                events.append(
                    Event(
                        f"{who(p)} deliver{who(p, 's')} {name} to {CELL_NAMES[t]} ({actions_word(1)}): +{VALUE[good]}."
                    )
                )
            return True
        self.empties[p] = _without(empties, t)
        self.loads[p] = _with(self.loads[p], (t, good, 0))
        if events is not None:
            events.append(
                Event(f"{who(p)} move{who(p, 's')} {name} from {CELL_NAMES[f]} to {CELL_NAMES[t]} ({actions_word(1)}).")
            )
        return False

    def _end_turn(self, action: Action, events: list[Event] | None, p: int) -> bool:
        if len(action) != 1:
            raise IllegalAction(f"{action!r} is not ('end_turn',)")
        if events is not None:  # (the actions left unsaid, a turn ended with a delivery on offer went unseen)
            unused = f" ({actions_word(self.left)} unused)" if self.left else ""
            events.append(Event(f"{who(p)} end{who(p, 's')} the turn{unused}."))
        return False

    # -- turns and the end --------------------------------------------------------------------

    def _next_turn(self, p: int, events: list[Event] | None) -> None:
        """The player after ``p`` clockwise; turn k brings min(k, 4) actions (the 1-2-3-4 ramp-up)."""
        if self.turns >= MAX_TURNS:
            self._finish(events, _TURNS_PLAYED)
            return
        self.turns += 1
        self.turn = (p + 1) % self.n
        self.left = min(self.turns, MAX_ACTIONS)
        if events is not None:
            whose = who(self.turn, "'s")
            events.append(Event(f"{whose} turn: {actions_word(self.left)}."))

    def _deliverable(self) -> bool:
        """Whether any delivery can still happen (the safety-end Ruling; see the module doc)."""
        for p in range(self.n):
            if not self.supply[p] and not self.empties[p]:
                continue
            if self.loads[p] or self.loose_count:
                return True
            if self.thefts[p] and any(not under for q in range(self.n) if q != p for _, _, under in self.loads[q]):
                return True
        return False

    def _finish(self, events: list[Event] | None, why: str) -> None:
        self.turn = None
        self.left = 0
        self.ended = why  # (the result screen says it: it gave no reason, the last delivery never on screen)
        if events is None:
            return
        table = ", ".join(f"{who(p)} {score:g}" for p, score in enumerate(self.scores()))
        winners = [p for p, share in enumerate(self.outcome()) if share]
        if len(winners) == 1:
            result = f"{who(winners[0])} win{who(winners[0], 's')}"
        else:
            result = "shared win for " + " and ".join(who(p) for p in winners)
        events.append(Event(f"The game is over ({why}). Scores: {table}; {result}."))

    def goods_delivered(self, seat: int) -> int:
        return sum(self.delivered[seat])

    def score(self, seat: int) -> int:
        """Rules §5: delivered goods, demand markers, minus the penalty for goods still carried."""
        goods = sum(VALUE[g] * count for g, count in enumerate(self.delivered[seat]))
        return goods + self.markers[seat] - penalty(len(self.loads[seat]))

    def scores(self) -> list[float]:
        return [float(self.score(p)) for p in range(self.n)]

    def ranks(self) -> list[tuple[float, ...]]:
        """The score, then goods delivered (§5)."""
        return [(self.score(p), self.goods_delivered(p)) for p in range(self.n)]

    def outcome(self) -> list[float]:
        """Highest score; ties broken by goods delivered (at most 48, so score * 64 + goods
        orders exactly that way); still tied: shared."""
        return outcome_from_scores([self.score(p) * 64 + self.goods_delivered(p) for p in range(self.n)])

    def estimate(self) -> list[float]:
        """Projected points per seat (heuristic.py) turned into win chances; tighter as the bag
        empties, since fewer turns remain to change the standings. Once the end-game squash holds
        the leads to a few points (``LAST_REFILL``) the spread is the end's: a wider one read a
        54-point deficit as "you are behind". A seat to move that can win with a delivery this
        turn has won (``wins_this_turn``)."""
        if self.turn is None:
            return self.outcome()
        if wins_this_turn(self):  # (the bag is empty: a sure win, not a running game)
            return [1.0 if p == self.turn else 0.0 for p in range(self.n)]
        points = projected_points(self)
        left = sum(self.bag)
        return win_chances(points, 3.0 + 0.2 * left if left > LAST_REFILL else 3.0)

    # -- information ----------------------------------------------------------------------------

    def _public(self) -> CamelCaravanPublic:
        return {
            "players": self.n,
            "camels": self.camels,
            "short_game": self.short,
            "start": self.start,
            "to_move": self.turn,
            "turns": self.turns,
            "left": self.left,
            "supply": list(self.supply),
            "empty": [list(cells) for cells in self.empties],
            "loaded": [[[cell, GOODS[g], bool(under)] for cell, g, under in loads] for loads in self.loads],
            "goods": [[cell, GOODS[self.loose[cell]]] for cell in SPACES if self.loose[cell] >= 0],
            "demand": [[cell, self.demand[cell]] for cell in SPACES if self.demand[cell]],
            "demand_supply": self.demand_supply,
            "markers": list(self.markers),
            "thefts": list(self.thefts),
            "delivered": [dict(zip(GOODS, counts)) for counts in self.delivered],
            "bag": dict(zip(GOODS, self.bag)),
            "draws": self.draws,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public except the order of the bag (its counts are shown)."""
        view: CamelCaravanView = {
            "game": "camel_caravan",
            "seat": seat,
            "over": self.turn is None,
            **self._public(),
            "scores": [self.score(p) for p in range(self.n)],
            "ended": self.ended,
        }
        return plain_view(view)

    def determinize(self, seat: int, rng: random.Random) -> CamelCaravanState:
        """The same board with the bag's future order reseeded from ``rng``."""
        world = self.clone()
        world.chance = rng.getrandbits(62)
        return world

    @classmethod
    def from_view(cls, view: dict[str, Any], seat: int) -> CamelCaravanState:
        """The viewed position; the bag's order comes from chance 0."""
        return cls._build(view, 0)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {**self._public()}
        data["chance"] = self.chance
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CamelCaravanState:
        return cls._build(data, data["chance"])

    @classmethod
    def _build(cls, data: dict[str, Any], chance: int) -> CamelCaravanState:
        state = cls.__new__(cls)
        n = state.n = data["players"]
        state.camels = data["camels"]
        state.short = data["short_game"]
        state.chance = chance
        state.start = data["start"]
        state.turn = data["to_move"]
        state.turns = data["turns"]
        state.left = data["left"]
        state.supply = list(data["supply"])
        state.empties = [tuple(sorted(cells)) for cells in data["empty"]]
        state.loads = [
            tuple(sorted((cell, GOOD_INDEX[name], int(under)) for cell, name, under in loads))
            for loads in data["loaded"]
        ]
        state.occ = [0] * CELL_COUNT
        for p in range(n):
            for cell in state.empties[p]:
                state.occ[cell] += 1
            for cell, _, _ in state.loads[p]:
                state.occ[cell] += 1
        loose = list(_NO_LOOSE)
        for cell, name in data["goods"]:
            loose[cell] = GOOD_INDEX[name]
        state.loose = tuple(loose)
        state.loose_count = len(data["goods"])
        demand = list(_NO_DEMAND)
        for cell, count in data["demand"]:
            demand[cell] = count
        state.demand = tuple(demand)
        state.demand_supply = data["demand_supply"]
        state.markers = list(data["markers"])
        state.thefts = list(data["thefts"])
        state.delivered = [tuple(counts[name] for name in GOODS) for counts in data["delivered"]]
        state.bag = tuple(data["bag"][name] for name in GOODS)
        state.draws = data["draws"]
        state.ended = data.get("ended", "")  # (a view's; a save's data keeps none: its log replays it)
        state._legal = None
        return state

    def describe(self, action: Action, seat: int | None = None) -> str:
        """Plain words for a legal action in this position, with what it costs (every play
        but ending the turn: a steal read as free beside "— 1 action" on the camels' moves)."""
        kind = action[0] if isinstance(action, tuple) and action else None
        if kind == "place":
            return f"Place a camel on {CELL_NAMES[action[1]]} — {actions_word(2 if self.occ[action[1]] else 1)}"
        if kind == "move_camel":
            cost = 2 if self.occ[action[2]] else 1
            return f"Move a camel from {CELL_NAMES[action[1]]} to {CELL_NAMES[action[2]]} — {actions_word(cost)}"
        if kind == "pickup":
            good, taken = self.loose[action[1]], self.demand[action[1]]
            what = GOODS[good] if good >= 0 else "the good"
            extra = f" with {taken} demand marker{'s' if taken > 1 else ''}" if taken else ""
            return f"Pick up {what} at {CELL_NAMES[action[1]]}{extra} — {actions_word(1)}"
        if kind == "steal":
            return f"Steal {action[3]} from {who(action[2])} at {CELL_NAMES[action[1]]} — {actions_word(1)}"
        if kind == "move_good":
            _, f, t, name, pos = action
            if pos == "under":
                turn = self.turn
                whose = who(turn, "'s") if turn is not None else "a"
                source = f"the stolen {name} from under {whose} camel on"
            else:
                source = f"{name} from"
            one = actions_word(1)
            if CITY_OF_GOOD[GOOD_INDEX[name]] == t:
                return f"Deliver {source} {CELL_NAMES[f]} to {CELL_NAMES[t]} (+{VALUE[GOOD_INDEX[name]]}) — {one}"
            return f"Move {source} {CELL_NAMES[f]} to {CELL_NAMES[t]} — {one}"
        if kind == "end_turn":
            return f"End the turn ({actions_word(self.left)} unused)" if self.left else "End the turn"
        return repr(action)


_HANDLERS: dict[str, Callable[[CamelCaravanState, Action, list[Event] | None, int], bool]] = {
    "place": CamelCaravanState._place,
    "move_camel": CamelCaravanState._move_camel,
    "pickup": CamelCaravanState._pickup,
    "steal": CamelCaravanState._steal,
    "move_good": CamelCaravanState._move_good,
    "end_turn": CamelCaravanState._end_turn,
}


def tie_words(view: dict[str, Any], scores: list[float], outcome: list[float]) -> str | None:
    """Equal scores go to the player who delivered more goods (§5): "26–26; {p0} win{p0:s} on
    goods delivered (7 to 5)." (None: no tie decided the match)."""
    if max(outcome) <= 0:
        return None
    winner = outcome.index(max(outcome))
    goods = [sum(view["delivered"][seat].values()) for seat in range(len(scores))]
    return tie_broken(scores, outcome, "goods delivered", goods, f"{who(winner)} win{who(winner, 's')}")
