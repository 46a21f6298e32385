"""The game contract every game implements (DESIGN §2).

Modelled on OpenSpiel's State API and TAG's redeterminising copy. Pure Python: nothing here,
in a game's rules, in ``ai/`` or in ``saves/`` may import Textual.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from importlib.resources import files
from typing import Any, ClassVar, Protocol, Self, TypeAlias, TypedDict, cast, runtime_checkable

from caravan_tui.seat_labels import PLAYER

#: An action is a tuple of str / int / nested tuples, e.g. ("play", "2MK", "3MV") or ("pass",).
Action: TypeAlias = tuple[Any, ...]


#: The largest seed of a match: one a save can hold (a 64-bit integer). Seeds are from 0 to this.
MAX_SEED = 2**63 - 1
#: characters of an unknown option's name said back (it may come from a file)
NAME_SHOWN = 40


class IllegalAction(ValueError):
    """Raised by ``State.apply`` for an action that is not legal now; the state is unchanged."""


# -- seats in words ----------------------------------------------------------------------------

#: ``{p0}`` names seat 0; ``{p0:FORM}`` writes the word that agrees with it (see ``render``).
SEAT_FIELD = re.compile(r"\{p(\d+)(?::([^{}]*))?\}")
#: forms whose second person is not "the word without its ending"
_YOU_FORMS = {"'s": "your", "has": "have", "is": "are", "was": "were", "their": "your"}


def render(text: str, names: Sequence[str], viewer: int | None = None) -> str:
    """``text`` with its seat fields filled in for ``viewer`` (None: a spectator).

    ``{pN}`` is seat N's name, or "you" for the viewer's own seat; ``{pN:s}`` / ``{pN:es}`` is the
    verb ending that agrees with it ("{p0} play{p0:s}" reads "Ann plays" or "you play");
    ``{pN:'s}`` is the possessive ("Ann's", "your"), ``{pN:mine}`` one standing alone ("Ann's",
    "yours"); ``{pN:their}`` the possessive pronoun, for a
    seat named already ("their", "your"); ``{pN:has}``, ``{pN:is}``, ``{pN:was}`` the verb
    itself. "you", "your" or a ``Phrase`` that opens a sentence is capitalised; a name is left as
    its person spelt it ("bo", never "Bo": that reads as someone else).
    """

    def fill(match: re.Match[str]) -> str:
        seat, form = int(match[1]), match[2]
        you = seat == viewer
        if form is None:
            word = "you" if you else _name(names, seat)
        elif form == "'s":
            word = "your" if you else _name(names, seat) + "'s"
        elif form == "mine":  # (standing alone: "now yours"; "now your" was said)
            word = "yours" if you else _name(names, seat) + "'s"
        elif form in _YOU_FORMS:
            word = _YOU_FORMS[form] if you else form
        else:
            word = "" if you else form
        said = you or isinstance(_name(names, seat), Phrase)
        if said and word and form in (None, "'s") and _opens_sentence(text, match.start()):
            word = word[0].upper() + word[1:]
        return word

    return SEAT_FIELD.sub(fill, text)


class Phrase(str):
    """The app's own words standing in a seat's name ("your stand-in"): capitalised where they
    open a sentence, as a person's name is not."""

    __slots__ = ()


def seat_field(seat: int, form: str | None = None) -> str:
    """The field ``render`` fills in for ``seat``: ``seat_field(1)`` is "{p1}",
    ``seat_field(1, "s")`` is "{p1:s}"."""
    return f"{{p{seat}}}" if form is None else f"{{p{seat}:{form}}}"


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else PLAYER(n=seat + 1)


def _opens_sentence(text: str, index: int) -> bool:
    """Whether ``index`` opens a sentence: the text's start, after a full stop, or a quotation's
    start (an undo quoted the log's "You play …" as "taking back “you play …”")."""
    before = text[:index].rstrip()
    return not before or before[-1] in ".!?“"


