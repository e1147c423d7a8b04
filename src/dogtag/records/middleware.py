"""Response headers every page carries (issue 10, production mode).

Permissions-Policy: the staff site needs no camera, microphone, location, payment or other powerful
browser feature, so every page denies them all, to itself and to anything it might embed.
(Content-Security-Policy comes from django-csp, Referrer-Policy from Django's SecurityMiddleware.)
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
