"""The kennel documents, as PDFs: the licenses' certificates, and the notice of the hearing's
mailing labels and letters (``commercial_kennel.hearing_notice``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from dogtag.kennels import documents as kennel_notices
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    PrivateKennelLicense,
)
from dogtag.records.office import office_page


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@office_page()
def private_certificate(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        PrivateKennelLicense.objects.select_related("holder", "parcel", "receipt"), number=number
    )
    return _pdf(kennel_notices.private_certificate(license_), f"{license_.number}.pdf")


@office_page()
def commercial_certificate(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        CommercialKennelLicense.objects.select_related(
            "holder", "parcel", "application", "previous"
        ),
        number=number,
    )
    return _pdf(kennel_notices.commercial_certificate(license_), f"{license_.number}.pdf")


@office_page()
def notice_labels(request: HttpRequest, number: str) -> HttpResponse:
    application = get_object_or_404(CommercialKennelApplication, number=number)
    if application.notice_list_drawn_on is None:
        raise Http404("The notice list is not drawn yet.")
    return _pdf(kennel_notices.mailing_labels(application), f"{number}-labels.pdf")


@office_page()
def notice_letters(request: HttpRequest, number: str) -> HttpResponse:
    application = get_object_or_404(
        CommercialKennelApplication.objects.select_related("applicant", "parcel"), number=number
    )
    if application.notice_list_drawn_on is None:
        raise Http404("The notice list is not drawn yet.")
    return _pdf(kennel_notices.notice_letters(application), f"{number}-notice-letters.pdf")