@dataclass(frozen=True, slots=True)
class Event:
    """A log line. ``text`` names seats as ``{p0}``, ``{p1}``… (``render`` fills them in per
    viewer); ``seats`` limits who may see it (None: everyone). ``reveals`` marks information a
    seat did not have coming out, which that seat's undo may not cross: True for everyone (a
    deal, a draw, a roll), or the seats it shows something new (an opponent's card from a
    hidden hand shows it to every seat but its owner). ``person_text``: the line where a person
    decided the move, without the motive ``text`` gives an AI's (a person's decline was logged
    with an AI's reason for it, against what their own hint had said); None: ``text`` either way.
    ``laid_for``: the line begins a turn of that seat's the rules played within another move
    (another seat's, or its own last turn's), or the rest of its own turn the rules played after
    its decision, the seat having no choice in it (it is among what happened since that seat's
    last move)."""

    text: str
    seats: tuple[int, ...] | None = None
    reveals: bool | tuple[int, ...] = False
    person_text: str | None = None
    laid_for: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def reveals_to(self, seat: int) -> bool:
        reveals = self.reveals
        return reveals is True or (reveals is not False and seat in reveals)

    def render(self, names: Sequence[str], viewer: int | None = None, by_person: bool = False) -> str:
        """The line in ``viewer``'s words; ``by_person``: its move was a person's decision."""
        text = self.person_text if by_person and self.person_text is not None else self.text
        return render(text, names, viewer)


# -- options and the state -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """A game option: its default, the allowed values and a line of help for the new-match screen."""

    default: Any
    choices: tuple[Any, ...]
    help: str

    def check(self, value: Any) -> Any:
        """``value`` if it is one of the choices, of the same type (True is not 1); else a
        ValueError that does not name the option (``Game.resolve_options`` does)."""
        choices = self.choices
        if any(type(value) is type(choice) and value == choice for choice in choices):
            return value

        def text(v: Any) -> str:
            return ("yes" if v else "no") if isinstance(v, bool) else str(v)

        numbers = len(choices) > 2 and all(type(c) is int for c in choices)
        if numbers and choices == tuple(range(choices[0], choices[0] + len(choices))):
            allowed = f"{choices[0]}–{choices[-1]}"  # a run of whole numbers
        else:
            allowed = ", ".join(map(text, choices))
        raise ValueError(f"{text(value) if type(value) in (bool, int) else repr(value)} is not one of {allowed}")


class ViewHeader(TypedDict):
    """The keys every view carries, whatever the game: generic screens read only these.

    A game's view type extends it (``games/<id>/views.py``): its ``view()`` builds one and its
    screens read one, so mypy checks the two against each other although the bus carries plain
    maps between them (``Game.view_type`` lets the contract test check the keys at run time)."""

    seat: int | None
    to_move: int | None
    over: bool
    scores: list[float]


VIEW_HEADER = tuple(ViewHeader.__annotations__)


def plain_view(view: ViewHeader) -> dict[str, Any]:
    """A typed view as the plain map the bus carries (no copy: the same object)."""
    return cast(dict[str, Any], view)


@runtime_checkable
class State(Protocol):
    """One position of a game, including its own seeded random generator (chance lives inside)."""

    @classmethod
    def new(cls, players: int, *, seed: int, options: dict[str, Any]) -> State: ...
    @classmethod
    def from_data(cls, data: dict[str, Any]) -> State: ...
    @classmethod
    def from_view(cls, view: dict[str, Any], seat: int) -> State: ...  # hidden parts in a fixed order
    def opening_events(self) -> list[Event]: ...  # the setup (deals, start player), from a fresh state
    def to_move(self) -> int | None: ...
    def legal_actions(self) -> list[Action]: ...  # may be shared with other states: never mutate it
    def apply(self, action: Action, log: bool = True) -> list[Event]: ...  # log=False: no text, []
    def is_over(self) -> bool: ...
    def scores(self) -> list[float]: ...
    def ranks(self) -> list[tuple[float, ...]]: ...  # each seat's standing, the score and its tie-breaks
    def outcome(self) -> list[float]: ...
    def estimate(self) -> list[float]: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...  # VIEW_HEADER keys and the game's own
    def determinize(self, seat: int, rng: random.Random) -> State: ...
    def clone(self) -> State: ...
    def describe(self, action: Action, seat: int | None = None) -> str: ...  # may hold {pN} fields
    def said_by(self, action: Action) -> list[Event]: ...  # its own lines, not the steps it forces
    def to_data(self) -> dict[str, Any]: ...


