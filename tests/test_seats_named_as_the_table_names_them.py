"""An AI seat is "AI 2" at the table, on the result screen and in the review, never "AI 2
(normal)" in one place and "AI 2" in another; a record's column of rating changes says so."""

from __future__ import annotations

import dataclasses
import io

import pytest
from test_review import finished, snapshot_of
from test_review_screen import reviewed_from_the_saves, shown

from caravan_tui.bus import MatchOver
from caravan_tui.games import get_game
from caravan_tui.saves import SaveStore
from caravan_tui.screens.history import COLUMNS
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.textual_adapter import screen_lines

from tables import quick_app, wait_for

SIZE = (80, 24)


@pytest.mark.thorough
async def test_the_review_names_an_ai_seat_as_the_table_did(tmp_path):
    """The bug: the review said "AI 2 (easy)'s" where the table had said "AI 2"."""
    kept = dataclasses.replace(snapshot_of(finished("decktet_caravan")), names=["Ann", "AI 2 (easy)"])
    SaveStore(tmp_path).write(kept)
    app = quick_app(tmp_path, 30)
    async with app.run_test(size=SIZE) as pilot:
        screen = await reviewed_from_the_saves(pilot, app)
        assert screen.names == ["Ann", "AI 2"]
        assert "(easy)" not in shown(screen)


@pytest.mark.thorough
async def test_the_result_screen_names_an_ai_seat_as_the_table_did(tmp_path):
    """The bug: "AI 2 (easy) wins!" over a table that had said "AI 2" all match."""
    from caravan_tui.games.merchant_lord.screen import MerchantLordScreen
    from caravan_tui.screens.new_match import MatchSetup

    app = quick_app(tmp_path, 4)
    async with app.run_test(size=SIZE) as pilot:
        setup = MatchSetup("merchant_lord", ["human", "ai:easy"], ["Tester", "AI 2 (easy)"], {"start_player": 1}, 3)
        app.start_match(setup)
        await wait_for(pilot, lambda: isinstance(app.screen, MerchantLordScreen), "the table")
        screen = app.screen
        await wait_for(pilot, lambda: "rolls" in "\n".join(screen_lines(screen)), "the log's first roll")
        assert "(easy)" not in "\n".join(screen_lines(screen))  # (the log said "AI 2 (easy) rolls")
        screen.handle(MatchOver(app.runner.match_id, [3.0, 13.0], [0.0, 1.0]))
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the final table")
        shown = "\n".join(screen_lines(app.screen))  # (the headline, the scores and the final table)
        assert "(easy)" not in shown and "AI 2" in shown, shown


def test_a_records_column_of_what_each_match_did_to_the_rating_reads_as_a_change():
    """ "Rating" over "−81" read as a rating of −81."""
    labels = [label for label, _width in COLUMNS]
    assert "Change" in labels and "Rating" not in labels


def table_of(table_type):
    """A two-seat table of ``table_type`` from Ann's seat against "AI 2 (normal)"."""
    return table_type(seat=0, names=("Ann", "AI 2 (normal)"), seat_kinds=("human", "ai:normal"))


