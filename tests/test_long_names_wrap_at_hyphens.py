"""Found over SSH, beside a 40-letter name: the log and the "Meanwhile" panel cut a hyphenated
name mid-word ("Annabella Wintergreen-Throckmo / rton" in a log 27 columns wide). Rich and
Textual wrap at spaces only; these break after a hyphen between letters, as a page does."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from caravan_tui.screens.table_panels import PanelWords
from caravan_tui.textual_adapter import screen_lines as drawn_rows
from caravan_tui.widgets.log import LogLines
from caravan_tui.widgets.table_panel import TablePanel
from caravan_tui.widgets.wrapping import wrapped

NAME = "Annabella Wintergreen-Throckmorton of Bath"
LINE = f"{NAME} buys M11 for 5 coins."


def rows(text: Text) -> list[str]:
    return text.plain.split("\n")


def test_a_hyphenated_word_too_long_for_the_row_breaks_after_its_hyphen():
    assert rows(wrapped(Text(LINE), 20)) == [
        "Annabella",
        "Wintergreen-",
        "Throckmorton of Bath",
        "buys M11 for 5",
        "coins.",
    ]


def test_a_word_that_fits_moves_whole_and_numbers_keep_their_dash():
    assert rows(wrapped(Text("sell 2 5 at the 2-5 village"), 18)) == ["sell 2 5 at the", "2-5 village"]
    assert rows(wrapped(Text("Wintergreen-Throckmorton"), 30)) == ["Wintergreen-Throckmorton"]


def test_a_word_longer_than_the_row_with_no_hyphen_is_cut_where_the_row_ends():
    assert rows(wrapped(Text("ab Featherstonehaughs x"), 6)) == ["ab", "Feathe", "rstone", "haughs", "x"]
    assert rows(wrapped(Text("隊商の旅です"), 5)) == ["隊商", "の旅", "です"]  # (two cells each)


def test_a_hanging_indent_sets_in_each_lines_later_rows_only():
    """The log's entries under their bullet: a wrapped row began at the border, like a new entry."""
    text = Text("• alpha beta gamma\n• delta", style="bold")
    assert rows(wrapped(text, 11, hang=2)) == ["• alpha", "  beta", "  gamma", "• delta"]
    assert rows(wrapped(Text("• ab cd"), 2, hang=2)) == ["•", "ab", "cd"]  # (no room to set in: none)


def test_a_word_no_row_holds_begins_beside_its_bullet():
    """Over SSH a 40-letter name left the log's bullet alone on its row ("•" / "  MarcoPolo…")."""
    name = "MarcoPoloTheGreatVenetianTraderOfSilkRdZ"
    assert rows(wrapped(Text(f"• {name} spends no"), 28, hang=2)) == [
        "• MarcoPoloTheGreatVenetianT",
        "  raderOfSilkRdZ spends no",
    ]
    assert rows(wrapped(Text("• Featherstonehaughs"), 8, hang=2)) == ["• Feathe", "  rstone", "  haughs"]
    # (a row's end with less room than LEAST_PART begins no part: "the M" / "arcoPolo" reads as two words)
    assert rows(wrapped(Text("ab Featherstonehaughs x"), 6)) == ["ab", "Feathe", "rstone", "haughs", "x"]


def test_styles_and_blank_lines_are_kept():
    text = Text("• You win.\n\nAnn-Marie Smith-Jones", style="bold")
    result = wrapped(text, 12)
    assert rows(result) == ["• You win.", "", "Ann-Marie", "Smith-Jones"]
    assert all(span.style == "bold" for span in result.spans) and result.spans
    assert wrapped(text, 0) is text


class Shown(App[None]):
    def compose(self) -> ComposeResult:
        log = LogLines(id="log")
        log.styles.width = 27
        yield log
        panel = TablePanel(lambda _table: PanelWords("Meanwhile", (LINE,)), head=True)
        panel.styles.width = 27
        yield panel


async def test_the_log_and_a_panel_beside_a_long_name_cut_no_word():
    app = Shown()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(LogLines)
        log.entries = ((LINE, False),)
        panel = app.query_one(TablePanel)
        panel.shown = None
        panel.table_state = object()  # (its words are the same whatever the table)
        await pilot.pause()
        await pilot.pause()
        shown = [strip.text.rstrip() for strip in log.lines]
        # (each entry's later rows set in under its bullet)
        assert shown[:3] == ["• Annabella Wintergreen-", "  Throckmorton of Bath", "  buys M11 for 5 coins."], shown
        said = [row.strip(" │╭╮╰╯─") for row in drawn_rows(app.screen)]
        assert said[1:4] == ["Annabella Wintergreen-", "Throckmorton of Bath", "buys M11 for 5 coins."], said


def test_a_seats_name_and_a_list_of_dice_are_never_split():
    """Merchant Lord's log at 27 columns: "You roll 5 3 3 2; AI / 2 rolls 5 4 6 2." read "2 rolls"
    as a die, and "4 6 / 6 6 go to the market" as two groups."""
    assert rows(wrapped(Text("• Round 2: the caravans arrive. You roll 5 3 3 2; AI 2 rolls 5 4 6 2."), 20)) == [
        "• Round 2: the",
        "caravans arrive. You",
        "roll 5 3 3 2; AI 2",
        "rolls 5 4 6 2.",
    ]
    assert rows(wrapped(Text("• You can sell nowhere; 4 6 6 6 go to the market"), 20)) == [
        "• You can sell",
        "nowhere; 4 6 6 6 go",
        "to the market",
    ]
    assert rows(wrapped(Text("AI 2's 3-4 village pays 12 3"), 14)) == ["AI 2's 3-4", "village pays", "12 3"]


async def test_the_status_line_keeps_a_seats_name_and_number_on_one_row():
    """Merchant Lord's sale line: "… you get 2¢, AI" / "2 2¢ · enter sells" read as a die."""
    from textual.app import App

    from caravan_tui.widgets.table_text import StatusLine

    said = Text("Sale at AI 2's 1-6: dice 1 6 · you get 2¢, AI 2 gets 2¢ · enter sells")

    class Line(App):
        def compose(self):
            yield StatusLine(lambda _table: said, 2, id="status")

    app = Line()
    async with app.run_test(size=(44, 6)) as pilot:
        line = app.query_one(StatusLine)
        line.table_state = object()  # (any state: the line words itself from ``said``)
        await pilot.pause()
        assert str(line.render()).split("\n") == [
            "Sale at AI 2's 1-6: dice 1 6 · you get 2¢,",
            "AI 2 gets 2¢ · enter sells",
        ]


async def test_lines_logged_before_the_log_was_ever_shown_wrap_at_its_width_once_shown():
    """Merchant Lord's first round with the hint in the log's place: "• You roll 5 3 3 2; AI" /
    "2 rolls …" in 20 of the log's 27 columns, with no indent, once the log showed."""

    class Hidden(App[None]):
        def compose(self) -> ComposeResult:
            log = LogLines(id="log")
            log.styles.width = 29
            log.display = False
            yield log

    app = Hidden()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(LogLines)
        log.entries = (("You roll 5 3 3 2; AI 2 rolls 5 4 6 2 and Bob rolls 1 1 2 3.", False),)
        await pilot.pause()
        log.display = True
        await pilot.pause()
        await pilot.pause()
        shown = [strip.text.rstrip() for strip in log.lines]
        assert shown[:3] == ["• You roll 5 3 3 2; AI 2", "  rolls 5 4 6 2 and Bob", "  rolls 1 1 2 3."], shown
