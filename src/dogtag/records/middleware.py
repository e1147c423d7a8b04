"""Middleware of the records kernel.

``refuse_nul_bytes``: an address whose path or query string holds a NUL character (``%00``) is
answered 400 with a plain message before any view runs. No record holds one, and PostgreSQL
refuses it in any text parameter (a DataError, so a 500, wherever a view looks a number, PIN or
name up). One check here instead of one in every lookup (issue 10, item 5).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

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
