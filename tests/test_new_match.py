"""The new-match form at 80×24: the game highlighted is the game Start opens, with that game's
options; focus shows without colour; each game's options are remembered for the next match."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import OptionList, Select

from caravan_tui.games import GAMES
from caravan_tui.preferences import Preferences
from caravan_tui.screens.new_match import NewMatchScreen
from caravan_tui.widgets.footer import KeysFooter

from tables import quick_app, wait_for

SIZE = (80, 24)


def repeat_keys(app, *keys: str) -> None:
    """The keys as a terminal's key repeat sends them: all queued at once, none waiting for
    the screen to catch up."""
    for key in keys:
        event = events.Key(key, None)
        event.set_sender(app)
        app.post_message(event)


def listed(select: Select) -> list[str]:
    """The choices ``select`` offers, as its drop-down lists them."""
    choices = select.query_one(OptionList)
    return [str(choices.get_option_at_index(i).prompt) for i in range(choices.option_count)]


def recording_app(tmp_path):
    """The app, with each match it is asked to begin recorded rather than started."""
    app = quick_app(tmp_path, 30)
    started = []
    app.begin_match = started.append
    return app, started


@pytest.mark.thorough
async def test_start_under_key_repeat_opens_the_game_highlighted_with_its_options(tmp_path):
    app, started = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewMatchScreen)
        repeat_keys(app, *["down"] * 16, "ctrl+g")
        await wait_for(pilot, lambda: started, "the start")
        games = app.screen.query_one("#games", OptionList)
        highlighted = list(GAMES)[games.highlighted]
        assert started[0].game_id == highlighted
        assert set(started[0].options) == set(GAMES[highlighted].options)
        await wait_for(pilot, lambda: app.screen.shown is GAMES[highlighted], "the form to catch up")
        shown = {str(select.id).removeprefix("option-") for select in app.screen.query("#options Select")}
        assert shown == set(GAMES[highlighted].options)


def game_with_a_yes_no_option():
    """A game and one of its options with two choices, and the choice that is not its default."""
    for game in GAMES.values():
        for name, option in game.options.items():
            if len(option.choices) >= 2:
                return game, name, next(c for c in option.choices if c != option.default)
    raise AssertionError("no game has an option with a choice")


async def open_new_match_at(pilot, game) -> None:
    """Home's n, then down to ``game``: its rows shown."""
    await pilot.press("n")
    for _ in range(list(GAMES).index(game.id)):
        await pilot.press("down")
    await wait_for(pilot, lambda: pilot.app.screen.shown is game, "the game's rows")


async def night_option_focused(pilot) -> Select:
    """Caravans of Ahldarahd's form, its Night of the outsider option focused: that option."""
    await open_new_match_at(pilot, GAMES["ahldarahd"])
    select = pilot.app.screen.query_one("#option-night_of_the_outsider", Select)
    select.focus()
    await pilot.pause()
    return select


@pytest.mark.thorough
async def test_the_options_chosen_for_a_game_are_there_for_its_next_match(tmp_path):
    game, name, other = game_with_a_yes_no_option()
    app, started = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, game)
        app.screen.query_one(f"#option-{name}", Select).value = other
        await pilot.pause()
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: started, "the start")
        assert started[0].options[name] == other
    assert Preferences.load(tmp_path).options[game.id][name] == other
    again, _ = recording_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, game)
        assert again.screen.query_one(f"#option-{name}", Select).value == other


def test_a_damaged_options_record_means_the_defaults(tmp_path):
    (tmp_path / "preferences.json").write_text('{"options": {"x": [1], "y": {"a": {"b": 1}, "c": true}}}')
    assert Preferences.load(tmp_path).options == {"y": {"c": True}}


@pytest.mark.thorough
async def test_a_focused_dropdown_or_line_shows_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        players = app.screen.query_one("#players", Select)
        players.focus()
        await pilot.pause()
        focused = players.query_one("SelectCurrent").rich_style
        seat = app.screen.query_one("#seat-0", Select).query_one("SelectCurrent").rich_style
        marks = ("reverse", "bold", "underline", "italic")
        assert any(getattr(focused, mark) for mark in marks)
        assert not any(getattr(seat, mark) for mark in marks)
        # (and a line to type into: in a row of a dropdown and a name, which had the focus read
        # only by a shade)
        name = app.screen.query_one("#name-0")
        assert not any(getattr(name.rich_style, mark) for mark in marks)
        name.focus()
        await pilot.pause()
        assert name.rich_style.reverse