class TurnState:
    """What every turn-based state shares: ``turn`` is the seat to move (None once over) and
    ``_legal`` caches ``_compute_legal()`` until ``apply`` clears it. Subclasses declare their
    own ``__slots__`` and must not mutate a cached list (clones share it).

    ``clone`` is written for each subclass from its slots, once, as ``dataclasses`` writes
    ``__init__``: the slots named in ``COPIED`` (lists, dicts) are copied one level deep, those in
    ``NESTED`` (lists of lists) two, and every other slot is shared, so it must hold a value
    never changed in place (a number, a tuple, a list replaced rather than mutated). As fast as
    the lines written out, and a slot added later is never left out of a clone."""

    __slots__ = ("turn", "_legal")
    turn: int | None
    _legal: list[Action] | None
    COPIED: ClassVar[tuple[str, ...]] = ()
    NESTED: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "clone" not in cls.__dict__:
            cls.clone = _slot_clone(cls)  # type: ignore[method-assign,assignment]  # a generated method

    def clone(self) -> Self:
        raise NotImplementedError  # written for each subclass (``__init_subclass__``)

    def to_move(self) -> int | None:
        return self.turn

    def is_over(self) -> bool:
        return self.turn is None

    def ranks(self) -> list[tuple[float, ...]]:
        """Each seat's standing, higher first: its score, then the game's tie-breaks in order (a
        record places the seats behind the winner by it). Default: the score alone."""
        return [(score,) for score in self.scores()]  # type: ignore[attr-defined]  # (every game's)

    def said_by(self, action: Action) -> list[Event]:
        """The log's lines of ``action`` itself, not those of the steps the rules then play by
        themselves (an undo names the move it takes back by them). Default: all its lines, for a
        game whose ``apply`` plays no step by itself."""
        return self.clone().apply(action)  # type: ignore[attr-defined, no-any-return]  # (every game's)

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal() if self.turn is not None else []
        return legal

    def _compute_legal(self) -> list[Action]:
        raise NotImplementedError

    def _mover(self, action: Action) -> int:
        """The seat that plays ``action``, which must be legal (else IllegalAction, the state
        untouched); the cached legal actions go, as ``apply`` is about to change the state."""
        if action not in self.legal_actions():
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        return self.turn  # type: ignore[return-value]  # a legal action means a seat is to move

    def _why_illegal(self, action: Any) -> str:
        """Why ``action`` is refused: the game is over, it is no action at all, or it is not
        legal in the step ``_step_words`` names."""
        if self.turn is None:
            return "the game is over"
        if not isinstance(action, tuple) or not action:
            return f"{action!r} is not an action"
        return f"{action!r} is not legal now ({self._step_words()})"

    def _step_words(self) -> str:
        return f"seat {self.turn} to move"

    def _end_turns(self) -> None:
        """The game is over: no seat moves again and nothing is legal."""
        self.turn = None
        self._legal = []

    def _redealt_for(self, seat: int) -> None:
        """This world was redealt for ``seat``: another seat's cached legal actions may name
        cards it no longer holds."""
        if self.turn is not None and self.turn != seat:
            self._legal = None


def _slot_clone(cls: type[TurnState]) -> Callable[[Any], Any]:
    slots = [slot for klass in reversed(cls.__mro__) for slot in klass.__dict__.get("__slots__", ())]
    unknown = set(cls.COPIED + cls.NESTED) - set(slots)
    if unknown:
        raise TypeError(f"{cls.__name__} copies fields it has no slot for: {', '.join(sorted(unknown))}")
    lines = [
        f"    o.{slot} = self.{slot}.copy()"
        if slot in cls.COPIED
        else f"    o.{slot} = [inner.copy() for inner in self.{slot}]"
        if slot in cls.NESTED
        else f"    o.{slot} = self.{slot}"
        for slot in slots
    ]
    source = "\n".join(["def clone(self):", "    o = new(cls)", *lines, "    return o"])
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec(source, namespace)  # the source is built from the class's own slot names, nothing else
    clone: Callable[[Any], Any] = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__doc__ = "A copy that shares nothing mutable with this state."
    return clone


MASK64 = (1 << 64) - 1


