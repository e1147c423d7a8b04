"""Middleware of the records kernel (issue 10).

``PermissionsPolicyMiddleware``: response headers every page carries (production mode).

Permissions-Policy: the staff site needs no camera, microphone, location, payment or other powerful
browser feature, so every page denies them all, to itself and to anything it might embed.
(Content-Security-Policy comes from django-csp, Referrer-Policy from Django's SecurityMiddleware.)

``refuse_nul_bytes``: an address whose path or query string holds a NUL character (``%00``) is
answered 400 with a plain message before any view runs. No record holds one, and PostgreSQL
refuses it in any text parameter (a DataError, so a 500, wherever a view looks a number, PIN or
name up). One check here instead of one in every lookup (issue 10, item 5).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

DENIED_FEATURES = (
    "accelerometer",
    "autoplay",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "publickey-credentials-get",
    "usb",
)
PERMISSIONS_POLICY = ", ".join(f"{feature}=()" for feature in DENIED_FEATURES)


class PermissionsPolicyMiddleware:
    """Adds ``Permissions-Policy`` (every feature of DENIED_FEATURES off) unless a view set one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response


NUL = "\x00"
NUL_MESSAGE = "The address contains a NUL character (%00), which no record holds.\n"


def _holds_nul(request: HttpRequest) -> bool:
    if NUL in request.path:
        return True
    return any(NUL in key or any(NUL in v for v in values) for key, values in request.GET.lists())


def refuse_nul_bytes(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable:
    def middleware(request: HttpRequest) -> HttpResponse:
        if _holds_nul(request):
            return HttpResponse(NUL_MESSAGE, status=400, content_type="text/plain; charset=utf-8")
        return get_response(request)

    return middleware
