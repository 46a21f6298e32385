"""English for numbers and nouns, one helper each for every game and screen: "2 cities",
"an Incense card", and scores whose minus signs cannot be read as dashes ("−4 – −6", not
"-4--6"). Pure text: no Textual, no game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from caravan_tui.engine import seat_field

MINUS = "\u2212"  # the minus sign, wider than a hyphen and unlike a dash
IRREGULAR = {"die": "dice"}


def plural_of(word: str) -> str:
    """ "city" → "cities", "box" → "boxes", "card" → "cards"."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    if word.endswith("y") and len(word) > 1 and word[-2].lower() not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    return word + "s"


def plural(k: int, word: str) -> str:
    """``k`` and the noun that agrees with it: "1 city", "2 cities", "0 cards"."""
    return f"{k} {word}" if k == 1 else f"{k} {plural_of(word)}"


def mid_sentence(reason: str) -> str:
    """A reason worded as a sentence of its own, put after a dash: "You"/"Your" that opened it
    in lower case ("— your Right of Passage is worth…", not "— Your"); a name keeps its capital."""
    first, _, rest = reason.partition(" ")
    return f"{first.lower()} {rest}".rstrip() if first in ("You", "Your") else reason


#: what a list of seats writes between two names: "Ann, Bob, Cy", "Ann vs Bob" (no name may hold
#: one: it would read as two seats; ``lookalikes.name_problem``)
LIST = ", "
VERSUS = " vs "
SEPARATORS = (LIST, VERSUS)


def seats_line(names: Iterable[str]) -> str:
    """A match's seats: "Ann vs Bob", and from three on "Ann, Bob, Cy"."""
    names = list(names)
    return (VERSUS if len(names) == 2 else LIST).join(names)


def article(word: str) -> str:
    """ "a" or "an" before ``word`` as it is said: "an Incense", "a Salt", "an 8", "an 11"."""
    head = word.lstrip()
    if head[:1].isdigit():
        number = head.split()[0].rstrip(".,;:")
        vowel = number.startswith("8") or number in ("11", "18")
    else:
        vowel = head[:1].lower() in ("a", "e", "i", "o", "u")
    return "an" if vowel else "a"


def a_or_an(word: str) -> str:
    """``word`` with its indefinite article: "an Incense card", "a Pearls card"."""
    return f"{article(word)} {word}"


def signed(value: float) -> str:
    """A number with a true minus sign when negative ("−4"), as short as it reads ("2.5")."""
    text = f"{abs(value):g}"
    return f"{MINUS}{text}" if value < 0 else text


def change(value: int) -> str:
    """A change in points, always with its sign, a true minus sign when negative: "+3", "−3", "+0"."""
    return f"+{value}" if value >= 0 else signed(value)


def score_run(values: Iterable[float]) -> str:
    """Scores side by side: "2–1–0"; with a negative among them spaced and with minus signs,
    "5 – −7", so no minus reads as the dash between two scores."""
    values = list(values)
    if any(v < 0 for v in values):
        return " – ".join(map(signed, values))
    return "–".join(f"{v:g}" for v in values)


def tied_scores(scores: Sequence[float], tied: Sequence[int]) -> str:
    """A tie on points as a result headline says it: "26–26" where every seat tied, else whose
    scores they are, the tied seats as seat fields ("{p1} and {p2} tie 9–9"): at three seats
    "9–9; Ann wins on gold (19 to 3)" read as the score of the one reading it, who had 3."""
    run = score_run(scores[seat] for seat in tied)
    if len(tied) == len(scores):
        return run
    fields = [seat_field(seat) for seat in tied]
    return f"{', '.join(fields[:-1])} and {fields[-1]} tie {run}"


def tie_broken(scores: list[float], outcome: list[float], by: str, counts: list[int], winner: str) -> str | None:
    """How the game broke a tie on points, when it did: "26–26; you win on goods delivered (7 to
    5)". ``counts``: each seat's tie-breaker; ``winner``: its words, as a seat field ("{p0} win{p0:s}")
    to render for the viewer (None: the top score was not shared, or the win is); where a seat is
    outside the tie, the tied are named (``words.tied_scores``)."""
    tied = [seat for seat, score in enumerate(scores) if score == max(scores)]
    winners = [seat for seat, share in enumerate(outcome) if share == max(outcome)]
    if len(tied) < 2 or len(winners) != 1:
        return None
    first = winners[0]
    rest = " and ".join(str(counts[seat]) for seat in tied if seat != first)
    return f"{tied_scores(scores, tied)}; {winner} on {by} ({counts[first]} to {rest})."


#: the least width ``longest_word`` asks for at most: a name of one 40-letter word made its
#: column 40 wide, and the columns after it fell off the right of an 80-column screen
WORD_ROOM = 16


def longest_word(texts: Iterable[object]) -> int:
    """The widest word among ``texts`` (names in a table), up to ``WORD_ROOM``: the least width
    of their column, so that a name is folded at its spaces, never mid-word ("…SilkRoadCaravanX"
    over "y (you)"), where the table has the room; a longer word folds across lines, whole."""
    return min(WORD_ROOM, max((len(word) for text in texts for word in str(text).split()), default=0))
