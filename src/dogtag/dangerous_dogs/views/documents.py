"""The case's documents, each a PDF made from the records (dangerous_dog.restrictions)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from dogtag.dangerous_dogs import documents, services
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, Revocation
from dogtag.dangerous_dogs.views._common import _case, _pdf
from dogtag.records.office import office_page

DESIGNATE = services.DESIGNATE
CONDUCT = services.CONDUCT
State = DangerousDogCase.State

# ------------------------------------------------------------------------------ documents


@require_GET
@office_page()
def notice_document(request: HttpRequest, number: str) -> HttpResponse:
    case = get_object_or_404(DangerousDogCase, number=number)
    if case.notice_issued_on is None:
        raise Http404("The notice has not been issued.")
    return _pdf(documents.notice_pdf(case), f"notice-{number}.pdf")


@require_GET
@office_page()
def hearing_notice_document(request: HttpRequest, number: str) -> HttpResponse:
    case = _case(number)
    hearing = case.designation_hearing
    if hearing is None or hearing.scheduled_at is None:
        raise Http404("No hearing is scheduled.")
    return _pdf(documents.hearing_notice_pdf(hearing), f"hearing-{number}.pdf")


@require_GET
@office_page()
def order_document(request: HttpRequest, number: str) -> HttpResponse:
    case = _case(number)
    hearing = case.designation_hearing
    order = getattr(hearing, "order", None) if hearing else None
    if order is None:
        raise Http404("No order has been issued.")
    return _pdf(documents.order_pdf(order), f"order-{number}.pdf")


@require_GET
@office_page()
def certificate_document(request: HttpRequest, number: str, certificate: str) -> HttpResponse:
    case = _case(number)
    registration = next(
        (r for r in case.registrations.all() if r.certificate_number == certificate), None
    )
    if registration is None:
        raise Http404(f"No certificate {certificate} in case {number}.")
    return _pdf(documents.certificate_pdf(registration), f"certificate-{certificate}.pdf")


@require_GET
@office_page()
def letter_document(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    event = get_object_or_404(
        CaseEvent.objects.select_related("case", "decision", "by"),
        pk=pk,
        case__number=number,
        kind=CaseEvent.Kind.REQUIREMENTS_MISSING,
    )
    return _pdf(documents.missing_requirements_pdf(event), f"requirements-{number}-{pk}.pdf")


@require_GET
@office_page()
def revocation_notice_document(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    revocation = get_object_or_404(
        Revocation.objects.select_related("case", "registration", "inspection", "decision"),
        pk=pk,
        case__number=number,
    )
    return _pdf(documents.revocation_notice_pdf(revocation), f"revocation-{number}-{pk}.pdf")
