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

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from dogtag.law import params
from dogtag.law.provisions import UnknownProvision
from dogtag.records import law_parts

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
LOG = logging.getLogger(__name__)
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


class NotLawHereMiddleware:
    """A page whose law the city in force does not have answers 404, saying so (issue 27).

    A city that licenses no dogs (its package states no ``license.required``) has no licensing
    part: the counter's license screens, tags, receipts, online applications, clinics'
    certificates and the found-dog tag lookup answer the same way (``law_parts``).

    Lino Lakes' package states no kennel procedure, complaint procedure, dangerous-dog case or
    enclosure setbacks of the shapes Dogtag's rules take: a page built on them raises
    ``UnknownProvision`` (a provision the city's law does not state), ``ParameterDoesNotApply``
    (a value the city says does not apply) or ``UnknownParameter`` (a value its law does not
    set). Those pages are not offered in its menus; one reached by its address says why, in the
    city's words, instead of failing. Logged as a warning: in a city whose law has the page, it
    is a missing mapping to fix in its package.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., HttpResponse], *args: object
    ) -> HttpResponse | None:
        match = getattr(request, "resolver_match", None)
        module = getattr(view, "__module__", "") or ""
        part = law_parts.part_of(module, match.url_name if match is not None else None)
        if part is None:
            return None
        missing = law_parts.missing(part)
        if not missing:
            return None
        return self._not_law(request, missing)

    def _not_law(self, request: HttpRequest, missing: str) -> HttpResponse:
        """The page that says so, in the layout of the site asked (staff or residents'); the
        view is not run, so a POST changes nothing."""
        match = getattr(request, "resolver_match", None)
        residents = match is not None and match.namespaces[:1] == ["residents"]
        template = "residents/not_in_law.html" if residents else "not_in_law.html"
        context = {
            "city": params.default().city,
            "missing": missing,
            "no_license": missing == law_parts.missing("licensing"),
        }
        return render(request, template, context, status=404)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        city = params.default().city
        if isinstance(exception, UnknownProvision):
            missing = f"states no provision for {exception.concept.replace('_', ' ')}"
        elif isinstance(exception, params.ParameterDoesNotApply):
            missing = f"says {exception.key} does not apply: {exception.reason}"
        elif isinstance(exception, params.UnknownParameter):
            missing = f"sets no value for {exception.key}"
        else:
            return None
        LOG.warning("%s: not law in %s: %s", request.path, city.id, exception)
        return self._not_law(request, missing)