def drawn(renderable) -> str:
    """``renderable`` as 80 columns of plain text."""
    from rich.console import Console

    console = Console(width=80, no_color=True, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def start_view(game_id: str):
    game = get_game(game_id)
    return game.new(2, seed=1, options=game.quick_options).view(0)


def test_every_games_final_table_names_an_ai_seat_as_the_table_did():
    """The bug: Decktet Caravan's, Caravanserai's and Caravans of Ahldarahd's final tables said
    "AI 2 (normal)" under a table that had said "AI 2" all match."""
    from caravan_tui.games.ahldarahd.table_state import AhldarahdTable
    from caravan_tui.games.ahldarahd.table_text import scores_table
    from caravan_tui.games.caravanserai.table_state import CaravanseraiTable
    from caravan_tui.games.caravanserai.table_text import final_table
    from caravan_tui.games.decktet_caravan.score_tables import match_table
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable

    ahl = table_of(AhldarahdTable)
    finals = {
        "decktet_caravan": match_table(table_of(DecktetCaravanTable), start_view("decktet_caravan")),
        "caravanserai": final_table(start_view("caravanserai"), table_of(CaravanseraiTable)),
        "ahldarahd": scores_table(start_view("ahldarahd"), ahl.seat_label),
    }
    for game_id, final in finals.items():
        text = drawn(final)
        assert "AI 2" in text and "(normal)" not in text, (game_id, text)


def test_camels_players_table_names_an_ai_seat_as_the_table_does():
    """The bug: "2 AI 2 (normal)" in Camel Caravan's players table while the status line and
    the log said "AI 2"."""
    from caravan_tui.games.camel_caravan.table_state import CamelCaravanTable
    from caravan_tui.games.camel_caravan.tables import players_table

    table = table_of(CamelCaravanTable)
    text = drawn(players_table(start_view("camel_caravan"), table.player_name))
    assert "AI 2" in text and "(normal)" not in text and "(n…" not in text, text


def test_a_review_opened_over_ssh_names_an_ai_seat_as_the_table_did(tmp_path):
    """The bug: the finished match the hub sent held no seat kinds, so the review said "AI 2
    (normal)'s" where the table had said "AI 2"."""
    from caravan_tui.hub_protocol import FinishedRow
    from caravan_tui.seats import names_called
    from caravan_tui.ssh.finished import read_ended

    store = SaveStore(tmp_path)
    store.write(dataclasses.replace(snapshot_of(finished("decktet_caravan")), names=["Ann", "AI 2 (easy)"]))
    _, ended = read_ended(store, "m1")
    row = FinishedRow.from_map(
        FinishedRow(
            "m1", ended.game, ended.names, ended.result, ended.status, ended.ended, 0, kinds=ended.kinds
        ).to_map()
    )
    assert names_called(row.names, row.kinds) == ["Ann", "AI 2"]
    assert names_called(["Ann", "AI 2 (easy)"], []) == ["Ann", "AI 2 (easy)"]  # (kinds unknown: names whole)


# -- one rule: the level named once where seats are chosen or read, "AI 2" in every other line --


def test_a_seat_is_called_without_the_mark_of_its_own_level_only():
    """The one rule every line goes through: an AI seat's level mark goes, over SSH too (where a
    table is told "ai", not the level); a person's brackets, or a taken-over seat's, stay."""
    from caravan_tui.seats import seat_called

    assert seat_called("AI 2 (normal)", "ai:normal") == "AI 2"
    assert seat_called("AI 3 (hard)", "ai") == "AI 3"  # (the hub tells a table "ai")
    assert seat_called("AI 2 (random)", "random") == "AI 2"
    assert seat_called("Bob (club)", "ai:normal") == "Bob (club)"  # (a person's seat an AI took over)
    assert seat_called("Ann (club)", "human") == "Ann (club)"
    assert seat_called("AI 2 (easy)", None) == "AI 2 (easy)"  # (a kind not known: whole)


def ai_to_move(table_type, **changes):
    """Ann's table of ``table_type`` while AI 2 (normal) is to move, the view its game's first."""
    game_id = {
        "AhldarahdTable": "ahldarahd",
        "CamelCaravanTable": "camel_caravan",
        "CaravanseraiTable": "caravanserai",
        "DecktetCaravanTable": "decktet_caravan",
        "MerchantLordTable": "merchant_lord",
    }[table_type.__name__]
    view = {**start_view(game_id), "to_move": 1}
    return dataclasses.replace(table_of(table_type), view=view, **changes)


def in_play_lines() -> dict[str, str]:
    """Every line a table writes about the AI seat to move (or on show), by where it is."""
    from caravan_tui.games.ahldarahd.table_state import AhldarahdTable
    from caravan_tui.games.camel_caravan import looks as camel_looks
    from caravan_tui.games.camel_caravan import status_line as camel_status
    from caravan_tui.games.camel_caravan.table_state import CamelCaravanTable
    from caravan_tui.games.caravanserai.table_state import CaravanseraiTable
    from caravan_tui.games.caravanserai.table_text import title_text
    from caravan_tui.games.decktet_caravan import looks as decktet_looks
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable
    from caravan_tui.games.merchant_lord import table_enter
    from caravan_tui.games.merchant_lord.table import MerchantLordTable
    from caravan_tui.screens.table_status import seat_status

    decktet = ai_to_move(DecktetCaravanTable)
    assert decktet.view is not None and not decktet.view["season"]  # (a new season: who leads it)
    return {
        **{
            f"{table_type.__name__}: status": str(seat_status(ai_to_move(table_type)))
            for table_type in (
                AhldarahdTable,
                CamelCaravanTable,
                CaravanseraiTable,
                DecktetCaravanTable,
                MerchantLordTable,
            )
        },
        "camel: on show": str(camel_status.status(ai_to_move(CamelCaravanTable, pausing=1))),
        "camel: the board's title": camel_looks.title_text(ai_to_move(CamelCaravanTable), start_view("camel_caravan")),
        "merchant lord: on show": str(table_enter.status(ai_to_move(MerchantLordTable, pausing=1))),
        "caravanserai: the board's title": title_text(
            {**start_view("caravanserai"), "to_move": 1}, ai_to_move(CaravanseraiTable)
        ),
        "decktet: who leads": " ".join(str(note) for note in decktet_looks.season_look(decktet).notes),
        "decktet: the piles": str(decktet_looks.info_text(decktet.view, decktet)),
        'over SSH, a table told "ai": status': str(
            seat_status(ai_to_move(CamelCaravanTable, seat_kinds=("remote", "ai")))
        ),
        "a game's words": ai_to_move(AhldarahdTable).words("{p1} claims a route on {p1:'s} map"),
    }


def test_every_games_lines_during_play_name_an_ai_seat_as_the_table_does():
    """The bug: "AI 2 (normal) is thinking…" (every game's status line), "AI 2 (normal) is
    playing…" (Camel Caravan), "AI 2 (normal) played…" (Merchant Lord), "AI 2 (normal) leads"
    and its pile "AI 2 (normal)" (Decktet Caravan), "AI 2 (normal) to play" (Caravanserai),
    under a players table that says "AI 2"."""
    for where, line in in_play_lines().items():
        assert "AI 2" in line and "(normal)" not in line, (where, line)


async def test_the_hosts_refusals_name_an_ai_seat_as_the_table_does(tmp_path):
    """The bug: "Not possible: it is AI 2 (normal)'s turn"."""
    from caravan_tui.bus import Act, Bus, Rejected, seat_address
    from caravan_tui.match.host import MatchHost
    from caravan_tui.seats import SeatSpec

    game, bus = get_game("merchant_lord"), Bus()
    seats, names = [SeatSpec.ai("normal")] * 2, ["AI 1 (normal)", "AI 2 (normal)"]
    host = MatchHost.new(game.id, seats, names, 7, game.quick_options, SaveStore(tmp_path), bus)
    waiting = 1 - host.state.to_move()
    theirs = bus.subscribe(seat_address(host.match_id, waiting))
    await host.handle(Act(host.match_id, waiting, 0, ("end",)))
    reply = theirs.get_nowait()
    assert isinstance(reply, Rejected) and reply.reason == f"it is AI {2 - waiting}'s turn", reply


def finished_row(kinds: list[str]):
    from caravan_tui.hub_protocol import FinishedRow

    return FinishedRow("m1", "merchant_lord", ["Ann", "AI 2 (easy)"], [0.0, 1.0], "over", 0.0, 0, kinds=kinds)


async def test_the_lobby_and_a_record_say_who_won_as_the_table_did():
    """The bug: the lobby's and the record's finished lists said "AI 2 (easy) won" beside an
    Against column that names the seat's level once ("AI 2 (easy)"); the lobby's To move
    column "AI 2 (easy)" beside the Seats column that names it."""
    from caravan_tui.screens.lobby import finished_words

    assert finished_words(finished_row(["human", "ai:easy"])) == "AI 2 won"
    assert finished_words(finished_row([])) == "AI 2 (easy) won"  # (kinds not known: the name whole)


def test_caravanserais_title_names_the_seat_whose_move_is_on_show():
    """The bug: "Your turn · round 6" over the board while "AI 2 is playing… (any key skips)"
    showed AI 2's move under it (the view had moved on to our turn)."""
    from caravan_tui.games.caravanserai.table_state import CaravanseraiTable
    from caravan_tui.games.caravanserai.table_text import title_text

    ours = {**start_view("caravanserai"), "to_move": 0}
    on_show = dataclasses.replace(ai_to_move(CaravanseraiTable), seat=0, pausing=1)
    assert title_text(ours, on_show).startswith("AI 2 to play · ")
    assert title_text(ours, dataclasses.replace(on_show, pausing=None)).startswith("Your turn · ")


def test_ahldarahds_panel_wraps_a_long_names_sentence_where_it_has_a_row_to_spare():
    """The bug (over SSH): "Annabelle Marguerite Fitzwilliam-Oakhurs claim…" in the decision panel,
    the row under it empty: what she was claiming was cut."""
    from caravan_tui.games.ahldarahd.panel import panel_text
    from caravan_tui.games.ahldarahd.table_state import AhldarahdTable

    long = "Annabelle Marguerite Fitzwilliam-Oakhurs"
    table = dataclasses.replace(ai_to_move(AhldarahdTable), names=("Bob", long), seat_kinds=("human", "human"))
    assert table.view is not None and table.view["phase"] == "setup"
    rows = panel_text(table.view, table, width=47).plain.splitlines()
    assert " ".join(rows) == f"{long} claims free routes on {long}'s map."
    assert all(len(row) <= 47 for row in rows) and "…" not in "".join(rows)


def test_every_games_final_table_shows_a_long_name_whole_over_the_lines_it_takes():
    """The bug: "MarcoPoloTheGreatVenetianTraderO…" over "(you)" on a second line of the
    same cell, which had room for the rest of the name. (Our own seat reads "You", as the
    players' tables say it: "Root (you)" was the login's name, seen nowhere else.)"""
    import re

    from caravan_tui.games.ahldarahd.table_state import AhldarahdTable
    from caravan_tui.games.ahldarahd.table_text import scores_table
    from caravan_tui.games.camel_caravan.table_state import CamelCaravanTable
    from caravan_tui.games.camel_caravan.tables import scores_table as camel_scores
    from caravan_tui.games.caravanserai.table_state import CaravanseraiTable
    from caravan_tui.games.caravanserai.table_text import final_table
    from caravan_tui.games.decktet_caravan.score_tables import match_table
    from caravan_tui.games.decktet_caravan.table_state import DecktetCaravanTable
    from caravan_tui.games.merchant_lord.results import summary_table
    from caravan_tui.games.merchant_lord.table import MerchantLordTable

    name = "MarcoPoloTheGreatVenetianTraderOfSilkRdZ"

    def table(table_type):
        return table_type(seat=0, names=("Root", name), seat_kinds=("human", "remote"))

    finals = {  # each with the column its names are in
        "ahldarahd": (scores_table(start_view("ahldarahd"), table(AhldarahdTable).seat_label), 1),
        "camel_caravan": (camel_scores(start_view("camel_caravan"), table(CamelCaravanTable).seat_label), 1),
        "caravanserai": (final_table(start_view("caravanserai"), table(CaravanseraiTable)), 1),
        "decktet_caravan": (match_table(table(DecktetCaravanTable), start_view("decktet_caravan")), 3),
        "merchant_lord": (summary_table(start_view("merchant_lord"), table(MerchantLordTable).seat_label), 1),
    }
    for game_id, (final, column) in finals.items():
        text = drawn_at(final, 60)  # (narrower than the result screen's 74: the names' cell wraps)
        rows = [re.split("[│┃]", line) for line in text.splitlines()]
        cells = [row[column].strip() for row in rows if len(row) > 3]
        assert "…" not in text and name in "".join(cells).replace(" ", ""), (game_id, text)
        assert "You" in text and "Root" not in text, (game_id, text)


def drawn_at(renderable, width: int) -> str:
    """``renderable`` as ``width`` columns of plain text."""
    from rich.console import Console

    console = Console(width=width, no_color=True, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_the_status_line_fits_a_long_name_whose_turn_it_is_on_one_line():
    """Over SSH: "AbcdeFghijKlmnoPqrstUvwxyZabcdEfghiJklmN to / play…" took the status line's two
    rows in 47 cells, and Camel Caravan's legend line went out of view."""
    from caravan_tui.games.camel_caravan.table_state import CamelCaravanTable
    from caravan_tui.screens.table_status import seat_status

    long = "AbcdeFghijKlmnoPqrstUvwxyZabcdEfghiJklmN"
    person = ai_to_move(CamelCaravanTable, names=("Ann", long), seat_kinds=("human", "remote"))
    said = seat_status(person, 47).plain
    assert said.endswith("… to play…") and len(said) <= 47 and said.startswith("AbcdeF"), said
    assert seat_status(person).plain == f"{long} to play…"  # (no width: whole)
    # (a name whole but for the trailing ellipsis goes without it: "Aaa…a… to play…" in 48 cells)
    assert seat_status(person, len(f"{long} to play")).plain == f"{long} to play"
    ai = ai_to_move(CamelCaravanTable, names=("Ann", "AI 2 (normal)"))
    assert seat_status(ai, 47).plain.endswith("AI 2 is thinking…")  # (a short name: whole)


def test_the_tables_words_name_a_seat_an_ai_plays_for_its_person_as_the_stand_in():
    """Over SSH, after [b]z[/b] resigned, the plays list read "Steal meat from [b]z[/b]" beside the
    hint's "takes meat from [b]z[/b]'s stand-in" and the log's "[b]z[/b]'s stand-in picks up …":
    the table's words name the seat as the log does, the name cut before "'s stand-in" is."""
    from caravan_tui.screens.table_seat import TableState
    from caravan_tui.seat_kinds import STANDING_IN

    table = TableState(0, names=("Ann", "[b]z[/b]"), seat_kinds=("remote", STANDING_IN))
    assert table.words("Steal meat from {p1}") == "Steal meat from [b]z[/b]'s stand-in"
    long = TableState(0, names=("Ann", "A" * 40), seat_kinds=("remote", STANDING_IN))
    assert long.words("from {p1}", name_width=20) == f"from {'A' * 8}…'s stand-in"
    assert TableState(0, names=("Ann", "Bob"), seat_kinds=("remote", "remote")).words("from {p1}") == "from Bob"


async def test_the_status_line_fits_a_long_name_from_its_first_drawing():
    """Over SSH, the other person's 40-letter name read whole over the status line's two rows
    (" Aaaa…a to" / " play…") until some later turn cut it to one: the words were first made
    before the line had a width, and not again once it had one."""
    from textual.app import App, ComposeResult

    from caravan_tui.games.camel_caravan.table_state import CamelCaravanTable
    from caravan_tui.screens.table_status import seat_status
    from caravan_tui.widgets.table_text import StatusLine

    long = "A" * 40
    person = ai_to_move(CamelCaravanTable, names=("Ann", long), seat_kinds=("human", "remote"))

    class Line(App):
        def compose(self) -> ComposeResult:
            line = StatusLine(lambda table: seat_status(table, line.content_size.width or None), 2, id="status")
            line.styles.width = 47
            line.table_state = person
            yield line

    app = Line()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        drawn = [row[:47].rstrip() for row in screen_lines(app.screen)[:2]]
    assert drawn[0].endswith("… to play…") and len(drawn[0]) <= 47 and drawn[1] == "", drawn


def test_the_one_persons_seat_is_known_and_none_where_several_or_none_are_people():
    from caravan_tui.seats import only_person

    assert only_person(["ai:easy", "human", "ai:normal"]) == 1
    assert only_person(["human", "human"]) is None and only_person(["ai:easy", "ai:hard"]) is None
    assert only_person(["human", "ai:nonsense"]) is None and only_person("human") is None  # (a crafted save)
