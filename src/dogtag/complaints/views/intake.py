"""Intake: a complaint received (``vehicle.animal_left``, ``nuisance.owner_duty``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from dogtag.complaints import forms, services
from dogtag.complaints.views._common import RECEIVE, complainant_practices
from dogtag.records.errors import ServiceError
from dogtag.records.office import Done, form_action, office_page


@require_http_methods(["GET", "POST"])
@office_page(RECEIVE)
def complaint_new(request: HttpRequest) -> HttpResponse:
    """Intake. Opened from a dog's, owner's or parcel's page (``?dog=``, ``?owner=``,
    ``?parcel=PIN``), the form starts with them filled in and lists only that household's dogs."""
    form = forms.IntakeForm(request.POST or None, initial=forms.intake_initial(request.GET))
    form.narrow_to_household()

    def act() -> Done:
        complaint = services.receive_complaint(
            actor=request.user,  # type: ignore[arg-type]
            **form.service_fields(),
        )
        return Done(
            f"Complaint {complaint.number} received: {complaint.get_kind_display()}.",
            reverse("complaint_detail", args=[complaint.number]),
        )

    def again(refused: ServiceError | None) -> HttpResponse:
        if refused is not None:
            form.add_error(None, str(refused))
        context = {"form": form, "practices": complainant_practices()}
        return render(request, "complaints/new.html", context)

    return form_action(
        request, valid=request.method == "POST" and form.is_valid(), act=act, again=again
    )
