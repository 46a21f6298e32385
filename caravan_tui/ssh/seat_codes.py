"""A guest's seat code: the one way back to a seat for someone without a key (DESIGN §7).

A guest is someone new each visit (``guest_identity``), so the seat they take comes with a short
code, told to them alone; entered in the lobby on a later visit (after a dropped line or a
restart) it gives the seat to that visit, as a key gives one back to its person. Like lichess's
secret link to an anonymous game. The hosted record keeps only a hash of it, bound to its match
and seat, so a record read by others does not give the seat away; the code itself lives only in
the hub's memory, and after a restart only once the guest has entered it again.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: the letters a code is made of: no 0/O, 1/I/L, which read alike on a terminal
LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 8  # letters: 31**8, about 2**40, against a few guesses a minute per connection
#: what a kept hash looks like (``code_hash``)
HASH_LENGTH = 64


def new_code() -> str:
    """A fresh code, shown in two halves: ``K7QM-2XPH``."""
    letters = "".join(secrets.choice(LETTERS) for _ in range(LENGTH))
    return f"{letters[: LENGTH // 2]}-{letters[LENGTH // 2 :]}"


def normal(typed: str) -> str | None:
    """The code ``typed`` is, in any case and with or without its dash or spaces (None: it
    cannot be one)."""
    letters = "".join(typed.upper().replace("-", "").split())
    if len(letters) != LENGTH or any(c not in LETTERS for c in letters):
        return None
    return f"{letters[: LENGTH // 2]}-{letters[LENGTH // 2 :]}"


def code_hash(match_id: str, seat: int, code: str) -> str:
    """What the record keeps of ``code`` (a normal one): bound to its match and seat, so a kept
    hash matches no other seat."""
    return hashlib.sha256(f"{match_id}\0{seat}\0{code}".encode()).hexdigest()


def fits(kept: str, match_id: str, seat: int, code: str) -> bool:
    return hmac.compare_digest(kept, code_hash(match_id, seat, code))
