"""The footer draws the keys of the focus as one line: a change of the keys it shows (opening a
table's chat line) repaints that line and lays nothing out, where a widget a key hid, showed and
mounted keys, each a layout of the whole screen; the line is what Textual's footer drew."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets.footer import KeysFooter

from tables import footer_keys_focusing, wait_for


class Plain(Widget, can_focus=True):
    """Focused: the app's keys alone."""


class Quiet(Widget, can_focus=True):
    """Focused: the app's keys alone, as shown (a key of its own the footer does not show)."""

    BINDINGS = [Binding("x", "bell", "Ring", show=False)]


class Typing(Widget, can_focus=True):
    """Focused: two keys of its own, one of them over the app's escape."""

    BINDINGS = [Binding("enter", "say", "Say it"), Binding("escape", "cancel", "Cancel")]


class Table(App[None]):
    BINDINGS = [
        Binding("question_mark", "rules", "Rules"),
        Binding("escape", "menu", "Menu"),
        Binding("ctrl+l", "log", "Log"),
    ]

    def compose(self) -> ComposeResult:
        yield Plain(id="plain")
        yield Quiet(id="quiet")
        yield Typing(id="typing")
        yield KeysFooter()


async def test_the_keys_follow_the_focus_and_a_change_lays_nothing_out(monkeypatch):
    app = Table()
    laid_out: list[Widget] = []
    refresh = Widget.refresh

    def counted(widget: Widget, *regions, **kwargs):
        if kwargs.get("layout") and isinstance(widget, KeysFooter):
            laid_out.append(widget)
        return refresh(widget, *regions, **kwargs)

    async with app.run_test(size=(80, 8)) as pilot:
        table = await footer_keys_focusing(pilot, app, "plain")
        assert list(table) == ["Rules", "Menu", "Log", "palette"]
        assert screen_lines(app.screen)[-1].startswith("? Rules esc Menu ^l Log ")
        assert screen_lines(app.screen)[-1].rstrip().endswith("▏^p palette")  # (at the right)
        monkeypatch.setattr(Widget, "refresh", counted)
        typing = await footer_keys_focusing(pilot, app, "typing")
        assert list(typing) == ["Say it", "Cancel", "Rules", "Log", "palette"]
        assert screen_lines(app.screen)[-1].startswith("⏎ Say it esc Cancel ? Rules ^l Log ")
        quiet = await footer_keys_focusing(pilot, app, "quiet")  # other bindings, the same keys shown
        assert list(quiet) == list(table)
        assert laid_out == []  # (Textual's footer: a layout at each change of its keys)


async def test_a_key_clicked_in_the_footer_is_pressed():
    pressed: list[str] = []

    class Clicked(Table):
        def action_rules(self) -> None:
            pressed.append("rules")

    app = Clicked()
    async with app.run_test(size=(80, 8)) as pilot:
        await footer_keys_focusing(pilot, app, "plain")
        await pilot.click(KeysFooter, offset=(2, 0))  # on "? Rules"
        await pilot.pause()
        assert pressed == ["rules"]


async def test_keys_met_again_are_drawn_from_the_line_kept_for_them(monkeypatch):
    """The focus back and forth between two sets of keys (a chat line opened and closed) works the
    footer's line out once a set: the keys met again show the line drawn for them before."""
    app = Table()
    worked_out: list[tuple[str, ...]] = []
    keys_line = KeysFooter.keys_line

    def counted(footer: KeysFooter):
        worked_out.append(tuple(entry.description for entry in footer.shown_keys))
        return keys_line(footer)

    monkeypatch.setattr(KeysFooter, "keys_line", counted)
    async with app.run_test(size=(80, 8)) as pilot:
        for focus in ("plain", "typing", "plain", "typing", "plain"):
            app.query_one(f"#{focus}").focus()
            await pilot.pause()
            assert screen_lines(app.screen)[-1].startswith("? Rules" if focus == "plain" else "⏎ Say it")
        assert len(worked_out) == len(set(worked_out)) == 2