@pytest.mark.thorough
async def test_the_row_with_the_focus_is_marked_without_colour(tmp_path, monkeypatch):
    """A seed typed while the focus was, unseen, on Seat 2's name renamed the AI "5". Every
    tab stop marks its row's label, and only that row's."""
    from textual.widgets import Input

    from caravan_tui.screens.match_form import FOCUS_MARK, FieldLabel

    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, GAMES["decktet_caravan"])
        seen = set()
        for _ in range(12):
            await pilot.pause()
            marked = [
                label.text for label in app.screen.query(FieldLabel) if str(label.render()).startswith(FOCUS_MARK)
            ]
            focused = app.focused
            if focused is not None and focused.id != "start":
                assert len(marked) == 1, (focused, marked)
                seen.add(marked[0])
                if focused.id == "seed":
                    assert marked == ["Seed"]
                elif isinstance(focused, Input) and focused.id == "name-1":
                    assert marked == ["Seat 2"]
            await pilot.press("tab")
        assert {"Game", "Players", "Seat 1", "Seat 2", "Hands", "Seed", "Practice"} <= seen, seen


@pytest.mark.thorough
async def test_the_practice_box_reads_on_and_off_without_colour(tmp_path, monkeypatch):
    """ "▐X▌" on and off alike: only colour told them apart."""
    from caravan_tui.widgets.tick_box import TickBox

    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        box = app.screen.query_one("#practice", TickBox)
        box.focus()
        await pilot.pause()
        before = str(box.render())
        await pilot.press("space")
        await pilot.pause()
        after = str(box.render())
        assert before != after and {before[:3], after[:3]} == {"▐X▌", "▐ ▌"}, (before, after)


@pytest.mark.thorough
async def test_a_long_option_name_is_whole_on_its_own_line_above_its_value(tmp_path):
    """ "night of the no / outsider": the name wrapped round its value."""
    from caravan_tui.textual_adapter import screen_lines

    app, _ = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await night_option_focused(pilot)
        lines = screen_lines(app.screen)
        at = next(i for i, line in enumerate(lines) if "Night of the outsider" in line)
        assert lines[at].strip().lstrip("▸ ") == "Night of the outsider", lines[at]
        assert "no" in lines[at + 1] and "Three black chips" in lines[at + 1], lines[at + 1]


@pytest.mark.thorough
@pytest.mark.parametrize("kind", ["create", "new"])
async def test_ctrl_o_sets_camel_caravans_short_game(tmp_path, kind):
    """Over SSH, ctrl+o on Camel Caravan said "Camel Caravan has no shorter form" while the form
    showed its "short game" option. Every game with a short match offers it to people, on a
    server's Create a match and on New match alike (New match had no ctrl+o)."""
    from caravan_tui.app import CaravanApp
    from caravan_tui.saves import SaveStore
    from caravan_tui.screens.create_match import CreateMatchScreen

    for game in GAMES.values():  # (each game's short form is options it takes)
        game.resolve_options(game.short_form)
    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        form = CreateMatchScreen(GAMES["camel_caravan"]) if kind == "create" else NewMatchScreen(GAMES["camel_caravan"])
        await app.push_screen(form)
        await wait_for(pilot, lambda: form.shown is GAMES["camel_caravan"], "the game's rows")
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: form.query_one("#option-short_game", Select).value is True, "the short game")


@pytest.mark.thorough
async def test_keys_queued_with_the_key_that_opens_new_match_are_the_lists(tmp_path):
    """Home's n, downs, an up and Start all queued at once (a terminal under load sends them so):
    the third game starts. The downs moved Home's menu, still focused while New match was being
    opened, and Start was lost."""
    app, started = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        repeat_keys(app, "n", *["down"] * 3, "up", "ctrl+g")
        await wait_for(pilot, lambda: started, "the start")
        assert started[0].game_id == list(GAMES)[2]
        assert list(GAMES)[app.screen.query_one("#games", OptionList).highlighted] == list(GAMES)[2]


