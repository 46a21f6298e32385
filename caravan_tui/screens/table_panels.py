"""The table's panels over the board: the hint, what an AI weighed (in a replay) and what
others did since your last turn (DESIGN §6)."""
from __future__ import annotations

from textual import on
from textual.events import Key, Resize

from caravan_tui.ai.explain import STILL_TO_PLAY, confidence, headline, rank_label
from caravan_tui.bus import HintRequest
from caravan_tui.engine import Action, normalise_action
from caravan_tui.screens.base import WIDE_WIDTH
from caravan_tui.screens.table_seat import TableSeat, V
from caravan_tui.screens.weighed_words import nothing_weighed
from caravan_tui.widgets import ActionList, TablePanel

#: lines (or moves) by others since our last decision that open the "since your last turn" panel,
#: and how many of the latest lines it shows (a two-player game's one move is one or two lines: no
#: panel; a placement of ten pieces is one line but ten moves: a panel)
SINCE_AT_LEAST, SINCE_SHOWN = 4, 8
#: the whole log's key (``TableKeys``), named in the panel's foot
WHOLE_LOG = "ctrl+l"
#: the keys that scroll a panel (``TableKeys``), as a panel's foot names them ("ctrl+↑↓ more")
PANEL_SCROLL_KEYS = ("ctrl+up", "ctrl+down")


class TablePanels(TableSeat[V]):
    """The hint, weighed and since panels: each shown over the board until the next decision or key."""

    def show_hint(self, action: Action, text: str) -> None:
        """Mark the suggestion and say why in the panel: the search's top moves with the game's
        reasons, how sure it is and (between players) how the match stands."""
        self.query_one(ActionList).hint(action)
        rows = self.hint_candidates
        texts = [self.describe(normalise_action(row[4])) if len(row) > 4 else str(row[0]) for row in rows]
        lines = explanation(rows, texts) or [text]
        if rows and len(self.names) > 1:  # under the suggestion, in view: a panel's title is cut, never wrapped
            scores = self.view["scores"] if self.view else []
            below = 2 if len(lines) > 1 and lines[1].startswith("  ") else 1  # (its reason)
            stands = headline(float(rows[0][2]), scores, self.seat, self.standing_basis())
            lines.insert(below, f"How it stands: {stands}.")
        warning = self.hint_warning(action)
        self.query_one("#hint-panel", TablePanel).show("Hint (h hides it)", ([warning] if warning else []) + lines)

    def standing_basis(self) -> str:
        """On what a position the AI rates apart from a level score differs, in the game's words
        ("on this hand's piles: …"; default: on what is still to play)."""
        return STILL_TO_PLAY

    def hint_warning(self, action: Action) -> str | None:
        """A game's warning about the hinted play, shown first in the hint (None: none)."""
        return None

    def show_weighed(self, position: int) -> None:
        """In the replay of a finished match: what the AI decision that made the move just shown
        weighed (nothing for a person's move, nor while the match runs: ``ReplayClient.weighed``)."""
        assert self.replay is not None
        panel = self.query_one("#hint-panel", TablePanel)
        weighed = None if self.weighed_hidden else self.replay.weighed(position)
        if weighed is None:
            panel.hide()
            return
        mover, lines = weighed
        name = self.decider_name(mover, self.replay.decider(position - 1), level=True)
        panel.show(f"What {name} weighed (h hides it)", lines)  # no "(you)": an AI decided

    def action_weighed(self) -> None:
        if self.replay is not None:
            if self.replay.weighed(self.replay.position) is None:  # say why, rather than nothing
                self.notify(nothing_weighed(self.replay), timeout=4)
                return
            self.weighed_hidden = not self.weighed_hidden
            self.show_weighed(self.replay.position)

    def show_since(self) -> None:
        """When others did a good deal since our last decision, say what, over the head of the
        board (or of the side column, on a wide screen), until the next key; the hint of an
        earlier decision goes."""
        since, moves, self._since, self._since_moves = self._since, self._since_moves, [], 0
        self.query_one("#hint-panel", TablePanel).hide()
        if since and (len(since) >= SINCE_AT_LEAST or moves >= SINCE_AT_LEAST):
            shown = since[-SINCE_SHOWN:]
            foot = f"{len(since) - len(shown)} more: {WHOLE_LOG}" if len(shown) < len(since) else \
                f"{WHOLE_LOG}: the whole log"
            self.query_one("#since-panel", TablePanel).show("Since your last turn (any key closes)", shown, foot)

    @on(Resize)
    async def place_since_panel(self, event: Resize) -> None:
        """The "since your last turn" panel goes over the side column where it has room (a wide
        screen), so it leaves the board in view; else over the head of the board."""
        home = self.query_one("#side" if event.size.width >= WIDE_WIDTH else "#board")
        panel = self.query_one("#since-panel", TablePanel)
        if panel.parent is not home:
            await panel.remove()
            await home.mount(TablePanel(head=True, id="since-panel"), before=0)

    def on_key(self, event: Key) -> None:
        """Any key closes the "since your last turn" panel, and does nothing else (an arrow
        meant to close it must not move a cursor or say "Not south-east"), but for those its
        foot names: ctrl+↑/↓ scroll it, and ctrl+l closes it and opens the whole log."""
        since = self.query_one("#since-panel", TablePanel)
        if since.showing and event.key not in PANEL_SCROLL_KEYS:  # (its foot offers those: they scroll it)
            since.hide()
            if event.key != WHOLE_LOG:
                event.stop()
                event.prevent_default()

    def action_scroll_panel(self, lines: int) -> None:
        """ctrl+↑/↓: the "since your last turn" panel while it shows, else the legend while it
        shows (it takes no focus: the board keeps the keys), else the hint's panel."""
        legend = self.query("#legend-panel")
        since = self.query_one("#since-panel", TablePanel)
        if since.showing:
            since.scroll_lines(lines)
        elif legend and not legend.first().has_class("-hidden"):
            legend.first().scroll_relative(y=lines, animate=False)
        else:
            self.query_one("#hint-panel", TablePanel).scroll_lines(lines)

    def action_hint(self) -> None:
        if self.turn is None:
            self.notify("A hint is for your turn.", severity="warning")
            return
        panel = self.query_one("#hint-panel", TablePanel)
        if panel.showing:
            panel.hide()
            return
        panel.show("Hint", ["Asking the AI…"])
        self.send(HintRequest(self.client.match_id, self.player, self.turn))


