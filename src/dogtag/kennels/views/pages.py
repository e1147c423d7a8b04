"""The kennel list, and a private kennel license's page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from dogtag.kennels import queries, services
from dogtag.kennels.models import PrivateKennelLicense
from dogtag.kennels.shape import inspected_before_issue
from dogtag.kennels.views.inspected import inspected_list
from dogtag.law.kennel_conditions import COMMERCIAL_STEPS
from dogtag.records.office import office_page
from dogtag.records.pagination import paginate, record_page
from dogtag.records.services import decisions_for, today

#: The next step as the kennel list says it, with the section that states it.
STEP_WORDS = {
    name: f"{what[0].upper()}{what[1:]} ({section})" for name, section, what in COMMERCIAL_STEPS
}


@office_page()
def kennel_list(request: HttpRequest) -> HttpResponse:
    if inspected_before_issue():  # Lino Lakes' kennel license, inspected before it issues
        return inspected_list(request)
    on = today()
    private = paginate(request, queries.private_licenses(), param="private_page", anchor="private")
    commercial = paginate(
        request,
        queries.commercial_licenses().order_by("-issued_on", "-id"),
        param="commercial_page",
        anchor="commercial",
    )
    applications = paginate(
        request, queries.applications(), param="applications_page", anchor="applications"
    )
    return render(
        request,
        "kennels/kennel_list.html",
        {
            "on": on,
            "private_listing": private,
            "commercial_listing": commercial,
            "applications_listing": applications,
            "private": [(license_, queries.in_force(license_, on)) for license_ in private],
            "commercial": [(license_, queries.in_force(license_, on)) for license_ in commercial],
            "applications": [
                (a, STEP_WORDS.get(services.next_step(a) or "", "")) for a in applications
            ],
        },
    )


@office_page()
def private_detail(request: HttpRequest, number: str) -> HttpResponse:
    license_ = get_object_or_404(
        PrivateKennelLicense.objects.select_related("holder", "parcel", "previous", "receipt"),
        number=number,
    )
    on = today()
    return render(
        request,
        "kennels/private_detail.html",
        {
            "license": license_,
            "in_force": queries.in_force(license_, on),
            "today": on,
            "replaced_by": PrivateKennelLicense.objects.filter(previous=license_).first(),
            "inspections": record_page(
                request,
                license_.inspections.select_related("inspector", "decision").order_by(
                    "-inspected_on", "-id"
                ),
                "inspections",
            ),
            "decisions": (
                decisions := record_page(
                    request,
                    decisions_for(license_).select_related("actor").order_by("at", "id"),
                    "decisions",
                )
            ),
            "decisions_listing": decisions,
        },
    )