@pytest.mark.thorough
async def test_the_last_options_list_opens_whole_above_the_footer(tmp_path):
    """Camel Caravan's "short game" at the foot of the form opened its list over the footer:
    "esc Dismiss meyes", the choice "yes" cut into the footer's words. Every game's, in one form
    (a form opened for each game cost about 0.5 CPU-s more a game)."""
    from caravan_tui.textual_adapter import screen_lines

    app, _ = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, next(iter(GAMES.values())))
        for number, game_id in enumerate(GAMES):
            if number:  # the next game, as a person picks it: the games list, down
                app.screen.query_one("#games", OptionList).focus()
                await pilot.press("down")
                await wait_for(pilot, lambda game_id=game_id: app.screen.shown is GAMES[game_id], "the game's rows")
            select = list(app.screen.query("#options Select"))[-1]
            select.focus()
            await pilot.press("enter")
            choices = select.query_one(OptionList)
            await wait_for(pilot, lambda choices=choices: choices.has_focus, "the list to open")
            await pilot.wait_for_scheduled_animations()  # (the focus scrolls the form in steps)
            footer = app.screen.query_one(KeysFooter)
            await wait_for(
                pilot,
                lambda choices=choices, footer=footer: choices.region.bottom <= footer.region.y,
                f"{game_id}'s list fitted",
            )
            lines = screen_lines(app.screen)
            assert "esc Dismiss menu" in lines[-1], (game_id, lines[-1])
            inside = choices.content_region  # (inside the list's frame)
            rows = lines[inside.y : inside.bottom]
            shown = min(choices.option_count, inside.height)
            for index in range(shown):
                prompt = str(choices.get_option_at_index(choices.scroll_offset.y + index).prompt)
                assert rows[index][inside.x :].startswith(prompt), (game_id, prompt, rows)
            await pilot.press("escape")  # (the list closes; the form stays)
            await wait_for(pilot, lambda choices=choices: not choices.has_focus, "the list to close")
            assert isinstance(app.screen, NewMatchScreen), game_id


@pytest.mark.thorough
async def test_an_open_list_stays_above_the_footer_as_its_form_scrolls(tmp_path):
    """A drop-down opened while its form still scrolled (the focus scrolls it into sight, in
    steps) was fitted where its field stood at that moment: its field went on down, and its last
    choice lay on the footer's line (Caravans of Ahldarahd's, on a busy machine)."""
    from caravan_tui.screens.match_form import FormScroll

    app, _ = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, GAMES["ahldarahd"])
        select = list(app.screen.query("#options Select"))[-1]
        select.focus()
        await pilot.press("enter")
        choices = select.query_one(OptionList)
        footer = app.screen.query_one(KeysFooter)
        await wait_for(pilot, lambda: choices.has_focus, "the list to open")
        await pilot.wait_for_scheduled_animations()
        form, field = app.screen.query_one(FormScroll), select.region
        down = footer.region.y - field.bottom  # (the field to the form's last line)
        assert down > 0, (field, footer.region)
        form.scroll_to(y=form.scroll_y - down, animate=False)
        await wait_for(pilot, lambda: select.region.bottom == footer.region.y, "the form to scroll")
        await wait_for(
            pilot,
            lambda: choices.region.bottom <= footer.region.y and choices.region.y <= select.region.bottom,
            "the list fitted again",
        )


@pytest.mark.thorough
@pytest.mark.parametrize("form", ["create", "new"])
async def test_every_stop_of_the_form_marks_its_row_in_plain_text_at_once(tmp_path, monkeypatch, form):
    """Over SSH the create-match form showed no row marked (NO_COLOR, or a terminal read as plain
    text): its first row was marked only once the form had built its rows (a second and more on
    a busy server), and its Create button (New match's Start) never. Each stop's row reads "▸"
    from the moment it has the focus, and only that row."""
    from caravan_tui.app import CaravanApp
    from caravan_tui.saves import SaveStore
    from caravan_tui.screens.create_match import CreateMatchScreen
    from caravan_tui.textual_adapter import screen_lines

    monkeypatch.setenv("NO_COLOR", "1")
    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = CreateMatchScreen(GAMES["camel_caravan"]) if form == "create" else NewMatchScreen()
        await app.push_screen(screen)
        assert marked_rows(screen) == ["Game"]  # (before the rows below it are built)
        await wait_for(pilot, lambda: screen.shown is screen.game, "the game's rows")
        button = "create" if form == "create" else "start"
        for _ in range(20):
            await pilot.pause()
            focused = app.focused
            rows = [line for line in screen_lines(app.screen) if "▸" in line]
            assert len(rows) == 1, (focused, rows)
            if focused is not None and focused.id == button:
                (marked,) = [y for y, line in enumerate(screen_lines(app.screen)) if "▸" in line]
                assert marked == focused.region.y + 1  # (the button's words, on its middle line)
                break
            await pilot.press("tab")
        else:
            raise AssertionError(f"no tab reached the {button} button")


