"""One-time tokens made when a message is sent, never stored (issue 25, item 2.3).

A resident's sign-in link signs in whoever holds it. Kept in the outbox, anybody who reads the
outbox (its page, a backup, the database) could sign in as the resident until it expires. So the
queued text holds ``PLACEHOLDER`` where the token goes, the message names the maker of its token
(``OutboxMessage.token_maker``), and the sender asks that maker for a fresh token at each
attempt, just before handing the mail to the backend. The token then lives only in the mail;
its lifetime (``SESAME_MAX_AGE``) runs from the attempt that sent it, so a link sent by a retry
hours later still works when it arrives, and every token of a resident is spent by the first
sign-in (``SESAME_ONE_TIME``), so a message sent twice still signs in once.

The app that queues such messages registers its maker when Django starts
(``AppConfig.ready``): the outbox, in the kernel's layer, does not know who signs in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dogtag.outbox.models import OutboxMessage

#: Stands in the stored text where the token goes: plain letters and hyphens, so it survives
#: being put in a URL unchanged, and says to staff reading the outbox what happens there.
PLACEHOLDER = "TOKEN-MADE-WHEN-SENT"

#: Makes the token for one attempt at sending ``message``, as it is written in the text.
Maker = Callable[["OutboxMessage"], str]

_makers: dict[str, Maker] = {}


def register(name: str, make: Maker) -> None:
    """Register ``make`` under ``name`` (what ``queue_message(token_maker=...)`` names)."""
    _makers[name] = make


def is_registered(name: str) -> bool:
    return name in _makers


def make(message: OutboxMessage) -> str:
    """The token for this attempt at sending ``message``. Raises if its maker is unknown or
    makes nothing usable (the attempt fails, and is retried, as any failure of the backend)."""
    maker = _makers.get(message.token_maker)
    if maker is None:
        raise LookupError(f"No token maker {message.token_maker!r} is registered.")
    token = maker(message)
    if not token or PLACEHOLDER in token:
        raise ValueError(f"The token maker {message.token_maker!r} made no token.")
    return token
