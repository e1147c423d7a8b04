"""The hearing request code printed on the Notice of Dangerous Dog (issue 12 item 5).

Twelve characters from an alphabet without look-alikes (no 0/O, 1/I/L): 31^12, over 2^59 codes,
so with the residents' page's rate limit a code cannot be guessed. Printed in groups of four
(``ABCD-EFGH-JKMN``); typed in any case, with or without the dashes and spaces.
"""

from __future__ import annotations

import hmac
import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 12


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def printed(code: str) -> str:
    """``ABCDEFGHJKMN`` → ``ABCD-EFGH-JKMN``."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def normalised(typed: str) -> str:
    return "".join(c for c in typed.upper() if c.isalnum())


def matches(stored: str, typed: str) -> bool:
    """Whether the typed code is the case's, compared in constant time."""
    return bool(stored) and hmac.compare_digest(stored.encode(), normalised(typed).encode())