def explanation(candidates: list, texts: list[str] | None = None) -> list[str]:
    """The search's top moves in words, the suggestion first, each with the game's reason:
    "Clearly best: Pass", "  keeps both Crowns for the next season", "Nearly as good: …" (an
    alternative's reason without the parts it shares with the suggestion's). How sure the search
    is comes from the candidates' shares of the search and expected results; the numbers
    themselves mean little to a player and are not shown. ``texts``: the moves as the screen
    words them (default: the host's words)."""
    if not candidates:
        return []
    texts = texts or [str(row[0]) for row in candidates]
    shares, values = [float(row[1]) for row in candidates], [float(row[2]) for row in candidates]
    reasons = [str(row[3]) if len(row) > 3 else "" for row in candidates]
    sure = confidence(shares, values)
    lines = [f"{sure[0].upper()}{sure[1:]}: {texts[0]}"]
    if reasons[0]:
        lines.append(f"  {reasons[0]}")
    shared = set(reasons[0].split("; "))
    listed = [reasons[0]]
    # the alternatives best first by their expected result, which their labels speak of (in the
    # search's order a "Nearly as good" came after a "Weaker")
    for i in sorted(range(1, len(texts)), key=lambda i: -values[i]):
        label = rank_label(values[i], values[0], reasons[i], listed)
        listed.append(reasons[i])
        own = "; ".join(part for part in reasons[i].split("; ") if part not in shared) or reasons[i]
        lines.append(f"{label}: {texts[i]}" + (f" — {own}" if own else ""))
    return lines


