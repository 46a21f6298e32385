"""The end of a match: final table, winner, rematch or home."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive, var
from textual.widgets import Button, Static

from caravan_tui.bus import MAX_NAME, MAX_SEATS
from caravan_tui.games import GAMES
from caravan_tui.hub_protocol import UNSETTLED_WORDS, Rated
from caravan_tui.safe_text import LONG, as_text, plain
from caravan_tui.screens.base import BaseScreen
from caravan_tui.screens.heard import Heard
from caravan_tui.screens.requests import GoHome, OpenReplay, OpenReview, OpenRules, Rematch
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.hanging import HangingLines
from caravan_tui.widgets.key_scroll import KeyScroll
from caravan_tui.words import plural, signed


def within(name: str) -> str:
    """A seat's name inside a sentence: "you" for the viewer ("A draw between Alice and You.")."""
    return "you" if name == "You" else name


def result_line(names: list[str], scores: list[float], outcome: list[float]) -> str:
    winners = [names[i] for i, share in enumerate(outcome) if share == max(outcome)]
    if len(winners) > 1:
        return "A draw between " + " and ".join(within(name) for name in winners) + "."
    return f"{winners[0]} win{'' if winners[0] == 'You' else 's'}!"


def rating_changes_line(rated: Rated, game: str = "") -> str:
    """ "Rating changes: Ann +105 (now 1105?), Bob −105 (now 990)": each person's change and rating
    now ("?" until it settles), from what the hub sent (a row not of that shape is left out).
    "Ratings: Ann +105 (?)" read as if +105 were the rating. A person a stand-in played for in
    part: the share of the moves they made ("Bo +12 (now 1012?; played 11%)"), and why ("−105 beside
    +12" read as a fault). A row without its share, as an older hub sent it: played whole.
    ``game``: the game's title, which the line names (a rating is kept for each game: "1105?"
    after a Decktet Caravan win, then "now 895?" after a Camel Caravan loss, read as a fault)."""
    sent = rated.changes[:MAX_SEATS] if isinstance(rated.changes, list) else []
    rows = [
        row
        for row in ([*row, 100] if len(row) == 3 else row for row in sent if isinstance(row, list))
        if len(row) == 4
        and isinstance(row[0], str)
        and type(row[1]) is int
        and isinstance(row[2], str)
        and type(row[3]) is int
        and 0 <= row[3] <= 100
    ]
    words = [
        f"{plain(name, MAX_NAME)} {'+' if points >= 0 else '−'}{abs(points)} (now {plain(rating, 6)}"
        + (f"; played {played}%)" if played < 100 else ")")
        for name, points, rating, played in rows
    ]
    if not words:
        return ""
    unsettled = any(plain(rating, 6).endswith("?") for _, _, rating, _ in rows)
    partial = any(played < 100 for *_, played in rows)
    unmoved = len(rows) > 1 and all(points == 0 for _, points, _, _ in rows)
    return (
        f"{f'{game} rating changes' if game else 'Rating changes'}: {', '.join(words)}."
        + (f" {UNMOVED_WORDS}" if unmoved else "")
        + (f" {STOOD_IN_WORDS}" if partial else "")
        + (f" {UNSETTLED_WORDS}" if unsettled else "")
    )


#: why no rating moved where its people scored apart (two people 9–8 behind an AI's 9: "+0" each read
#: as a fault; "yours were equal" read as a tie after 22–15)
UNMOVED_WORDS = (
    "Ratings count only each person's share of the win, not points: none of you won more of it than another, "
    "so none moved."
)
#: why a change beside "played N%" is smaller than the others'
STOOD_IN_WORDS = "A seat a stand-in played in part moves its person's rating by the share of the moves they made."


def resigned_line(
    names: list[str], outcome: list[float], resigner: int | None = None, scores: list[float] | None = None
) -> str:
    """After a resignation: who gave up (``resigner``; by default the one seat with no share of
    the win) and who wins as the game ranked the others ("You resigned: Bob and Cyd share the
    win." only where the game leaves them tied; not "A draw between…" of unequal scores), and
    when the others tie on points, that the tie-break decided ("…Bob wins, ahead of Cyd on the
    tie-break (12–12)", not "share the win")."""
    if resigner is None or not 0 <= resigner < len(names):
        resigner = next((seat for seat, share in enumerate(outcome) if share == 0), None)
    gave_up = names[resigner] if resigner is not None else "A player"
    others = [seat for seat in range(len(outcome)) if seat != resigner]
    if not others:  # (solo: no one else to win; the line named a winner and the app closed)
        return f"{gave_up} resigned: the match ends as it stands."
    best = max((outcome[seat] for seat in others), default=0.0)
    won = [seat for seat in others if outcome[seat] == best]
    winners = [names[seat] for seat in won]
    if len(winners) == 1:
        win = f"{winners[0]} win{'' if winners[0] == 'You' else 's'}"
        tied = [seat for seat in others if seat != won[0] and scores and scores[seat] == scores[won[0]]]
        if scores and tied:
            behind = " and ".join(names[seat] for seat in tied)
            win += f", ahead of {behind} on the tie-break ({'–'.join(f'{scores[s]:g}' for s in won + tied)})"
    else:
        win = ", ".join([winners[0], *map(within, winners[1:-1])]) + f" and {within(winners[-1])} share the win"
    return f"{gave_up} resigned: {win}."


