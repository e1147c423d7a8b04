"""Who is asking: an API key (``Authorization: Bearer dogtag_…``) or a signed-in member of staff
(the session cookie, with Django's CSRF check on every unsafe method).

Either way ``request.user`` is the account that acts, so the staff pages' permission checks and
need-to-know rules apply as they are: a key acts as its own account, in the key's role.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from ninja.errors import HttpError
from ninja.security import HttpBearer
from ninja.security.apikey import APIKeyCookie
from ninja.utils import check_csrf

from dogtag.api import keys

SAFE_METHODS = {"GET", "HEAD", "OPTIONS", "TRACE"}


class KeyAuth(HttpBearer):
    """An API key an administrator issued, not revoked."""

    openapi_description = "An API key issued on Office → API keys: `Bearer dogtag_…`."

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        key = keys.authenticate(token)
        if key is None:
            return None
        request.user = key.user
        request.api_key = key  # type: ignore[attr-defined]
        return key.user


class StaffSession(APIKeyCookie):
    """The staff site's session, for the browser; an unsafe method needs the CSRF token
    (``X-CSRFToken``), as a form on the site does."""

    param_name = settings.SESSION_COOKIE_NAME

    def __init__(self) -> None:
        super().__init__(csrf=False)  # checked below, only once the session is known

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        if request.method not in SAFE_METHODS and check_csrf(request) is not None:
            raise HttpError(403, "CSRF check failed: send the X-CSRFToken header.")
        return user


AUTH = [KeyAuth(), StaffSession()]


def require(request: HttpRequest, *permissions: str) -> None:
    """``records.view_records`` and each of ``permissions``, as the staff pages ask (403)."""
    wanted = ("records.view_records", *permissions)
    if not request.user.has_perms(wanted):
        raise HttpError(403, "Your role may not do this.")


def clinic_of(request: HttpRequest) -> str:
    """The clinic the presented API key is for, for the clinics' own endpoints (rabies
    certificates, issue 13 item 2); 403 for a role's key or a staff session."""
    key = getattr(request, "api_key", None)
    if key is None or not key.clinic:
        raise HttpError(403, "Only a clinic's API key may do this.")
    return str(key.clinic)
