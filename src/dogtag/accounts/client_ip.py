"""The client's address for counting failed sign-ins (django-axes ``AXES_CLIENT_IP_CALLABLE``), the
residents' rate limits and the found-dog log."""

from __future__ import annotations

from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The address the request came from, as far as the city's own proxies can vouch for it.

    That is ``REMOTE_ADDR`` as ``dogtag.serving.edge`` leaves it, under either server: behind
    ``DOGTAG_PROXY_COUNT`` proxies, the address the outermost of them received the request from
    (what the client wrote into X-Forwarded-For is skipped); without proxies, or from a peer
    that is not ``DOGTAG_TRUSTED_PROXY``, the connection's own. The headers are read there, once,
    and never again here: a second reading would apply the count twice.
    """
    return str(request.META.get("REMOTE_ADDR") or "")


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
