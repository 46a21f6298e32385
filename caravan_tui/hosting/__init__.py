"""Running matches: the runner that joins a host, its AI seats and any number of people
(DESIGN §3), the policy seats, and SSH hosting (DESIGN §7): the server, the hub that owns every
hosted match, and each session's own process. No Textual here: a person's screen is a bus
client, and a session's process loads the app only when it runs (``session_main``)."""