def marked_rows(screen) -> list[str]:
    """The labels of the form's rows marked as holding the focus."""
    from caravan_tui.screens.match_form import FOCUS_MARK, FieldLabel

    return [label.text for label in screen.query(FieldLabel) if str(label.render()).startswith(FOCUS_MARK)]


@pytest.mark.thorough
async def test_page_down_in_the_game_list_scrolls_the_form_and_keeps_the_game(tmp_path):
    """Found over SSH: PageDown, to read the rest of the form, moved the game list's highlight to
    its last game, and a match of another game was created."""
    app, _started = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewMatchScreen)
        games = app.screen.query_one("#games", OptionList)
        games.focus()
        await pilot.pause()
        chosen = games.highlighted
        form = app.screen.query_one("#new-match")
        assert form.max_scroll_y > 0
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: form.scroll_y > 0, "the form scrolled")
        assert games.highlighted == chosen and games.has_focus
        await pilot.press("pageup")
        await wait_for(pilot, lambda: form.scroll_y == 0, "the form back at its top")
        assert games.highlighted == chosen
        # (and the focus back on the games from further down shows the form from its title)
        app.screen.query_one("#start").focus()
        await wait_for(pilot, lambda: form.scroll_y > 0, "the form scrolled to its button")
        games.focus()
        await wait_for(pilot, lambda: form.scroll_y == 0, "the form at its title")
        from caravan_tui.textual_adapter import screen_lines

        assert "New match" in screen_lines(app.screen)[0]


@pytest.mark.thorough
async def test_an_option_offers_only_what_a_match_of_the_seats_shown_can_take(tmp_path):
    """Merchant Lord's start player offered players 3 and 4 beside two seats (and its help said
    "player 1-4"); a start player 4 of 3 seats had opened the game's whole intro, then been
    refused. The choices follow Players, and a choice that no longer fits falls back."""
    app, started = recording_app(tmp_path)
    game = GAMES["merchant_lord"]
    async with app.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, game)
        form = app.screen
        start = form.query_one("#option-start_player", Select)
        assert listed(start) == ["random", "1", "2"]
        players = form.query_one("#players", Select)
        players.value = 4
        await wait_for(pilot, lambda: listed(start) == ["random", "1", "2", "3", "4"], "four offered")
        start.value = 4
        await pilot.pause()
        players.value = 3
        await wait_for(pilot, lambda: listed(start) == ["random", "1", "2", "3"], "three offered")
        assert start.value == "random"
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: started, "the match started")
        assert started[0].options["start_player"] == "random" and len(started[0].seats) == 3


@pytest.mark.thorough
async def test_the_players_chosen_for_a_game_stay_after_looking_at_another(tmp_path):
    """Merchant Lord set to 3 players, a look at Caravans of Ahldarahd, and back: Players read 2
    and the third seat was gone."""
    app, _started = recording_app(tmp_path)
    game = GAMES["merchant_lord"]
    async with app.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, game)
        form = app.screen
        players = form.query_one("#players", Select)
        players.value = 3
        await wait_for(pilot, lambda: form.seat_count == 3, "three seats")
        games = form.query_one("#games", OptionList)
        games.highlighted = list(GAMES).index("ahldarahd")
        await wait_for(pilot, lambda: form.shown is GAMES["ahldarahd"], "the other game")
        games.highlighted = list(GAMES).index("merchant_lord")
        await wait_for(pilot, lambda: form.shown is game, "Merchant Lord again")
        assert players.value == 3 and form.seat_count == 3


@pytest.mark.thorough
async def test_new_match_opens_on_the_game_and_players_last_started(tmp_path):
    """A play-through: after a match of Merchant Lord at three, New match opened on the first game
    at two players again, and the game had to be found anew every time."""
    game = next(g for g in GAMES.values() if len(g.players) > 1 and list(GAMES).index(g.id) > 0)
    count = max(game.players)
    app, started = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, game)
        app.screen.query_one("#players", Select).value = count
        await pilot.pause()
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: started, "the start")
    again, _ = recording_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(again.screen, NewMatchScreen) and again.screen.shown is game, game.id)
        assert again.screen.query_one("#players", Select).value == count


