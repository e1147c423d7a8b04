"""The notice of a case's designation, as a PDF."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from dogtag.dangerous_animals.documents import notice_pdf
from dogtag.dangerous_animals.views.pages import case_of
from dogtag.records.office import office_page
from dogtag.records.services import today


@require_GET
@office_page()
def notice_document(request: HttpRequest, number: str) -> HttpResponse:
    case = case_of(number)
    response = HttpResponse(notice_pdf(case, today()), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="notice-{case.number}.pdf"'
    return response
