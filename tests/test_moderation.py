"""Moderation of a public server (DESIGN §7): operators named by key kick, ban (kept across
restarts and on every server on a database), mute and close matches; chat is limited per
person and anyone may hide another's; every action lands in the moderation log."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from test_ssh_hub import ANN, BOB, CYD, WAIT, Peer, create, eventually, named

from caravan_tui import hub_protocol as protocol
from caravan_tui.bus import Chat, Update
from caravan_tui.cli import main
from caravan_tui.pgstore import open_database
from caravan_tui.ssh import hub as hub_module
from caravan_tui.ssh.hub import Hub
from caravan_tui.ssh.moderation import read_admin_keys

OPERATORS = frozenset({ANN})


def hub_on(folder, worker, url: str | None) -> Hub:
    store, keeping = open_database(url) if url is not None else (None, None)
    hub = Hub(folder, worker, iterations=5, store=store, keeping=keeping, operators=OPERATORS)
    hub.start()
    return hub


async def sent_away(peer: Peer) -> str:
    """The line a session whose hub ends it reads, once it has ended."""
    goodbye = await peer.next(protocol.Goodbye)
    while await asyncio.wait_for(peer.messages.get(), WAIT) is not None:
        pass
    return goodbye.reason


async def refused_at_the_door(hub: Hub, identity: str) -> str | None:
    """The Goodbye ``identity`` reads on arriving (None: they are let in)."""
    peer = await Peer(hub, identity).open()
    first = await asyncio.wait_for(peer.messages.get(), WAIT)
    if isinstance(first, protocol.Goodbye):
        return first.reason
    await peer.close()
    return None


def test_the_admin_keys_file_is_read_strictly(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    good = tmp_path / "admins"
    good.write_text(f"# operators\n{key.export_public_key().decode()}\n{BOB}\n\n")
    assert read_admin_keys(good) == {key.get_fingerprint("sha256"), BOB}
    for text, problem in (
        (f"{BOB}\nssh-ed25519 AAAAnotakey\n", "line 2 is not a public key"),
        ("SHA256:\x1b[2J\n", "line 1 is not a SHA256 fingerprint"),
        ("# nobody\n", "it names no key"),
    ):
        good.write_text(text)
        with pytest.raises(ValueError, match=problem):
            read_admin_keys(good)


def test_serve_with_a_bad_admin_keys_file_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    bad = tmp_path / "admins"
    bad.write_text("not a key at all\n")
    assert main(["serve", "--admin-keys", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "line 1 is not a public key or a SHA256 fingerprint" in err
    assert main(["serve", "--admin-keys", str(tmp_path / "missing")]) == 2
    assert "cannot read the admin keys" in capsys.readouterr().err


async def test_a_ban_holds_after_a_restart_and_on_a_second_host_until_it_is_lifted(
    tmp_path, worker, url, monkeypatch, capsys
):
    one = hub_on(tmp_path / "server", worker, url)
    ann, bob = await named(one, ANN, "Ann"), await named(one, BOB, "Bob")
    await bob.send(protocol.Moderate("ban", "Ann"))  # Bob is no operator
    assert (await bob.next(protocol.Refused)).reason == "only the server's operators may do that"
    await ann.send(protocol.Moderate("ban", "bob", reason="spoils every table"))
    assert await sent_away(bob) == "This key is banned from this server: spoils every table."
    assert (await ann.next(protocol.Told)).text == "bob is banned."
    assert await refused_at_the_door(one, BOB) == "This key is banned from this server: spoils every table."
    one.stop()
    again = hub_on(tmp_path / "server", worker, url)  # a restart
    assert await refused_at_the_door(again, BOB) == "This key is banned from this server: spoils every table."
    if url is not None:  # another server on the database
        two = hub_on(tmp_path / "two", worker, url)
        assert await refused_at_the_door(two, BOB) is not None
        two.stop()
    again.stop()
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))  # (its server folder: tmp_path/server)
    database = ["--database", url] if url is not None else []
    assert main(["admin", *database, "bans"]) == 0
    listed = capsys.readouterr().out
    assert BOB in listed and "Bob" in listed and "by Ann" in listed
    assert main(["admin", *database, "unban", "Bob"]) == 0
    assert main(["admin", *database, "unban", "Bob"]) == 2
    capsys.readouterr()
    lifted = hub_on(tmp_path / "server", worker, url)
    assert await refused_at_the_door(lifted, BOB) is None
    lifted.stop()
    if url is None:
        log = (tmp_path / "server" / "moderation.log").read_text().splitlines()
        assert [line.split("\t")[1:3] for line in log] == [["Ann", "ban"], ["admin", "unban"]]
    else:
        lines = open_database(url)[1].moderation.log_lines(10)
        assert [(by, action) for _, _, by, action, _, _ in reversed(lines)] == [("Ann", "ban"), ("admin", "unban")]


async def test_an_operator_kicks_a_person_who_may_come_back(tmp_path, worker):
    hub = hub_on(tmp_path, worker, None)
    ann, bob = await named(hub, ANN, "Ann"), await named(hub, BOB, "Bob")
    await ann.send(protocol.Moderate("kick", "Bob", reason="cool down"))
    assert await sent_away(bob) == "An operator ended your session: cool down."
    assert (await ann.next(protocol.Told)).text == "Bob was sent away."
    await ann.send(protocol.Moderate("kick", "Nobody"))
    assert (await ann.next(protocol.Refused)).reason == "nobody here is named Nobody"
    await named(hub, "guest:0123456789ab", "Gus", guest=True)
    await ann.send(protocol.Moderate("ban", "Gus"))
    assert (await ann.next(protocol.Refused)).reason.startswith("a guest has no key to ban")
    assert await refused_at_the_door(hub, BOB) is None  # a kick is not a ban
    assert "\tkick\tBob " in (tmp_path / "moderation.log").read_text()
    hub.stop()


async def heard_until(peer: Peer, text: str) -> list[str]:
    """The chat ``peer`` hears up to its line ``text``, that one included."""
    said: list[str] = []
    while not said or said[-1] != text:
        said.append((await peer.next(Chat)).text)
    return said


async def test_a_mute_silences_a_person_for_a_time_and_anyone_may_hide_anothers_chat(tmp_path, worker, monkeypatch):
    monkeypatch.setitem(hub_module.SPACING, Chat, 0.0)  # (the per-person limit is what is tried)
    hub = hub_on(tmp_path, worker, None)
    ann, bob, cyd = await named(hub, ANN, "Ann"), await named(hub, BOB, "Bob"), await named(hub, CYD, "Cyd")
    joined = await create(bob, ["you", "open"])
    await cyd.send(protocol.JoinSeat(joined.match, 1))
    await cyd.next(protocol.Joined)
    await ann.send(protocol.Watch(joined.match))
    await ann.next(protocol.Joined)
    for seated in (bob, cyd):  # (the people at the table are told)
        assert (await seated.next(protocol.Told)).text == "Ann is watching this match."
    await ann.send(protocol.Moderate("mute", "Bob", minutes=10, reason="shouting"))
    told = await bob.next(protocol.Told)
    assert told.text == "An operator muted your chat for 10 minutes: shouting."
    assert told.title == "Your chat is muted"  # (it was "Done": done to them, not by them)
    await bob.send(Chat(joined.match, 0, "LOUD"))
    assert (await bob.next(protocol.Refused)).reason == "an operator muted your chat for 10 more minutes"
    # Cyd hides Ann's chat: Bob still reads it, Cyd does not
    await cyd.send(protocol.Ignore("ann"))
    assert (
        await cyd.next(protocol.Told)
    ).text == "You hide Ann's chat."  # (as Ann spells it: "ann" as typed read as someone else)
    await ann.send(Chat(joined.match, None, "hello table"))
    await bob.next(Chat, lambda m: m.text == "hello table")
    await cyd.send(Chat(joined.match, 1, "hi"))
    assert await heard_until(cyd, "hi") == ["hi"]
    # nor in the log a return to the table catches up with (it showed "Ann (watching) says: …"),
    # nor once the connection dropped and came back (the hide was the connection's alone)
    await cyd.close()
    await eventually(lambda: not any(s.identity == CYD for s in hub.sessions), "Cyd's session gone")
    cyd = await named(hub, CYD, "Cyd")
    await cyd.next(protocol.Joined)
    await ann.send(Chat(joined.match, None, "said after Cyd came back"))
    await bob.next(Chat, lambda m: m.text == "said after Cyd came back")
    await cyd.send(Chat(joined.match, 1, "back"))
    assert await heard_until(cyd, "back") == ["back"]
    await cyd.send(protocol.LeaveMatch(joined.match))
    await cyd.next(protocol.Lobby)
    await ann.send(Chat(joined.match, None, "said while Cyd was away"))
    await bob.next(Chat, lambda m: m.text == "said while Cyd was away")
    await cyd.send(protocol.JoinSeat(joined.match, 1))
    caught_up = await cyd.next(Update, lambda m: m.whole_log)
    assert not any("Ann" in line for line in caught_up.events) and "You say: hi" in caught_up.events
    # a person says at most CHAT_BURST lines in CHAT_WINDOW seconds ("hi" and "back" among them)
    for line in range(hub_module.CHAT_BURST - 2):
        await cyd.send(Chat(joined.match, 1, f"line {line}"))
        await cyd.next(Chat, lambda m, line=line: m.text == f"line {line}")
    await cyd.send(Chat(joined.match, 1, "one too many"))
    assert (await cyd.next(protocol.Refused)).reason.startswith(f"you said {hub_module.CHAT_BURST} lines")
    log = (tmp_path / "moderation.log").read_text()
    assert "\tAnn\tmute\tBob " in log and "10 min: shouting" in log
    hub.stop()


@pytest.mark.thorough
async def test_a_closed_match_sends_its_people_to_the_lobby_and_is_kept_but_never_resumed(tmp_path, worker):
    hub = hub_on(tmp_path, worker, None)
    ann, bob = await named(hub, ANN, "Ann"), await named(hub, BOB, "Bob")
    joined = await create(bob, ["you", "ai:easy"])
    await ann.send(protocol.Moderate("close", joined.match, reason="a test table"))
    assert (await bob.next(protocol.Left)).reason == "an operator closed this match: a test table"
    await bob.next(protocol.Lobby)
    assert joined.match not in hub.matches
    saved = hub.store.read(joined.match)
    assert hub.keeping.record(joined.match).closed == "a test table"
    hub.stop()
    again = hub_on(tmp_path, worker, None)
    assert joined.match not in again.matches
    assert again.store.read(joined.match).actions == saved.actions  # nothing lost
    again.stop()


async def test_hiding_the_chat_of_a_name_nobody_holds_is_refused_and_takes_no_room(tmp_path, worker, monkeypatch):
    """The bug (issue 63): ``m`` hid any name at all, and each counted toward MAX_IGNORED; a
    name nobody holds is refused now, and a person may still hide someone real at the limit."""
    monkeypatch.setattr(hub_module, "MAX_IGNORED", 2)
    hub = hub_on(tmp_path, worker, None)
    ann = await named(hub, ANN, "Ann")
    await named(hub, BOB, "Bob")
    for _ in range(3):
        await ann.send(protocol.Ignore("Nobody"))
        assert (await ann.next(protocol.Refused)).reason == "nobody here is named Nobody"
    await ann.send(protocol.Ignore("bob"))  # online
    assert (await ann.next(protocol.Told)).text == "You hide Bob's chat."
    await ann.send(protocol.Ignore("bob"))  # again: no second place taken
    await ann.next(protocol.Told)
    hub.identities.keep(CYD, "Cyd")  # offline, with a name kept
    await ann.send(protocol.Ignore("Cyd"))
    assert (await ann.next(protocol.Told)).text == "You hide Cyd's chat."
    await ann.send(protocol.Ignore("Nobody", on=False))  # showing again is never refused
    await ann.next(protocol.Told)
    hub.stop()


KEY = "SHA256:" + "A" * 43


def test_admin_ban_takes_only_a_key_fingerprint_or_a_name_kept(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARAVAN_TUI_HOME", str(tmp_path))
    for mistyped in ("SHA256:AAAA", "SHA256:" + "A" * 44, "SHA256:" + "A" * 42 + "=", "SHA256:" + "Ä" * 43):
        assert main(["admin", "ban", mistyped]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is not a key's fingerprint: SHA256: and 43 characters" in err
    assert main(["admin", "ban", "Nobody"]) == 2
    assert "nobody keeps the name Nobody" in capsys.readouterr().err
    admins = tmp_path / "admins"
    admins.write_text(f"{KEY}\n")
    assert main(["admin", "ban", KEY, "--admin-keys", str(admins)]) == 2  # as the lobby refuses it
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is an operator: take their key out of --admin-keys first" in err
    assert main(["admin", "bans"]) == 0 and KEY not in capsys.readouterr().out
    assert main(["admin", "ban", KEY]) == 0
    assert capsys.readouterr().out == f"caravan-tui: {KEY} is banned\n"
