"""The words of the table's panels over the board: the hint and what others did since your last
turn (DESIGN §6), from data (the hint's rows, the log's lines), never the screen."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from caravan_tui.ai.explain import (
    ANY,
    BY_NOISE,
    EITHER,
    IN_LINE,
    IN_LINE_LABEL,
    OR,
    Basis,
    chance_words,
    confidence,
    decided,
    headline,
    noise,
    rank_label,
    still_to_play,
)
from caravan_tui.engine import Action, Measure, normalise_action
from caravan_tui.words import mid_sentence, plural

#: lines (or moves) by others since our last decision that open the "since your last turn" panel,
#: and how many of the latest lines it shows (a two-player game's one move is one or two lines: no
#: panel; a placement of ten pieces is one line but ten moves: a panel)
SINCE_AT_LEAST, SINCE_SHOWN = 4, 8
#: the whole log's key (``GameScreen``), named in the panel's foot
WHOLE_LOG = "ctrl+l"
#: the keys that scroll a panel (``GameScreen``), as a panel's foot names them ("ctrl+↑↓ more")
PANEL_SCROLL_KEYS = ("ctrl+up", "ctrl+down")
#: the "since your last turn" panel's key that hides it and does nothing else; any other key
#: hides it and acts (``GameScreen.on_key``), as its title says
SINCE_TITLE = "Meanwhile (keys hide)"  # (whole in the side column's 28)


@dataclass(frozen=True)
class PanelWords:
    """What a panel over the board says (``TableState.hint_panel``, ``since_panel``): ``lines``
    under ``title``, over ``foot``; all plain text, never markup (they hold names, and what an AI
    weighed holds a saved file's words). ``short`` is the title where ``title`` does not fit
    the panel's width (a narrow side column)."""

    title: str
    lines: tuple[str, ...]
    foot: str = ""
    short: str = ""
    #: shown from its end where it is longer than the panel: its newest lines (what others did
    #: lately, the stand-in's moves under a long name's notices, were below the fold)
    latest: bool = False
    #: the lines before these left out (what others did since our turn: ``since_lines``)
    earlier: int = 0
    #: the foot where ``foot`` does not fit the panel's width (a narrow side column)
    short_foot: str = ""

    def without_first(self, count: int) -> PanelWords:
        """These words less their first ``count`` lines, counted among those left out before them
        (a panel of the latest lines shows as many whole ones as it holds: ``TablePanel``)."""
        earlier = self.earlier + count
        return replace(self, lines=self.lines[count:], earlier=earlier, foot=since_foot(earlier))


#: the hint panel while the host works out the hint asked for (``TableOverlays.ask_hint``): ``h``
#: again or escape puts it away, and the hint that comes after is not shown (``table_client``); its
#: words as the footer's "h Hide hint" ("h: cancel" beside it read as two keys)
ASKING = PanelWords("Hint (h or esc: hide)", ("Asking the AI…",), short="Hint (h: hide)")
CANCEL_HINT = "escape"


#: the nearest a search's chance comes to a sure win or loss in words: every world it weighed won
#: is no proof ("you should win (100% to win)" of a Decktet Caravan lead that the other player
#: answered by going out, the match drawn); a win or a loss the game's own look found is said whole
UNSURE = 0.01


def hint_lines(
    rows: list,
    texts: list[str],
    text: str,
    scores: list,
    seat: int | None,
    players: int,
    warning: str | None,
    basis: Basis = still_to_play,
    choices: int | None = None,
    calibrated: Callable[[float], float] | None = None,
    plain: Action | None = None,
    scored_on: str = "points",
    solo: Measure | None = None,
    dropped: str | None = None,
) -> list[str]:
    """The hint panel's lines: the game's ``warning`` first, then the search's top moves in
    words (``texts``; the host's ``text`` when it gave none) with the game's reasons, how sure it
    is (``choices``: the legal moves, beside which a lone candidate was planned) and (between
    players) how the match stands (``basis``: on what the AI's rating differs from the scores, in
    the game's words), under the suggestion, in view: from the share of seats shown that chance
    that won, where the game measured it (``calibrated``: a chance of 0.8 said "you should win"
    to seats that lost one match in three); ``plain``: the game's plain move (``explanation``);
    ``scored_on``: what the game's score counts (``GameScreen.SCORED_ON``); alone, ``solo``: the
    game's measure of a solo result, in which the suggestion's expected end is said (a sure 36
    "Weaker in the end" beside a starred 29 → 29, with nothing said of where the star leads);
    ``dropped``: the next step of the last hint's line, which this one no longer starts with
    (``TableState.plan_dropped``), said under how it stands."""

    def odds(value: float, proven: bool = False) -> float:
        """A win chance as the panel says it: calibrated, and short of sure where it is the search's
        (not the game's own look at the end)."""
        value = value if calibrated is None else calibrated(value)
        return value if proven else min(max(value, UNSURE), 1 - UNSURE)

    between = (lambda value, proven: chance_words(odds(value, proven), players)) if players > 1 else None
    lines = explanation(rows, texts, choices, plain, between, solo if players == 1 else None) or [text]
    below = 2 if len(lines) > 1 and lines[1].startswith("  ") else 1  # (its reason)
    if rows and players > 1:
        own = rows[0][6] if len(rows[0]) > 6 else None  # (the move's own mean: what calibrations measured)
        chance = odds(float(rows[0][2] if own is None else own), len(rows[0]) > 7 and bool(rows[0][7]))
        lines.insert(below, f"How it stands: {headline(chance, scores, seat, basis, scored_on)}.")
    elif rows and solo is not None:
        expected = round(float(rows[0][2]) * solo.scale)
        lines.insert(below, f"How it stands: the hint expects about {expected}{solo.unit} at the end.")
    if dropped is not None:
        stood = below + (1 if rows and (players > 1 or solo is not None) else 0)
        lines.insert(stood, f"A new line: the last hint's line went on with {dropped}, which this search ranks lower.")
    return ([warning] if warning else []) + lines


#: the lines of ours the rules played meanwhile ("You can sell nowhere…", "You laid camel…"): kept
#: in the panel among the others' latest, at most half of it (a round of ours the rules played
#: was among "14 more", and the round counter jumped 3 → 5 with nothing said)
OWN_LINE = ("You ", "Your ")


def since_lines(since: list[str], moves: int) -> tuple[list[str], str] | None:
    """What others did since our last decision, when it is a good deal (``SINCE_AT_LEAST`` lines
    or moves): its latest lines, and before them those of ours the rules played that would
    not show (``OWN_LINE``), and the panel's foot (None: no panel)."""
    if not since or (len(since) < SINCE_AT_LEAST and moves < SINCE_AT_LEAST):
        return None
    own = [line for line in since[:-SINCE_SHOWN] if line.startswith(OWN_LINE)][-(SINCE_SHOWN // 2) :]
    shown = own + since[max(0, len(since) - (SINCE_SHOWN - len(own))) :]
    return shown, since_foot(len(since) - len(shown))


def since_foot(earlier: int) -> str:
    """The foot of what others did since our turn, ``earlier`` lines left out before those shown
    (they come before: "14 more" read as more below, to scroll to)."""
    # ("2 earlier" read without its unit: lines, not moves or turns; the key first, as the whole
    # log's own foot says it: a narrow panel cut "4 earlier lines: ctrl…", the key lost)
    return f"{WHOLE_LOG}: {plural(earlier, 'earlier line')}" if earlier else f"{WHOLE_LOG}: the whole log"


def since_panel(since: list[str], moves: int) -> PanelWords | None:
    """The "since your last turn" panel when others did a good deal since our last decision
    (``since_lines``; None: no panel): over the head of the board (or of the side column, on a
    wide screen), until the next key (``GameScreen.on_key``)."""
    shown = since_lines(since, moves)
    if shown is None:
        return None
    # (in a side column of 28 cells "ctrl+l: 2 earlier lin…" was cut: there, the key and the log)
    earlier = len(since) - len(shown[0])
    return PanelWords(SINCE_TITLE, tuple(shown[0]), shown[1], latest=True, earlier=earlier, short_foot=since_foot(0))


#: a seat's field in a reason ("{p1} build{p1:s} first")
SEAT_FIELD = re.compile(r"\{p\d[^}]*\}")


def alike(reason: str, other: str) -> bool:
    """Whether two reasons say the same but for whom they name: "{p0} build{p0:s} first this turn"
    and "{p2} build{p2:s} first this turn"."""
    return SEAT_FIELD.sub("", reason) == SEAT_FIELD.sub("", other)


def explanation(
    candidates: list,
    texts: list[str] | None = None,
    choices: int | None = None,
    plain: Action | None = None,
    between: Callable[[float, bool], str] | None = None,
    solo: Measure | None = None,
) -> list[str]:
    """The search's top moves in words, the suggestion first, each with the game's reason:
    "Clearly best: Pass", "  keeps both Crowns for the next season", "Nearly as good: …" (an
    alternative's reason without the later parts the suggestion's says in the same place). How sure the search
    is comes from the candidates' shares of the search and expected results; the numbers
    themselves mean little to a player and are not shown. An alternative keeps its first part, what
    it does, even where the suggestion's is the same words: without it Camel Caravan's "Or: Place a
    camel on (0,5) — 2 actions — 2 actions left" said only what was left. Where a row carries its value's standard
    error (its sixth field), closeness is judged against the search's noise. ``texts``: the moves
    as the screen words them (default: the host's words); ``choices``: the legal moves
    (``confidence``); ``plain``: the game's plain move (``GameAI.plain``), which a hint puts first
    where the search cannot tell it from the most visited: said as the safe pick it is.
    ``between``: the values are win chances between players, said in words by it (given whether the
    value is the game's own proof, as the suggestion's may be: ``sure``): where the moves
    are alike to the search and the match is decided whichever is played, said so (``decided``);
    a move "Weaker in the end" than its figures read says the chance it leaves. ``solo``: the
    game's measure of a solo result: a weaker move's expected end beside the suggestion's ("Weaker
    in the end" of a move 9 pieces short, its own figures all larger, said nothing of how much)."""
    if not candidates:
        return []
    texts = texts or [str(row[0]) for row in candidates]
    shares, values = [float(row[1]) for row in candidates], [float(row[2]) for row in candidates]
    reasons = [str(row[3]) if len(row) > 3 else "" for row in candidates]
    # (an alternative the suggestion's line plays after it: so labelled, and first, not "Weaker")
    then = {i for i in range(1, len(reasons)) if reasons[i].startswith(IN_LINE)}
    reasons = [
        reason.removeprefix(IN_LINE).removeprefix("; ") if i in then else reason for i, reason in enumerate(reasons)
    ]
    errors = [float(row[5]) if len(row) > 5 and row[5] is not None else None for row in candidates]
    plain_first = plain is not None and len(candidates[0]) > 4 and normalise_action(candidates[0][4]) == plain
    proven = len(candidates[0]) > 7 and bool(candidates[0][7])
    # how sure, of the moves to choose between now: not one the suggestion's line plays after it
    # ("Either is about as good" stood over one pick and its line's next step)
    now = [i for i in range(len(values)) if i not in then]
    sure = confidence(
        [shares[i] for i in now], [values[i] for i in now], choices, [errors[i] for i in now], plain_first, proven
    )
    # between players, every move leaving the match decided: said so, and none "better" than
    # another (the hint puts first the one the game rates best on points: ``decided_first``)
    # a sure win beside moves that only look won is no tie ("won with any of these" listed stopping
    # short of a ninth card that ended the match beside the sale that laid it)
    sure_only = values[0] >= 1.0 > min(values[i] for i in now)
    settled = decided([values[i] for i in now]) if between and len(now) > 1 and not sure_only else None
    # (after a dash, as each alternative's: "…— 1 action" then "  a camel onto the salt" read as one
    # run-on line in a narrow panel)
    lines = [f"  — {reasons[0]}"] if reasons[0] else []
    listed = [reasons[0]]
    ors = 0

    def luck(i: int) -> float | None:
        return noise(errors[0], errors[i]) if sure in BY_NOISE else None  # (not "Or" beside "Clearly best")

    def tier(i: int) -> int:
        """Where an alternative's label ranks it: as good or better, nearly as good, weaker."""
        label = OR if settled else rank_label(values[i], values[0], reasons[i], (), luck(i), plain_first)
        return 1 if label == "Nearly as good" else 2 if label.startswith("Weaker") else 0

    # the alternatives best first by their labels, then by their expected result, which the labels
    # speak of (in the search's order a "Nearly as good" came after a "Weaker"; by the result alone,
    # an "Or" within a wider noise came after a "Nearly as good")
    for i in sorted(range(1, len(texts)), key=lambda i: (i not in then, tier(i), -values[i])):
        label = OR if settled else rank_label(values[i], values[0], reasons[i], listed, luck(i), plain_first)
        label = IN_LINE_LABEL if i in then else label
        ors += label == OR
        if solo is not None and label.startswith("Weaker"):
            ends = [f"{round(value * solo.scale)}{solo.unit}" for value in (values[i], values[0])]
            label += f" (the hint expects about {ends[0]}, against {ends[1]})"
        elif between is not None and (
            label == "Weaker in the end" or (label == "Weaker" and alike(reasons[i], reasons[0]))
        ):
            # (alike in words, the figures are all that tells them apart: "Clearly best: Keep the
            # Shah" over "Weaker: Give the Shah to AI 3" with the same reason, nothing said of why)
            # (against the suggestion's, said alike: "How it stands" is the position's own mean, and
            # "63% after it" under a headline of 54% read as a better move called weaker)
            # (the pick's as "How it stands" says it: "99% after its pick" stood under "100% to win")
            after, pick = between(values[i], False), between(values[0], proven)
            label += f" (the hint expects {after} after it, {pick} after its pick)"
        listed.append(reasons[i])
        # each said whole: the parts it shared with the suggestion were left out, and the rest
        # read as all of it ("Or: Caravan 5☀S≈V 6☀S∿Y — … keeps 2 Crowns and 2 Aces" beside
        # others' "you collect 2 cards worth −2", the same for it; "the Ivory city: 1 of the 3
        # routes it needs" without the Spices city it took a route towards as well)
        own = reasons[i]
        lines.append(f"{label}: {texts[i]}" + (f" — {mid_sentence(own)}" if own else ""))
    if sure == EITHER and ors > 1:  # ("either" of three plays)
        sure = ANY
    sure = settled or sure
    return [f"{sure[0].upper()}{sure[1:]}: {texts[0]}", *lines]
