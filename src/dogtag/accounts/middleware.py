"""Two middlewares for signed-in staff: the idle sign-out notice and the two-step gate."""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import Resolver404, resolve, reverse

from dogtag.accounts import two_step

LAST_SEEN_COOKIE = "dogtag_last_seen"
LAST_SEEN_SALT = "dogtag.accounts.last-seen"
# Long enough to explain an ended session the next morning; the value holds only a time.
LAST_SEEN_MAX_AGE = 24 * 60 * 60


class IdleSignOutMiddleware:
    """Says on the sign-in page that the session ended for inactivity.

    The session itself ends through ``SESSION_COOKIE_AGE`` (saved on every request, so it counts
    from the last request). This middleware only remembers, in a signed cookie, when the signed-in
    user was last seen; when an anonymous request carries one older than the idle limit, it leaves
    a message for the sign-in page. Signing out forgets it, so no message follows a sign-out.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        last_seen = _last_seen(request)
        was_signed_in = request.user.is_authenticated
        idle_seconds = settings.DOGTAG_IDLE_MINUTES * 60
        if not was_signed_in and last_seen is not None and time.time() - last_seen >= idle_seconds:
            messages.info(
                request,
                f"You were signed out after {settings.DOGTAG_IDLE_MINUTES} minutes without "
                "activity. Sign in again to go on.",
            )
        response = self.get_response(request)
        if request.user.is_authenticated:
            response.set_signed_cookie(
                LAST_SEEN_COOKIE,
                str(int(time.time())),
                salt=LAST_SEEN_SALT,
                max_age=LAST_SEEN_MAX_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        elif last_seen is not None:
            response.delete_cookie(LAST_SEEN_COOKIE, samesite="Lax")
        return response


def _last_seen(request: HttpRequest) -> float | None:
    value = request.get_signed_cookie(
        LAST_SEEN_COOKIE, default=None, salt=LAST_SEEN_SALT, max_age=LAST_SEEN_MAX_AGE
    )
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


# Pages a signed-in user may reach before the second step: signing out, and the step itself.
_VERIFY_OPEN = frozenset({"logout", "two_step_verify"})
_ENROL_OPEN = frozenset({"logout", "two_step", "two_step_turn_on"})


class TwoStepMiddleware:
    """Holds a signed-in user at the two-step pages until they have done what is asked of them.

    A user with two-step verification on must give a code after the password before any other
    page (staff pages and the Django admin alike). With ``DOGTAG_REQUIRE_2FA`` a superuser or
    Administrator who has not turned it on is sent to turn it on. Static files never reach here
    (WhiteNoise answers them first); the prefix check below covers a front server that does not.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user
        if not user.is_authenticated or request.path.startswith(_static_prefix()):
            return self.get_response(request)
        try:
            name = resolve(request.path_info).url_name
        except Resolver404:
            name = None
        if two_step.has_two_step(user) and not user.is_verified():  # type: ignore[union-attr]
            if name not in _VERIFY_OPEN:
                return _send_to(request, "two_step_verify")
        elif two_step.must_turn_on(user) and name not in _ENROL_OPEN:
            return _send_to(request, "two_step_turn_on")
        return self.get_response(request)


def _static_prefix() -> str:
    static = str(settings.STATIC_URL)
    return static if static.startswith("/") else f"/{static}"


def _send_to(request: HttpRequest, url_name: str) -> HttpResponse:
    url = reverse(url_name)
    if request.method == "GET":
        url = f"{url}?{urlencode({'next': request.get_full_path()})}"
    if request.headers.get("HX-Request"):
        # An htmx fragment request: make the browser go to the page rather than swap it in.
        response = HttpResponse(status=200)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url)
