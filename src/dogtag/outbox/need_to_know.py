"""Need-to-know on the outbox's pages (issue 25, item 2.3).

Mail to or about a complainant is private like the complaint (Minn. Stat. 13.44 subd. 1): the
service that queues it marks it (``OutboxMessage.private``), and its recipient, subject, text and
attachments are shown only to holders of ``records.view_complaint_private``. Anyone else who sees
the outbox sees that the message exists, its kind, status, attempts and what it is about, with
the complaint pages' notice in place of the rest. Each page or download that shows private mail
writes one row of the private-data log (Office > Who viewed private data), as a complaint's page
does; a page that shows only the notice writes none.

Views build a ``Shown`` for each message and read the private parts from it only, never from
the message, so no page can show them by mistake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest

from dogtag.outbox.models import OutboxMessage
from dogtag.records.private_data import (
    PRIVATE_COMPLAINT,
    Kind,
    may_see_complaint_private,
    record_view,
)

NOTICE = PRIVATE_COMPLAINT


@dataclass(frozen=True)
class Shown:
    """A message as one member of staff may see it."""

    message: OutboxMessage
    #: A private message this user may not see: its private parts read as the notice.
    hidden: bool

    @classmethod
    def for_user(cls, message: OutboxMessage, user: Any) -> Shown:
        return cls(message, message.private and not may_see_complaint_private(user))

    @property
    def to(self) -> str:
        return NOTICE if self.hidden else self.message.to

    @property
    def subject(self) -> str:
        return NOTICE if self.hidden else self.message.subject

    @property
    def text(self) -> str:
        return NOTICE if self.hidden else self.message.body

    @property
    def heading(self) -> str:
        return f"Message {self.message.pk}" if self.hidden else self.message.subject

    @property
    def shows_private(self) -> bool:
        return self.message.private and not self.hidden


def all_for_user(messages: list[OutboxMessage], user: Any) -> list[Shown]:
    may_see = may_see_complaint_private(user)
    return [Shown(m, m.private and not may_see) for m in messages]


def log_view(request: HttpRequest, shown: list[Shown]) -> None:
    """One row of the private-data log if the page shows private mail; none if it does not."""
    private = [s.message for s in shown if s.shows_private]
    if private:
        record_view(request, Kind.COMPLAINANT_IDENTITY, _label(private))


def _label(messages: list[OutboxMessage]) -> str:
    """The messages a page showed, for the log: one with what it is about (the complaint)."""
    if len(messages) == 1:
        [message] = messages
        about = message.about if message.about_type_id else None
        return f"Outbox message #{message.pk}" + (f" ({about})" if about is not None else "")
    label = "Outbox messages " + ", ".join(f"#{m.pk}" for m in messages)
    return label if len(label) <= 200 else label[:199] + "…"