def after_resigning(names: list[str], outcome: Sequence[float], resigner: int) -> str:
    """Who won a match the others ended after ``resigner`` gave up, whose seat an AI played on:
    "You resigned: Bob wins." as ``resigned_line`` says it, or, where that AI came out first,
    "You resigned: the AI that took the seat wins." (the seat itself counts as given up)."""
    best = max(outcome)
    if outcome[resigner] < best:
        return resigned_line(names, list(outcome), resigner)
    alone = sum(1 for share in outcome if share == best) == 1
    return f"{names[resigner]} resigned: the AI that took the seat {'wins' if alone else 'shares the win'}."


def given_up_line(names: list[str], outcome: Sequence[float], gone: int) -> str:
    """For the others, who won a match whose seat ``gone`` its person resigned and an AI played
    on to come out first, what happened first, then as the ratings count it: "Bob resigned, and
    the AI that played their seat on came out first; as the ratings count a resignation, you
    win.", not "Bob · AI standing in wins!" over "Ann +121" (and "Bob resigned: you and AI 3
    share the win" came first over a table where the person was last)."""
    line = resigned_line(names, list(outcome), gone)
    gave_up, _, counted = line.partition(" resigned: ")
    counted = "you" + counted[3:] if counted.startswith("You ") else counted
    return (
        f"{gave_up} resigned, and the AI that played their seat on came out first; "
        f"as the ratings count a resignation, {counted}"
    )


def rated_gave_up(rated: Rated, seats: int) -> tuple[int, ...]:
    """The seats the hub said their people resigned, each a seat of the ``seats`` the match
    had; () where it said nothing of the kind or something that is not one."""
    sent = rated.gave_up
    if not isinstance(sent, list) or not all(type(seat) is int and 0 <= seat < seats for seat in sent):
        return ()
    return tuple(sorted(set(sent)))


def rated_outcome(rated: Rated) -> tuple[float, ...]:
    """Each seat's share of the win, as the hub said the rated match ended; () where it said
    nothing of the kind (an older hub) or something that is not one (the screen checks the
    number of seats against its own)."""
    sent = rated.outcome
    if not isinstance(sent, list) or not 0 < len(sent) <= MAX_SEATS:
        return ()
    if not all(type(share) in (int, float) and 0 <= share <= 1 for share in sent):
        return ()
    return tuple(float(share) for share in sent)


def notes_left(renderable: RenderableType) -> RenderableType:
    """The final table with each table's caption taken out from under it (Rich centres a caption
    and wraps it to the table's width: ragged lines) and put after it, left-aligned, as the notes
    under the tables are; a group's tables each alike."""
    if isinstance(renderable, Group):
        return Group(*(notes_left(part) for part in renderable.renderables))
    if isinstance(renderable, Table) and renderable.caption is not None:
        caption = renderable.caption
        renderable.caption = None
        note = caption.copy() if isinstance(caption, Text) else Text(str(caption))  # (words, never markup)
        note.stylize_before("dim")
        return Group(renderable, note)
    return renderable


#: the latest lines of what happened since the seat's last decision the result shows (it scrolls:
#: at the table's 8, a match's end left out the outcome of the seat's own last roll)
RESULT_SINCE_SHOWN = 20


def since_lines(since: Sequence[str], most: int = RESULT_SINCE_SHOWN, **kwargs) -> HangingLines:
    """What happened since the seat's last decision, its latest ``most`` lines, each a bullet
    wrapped under its text (a wrapped line went on at the left edge, under the bullet)."""
    shown = since[-most:]
    heading = "Since your last move"
    if len(shown) < len(since):
        heading += f" ({plural(len(since) - len(shown), 'line')} before these: the replay has every move)"
    return HangingLines([f"• {line}" for line in shown], LONG, heading=f"{heading}:", **kwargs)


