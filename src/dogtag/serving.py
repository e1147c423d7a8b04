"""Serving with several worker processes (issue 14, item 5): gunicorn, for a county or the state.

``dogtag serve`` answers with one Waitress process (threads) by default, which is what a small
city needs and runs everywhere. ``dogtag serve --workers N`` (N > 1) runs gunicorn instead: N
worker processes, each with ``--threads`` threads (the ``gthread`` worker), so requests use every
core. Gunicorn is the well-kept choice for Django on Linux (Django's own deployment guide names
it); Waitress has no worker processes. Several ``dogtag serve`` processes, on one machine or
several, may serve one PostgreSQL database: sessions, sign-in lockouts, rate limits and the
outbox are in the database, and uploaded files go to ``MEDIA_ROOT`` (shared storage). README,
"Serving under load".
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from django.db import connections


def gunicorn_options(
    host: str, port: int, workers: int, threads: int, proxy: dict[str, Any]
) -> dict[str, Any]:
    options: dict[str, Any] = {
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
    }
    if proxy:
        # The TLS proxy's X-Forwarded-Proto is believed only from its address (as with Waitress);
        # the client's address comes from X-Forwarded-For through DOGTAG_PROXY_COUNT.
        options["forwarded_allow_ips"] = proxy["trusted_proxy"]
    else:
        options["forwarded_allow_ips"] = ""
    return options


def serve_with_gunicorn(application: Callable[..., Any], options: dict[str, Any]) -> None:
    from gunicorn.app.base import BaseApplication

    class DogtagServer(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Callable[..., Any]:
            return application

    # Connections opened before the fork (migrations, the demo) must not be shared by workers.
    connections.close_all()
    os.environ.setdefault("SERVER_SOFTWARE", "gunicorn")
    DogtagServer().run()
