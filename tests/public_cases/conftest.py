"""The residents' households (tests/residents), the complaints' officer, and a real SMTP server
(tests/outbox) for the complaint and hearing-request pages."""

from tests.complaints.conftest import media, officer
from tests.outbox.conftest import smtp, smtp_port
from tests.residents.conftest import clerk, frozen_today, lee, pat, stock

__all__ = ["clerk", "frozen_today", "lee", "media", "officer", "pat", "smtp", "smtp_port", "stock"]
