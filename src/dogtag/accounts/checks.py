"""Deployment checks of the sign-in protections (issue 25), run by `dogtag manage check --deploy`
and by `dogtag serve`, which refuses to serve on an error. Registered by ``AccountsConfig.ready``
with the tag ``dogtag``."""

from __future__ import annotations

from django.conf import settings
from django.core import checks
from django.db import DatabaseError

from dogtag.accounts import two_step


def check_proxy_count(**kwargs: object) -> list[checks.CheckMessage]:
    """Behind a TLS proxy with no count of proxies, every client has the proxy's address: the
    lockout would lock everyone out at once (and the residents' rate limits count everyone
    together)."""
    if not (settings.DOGTAG_HTTPS and settings.DOGTAG_PROXY_COUNT == 0):
        return []
    return [
        checks.Error(
            "DOGTAG_HTTPS is on, so Dogtag is behind a TLS proxy, but DOGTAG_PROXY_COUNT is 0: "
            "every request would carry the proxy's address, and "
            f"{settings.AXES_FAILURE_LIMIT} failed sign-ins from anyone would lock out every "
            "staff member and resident.",
            hint="Set DOGTAG_PROXY_COUNT to the number of proxies in front of Dogtag that add "
            "to X-Forwarded-For (1 for one proxy, as in the README's Caddy and nginx examples).",
            id="dogtag.E003",
        )
    ]


def check_two_step(**kwargs: object) -> list[checks.CheckMessage]:
    """Production asks administrators for a second step; say so when it does not."""
    try:
        required = two_step.required_of_administrators()
    except DatabaseError:  # not set up yet: nothing is stored, so nothing is required
        required = False
    if required:
        return []
    if settings.DOGTAG_REQUIRE_2FA is False:
        hint = "DOGTAG_REQUIRE_2FA=0 turns it off: remove it, or set it to 1."
    else:
        hint = "Run `dogtag setup`, which turns it on, or set DOGTAG_REQUIRE_2FA=1."
    return [
        checks.Warning(
            "Two-step verification is not required of superusers and Administrators: their "
            "password alone opens every record and every account.",
            hint=hint,
            id="dogtag.W004",
        )
    ]
