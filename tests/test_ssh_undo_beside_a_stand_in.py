"""Over SSH, two people at a Camel Caravan match, one drops and an AI plays their seat: the
other's footer offers ``u Undo`` only where it takes something back (their own play of this
turn), never at a turn's start, where the stand-in's moves stand (it showed the key and, pressed,
said why it could not). Read through a terminal emulator (pyte) as a person sees it."""

from __future__ import annotations

import re

import pytest
from test_ssh_server import ANN, BOB, Server, enter_as, past_how_to_play

FOOTER = 23  # the footer's row at 80×24
STATUS = (21, 22)  # the status line's rows (a long play wraps), left of the side column


def status(text: str) -> str:
    """The status line's words, its rows joined."""
    rows = text.split("\n")
    return " ".join(" ".join(rows[row][:48].split()) for row in STATUS).strip()


def actions_left(text: str) -> int:
    """The actions left in our turn, as the board's frame says them (0: not our turn)."""
    found = re.search(r"Your turn · (\d) actions? left", text.split("\n")[0])
    return int(found[1]) if found else 0


@pytest.mark.e2e
async def test_undo_is_offered_beside_a_stand_in_only_where_it_takes_something_back(tmp_path):
    server = await Server(tmp_path).start()
    try:
        ann = await enter_as(server, ANN, "Ann")
        ann.press("c")
        await ann.wait_for("Create a match")
        ann.press("down")  # Camel Caravan
        await ann.wait_for("Chain your camels")
        ann.press("ctrl+o")
        await ann.wait_for("Options set for a short match.")
        ann.press("ctrl+g")
        await past_how_to_play(ann)
        bob = await enter_as(server, BOB, "Bob")
        await bob.wait_for("1 free seat")
        bob.press("enter")
        await past_how_to_play(bob)
        await bob.wait_for("You join the match")
        await bob.close()  # Bob drops: after the grace an AI plays his seat
        await ann.wait_for("Bob·AI")
        # Ann's first turn of two actions or more (the first turns grow: 1, 2, 3, 4); a shorter one ends
        while True:
            await ann.wait_for(lambda text: actions_left(text) and "(any key skips)" not in text, timeout=60)
            if actions_left(ann.text) >= 2:
                break
            ann.press("e")
            await ann.wait_for("End the turn with 1 action unused?")
            ann.press("y")
            await ann.wait_for(lambda text: not actions_left(text))
        await ann.wait_for(lambda text: "e End turn" in text.split("\n")[FOOTER])
        assert "u Undo" not in ann.line(FOOTER), ann.text  # nothing of hers this turn: the stand-in's moves stand
        left = actions_left(ann.text)
        ann.press("tab")  # (and puts away what the stand-in did, if shown over the plays list's title)
        await ann.wait_for(lambda text: "▸ Plays" in text.split("\n")[0])
        if "enter: highlight" in ann.text:
            ann.press("enter")  # the first play highlighted
            await ann.wait_for(lambda text: "enter: highlight" not in text)
        for _ in range(12):  # a play of 1 action (one of 2 may spend the turn, and Enter first only says so)
            if status(ann.text).startswith("enter (1 action): "):
                break
            shown = status(ann.text)
            ann.press("down")
            await ann.wait_for(lambda text, shown=shown: status(text) != shown)
        assert status(ann.text).startswith("enter (1 action): "), ann.text
        ann.press("enter")  # and played
        await ann.wait_for(lambda text: 0 < actions_left(text) < left)
        await ann.wait_for(lambda text: "u Undo" in text.split("\n")[FOOTER])  # her own play can be taken back
        ann.press("u")
        await ann.wait_for(lambda text: actions_left(text) == left and "undo 1 move" in text)
        await ann.wait_for(lambda text: "u Undo" not in text.split("\n")[FOOTER])
        await ann.close()
    finally:
        await server.stop()
