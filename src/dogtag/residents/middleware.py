"""The residents' site's language, and its own host.

``ResidentLanguageMiddleware``: pages under /residents/ speak the resident's language, chosen by
the language switcher (a cookie, ``set_language``) or else the browser's Accept-Language; every
other page (the staff site, the API) stays in English, the language staff work in, whatever the
browser says.

``PublicHostMiddleware``: when ``DOGTAG_PUBLIC_HOST`` names the host residents use (e.g.
dogs.nowthen.example), a request to that host reaches only the residents' site and the static
files: any staff address answers 404 there, so the staff site is not reachable from the public
host even in principle (issue 12: "staff pages never reachable from it").
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils import translation

PREFIX = "/residents/"


def is_public_path(path: str) -> bool:
    return path.startswith(PREFIX)


class ResidentLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_public_path(request.path_info):
            language = translation.get_language_from_request(request)
        else:
            language = settings.LANGUAGE_CODE
        # override, not activate: the language is the request's alone, and the thread goes back
        # to the one it had (a worker or test running after a Spanish page speaks English).
        with translation.override(language):
            request.LANGUAGE_CODE = translation.get_language()
            response = self.get_response(request)
        if is_public_path(request.path_info):
            response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
            # The same address answers in two languages: caches must keep them apart.
            vary = response.headers.get("Vary", "")
            if "Accept-Language" not in vary:
                response.headers["Vary"] = f"{vary}, Accept-Language" if vary else "Accept-Language"
        return response


class PublicHostMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        public_host = settings.DOGTAG_PUBLIC_HOST
        if public_host and request.get_host().split(":")[0].lower() == public_host:
            path = request.path_info
            if path == "/":
                return HttpResponseRedirect(PREFIX)
            static = "/" + settings.STATIC_URL.lstrip("/")
            if not (is_public_path(path) or path.startswith(static) or path == "/favicon.ico"):
                raise Http404("The residents' site has no such page.")
        return self.get_response(request)
