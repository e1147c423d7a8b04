"""How the site is served: the one edge every request passes, and the two servers behind it.

``dogtag serve`` answers with one Waitress process (threads) by default, which is what a small
city needs and runs everywhere. ``dogtag serve --workers N`` (N > 1) runs gunicorn instead: N
worker processes, each with ``--threads`` threads (the ``gthread`` worker), so requests use every
core (issue 14, item 5). Gunicorn is the well-kept choice for Django on Linux (Django's own
deployment guide names it); Waitress has no worker processes. Several ``dogtag serve`` processes,
on one machine or several, may serve one PostgreSQL database: sessions, sign-in lockouts, rate
limits and the outbox are in the database, and uploaded files go to ``MEDIA_ROOT`` (shared
storage). README, "Serving under load".

**The edge** (issue 25, items 2.1 and 2.9). Both servers are given ``edge(application)``
(``dogtag.wsgi``), which does what the two servers would otherwise each do their own way:

- It turns the city's proxies' headers into the client's address, once, with Waitress's own
  ``proxy_headers_middleware`` (well tested: IPv6, ports, malformed headers answered 400). From
  the proxy at ``DOGTAG_TRUSTED_PROXY`` (default 127.0.0.1) it believes X-Forwarded-Proto and the
  last ``DOGTAG_PROXY_COUNT`` entries of X-Forwarded-For: the first of those is the client,
  written by the outermost proxy; anything left of it the client wrote itself. ``REMOTE_ADDR``
  becomes that client, so the sign-in lockout, the residents' rate limits and the found-dog log
  (``accounts.client_ip``) all see one address, under either server. From any other peer, and
  with a count of 0, every X-Forwarded-* header is dropped. Neither server translates anything
  itself (Waitress: ``clear_untrusted_proxy_headers`` off and no ``trusted_proxy``; gunicorn:
  ``forwarded_allow_ips`` empty), so no count is applied twice. Gunicorn used to pass the peer,
  127.0.0.1, for everyone; Waitress applied a count of 1 whatever the city had.
- It refuses a body longer than ``request_body_limit()`` from its Content-Length, before Django
  reads a byte. Waitress refuses it itself, from the same limit, before buffering it (it used to
  take up to 1 GB); gunicorn has no such setting, so there the edge answers 413 and gunicorn
  drains at most 64 KB, for at most 5 seconds, before closing (its gthread worker's bounds on a
  body left unread). A chunked body without a length is never read by Django
  (it reads no more than CONTENT_LENGTH says), so the proxy's own limit covers the rest.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.db import connections
from waitress.proxy_headers import proxy_headers_middleware

from dogtag.records.uploads import MB, max_upload_bytes, megabytes

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

#: The only X-Forwarded-* headers believed from the trusted proxy; X-Forwarded-Host is not (the
#: proxy passes the Host header itself, and ALLOWED_HOSTS checks it).
TRUSTED_HEADERS = frozenset({"x-forwarded-for", "x-forwarded-proto"})


def request_body_limit() -> int:
    """The longest request body the site takes, in bytes: the largest file a form accepts
    (``DOGTAG_MAX_UPLOAD_MB``), the form text Django keeps in memory beside it
    (``DATA_UPLOAD_MAX_MEMORY_SIZE``), and 1 MB more, so that a file a little over the limit
    still reaches its form and gets the form's own message ("The file is 50.6 MB; the limit is
    50 MB"). 53.5 MB with the defaults."""
    return max_upload_bytes() + int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0) + MB


def edge(application: WSGIApp) -> WSGIApp:
    """The application as every server is given it: the client's address from the city's
    proxies, and the body limit (the module's docstring says why here)."""
    count = settings.DOGTAG_PROXY_COUNT
    translated = proxy_headers_middleware(
        application,
        trusted_proxy=settings.DOGTAG_TRUSTED_PROXY if count else None,
        trusted_proxy_count=max(count, 1),
        trusted_proxy_headers=TRUSTED_HEADERS,
        clear_untrusted=True,
    )
    limit = request_body_limit()
    refusal = f"The request is larger than this site accepts ({megabytes(limit)}).\n".encode()

    def bounded(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        length = str(environ.get("CONTENT_LENGTH") or "").strip()
        if length.isdigit() and int(length) > limit:
            start_response(
                "413 Request Entity Too Large",
                [
                    ("Content-Type", "text/plain; charset=utf-8"),
                    ("Content-Length", str(len(refusal))),
                ],
            )
            return [refusal]
        return translated(environ, start_response)  # type: ignore[no-any-return]

    return bounded


def waitress_options(host: str, port: int, threads: int) -> dict[str, Any]:
    return {
        "host": host,
        "port": port,
        "threads": threads,
        "ident": "dogtag",
        # The edge translates the proxy's headers, for gunicorn too: Waitress passes them on as
        # they came (no trusted_proxy, nothing cleared), so that nothing is translated twice.
        "clear_untrusted_proxy_headers": False,
        # Waitress refuses a body of this many bytes or more, before buffering it.
        "max_request_body_size": request_body_limit() + 1,
    }


def gunicorn_options(host: str, port: int, workers: int, threads: int) -> dict[str, Any]:
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": threads,
        "worker_class": "gthread",
        # A request that takes a minute is stuck (long work runs as a background task).
        "timeout": 60,
        "graceful_timeout": 30,
        "keepalive": 5,
        # Each worker restarts after this many requests (spread), so memory never creeps up.
        "max_requests": 5000,
        "max_requests_jitter": 500,
        "accesslog": None,
        "errorlog": "-",
        "proc_name": "dogtag",
        # The edge decides the scheme and the client's address from the trusted proxy's headers;
        # gunicorn trusts no peer's, so it neither sets the scheme nor maps forwarded headers.
        "forwarded_allow_ips": "",
    }


def serve_with_gunicorn(application: WSGIApp, options: dict[str, Any]) -> None:
    from gunicorn.app.base import BaseApplication

    class DogtagServer(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> WSGIApp:
            return application

    # Connections opened before the fork (migrations, the demo) must not be shared by workers.
    connections.close_all()
    os.environ.setdefault("SERVER_SOFTWARE", "gunicorn")
    DogtagServer().run()