async def test_a_dialogs_keys_say_what_its_buttons_say():
    """ "Stop watching this match?" showed "y Yes n No" in the footer under the buttons "Stop
    watching (y)" and "Watch on (n)": the footer names the keys as the buttons do."""
    from caravan_tui.screens.dialogs import ConfirmScreen

    app = Table()
    async with app.run_test(size=(80, 8)) as pilot:
        app.push_screen(ConfirmScreen("Stop watching this match?", yes="Stop watching", no="Watch on"))
        await pilot.pause()
        await wait_for(pilot, app.screen.query_one(KeysFooter).caught_up, "the dialog's keys")
        assert screen_lines(app.screen)[-1].startswith("y Stop watching n Watch on "), screen_lines(app.screen)[-1]


class Crowded(Table):
    """A table's keys with a hint open: eight of them, as many columns as 80 leave beside the
    palette's key, not beside its words."""

    BINDINGS = [
        Binding("question_mark", "rules", "Rules"),
        Binding("h", "hint", "Hint"),
        Binding("a", "take", "Ready hint"),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "menu", "Menu"),
        Binding("ctrl+l", "log", "Log"),
        Binding("l", "legend", "Legend"),
    ]


async def test_the_palette_key_stays_in_view_without_its_words_where_they_do_not_fit():
    """The bug: with a hint open at 80 columns, a table's keys left no room for "▏^p palette",
    and the footer dropped the palette's key, the one that lists every other."""
    app = Crowded()
    async with app.run_test(size=(80, 8)) as pilot:
        keys = await footer_keys_focusing(pilot, app, "plain")
        await wait_for(pilot, lambda: screen_lines(app.screen)[-1].rstrip().endswith("^p"), "the palette's key")
        line = screen_lines(app.screen)[-1]
        assert line.startswith("? Rules esc Menu ^l Log h Hint a Ready hint u Undo ^s Save l Legend ")
        assert line.rstrip().endswith("▏^p") and "" in keys  # (its words in its tooltip)
        await pilot.resize_terminal(96, 8)  # room for its words again
        await wait_for(pilot, lambda: screen_lines(app.screen)[-1].rstrip().endswith("▏^p palette"), "the words")


async def test_the_palettes_words_fit_where_the_keys_leave_exactly_their_room():
    """Caravanserai with a hint open at 80 columns: the footer left out "^s Save" where "▏^p
    palette" still fitted after it (the gap before the palette's key was counted twice)."""
    app = Crowded()
    async with app.run_test(size=(80, 8)) as pilot:
        await footer_keys_focusing(pilot, app, "plain")
        footer = app.screen.query_one(KeysFooter)
        keys = "? Rules esc Menu ^l Log h Hint a Ready hint u Undo ^s Save l Legend "
        await pilot.resize_terminal(80 + len(keys) + len("▏^p palette ") - footer.size.width, 8)
        await wait_for(pilot, lambda: screen_lines(app.screen)[-1].rstrip().endswith("palette"), "the words")
        assert screen_lines(app.screen)[-1].rstrip() == keys + "▏^p palette"


class WaitingForOurTurn(Screen[None]):
    """Caravanserai's keys while the hint waits for our turn, with the least needed keys left
    out first where the line is short (``footer_drops``, as a table's)."""

    BINDINGS = [
        Binding("h", "hint", "Hint for your turn"),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("l", "legend", "Legend"),
    ]
    footer_drops = ("save", "legend", "log")

    def compose(self) -> ComposeResult:
        yield Plain(id="plain")
        yield KeysFooter()


async def test_a_key_left_out_for_room_stays_where_the_palettes_words_fit_after_it():
    """ "^s Save" was left out of "? Rules h Hint for your turn u Undo esc Menu ^l Log l Legend"
    at 80 columns, eight cells blank before "▏^p palette": the room a key is left out for
    counted the margin after the palette's words, which the line does not need."""
    app = Table()
    async with app.run_test(size=(80, 8)) as pilot:
        await app.push_screen(WaitingForOurTurn())
        await footer_keys_focusing(pilot, app, "plain")
        await wait_for(pilot, lambda: "▏^p palette" in screen_lines(app.screen)[-1], "the palette's words")
        line = screen_lines(app.screen)[-1]
        assert line.rstrip().endswith("^l Log ▏^p palette") and "^s Save " in line, line
        await pilot.resize_terminal(79, 8)  # a cell short: Save gives way before the palette's words
        await wait_for(pilot, lambda: "^s Save" not in screen_lines(app.screen)[-1], "Save left out")
        assert screen_lines(app.screen)[-1].rstrip().endswith("▏^p palette")
