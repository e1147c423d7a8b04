"""Where mail goes, from one address in the environment (``DOGTAG_EMAIL_URL``); read by
settings.py, so no Django here.

    smtp://user:password@host:587?starttls   SMTP (STARTTLS with ?starttls, or smtps:// for TLS)
    smtps://user:password@host:465
    console:                                 printed on the worker's standard output
    file:///var/lib/dogtag/mail              one file per connection in that folder

Without it: SMTP to localhost port 25, Django's default."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

SMTP = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE = "django.core.mail.backends.console.EmailBackend"
FILE = "django.core.mail.backends.filebased.EmailBackend"


class EmailUrlError(ValueError):
    pass


def email_settings(url: str | None) -> dict[str, Any]:
    """The Django EMAIL_* settings an address names."""
    if not url or not url.strip():
        return {"EMAIL_BACKEND": SMTP}
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme == "console":
        return {"EMAIL_BACKEND": CONSOLE}
    if scheme == "file":
        if not parts.path:
            raise EmailUrlError("DOGTAG_EMAIL_URL file:// needs a folder, e.g. file:///var/mail")
        return {"EMAIL_BACKEND": FILE, "EMAIL_FILE_PATH": str(Path(unquote(parts.path)))}
    if scheme not in ("smtp", "smtps"):
        raise EmailUrlError(
            f"DOGTAG_EMAIL_URL must start smtp://, smtps://, console: or file://, not {scheme!r}"
        )
    try:
        port = parts.port
    except ValueError:
        raise EmailUrlError("DOGTAG_EMAIL_URL has a port that is not a number") from None
    query = parse_qs(parts.query, keep_blank_values=True)
    return {
        "EMAIL_BACKEND": SMTP,
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": port or (465 if scheme == "smtps" else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_SSL": scheme == "smtps",
        "EMAIL_USE_TLS": scheme == "smtp" and "starttls" in query,
    }


def describe(values: dict[str, Any]) -> str:
    """Where mail goes, in words, for the demo's banner and the worker's first line."""
    backend = values.get("EMAIL_BACKEND")
    if backend == CONSOLE:
        return "printed by the worker (console)"
    if backend == FILE:
        return f"written as files into {values['EMAIL_FILE_PATH']}"
    host = values.get("EMAIL_HOST", "localhost")
    port = values.get("EMAIL_PORT", 25)
    return f"sent by SMTP to {host}:{port}"
