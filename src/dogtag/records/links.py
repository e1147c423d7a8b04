"""The public base URL (issue 25, part 3): the one answer to "at what address is this site
reached?", for every link in e-mail (sign-in links, renewal reminders, a complaint's or an
application's page) and every address printed in a PDF (the Notice of Dangerous Dog's online
hearing request).

- ``DOGTAG_PUBLIC_URL``, the address residents and staff reach the site at
  (``https://dogtag.nowthenmn.gov``): required in production, where only the city knows it
  (``dogtag manage check --deploy`` reports it missing; ``dogtag serve`` behind TLS refuses).
- Otherwise ``dogtag serve`` sets it to the address it serves (``served_url``: the demo's
  ``--host`` and ``--port``, so ``make run PORT=8123`` too), for itself and for the demo's
  worker, which inherits it.
- Outside ``dogtag serve`` with none set (the test suite, a shell): the address of the request
  being answered, else ``LOCAL``, where ``make run`` serves by default.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.core import checks
from django.http import HttpRequest

LOCAL = "http://127.0.0.1:8000"
#: Addresses a server listens on that no one can visit: the links name this machine instead.
EVERY_ADDRESS = frozenset({"", "0.0.0.0", "::"})


def public_url(request: HttpRequest | None = None) -> str:
    """The site's address, without a trailing slash."""
    base = str(settings.DOGTAG_PUBLIC_URL).strip().rstrip("/")
    if base:
        return base
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return LOCAL


def absolute(path: str, request: HttpRequest | None = None) -> str:
    """``path`` (from ``reverse``) as a full address on the public site."""
    return public_url(request) + path


def served_url(host: str, port: int) -> str:
    """The address ``dogtag serve --host HOST --port PORT`` answers on, as a link."""
    host = "127.0.0.1" if host in EVERY_ADDRESS else host
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def url_problem(value: str) -> str | None:
    """What is wrong with a DOGTAG_PUBLIC_URL, or None."""
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018  (a port that is no number raises here)
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or parts.username
    ):
        return (
            f"DOGTAG_PUBLIC_URL must be the site's address, http:// or https:// and a host name "
            f"(a port and a path may follow), not {value!r}."
        )
    return None


def check_public_url(**kwargs: object) -> list[checks.CheckMessage]:
    """A deployment check (``check --deploy``, and ``dogtag serve``, which refuses on an error):
    production must say where it is reached. Registered by ``RecordsConfig.ready``."""
    value = str(settings.DOGTAG_PUBLIC_URL).strip()
    if not value:
        return [
            checks.Error(
                "DOGTAG_PUBLIC_URL is not set: the links in e-mail and documents (sign-in links, "
                "renewal reminders, the Notice of Dangerous Dog's hearing request address) would "
                "not lead to the site.",
                hint="Set DOGTAG_PUBLIC_URL to the address residents and staff reach the site "
                "at, e.g. https://dogtag.nowthenmn.gov.",
                id="dogtag.E001",
            )
        ]
    problem = url_problem(value)
    if problem:
        return [
            checks.Error(
                problem, hint="For example https://dogtag.nowthenmn.gov.", id="dogtag.E002"
            )
        ]
    return []
