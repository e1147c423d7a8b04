"""A kennel's inspection, private or commercial: the checklist of its conditions (the license's)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from dogtag.kennels import forms as kforms
from dogtag.kennels import services
from dogtag.kennels.models import CommercialKennelLicense, PrivateKennelLicense
from dogtag.kennels.views._common import INSPECT
from dogtag.records.errors import ServiceError
from dogtag.records.office import Done, form_action, office_page
from dogtag.records.services import today


def _inspect(
    request: HttpRequest,
    license_: PrivateKennelLicense | CommercialKennelLicense,
    detail_url: str,
) -> HttpResponse:
    commercial = isinstance(license_, CommercialKennelLicense)
    checklist = services.checklist(license_, today())
    form = kforms.InspectionForm(
        request.POST or None,
        initial={"inspected_on": today(), "reason": "periodic" if commercial else "complaint"},
        checklist=checklist,
        commercial=commercial,
    )

    def act() -> Done:
        data = form.cleaned_data
        inspection = services.record_inspection(
            license_=license_,
            reason=data["reason"],
            inspected_on=data["inspected_on"],
            results=[services.Checked(*answer) for answer in form.answers()],
            actor=request.user,
            complaint_summary=data["complaint_summary"],
            dogs_counted=data["dogs_counted"],
            feces_well_distance_feet=data.get("feces_well_distance_feet"),
            notes=data["notes"],
        )
        return Done(inspection.decision.findings[0]["message"], f"{detail_url}#inspections")

    def again(refused: ServiceError | None) -> HttpResponse:
        context = {
            "form": form,
            "problem": str(refused) if refused is not None else "",
            "license": license_,
            "commercial": commercial,
            "detail_url": detail_url,
        }
        return render(request, "kennels/inspection_form.html", context)

    valid = request.method == "POST" and form.is_valid()
    return form_action(request, valid=valid, act=act, again=again)


@office_page(INSPECT)
def private_inspect(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        PrivateKennelLicense.objects.select_related("holder", "parcel"), number=number
    )
    return _inspect(request, license_, reverse("kennel_private_detail", args=[license_.number]))


@office_page(INSPECT)
def commercial_inspect(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        CommercialKennelLicense.objects.select_related("holder", "parcel", "application"),
        number=number,
    )
    url = reverse("kennel_commercial_detail", args=[license_.application.number])
    return _inspect(request, license_, url)
