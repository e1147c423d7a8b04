"""Absolute addresses of the residents' site, for e-mail (a link must work outside the browser).

``DOGTAG_PUBLIC_URL`` is the public site's address as residents reach it (e.g.
``https://dogs.nowthen.example``); without it, the address the request came in on; outside a
request (the worker's sweeps), http://127.0.0.1:8000 as ``make run`` serves it.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

LOCAL = "http://127.0.0.1:8000"


def absolute(path: str, request: HttpRequest | None = None) -> str:
    base = settings.DOGTAG_PUBLIC_URL.rstrip("/")
    if base:
        return base + path
    if request is not None:
        return request.build_absolute_uri(path)
    return LOCAL + path
