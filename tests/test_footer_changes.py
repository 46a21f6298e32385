"""The footer changes only the keys that change: those still shown stay the same widgets, in
their places, and the keys it shows are always the screen's (opening a table's chat line swaps a
few keys; rebuilding them all was most of what it cost a session over SSH)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget

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


async def test_the_keys_still_shown_stay_and_only_the_others_change():
    app = Table()
    async with app.run_test(size=(80, 8)) as pilot:
        footer = app.query_one(KeysFooter)

        async def focus(widget_id: str) -> dict[str, object]:
            return await footer_keys_focusing(pilot, app, widget_id)

        table = await focus("plain")
        assert list(table) == ["Rules", "Menu", "Log", "palette"]
        keys = footer.shown_keys
        quiet = await focus("quiet")  # other bindings, the same keys shown: nothing rebuilt
        assert list(quiet) == list(table) and footer.shown_keys == keys
        typing = await focus("typing")
        assert list(typing) == ["Say it", "Cancel", "Rules", "Log", "palette"]
        assert all(typing[kept] is table[kept] for kept in ("Rules", "Log", "palette"))  # not rebuilt
        back = await focus("plain")
        assert list(back) == ["Rules", "Menu", "Log", "palette"]
        assert all(back[kept] is table[kept] for kept in ("Rules", "Menu", "Log", "palette"))  # Menu: shown again
        assert all(key.has_class("-compact") for key in footer.children)  # 80 columns: close together


async def test_keys_met_before_are_shown_again_without_composing_the_footer(monkeypatch):
    """The keys of a focus met before (the chat line opened and closed again, a turn's end and
    the next turn) come back as they were shown: the footer does not build every key again to
    compare them with those it holds."""
    app = Table()
    async with app.run_test(size=(80, 8)) as pilot:
        footer = app.query_one(KeysFooter)
        for widget_id in ("plain", "typing", "plain", "typing"):  # each set met once, then again
            await footer_keys_focusing(pilot, app, widget_id)
        composed: list[object] = []
        made = KeysFooter.compose

        def counted(self):
            composed.append(self)
            return made(self)

        monkeypatch.setattr(KeysFooter, "compose", counted)
        typing = await footer_keys_focusing(pilot, app, "plain")
        again = await footer_keys_focusing(pilot, app, "typing")
        assert composed == [] and list(again) == ["Say it", "Cancel", "Rules", "Log", "palette"]
        assert list(typing) == ["Rules", "Menu", "Log", "palette"] and footer.shown_keys == list(again.values())


class Turns(Table):
    """A table whose Pass key is shown on its turn only (as a game's play key comes and goes)."""

    BINDINGS = [*Table.BINDINGS, Binding("p", "pass", "Pass")]
    our_turn = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.our_turn if action == "pass" else True


async def test_a_key_coming_or_going_draws_the_keys_kept_no_more(monkeypatch):
    """The keys kept are moved to their new places, not drawn again (the footer's columns set
    anew repainted every key: a third of what the footer cost as a turn's play key came and went)."""
    app = Turns()
    async with app.run_test(size=(80, 8)) as pilot:
        footer = app.query_one(KeysFooter)

        async def turn(ours: bool) -> list[str]:
            app.our_turn = ours
            app.refresh_bindings()
            await pilot.pause()
            await wait_for(pilot, footer.caught_up, "the footer following the turn")
            return [key.description for key in footer.shown_keys]

        await footer_keys_focusing(pilot, app, "plain")
        for ours in (False, True, False):  # each set met once: shown again from now on
            await turn(ours)
        drawn: list[str] = []
        key_class = type(footer.children[0])  # (Textual's FooterKey)
        render = key_class.render

        def counted(self):
            drawn.append(self.description)
            return render(self)

        monkeypatch.setattr(key_class, "render", counted)
        assert await turn(True) == ["Rules", "Menu", "Log", "Pass", "palette"]
        assert set(drawn) == {"Pass"}  # (the key shown again; the others moved, not drawn)
