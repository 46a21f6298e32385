"""Running matches: the runner that joins a host, its AI seats and any number of people
(DESIGN §3), and the policy seats. No Textual here: a person's screen is a bus client."""
