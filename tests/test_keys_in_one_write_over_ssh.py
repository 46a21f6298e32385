"""Over SSH, keys typed in the same instant as a key that changes the screen arrive in one write
and are the next screen's (``test_keys_as_a_screen_changes.py`` queues them in one app): an
escape and the key after it, at the record, the rules, How to play, the chat line and the result."""

from __future__ import annotations

import pytest
from test_ssh_server import ANN, BOB, Server, create_short_match, enter_as

pytestmark = pytest.mark.e2e


async def test_keys_in_one_write_after_escape_or_enter_are_the_next_screens(tmp_path):
    server = await Server(tmp_path).start()
    try:
        bob = await enter_as(server, BOB, "Bob")
        await bob.close()
        ann = await enter_as(server, ANN, "Ann")
        ann.press("h")
        await ann.wait_for("Your record")
        ann.press("n", "Bob", "enter")
        await ann.wait_for("The record of Bob")
        ann.press("\x1bh")  # escape to the lobby, h: her own record
        await ann.wait_for(lambda text: "Your record" in text and "The record of Bob" not in text)
        ann.press("\x1br\r")  # escape, r: the rules of which game? enter: the first
        await ann.wait_for("t Contents")
        ann.press("\x1bb")  # escape, b: the ranks
        await ann.wait_for("Leaderboard ·")
        ann.press("\x1bc")  # (the create form)
        await ann.wait_for("Create a match")
        ann.press("ctrl+g")
        await ann.wait_for("Don't show again (d)")
        # How to play closed, the form closed, the ranks again (not a fourth look at a record: the
        # hub grants three at once, then one a second, and this one came 0.99 s after the third)
        ann.press("\x1b\x1bb")
        await ann.wait_for("Leaderboard ·")
        ann.press("escape")
        await ann.wait_for("playing as Ann")
        await create_short_match(ann)
        ann.press("t")
        await ann.wait_for("Say to the table")
        ann.press("hi\r?")  # said, and ? is the table's: its rules
        await ann.wait_for("t Contents")
        ann.press("escape")
        await ann.wait_for("You say: hi")
        ann.press("escape", "down", "down", "enter")  # the menu: Resign
        await ann.wait_for("Resign this match?")
        ann.press("y")
        await ann.wait_for("Lobby (esc)")
        ann.press("\x1bh")  # from the result to the lobby, her record
        await ann.wait_for("Your record")
        await ann.close()
    finally:
        await server.stop()


async def test_d_and_question_mark_in_one_write_at_how_to_play_open_the_rules_over_a_table_an_ai_opens(tmp_path):
    """d then ? in one write at How to play of a match an AI moves first in (Merchant Lord shows
    each of its actions for a while): the ? is held for the table, which may be showing the AI's
    first action as it comes; it went for a key that cuts that pause short, and was lost."""
    server = await Server(tmp_path, "--move-pause", "5").start()
    try:
        ann = await enter_as(server, ANN, "Ann")
        ann.press("c")
        await ann.wait_for("Create a match")
        ann.press("down", "down", "down")  # Merchant Lord
        await ann.wait_for("Sell your dice-goods")
        ann.press("tab", "tab", "enter")  # seat 1's choices
        await ann.wait_for("Dismiss menu")
        ann.press("down", "down", "enter")  # AI easy
        await ann.wait_for("Seat 1      AI easy")
        ann.press("tab", "enter")  # seat 2's
        await ann.wait_for("Dismiss menu")
        ann.press("up", "enter")  # you
        await ann.wait_for("Seat 2      You")
        ann.press("ctrl+g")
        await ann.wait_for("Don't show again (d)")
        ann.press("d?")
        await ann.wait_for("t Contents")  # the rules, over the table
        ann.press("escape")
        await ann.wait_for("AI 1")
        await ann.close()
    finally:
        await server.stop()
