"""A real SMTP server in this process (aiosmtpd), and the outbox's settings pointed at it."""

from __future__ import annotations

import datetime as dt
import email
import socket
from collections.abc import Iterator
from email.message import Message
from typing import Any

import pytest
import time_machine
from aiosmtpd.controller import Controller

CHICAGO = dt.timezone(dt.timedelta(hours=-6))
START = dt.datetime(2026, 12, 1, 9, 0, tzinfo=CHICAGO)


class Mailbox:
    """What the SMTP server received, parsed."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.original_content)
        parsed["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        self.messages.append(parsed)
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class SmtpServer:
    def __init__(self, port: int) -> None:
        self.port = port
        self.mailbox = Mailbox()
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(self.mailbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    @property
    def received(self) -> list[Message]:
        return self.mailbox.messages


@pytest.fixture
def smtp_port(settings: Any) -> int:
    """Django's SMTP backend pointed at a port of this machine (no server there yet)."""
    port = free_port()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 5
    settings.DEFAULT_FROM_EMAIL = "Nowthen <dogs@nowthen.example>"
    settings.DOGTAG_OUTBOX_RETRY_SECONDS = 60
    settings.DOGTAG_OUTBOX_MAX_ATTEMPTS = 4
    return port


@pytest.fixture
def smtp(smtp_port: int) -> Iterator[SmtpServer]:
    """The SMTP server, running."""
    server = SmtpServer(smtp_port)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def clock() -> Iterator[Any]:
    """9:00 in Nowthen, the clock stopped; a test moves it on (``clock.shift(seconds)``)."""
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller
