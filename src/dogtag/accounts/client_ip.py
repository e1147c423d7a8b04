"""The client's address for counting failed sign-ins (django-axes ``AXES_CLIENT_IP_CALLABLE``)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The address the request came from, as far as the city's own proxies can vouch for it.

    With ``DOGTAG_PROXY_COUNT`` = 0 (the default) that is the connection's address: a client can
    write any X-Forwarded-For it likes, so the header is ignored. Behind N trusted proxies, each
    proxy appends the address it received the request from, so the N-th entry from the right is
    the one the outermost trusted proxy saw; entries left of it were written by the client.
    """
    remote = str(request.META.get("REMOTE_ADDR") or "")
    proxies = settings.DOGTAG_PROXY_COUNT
    if proxies == 0:
        return remote
    forwarded = [a.strip() for a in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")]
    forwarded = [a for a in forwarded if a]
    if len(forwarded) < proxies:
        # Fewer hops than configured: the request did not come through the proxies as set up.
        return remote
    return forwarded[-proxies]


#: The longest username the lockout records (django-axes keeps it in a 255-character column).
#: No account's name is longer than Django's 150 characters, so nothing real is cut.
USERNAME_KEPT = 150


def attempted_username(request: HttpRequest, credentials: dict[str, object] | None) -> str | None:
    """The username a failed sign-in tried (django-axes ``AXES_USERNAME_CALLABLE``), cut to
    ``USERNAME_KEPT`` characters: a 10,000-character name would not fit the lockout's column and
    PostgreSQL would refuse the row (a 500) instead of counting the failure."""
    given = (credentials or {}).get("username")
    if given is None:
        given = request.POST.get("username")
    return None if given is None else str(given)[:USERNAME_KEPT]