def bits_of(mask: int) -> list[int]:
    """The set bits of ``mask`` (a hand of card ids as a bit set), ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(items: Iterable[int]) -> int:
    """The bit set of ``items`` (small non-negative ints)."""
    mask = 0
    for item in items:
        mask |= 1 << item
    return mask


class SplitMixChance:
    """Chance as one int (``self.rng``, a splitmix64 state, declared by the state's slots): a
    clone copies one number and a replay reproduces every draw. Mix into a State class."""

    __slots__ = ()
    rng: int

    def _next(self) -> int:
        """splitmix64: the next 64-bit output."""
        s = self.rng = (self.rng + 0x9E3779B97F4A7C15) & MASK64  # type: ignore[misc]  # in the state's slots
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def rng_data(self) -> int:
        """The chance state as a save holds it: a signed 64-bit int (msgpack's widest)."""
        return self.rng - (1 << 64) if self.rng >> 63 else self.rng

    def rng_from_data(self, value: int) -> None:
        self.rng = value & MASK64  # type: ignore[misc]  # in the state's slots

    def reseed(self, rng: random.Random) -> None:
        """Future chance drawn from ``rng`` (a determinized world's: never the real future)."""
        self.rng = rng.getrandbits(64)  # type: ignore[misc]  # in the state's slots

    def _below(self, k: int) -> int:
        return self._next() % k

    def _shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self._next() % (i + 1)
            items[i], items[j] = items[j], items[i]


# -- the game ------------------------------------------------------------------------------------

#: ``prior(state, actions)``: one score per action for the seat to move (higher: more promising;
#: only the order matters). It must leave ``state`` as it was. The state is the game's own State
#: subclass, hence ``Any`` (a callable taking a subclass is not a callable taking any State).
Prior = Callable[[Any, Sequence[Action]], Sequence[float]]

#: ``considered(state, legal)``: the legal actions an AI seat weighs, never empty. A game leaves
#: out moves only a person needs, for example composing a trade step by step where the game
#: already offers the AI its whole proposals as single actions.
Considered = Callable[[Any, list[Action]], list[Action]]

#: ``setup_check(players, options)``: why the game cannot be set up for ``players`` with these
#: options (resolved: every option present and one of its choices), in words, or None. For the
#: options that depend on the player count; ``State.new`` refuses the same with ValueError.
SetupCheck = Callable[[int, Mapping[str, Any]], str | None]

#: ``explain(state, seat, line)``: why the move ``line[0]`` is good or bad for ``seat``, in the
#: game's words: a short phrase, which may hold ``{pN}`` fields ("delivers swords for +3 and
#: keeps 2 actions"). ``line`` is that move and, after it, the moves the search means ``seat`` to
#: make next while it goes on deciding (the rest of a multi-step turn; often none). It must
#: read only what ``seat`` can see (``state`` may be any world consistent with its view) and
#: leave ``state`` as it was. Called for hints and after AI decisions, never inside a search.
Explain = Callable[[Any, int, Sequence[Action]], str]

#: ``plan(state, seat, index, iterations, seconds)``: a game's own planner in place of the tree
#: search, for the positions it knows how to plan (None for the others: they are searched). It
#: answers as search number ``index`` of a level's parallel searches would: per root action its
#: weight (the search's visits) and summed value, and for the actions it weighed the line it
#: means to follow (the action first). A plan is one search: for ``index`` > 0 it may weigh
#: nothing. ``iterations`` and ``seconds`` are the level's budgets (None: not set). A planner that
#: remembers what it chose (Caravanserai's, per process) goes on with that line where asked along
#: it: a hint mid-decision asks at the decision's start, and where hints were given since, first
#: (``SearchPolicy._plan``), so that whichever process answers remembers the same.
Planner = Callable[
    [Any, int, int, int | None, float | None],
    tuple[dict[Action, tuple[int, float]], dict[Action, tuple[Action, ...]]] | None,
]

#: ``vetoed(state, seat, action, level)``: whether AI seats never make ``action``, whatever the
#: search found for it (a move is then the next most visited, a hint shows the next). Read from
#: a world built out of ``seat``'s view; called after the searches (merged), only for the root
#: actions that would be made or shown, most visited first (``ai.policies.allowed``), never
#: inside a search, so it may weigh more than a prior can. ``level``: the name of the level
#: that searched (None: not known), so that a cheap level may screen before a costly veto; a
#: move it allows must pass the full veto all the same.
Veto = Callable[[Any, int, Action, str | None], bool]

#: ``end_near(state)``: whether the match may end before the seat to move in ``state`` decides
#: again after its turn (the bag about to empty, the last round, a move that ends the match).
#: Cheap: asked once per AI decision and hint, after the searches. Where it is true, the moves
#: that would be made or shown are looked at exactly for a loss on the spot (``ai/safety.py``).
EndNear = Callable[[Any], bool]

#: ``draws(state, action)``: whether ``action`` draws on chance in ``state`` (a chip from a bag, a
#: shuffle, a roll), whatever it turned out to be. Worlds redealt with other luck are compared to
#: tell such a move (``ai.explain.brings_chance``), but an outcome with uneven odds (a Night in one
#: draw of six) mostly looks the same in a few of them: a game says so exactly where it can.
Draws = Callable[[Any, Action], bool]

#: ``decided(state, seat)``: whether ``seat`` is beaten (True) or not (False) in a match not over
#: yet whose end no decision left can change for it, or None where the game cannot tell (Merchant
#: Lord's purchases once someone has nine table cards: the tables are final, the round ends the
#: match). A look at the end of a match (``ai/safety.py``) takes its word, beyond the seat's own
#: next decision too. Cheap.
Decided = Callable[[Any, int], bool | None]

#: ``closers(state, legal)``: of ``legal``, the moves by which the seat to move in ``state`` may
#: bring the match's end within its turn although its prior ranks them low (a pick-up whose refill
#: draws the bag's last goods, a camel sent to a loose good to make one), so that a look at the
#: others' replies (``ai/safety.py``) follows them beside the prior's favourites. Cheap.
Closers = Callable[[Any, list[Action]], list[Action]]
#: how a finished match's tie on the score was broken, from a final view, the scores and the
#: outcome, with seat fields ("9–9; {p2} win{p2:s} on gold (15 to 0)."); None where no tie-break
#: decided it: the result screen's headline and a review say it
TieWords = Callable[[Any, list[float], list[float]], str | None]
#: why an event of a move's says the rules passed over a seat's turn ("no camel in reserve"),
#: None where it does not: a review says how many of the seat's turns were lost so (a caravan
#: out of camels lost six turns and the match, and its review spoke only of the searches' drift)
SkippedWords = Callable[[Event, int], str | None]
#: where ``seat`` is to move in ``state`` in a part of its turn that may leave nothing to do but
#: end it: that part's key, its name ("build") and, where nothing else can be done now, why, in
#: words ("no gold and no card to claim with"; None: something can); None elsewhere. A review
#: counts the parts whose first position had nothing to do (a person at 0 gold sat out fourteen
#: builds, and the review put the loss on luck and the drift; a first build spent to its last gold
#: was counted as one with nothing to do)
IdleWords = Callable[[Any, int], tuple[Any, str, str | None] | None]
#: what another seat's move took from ``seat`` and its worth in points ("gems", 6: a Camel
#: Caravan theft), None where it took nothing: a review says what was taken, when and by whom
#: (thefts cost a person 15 points in a match whose review named none of them)
TakenWords = Callable[[Action, int], tuple[str, float] | None]


@dataclass(frozen=True)
class Plain:
    """The move that spends nothing where the others of its step spend (Merchant Lord's end of the
    favour step, beside up to 75 rerolls and turns), and why a hint suggests it where the search
    expects no other move to do better by more than its noise (``ai.explain.advised``): a
    reroll within a hair of keeping the dice is no advice to spend. ``holds(state)``: whether what
    the plain move keeps has a use after it in ``state`` (None: always); where it has none (Merchant
    Lord's last round: favour left at the end only breaks a tie on cards and coins) the search's
    own pick stands. ``sure(state)``: a line of moves the game plays in its place where the plain
    move would give up a sure gain (Merchant Lord's turns of a die that make a sale for a little of
    plenty of favour; None: none), its first put first as the plain move is, the line shown with
    it (hints kept 11, 15, 19 favour "for later rounds" where a turn for 2 of it sold at once, and
    no card was bought in four rounds)."""

    action: Action
    why: str
    holds: Callable[[Any], bool] | None = None
    sure: Callable[[Any], tuple[Action, ...] | None] | None = None


@dataclass(frozen=True)
class Measure:
    """What a review measures a decision by (``ai/review.py``): the searching seat's expected
    result times ``scale``, written with ``unit`` ("58%", "38.5 pieces"), and the loss from the
    best move at which a decision is an inaccuracy, a mistake and a blunder, in those units.
    The thresholds lie above the review search's own noise (docs/review.md)."""

    name: str
    scale: float
    unit: str
    inaccuracy: float
    mistake: float
    blunder: float


#: the measure between seats: the win chance in percentage points
WIN_CHANCE = Measure("win chance", 100.0, "%", 5.0, 10.0, 20.0)


@dataclass(frozen=True)
class ReviewTerms:
    """How a game's review grades a person's decisions: by ``between`` when seats play against
    each other, by ``solo`` in a solo game (None: the game has none); ``refusals``: replies that
    leave a move as if unmade."""

    between: Measure = WIN_CHANCE
    solo: Measure | None = None
    #: the others' replies that turn a seat's move down, leaving the position as it was but for
    #: what the rules charge the move itself (a declined trade proposal: one of the build's
    #: three): a review values such a move by the position its seat next decides from, where it
    #: rates that higher than the move's own search did (a declined proposal was graded "a
    #: mistake: 47% → 38%", the next decision in the same build starting at 47% again)
    refusals: frozenset[Action] = frozenset()
    #: what chance is in the game, as a review names it beside the searches' drift (a Merchant
    #: Lord review spoke of "a deal, goods drawn from a bag", neither of which it has)
    chance: str = "a deal, goods drawn from a bag, a card turned up, a roll"
    #: how the match's points came in the game's own terms, from the final view, with seat fields
    #: (None: the game does not say): a review says it under "How it ended" (a Decktet Caravan loss
    #: 0–36, the other out first in 4 hands of 5, was put on the searches' drift)
    scored: Callable[[Any], str | None] | None = None

    def measure(self, players: int) -> Measure:
        return self.solo if players == 1 and self.solo is not None else self.between


@dataclass(frozen=True)
class GameAI:
    """A game's search settings: per level name, the ``ai.levels.Level`` fields that differ from
    the generic level (never ``name`` or ``searches``), the prior that orders expansions for
    levels that use one, which legal actions AI seats weigh (None: all of them), how a
    candidate move is explained to a player (``Explain``; None: it is not), a planner that
    levels asking for one use where it plans (``Planner``; None: every position is searched),
    a leaf evaluation with weights tuned by self-play that levels asking for one score
    leaves with (None: ``State.estimate`` everywhere), how a review grades a person's
    decisions (``ReviewTerms``), the moves AI seats never make (``Veto``; None: any the
    search likes), where the end of a match is near enough to be looked at exactly
    (``EndNear``; None: never), which moves draw on chance (``Draws``; None: as redealt
    worlds show), and the move that ends a seat's turn where it is legal, playing nothing (a
    look at the end of a match tries it beside the prior's favourites; None: the game has none),
    and the moves by which a seat may end the match in its turn that the prior ranks low
    (``Closers``: a look at the end of a match follows them in the others' replies; None: none),
    whether a running match is already decided for a seat (``Decided``: a look at the end
    takes its word; None: only a match over is),
    and the move a hint prefers where the search cannot tell the others from it (``Plain``;
    None: a hint always suggests the search's most visited move), and the planner a hint (and a
    review's best move, the hint's) uses in place of ``plan`` (``Planner``; None: ``plan``): advice
    may weigh a risk to the person that an AI seat's plan leaves to its opponents' play; and
    how often seats shown a win chance went on to win in self-play (``calibrated``: the hint's
    "How it stands" words that share and a review shows it; None: the chance is taken as it is),
    and what the game's estimate charges a seat that is no part of the match's own outcome, a
    device for its searches (``charged``: a review gives it back; None: nothing), and what a
    position is worth to a seat played out to the end by the planner's own policy where that is
    the whole of what the planner weighs (``played_out``: a review weighs the decisions there by
    it, as the hint does; None, or None from it: by the review's search), and the moves a person
    looks for that a hint names though its search ranks them lower (``noted``; None: none), and
    whether the planner's values are each move's exact chance (``plan_exact``: a hint takes them
    as they are, no look at the end of the match reads a move it plans as lost)."""

    levels: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    prior: Prior | None = None
    considered: Considered | None = None
    explain: Explain | None = None
    plan: Planner | None = None
    plan_exact: bool = False
    tuned: Callable[[Any], list[float]] | None = None
    review: ReviewTerms = field(default_factory=ReviewTerms)
    vetoed: Veto | None = None
    end_near: EndNear | None = None
    draws: Draws | None = None
    stop: Action | None = None
    closers: Closers | None = None
    decided: Decided | None = None
    plain: Plain | None = None
    hint_plan: Planner | None = None
    calibrated: Callable[[float], float] | None = None
    charged: Callable[[Any, int], float] | None = None
    played_out: Callable[[Any, int], float | None] | None = None
    #: a move a person looks for, that a hint names when its search weighed it but ranked it
    #: below the ones it lists (``ai.explain.explained``): ``noted(state, seat, action)``
    noted: Callable[[Any, int, Action], bool] | None = None
    #: what a line (``Candidate.line``, its first action the seat's) leaves the others to take
    #: from the seat at its turn's end, in points (``ai.explain.safer_first``: of moves about as
    #: good, a hint suggests the one that leaves least): ``exposed(state, seat, line)``
    exposed: Callable[[Any, int, tuple[Action, ...]], float] | None = None
    #: a line of the seat's own moves (the first the seat's now) after which it has won, nothing
    #: left to chance, () where it has won already, or None (``ai.explain.won_first``: a hint puts
    #: it first and says so; a review grades it the best): ``won(state, seat)``
    won: Callable[[Any, int], tuple[Action, ...] | None] | None = None
    #: the figures a hint states of a move of chance, each the more the better, or None for a
    #: move it states none of, the one it heads its words with first (``ai.explain.likelier_first``:
    #: of moves about as good, one whose figures are all the first's or more, or whose first leads,
    #: goes first): ``figures(state, seat, action)``
    figures: Callable[[Any, int, Action], tuple[float, ...] | None] | None = None
    #: the line the seat to move keeps to from a position whatever its search finds after it,
    #: where the game's veto holds it to one (Camel Caravan: the delivery its turn can still
    #: make), None elsewhere: a hint shows each move it lists followed by it, as an AI seat plays
    #: on (``ai.explain.explained``): ``kept(state)``
    kept: Callable[[Any], tuple[Action, ...] | None] | None = None
    #: the view's fields that count the steps of a decision (Camel Caravan's actions left): two
    #: positions of a decision alike but for them are the same board, and a hint does not take
    #: the board back to one passed where another move is about as good (``ai.explain.not_back``)
    step_fields: tuple[str, ...] = ()


def rules_of(package: str) -> str:
    """A game's player rules: the ``rules.md`` in its folder."""
    return files(package).joinpath("rules.md").read_text(encoding="utf-8")


def screen_of(package: str) -> Callable[[], type]:
    """What loads a game's Textual screen (``<package>.screen.SCREEN``), only when a screen is
    wanted: the engine and the rules never import Textual."""

    def load() -> type:
        screen: type = import_module(f"{package}.screen").SCREEN
        return screen

    return load


#: What a change of the rules asks before a logged action that the old rules did not: given
#: today's state (the log so far replayed, with what was put in before) and the next logged
#: action (None at the log's end), the actions to put in first ([] for none). A rule change that
#: only adds questions (a step that used to pass by itself, a "done" now asked for) upgrades
#: this way without a copy of the old rules; ``saves.loading`` calls it until it asks nothing.
Upgrader: TypeAlias = Callable[[Any, Action | None], list[Action]]

#: ``composing(state)``: whether the seat to move is still writing a move it began (a trade
#: proposal put together step by step): its steps so far and what follows are one decision to a
#: review (``ai/review.py``), which judges it whole. Steps that log nothing continue a decision
#: without it.
Composing: TypeAlias = Callable[[Any], bool]

#: ``laid_for(state, seat, action)``: what the rules then play by themselves in ``seat``'s turn
#: after its ``action`` in ``state`` (forced steps), in the game's words, to where its move ends
#: ("" where they play nothing): a review's decision says it after the last step the seat chose
#: (``ai/review.py``), so that its words say what the move did in the end.
LaidFor: TypeAlias = Callable[[Any, int, Action], str]


@dataclass(frozen=True)
class Game:
    """A registered game: metadata, the State class that implements its rules, its AI settings
    and its screen. ``quick_options`` make a short match (benchmarks, tests); ``short_options``
    the short match offered to people (Create match's ctrl+o), where it is not that one (None:
    it is); ``screen`` loads
    the game's Textual screen class on demand (None: the generic screen plays it);
    ``setup_check`` refuses options that do not suit a player count (see ``setup_problem``);
    ``rules_version`` counts the changes of the rules that made a log of the old rules
    unplayable under the new; ``upgraders[v]`` brings a log of version ``v`` to ``v + 1`` (see
    ``Upgrader``): a game at version n has one for each of 1 … n-1;
    ``solo_titles`` are the titles a solo game earns, as (least score, title), highest first
    (empty: a solo game earns none), which ``selfplay`` counts; ``view_type`` is the TypedDict
    its views are (None: undeclared), whose keys the contract test checks; ``composing`` says
    which steps continue a decision (``Composing``; None: only those that log nothing);
    ``laid_for`` what the rules play by themselves after a step (``LaidFor``; None: nothing);
    ``tie_words`` how a tie on the score was broken, from the final view (``TieWords``; None:
    the game breaks none, or a tie shares the win); ``skipped_words`` why the rules passed over
    a seat's turn (``SkippedWords``; None: they never do); ``idle_words`` where a seat could do
    nothing in its turn but end it (``IdleWords``; None: the game does not say); ``taken_words``
    what another's move took from a seat (``TakenWords``; None: no move takes anything)."""

    id: str
    title: str
    players: range
    options: dict[str, Option]
    rules: str  # markdown for players, shown by the in-app viewer
    summary: str  # one line for the new-match screen
    state_class: type[State]
    default_players: int = 2
    ai: GameAI = field(default_factory=GameAI)
    quick_options: dict[str, Any] = field(default_factory=dict)
    screen: Callable[[], type] | None = None
    setup_check: SetupCheck | None = None
    rules_version: int = 1
    upgraders: Mapping[int, Upgrader] = field(default_factory=dict)
    solo_titles: tuple[tuple[int, str], ...] = ()
    view_type: type | None = None
    composing: Composing | None = None
    short_options: dict[str, Any] | None = None
    laid_for: LaidFor | None = None
    tie_words: TieWords | None = None
    skipped_words: SkippedWords | None = None
    idle_words: IdleWords | None = None
    taken_words: TakenWords | None = None

    @property
    def short_form(self) -> dict[str, Any]:
        """The options of the game's short match for people ({}: it has none)."""
        return self.quick_options if self.short_options is None else self.short_options

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; an unknown name or a refused value is a ValueError that reads like
        a sentence and names the option (options may come from a file: a name may not even be
        text)."""
        options = dict(options or {})
        for name in options:
            if not isinstance(name, str):
                raise ValueError(f"an option's name must be text, not {name!r}")
            if name not in self.options:
                shown = name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…"
                known = f"its options: {', '.join(self.options)}" if self.options else "it has none"
                raise ValueError(f"{self.title} has no option {shown!r} ({known})")
        resolved = {}
        for name, option in self.options.items():
            try:
                resolved[name] = option.check(options.get(name, option.default))
            except ValueError as error:
                raise ValueError(f"{name}: {error}") from None
        return resolved

    def choices_for(self, name: str, players: int) -> tuple[Any, ...]:
        """The choices of option ``name`` a match of ``players`` can be set up with, the other
        options as they default (a start player 3 is no choice between two players)."""
        return tuple(
            choice for choice in self.options[name].choices if self.setup_problem(players, {name: choice}) is None
        )

    def setup_problem(self, players: int, options: dict[str, Any] | None) -> str | None:
        """Why a match of ``players`` with ``options`` cannot be set up, in words, or None: what
        ``new`` would refuse, found before anything is played (options may come from a file)."""
        if players not in self.players:
            return f"{self.title} is for {self.player_range()} players, not {players}"
        try:
            resolved = self.resolve_options(options)
        except ValueError as error:
            return str(error)
        return self.setup_check(players, resolved) if self.setup_check is not None else None

    def new(self, players: int, *, seed: int, options: dict[str, Any] | None = None) -> State:
        problem = self.setup_problem(players, options)
        if problem is not None:
            raise ValueError(problem)
        return self.state_class.new(players, seed=seed, options=self.resolve_options(options))

    def player_range(self) -> str:
        low, high = self.players.start, self.players.stop - 1
        return str(low) if low == high else f"{low}–{high}"

    def from_data(self, data: dict[str, Any]) -> State:
        return self.state_class.from_data(data)

    def from_view(self, view: dict[str, Any], seat: int) -> State:
        """A world consistent with ``view`` (hidden parts filled in a fixed order).

        AI seats receive only their view; they build a world with this and call
        ``determinize`` on it, so search can never see the real hidden cards.
        """
        return self.state_class.from_view(view, seat)


def outcome_from_scores(scores: Sequence[float]) -> list[float]:
    """Win 1, loss 0; seats tied for the best share the win equally (two or more seats)."""
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    share = 1.0 / len(winners)
    return [share if i in winners else 0.0 for i in range(len(scores))]


def normalise_action(action: Any) -> Action:
    """Lists (as msgpack or JSON return them) back to tuples, recursively; anything else is
    passed on unchanged, for the engine to refuse as illegal."""
    normal: Action = _tuples(action)
    return normal


def _tuples(value: Any) -> Any:
    if not isinstance(value, (list, tuple)):
        return value
    # (the parts that are not lists are most of them: kept without a call each)
    return tuple([_tuples(part) if isinstance(part, (list, tuple)) else part for part in value])
