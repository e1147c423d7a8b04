"""PDF documents for staff. Thin: parse the request, fetch the records, render the PDF.

Each view needs a signed-in user (else the sign-in page) holding ``records.view_records``
(else 403). A bad or missing parameter is a 400 naming it; an unknown number or an empty
selection is a 404 saying so, in plain text.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse

from dogtag.documents import licenses, receipts, reminders, tags
from dogtag.records.bounds import check_date

PERMISSION = "records.view_records"
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
LICENSE_NUMBER = re.compile(r"[A-Za-z0-9-]{1,20}")
MAX_LICENSES = 500


class BadParameter(ValueError):
    """A query parameter is missing or malformed; the message names it."""


def staff_document(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Signed in (else redirect to sign in) and allowed to view records (else 403)."""
    return login_required(permission_required(PERMISSION, raise_exception=True)(view))


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _plain(status: int, message: str) -> HttpResponse:
    return HttpResponse(message + "\n", status=status, content_type="text/plain; charset=utf-8")


def _date(request: HttpRequest, name: str) -> dt.date:
    raw = request.GET.get(name, "").strip()
    if not raw:
        raise BadParameter(f"{name} is missing: give a date as YYYY-MM-DD.")
    if not ISO_DATE.fullmatch(raw):
        raise BadParameter(f"{name} must be a date as YYYY-MM-DD, not {raw!r}.")
    try:
        value = dt.date.fromisoformat(raw)
    except ValueError:
        raise BadParameter(f"{name} is not a real date: {raw!r}.") from None
    try:
        check_date(value, name)
    except ValidationError as outside:
        raise BadParameter(outside.messages[0]) from None
    return value


def _range(request: HttpRequest, start: str, end: str) -> tuple[dt.date, dt.date]:
    first, last = _date(request, start), _date(request, end)
    if last < first:
        raise BadParameter(f"{end} ({last.isoformat()}) is before {start} ({first.isoformat()}).")
    return first, last


def _numbers(raw: str) -> list[str]:
    numbers = list(dict.fromkeys(n.strip() for n in raw.split(",") if n.strip()))
    if not numbers:
        raise BadParameter("licenses is empty: give license numbers separated by commas.")
    if len(numbers) > MAX_LICENSES:
        raise BadParameter(f"licenses lists {len(numbers)} numbers; give at most {MAX_LICENSES}.")
    bad = [n for n in numbers if not LICENSE_NUMBER.fullmatch(n)]
    if bad:
        raise BadParameter(f"licenses: {bad[0]!r} is not a license number (e.g. 2026-00001).")
    return numbers


@staff_document
def receipt(request: HttpRequest, number: str) -> HttpResponse:
    record = receipts.find(number)
    if record is None:
        return _plain(404, f"No receipt numbered {number}.")
    return _pdf(receipts.render(record), receipts.filename(record))


@staff_document
def license_certificate(request: HttpRequest, number: str) -> HttpResponse:
    record = licenses.find(number)
    if record is None:
        return _plain(404, f"No license numbered {number}.")
    return _pdf(licenses.render(record), licenses.filename(record))


@staff_document
def tag_sheet(request: HttpRequest) -> HttpResponse:
    by_number = "licenses" in request.GET
    by_dates = "issued_from" in request.GET or "issued_to" in request.GET
    try:
        if by_number and by_dates:
            raise BadParameter("Give either licenses or issued_from and issued_to, not both.")
        if by_number:
            selection, missing = tags.numbered(_numbers(request.GET["licenses"]))
            if missing:
                return _plain(404, f"No license numbered {', '.join(missing)}.")
        else:
            if not by_dates:
                raise BadParameter(
                    "Give issued_from and issued_to (YYYY-MM-DD), or licenses (license "
                    "numbers separated by commas)."
                )
            selection = tags.issued_between(*_range(request, "issued_from", "issued_to"))
            if not selection.licenses:
                return _plain(
                    404, f"No licenses in force were issued in that range: {selection.description}."
                )
    except BadParameter as problem:
        return _plain(400, str(problem))
    return _pdf(tags.render(selection), tags.filename(selection))


@staff_document
def renewal_reminders(request: HttpRequest) -> HttpResponse:
    try:
        start, end = _range(request, "expires_from", "expires_to")
    except BadParameter as problem:
        return _plain(400, str(problem))
    batch = reminders.letters(start, end)
    if not batch:
        return _plain(
            404,
            f"No licenses to remind: none in force expires from {start.isoformat()} to "
            f"{end.isoformat()} without a later license.",
        )
    return _pdf(reminders.render(start, end, batch), reminders.filename(start, end))
