"""A resident's sign-in link is never stored readable (issue 25, item 2.3).

The outbox keeps the sign-in e-mail with a stand-in where the token goes; the worker makes a
fresh token (single use, ``SESAME_MAX_AGE``) each time it hands the mail to the server. So no
string the outbox, its events and attachments, the task queue or the logs hold signs anybody
in, a member of staff reading the outbox included, while the mail delivered signs the resident
in exactly once.

Today is frozen at 2026-11-29 10:00 in Nowthen (``frozen_today``, autouse in conftest); the
second attempt is two minutes later."""

from __future__ import annotations

import datetime as dt
import email
import logging
import re
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
import time_machine
from axes.utils import reset
from django.test import Client
from django_tasks_db.models import DBTaskResult

from dogtag.outbox import tasks
from dogtag.outbox.models import OutboxAttachment, OutboxEvent, OutboxMessage
from tests.outbox.conftest import Mailbox, SmtpServer, smtp_port  # noqa: F401  (fixture)
from tests.residents.conftest import LINK

#: What a django-sesame token is made of (URL-safe base64), at least as long as any part of one.
TOKENISH = re.compile(r"[A-Za-z0-9_-]{10,}")
SECOND_ATTEMPT = dt.datetime(2026, 11, 29, 16, 2, tzinfo=dt.UTC)


class ListingFilter(Mailbox):
    """A mail server whose spam filter refuses the first message, quoting the link it blocked
    (as filters that check URLs against a list do); it accepts the next."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: list[str] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if not self.refused:
            link = LINK.search(text_of(email.message_from_bytes(envelope.original_content)))
            self.refused.append(link.group(0))
            return f"554 5.7.1 Message refused: {link.group(0)} is on a block list"
        return await super().handle_DATA(server, session, envelope)


def text_of(message: Any) -> str:
    part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    return part.get_payload(decode=True).decode()


def stored_text() -> list[str]:
    """Every value of every row of the outbox and of the task queue, as text."""
    texts = []
    for model in (OutboxMessage, OutboxEvent, OutboxAttachment, DBTaskResult):
        for row in model.objects.values():
            for value in row.values():
                if isinstance(value, bytes | memoryview):
                    value = bytes(value).decode("latin-1")
                texts.append(str(value))
    return texts


def candidates(texts: list[str]) -> set[str]:
    """Each token-looking run of characters in the texts, as written and URL-decoded."""
    return {
        run for text in texts for form in (text, unquote(text)) for run in TOKENISH.findall(form)
    }


def signs_in(token: str, n: int) -> bool:
    """Whether ``token`` signs in on the sign-in page, pressed as the resident presses it (from an
    address of its own; the lockout's count is cleared after a failure, so that every candidate
    is really tried and the delivered link after them)."""
    client = Client(REMOTE_ADDR=f"10.25.{n // 250}.{n % 250 + 1}")
    answer = client.post("/residents/sign-in/link/", {"sesame": token})
    signed_in = answer.status_code == 302
    assert signed_in == (client.get("/residents/household/").status_code == 200)
    if not signed_in:
        reset()
    return signed_in


def logged(caplog: Any) -> list[str]:
    """What this process logged, but for the test's mail server (aiosmtpd's ``mail.*`` loggers):
    it logs the mail it receives, as any mail server may; the link is meant to reach it."""
    return [
        f"{record.name} {record.getMessage()} {record.exc_text or ''}"
        for record in caplog.records
        if not record.name.startswith("mail.")
    ]


@pytest.mark.django_db(transaction=True)  # so the sending task is queued, as after a request
def test_nothing_stored_signs_in_and_the_mail_delivered_signs_in_once(smtp_port, caplog):  # noqa: F811
    caplog.set_level(logging.DEBUG)
    server = SmtpServer(smtp_port)
    server.mailbox = ListingFilter()
    server.start()
    try:
        # given a resident who asks for a sign-in link
        asked = Client().post("/residents/sign-in/", {"email": "pat@example.org"})
        assert asked.status_code == 302
        message = OutboxMessage.objects.get(kind="resident_sign_in")
        # when the worker's first attempt is refused by a filter that quotes the link
        assert tasks.send_outbox_message.call(message.pk) == "retrying"
        [quoted] = server.mailbox.refused
        # and the second, two minutes later, is delivered
        with time_machine.travel(SECOND_ATTEMPT, tick=False):
            assert tasks.send_outbox_message.call(message.pk) == "sent"
            [mail] = server.received
            # then no token-looking string stored or logged signs in
            stored = stored_text()
            tried = sorted(candidates([*stored, *logged(caplog)]))
            assert len(tried) > 5  # the stored rows were read
            signing_in = [token for n, token in enumerate(tried) if signs_in(token, n)]
            assert signing_in == []
            # and the rows hold the link with a stand-in for the token, the error likewise
            message.refresh_from_db()
            assert "sesame=TOKEN-MADE-WHEN-SENT&next=" in message.body
            assert message.events.get(what="failed").detail.startswith(
                "Attempt 1: SMTPDataError: (554, b'5.7.1 Message refused: http://testserver/"
                "residents/sign-in/link/?sesame=TOKEN-MADE-WHEN-SENT&next="
            )
            # and neither token the server was given, the refused one nor the delivered one
            # (each made for its attempt), is stored
            delivered = LINK.search(text_of(mail)).group(0)
            given = [parse_qs(urlsplit(link).query)["sesame"][0] for link in (quoted, delivered)]
            assert given[0] != given[1]
            assert [token for token in given if token in "".join(stored)] == []
            # and the link the resident received signs in, once
            assert [signs_in(given[1], 1000), signs_in(given[1], 1001)] == [True, False]
    finally:
        server.stop()