#: a result's line where a rematch keeps a seat for us (``MatchOverScreen.invitation``)
INVITED_HERE = "A rematch waits for you: r takes your seat in it (the lobby lists it too)."


#: a space no line is folded at
NO_BREAK = "\u00a0"


def final_scores(names: Sequence[str], scores: Sequence[float], with_sign: bool = False) -> str:
    """The result screen's line of scores, each player's "name: score" folded as one word (the
    last score stood alone on a line of its own: "AI 3:" above "9"), by the names the player
    table gives ("You", not the login "Root (you)" seen nowhere else); ``with_sign``: "+3", as a
    game whose totals can fall below nothing gives them."""
    said = [("+" if with_sign and score >= 0 else "") + signed(score) for score in scores]
    return "   ".join(f"{name}: {score}".replace(" ", NO_BREAK) for name, score in zip(names, said))


class MatchOverScreen(BaseScreen):
    """The final table; ``r`` starts a rematch (same seats and options, a new seed), for those who
    played it (``rematch``: a spectator is not offered one); escape goes home. The headline,
    scores and status are text (they hold names), never markup.

    Enter does nothing here until a button has the focus (tab): a person playing by Enter
    presses it again as the match ends, and those Enters went home and on to the lobby (where
    one joins a match) before the result was read."""

    BINDINGS = [
        Binding("r", "rematch", "Rematch"),
        Binding("v", "review", "Review"),
        Binding("w", "replay", "Replay", tooltip="Watch the match again, move by move, from your seat"),
        Binding("escape,q", "home", "Home"),
        Binding("escape,q", "lobby", "Lobby"),  # (over SSH: a session's home; ``home`` says which)
        # (the rules of the game just played: ``?`` did nothing here and said nothing)
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
    ]
    AUTO_FOCUS = "#match-over"  # (it scrolls; a button would take Enter)
    #: what the match did to its people's ratings, over SSH (it may come after the screen)
    ratings = reactive("")
    #: over SSH, a rematch another person started that keeps a seat for us (``INVITED_HERE``:
    #: a toast of five seconds said it, and the other waited on our seat unseen)
    invitation = reactive("")
    ratings_text: var[RenderableType] = var("")
    #: the rows of the result below the fold (the last of the others' moves, which said what
    #: took the last city, sat under it at 80×24 with no sign that anything followed)
    below = reactive(0)
    #: the line that says so (empty where nothing is below: its row stays, so what fits above it
    #: does not change as it comes and goes)
    below_words: var[RenderableType] = var("")
    #: the line under the result (``status``) as shown
    status_text: var[RenderableType] = var("")
    #: the headline as shown (a resignation's says who won once the others end the match)
    headline_text: var[RenderableType] = var("")

    def __init__(
        self,
        headline: str,
        scores: str,
        table: RenderableType | None,
        status: str = "",
        rematch: bool = True,
        review: OpenReview | None = None,
        match: str | None = None,
        since: Sequence[str] = (),
        game: str = "",
    ) -> None:
        super().__init__()
        #: the game played: a rematch kept for us is said only where it is of this game
        self.game = game
        self.headline, self.scores, self.table, self.status = headline, scores, table, status
        #: what the others (and the rules) did since the seat's last decision: the match can end
        #: several turns after it (a Caravanserai caravan stuck, its turns skipped while the other
        #: grew by 14), and the scores jumped with nothing said
        self.since = tuple(since)
        self.rematch = rematch
        #: the match ended: its rating changes come from what the app heard (``TableApp.heard``)
        #: whenever they came, before this screen opened or after
        self.match = match
        #: what ``v`` asks for: the review of the match from the seat played (None: not offered)
        self.review = review
        #: a line under the ratings for what they do not say (a guest's: why theirs is not there)
        self.note = ""
        #: ``status`` once the match's ratings come, which they do as it ends (a resignation's "the
        #: match goes on" stood beside the ratings of the match the last person had ended)
        self.over_status = ""
        #: a resignation's: the seat that gave up and each seat's name as the headline names it,
        #: for who won once the match's end is heard (``after_resigning``)
        self.resigned: tuple[int, list[str]] | None = None
        #: the seat played and each seat's name as the headline names it, for who won where
        #: another's person resigned and an AI played the seat on (``given_up_line``)
        self.named: tuple[int, list[str]] | None = None
        #: where escape goes, in words: "Home", or over SSH "Lobby"
        self.home = "Home"

    def compose(self) -> ComposeResult:
        with KeyScroll(id="match-over"):
            self.headline_text = as_text(self.headline, limit=LONG)
            yield BoundText(id="winner").data_bind(text=MatchOverScreen.headline_text)
            yield Static(as_text(self.scores, limit=LONG), id="final-scores")
            self.ratings_text = self.ratings_words()
            changes = BoundText(id="rating-changes").data_bind(text=MatchOverScreen.ratings_text)
            changes.display = bool(self.ratings or self.note or self.invitation)
            yield changes
            # the final table before what the others did last: under those lines (eight, wrapped
            # to a dozen rows) only its header showed at 80×24
            if self.table is not None:
                yield Static(notes_left(self.table), id="final-table")
            if self.since:
                yield since_lines(self.since, id="match-since")
            if self.status:
                self.status_text = as_text(self.status, limit=LONG)
                yield BoundText(id="match-status").data_bind(text=MatchOverScreen.status_text)
        yield BoundText(id="more-below").data_bind(text=MatchOverScreen.below_words)
        # under the scroll, not at its end: a tall final table with the ratings under 24 rows put
        # them below the fold
        with Horizontal(classes="dialog-buttons", id="result-buttons"):
            if self.rematch:
                yield Button("Rematch (r)", id="rematch", variant="primary", compact=True)
            if self.review is not None:
                yield Button("Review (v)", id="review", compact=True)
                yield Button("Replay (w)", id="replay", compact=True)
            yield Button(f"{self.home} (esc)", id="go-home", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        scroll = self.query_one("#match-over", VerticalScroll)
        for changed in ("scroll_y", "virtual_size"):
            self.watch(scroll, changed, self.count_below)
        if self.match is not None:
            self.watch(self.app, "heard", self.show_heard, init=True)

    def count_below(self) -> None:
        scroll = self.query_one("#match-over", VerticalScroll)
        self.below = max(0, round(scroll.max_scroll_y - scroll.scroll_y))

    def on_resize(self) -> None:
        self.count_below()

    def watch_below(self, below: int) -> None:
        self.below_words = f"↓ {plural(below, 'more line')} below (down, end)" if below else ""

    def show_heard(self, heard: Heard) -> None:
        """What the app heard of this match's ratings, as it stands now."""
        assert self.match is not None
        self.ratings = heard.ratings.get(self.match, "")
        if self.ratings and self.over_status and self.status != self.over_status:
            self.status = self.over_status
            self.status_text = as_text(self.status, limit=LONG)
        outcome = heard.outcomes.get(self.match, ())
        if self.resigned is not None and outcome and len(outcome) == len(self.resigned[1]):
            self.headline = after_resigning(self.resigned[1], outcome, self.resigned[0])
            self.headline_text = as_text(self.headline, limit=LONG)
        given = heard.gave_up.get(self.match, ())
        if self.resigned is None and self.named is not None and len(given) == 1 and outcome:
            seat, names = self.named
            gone = given[0]
            if gone != seat and len(outcome) == len(names) and outcome[gone] == max(outcome):
                self.headline = given_up_line(names, outcome, gone)
                self.headline_text = as_text(self.headline, limit=LONG)

    def ratings_words(self) -> Text:
        lines = [as_text(line, limit=LONG) for line in (self.ratings, self.note) if line]
        if self.invitation:
            lines.insert(0, as_text(self.invitation, style="bold", limit=LONG))
        return Text("\n").join(lines)

    def watch_ratings(self) -> None:
        # (composed or not: before, ``compose`` shows what the ratings are then)
        self.ratings_text = self.ratings_words()
        self.query("#rating-changes").set(display=bool(self.ratings or self.note or self.invitation))

    def watch_invitation(self) -> None:
        self.watch_ratings()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rematch":
            self.action_rematch()
        elif event.button.id == "review":
            self.action_review()
        elif event.button.id == "replay":
            self.action_replay()
        else:
            self.action_home()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("review", "replay"):  # (the match of the seat played: a spectator has none)
            return self.review is not None
        if action in ("home", "lobby"):
            return (action == "lobby") == (self.home == "Lobby")
        if action == "rules":
            return self.game in GAMES
        return self.rematch or action != "rematch"

    def action_rules(self) -> None:
        if self.game in GAMES:
            self.post_message(OpenRules(GAMES[self.game]))

    def action_review(self) -> None:
        if self.review is not None:
            self.post_message(OpenReview(self.review.match_id, self.review.seat))

    def action_replay(self) -> None:
        """The replay of the match just played (it was only under Load, or the lobby's list)."""
        if self.review is not None:
            self.post_message(OpenReplay(self.review.match_id, self.review.seat))

    def action_rematch(self) -> None:
        self.post_message(Rematch())

    def action_home(self) -> None:
        self.post_message(GoHome())

    def action_lobby(self) -> None:
        self.action_home()
