"""Running a match in this process (DESIGN §3): the host (the only writer of a State), the runner
that joins a host, its AI seats and any number of people, the policy seats, and the replay of a
saved match. No Textual here: a person's screen is a client that speaks only bus messages."""