def test_a_damaged_record_of_the_last_game_and_players_means_the_defaults(tmp_path):
    (tmp_path / "preferences.json").write_text(
        '{"last_game": ["x"], "players": {"a": 99, "b": true, "c": 3, "d": "4"}}'
    )
    loaded = Preferences.load(tmp_path)
    assert loaded.last_game == "" and loaded.players == {"c": 3}


@pytest.mark.thorough
async def test_enter_in_a_name_goes_on_to_the_next_field(tmp_path):
    """The bug: Enter in the second seat's name box did nothing and said nothing; a newcomer who
    took the box for the seat's list pressed space in it next and blanked the name. Enter there
    goes on, as Tab does, and types nothing."""
    from textual.widgets import Input

    app, started = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, GAMES["camel_caravan"])
        name = app.screen.query_one("#name-1", Input)
        name.focus()
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.focused is not name, "the next field")
        assert name.value == "" and started == []


@pytest.mark.thorough
async def test_a_focused_option_s_help_is_in_sight(tmp_path):
    """Caravans of Ahldarahd's Night option focused showed "Three black chips in the bank:
    drawing one / brings a Night that destroys a route of" at the foot, the rest below until the
    focus moved on: the focused field's whole row comes into sight."""
    from textual.widgets import Static

    app, _started = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        select = await night_option_focused(pilot)
        await pilot.pause()
        row = next(node for node in select.ancestors if node.has_class("row"))
        help_text = row.query_one(".help", Static)
        frame = app.screen.query_one("#new-match")
        assert help_text.region.bottom <= frame.region.bottom, (help_text.region, frame.region)


@pytest.mark.thorough
async def test_what_ctrl_o_said_of_a_game_leaves_with_it(tmp_path):
    """ "Caravanserai has no shorter form." stayed over Merchant Lord's options after a Down."""
    from caravan_tui.app import CaravanApp
    from caravan_tui.saves import SaveStore
    from caravan_tui.screens.create_match import CreateMatchScreen
    from caravan_tui.textual_adapter import notices

    app = CaravanApp(store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        form = CreateMatchScreen(GAMES["caravanserai"])
        await app.push_screen(form)
        await wait_for(pilot, lambda: form.shown is GAMES["caravanserai"], "the game's rows")
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: bool(notices(app)), "what ctrl+o says")
        assert notices(app)[-1].message == "Caravanserai has no shorter form."
        form.game = GAMES["merchant_lord"]
        await wait_for(pilot, lambda: form.shown is GAMES["merchant_lord"], "the next game's rows")
        assert not notices(app)


@pytest.mark.thorough
async def test_down_and_up_on_a_drop_down_go_to_the_next_and_previous_field(tmp_path):
    """Down on Players opened its list: a newcomer stepping down the form ended inside the 1–6
    list, twice. Up and Down step between the fields as Tab and shift+Tab do; Enter opens it."""
    app, started = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_match_at(pilot, GAMES["caravanserai"])
        players = app.screen.query_one("#players", Select)
        players.focus()
        await pilot.pause()
        await pilot.press("down")
        await wait_for(pilot, lambda: app.focused is not players, "the next field")
        following = app.focused
        assert not players.expanded and not isinstance(following, OptionList), following
        await pilot.press("up")
        await wait_for(pilot, lambda: app.focused is players, "back on Players")
        assert not players.expanded
        await pilot.press("enter")
        await wait_for(pilot, lambda: players.expanded, "the list open")
        assert started == []


@pytest.mark.thorough
async def test_down_on_the_last_game_stays_there(tmp_path):
    """The list of games wrapped round: Down ×3 from Merchant Lord started a Camel Caravan match."""
    app, _started = recording_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        games = app.screen.query_one("#games", OptionList)
        games.focus()
        await pilot.press(*["down"] * (len(GAMES) + 2))
        await wait_for(pilot, lambda: games.highlighted == len(GAMES) - 1, "the last game")
        await pilot.press("down")
        await pilot.pause()
        assert games.highlighted == len(GAMES) - 1
