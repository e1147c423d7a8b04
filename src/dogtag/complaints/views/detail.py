"""The complaint page: its evidence, findings, follow-ups and outcome, the forms of the steps the
rules core allows, and how a step's form goes to its service and back (``_act``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms as django_forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from dogtag.complaints import forms, queries, services
from dogtag.complaints.models import Complaint, Evidence
from dogtag.complaints.views._common import (
    INVESTIGATE,
    _complaint,
    complainant_practices,
    parcel_url,
)
from dogtag.records.errors import ServiceError
from dogtag.records.office import Done, form_action, office_page
from dogtag.records.pagination import record_page
from dogtag.records.private_data import (
    PRIVATE_COMPLAINT,
    Kind,
    may_see_complaint_private,
    record_view,
)
from dogtag.records.services import today

#: A form's cleaned data, as a step hands it to its service.
Data = dict[str, Any]
REFUSED = {
    forms.AssignForm: "Not assigned: nothing was written",
    forms.CloseForm: "Not closed: nothing was written",
    forms.FollowUpForm: "The follow-up was not recorded: nothing was written",
    forms.WithdrawForm: "The withdrawal was not recorded: nothing was written",
    forms.ReopenForm: "Not reopened: nothing was written",
}


def _evidence_forms(complaint: Complaint) -> dict[str, Any]:
    """The empty forms of the steps the rules core allows on this complaint today
    (``complaint_procedure``: which evidence and findings its kind takes, nothing once closed)."""
    allowed = services.procedure_state(complaint, today()).allowed
    made: dict[str, Any] = {}
    if "follow_up" in allowed:
        made["follow_up_form"] = forms.FollowUpForm(initial={"on": today()})
    if any(step.startswith("close.") for step in allowed) or "follow_up" in allowed:
        made["close_form"] = forms.CloseForm(initial={"decided_on": today()}, complaint=complaint)
    if "withdraw" in allowed:
        made["withdraw_form"] = forms.WithdrawForm(initial={"on": today()})
    if "reopen" in allowed:
        made["reopen_form"] = forms.ReopenForm(initial={"on": today()})
    waiting = [
        f
        for f in services.subsections(complaint, today())
        if f.outcome == "violation_found" and not f.facts.get("duty_on")
    ]
    if waiting and "follow_up" in allowed:
        made["duty_form"] = forms.NamedForm(prefix="duty", complaint=complaint)
    if "evidence" in allowed:
        made["file_form"] = forms.FileForm()
    if "noise_evidence" in allowed:
        made["times_form"] = forms.NoiseTimesForm(initial={"day": today()}, complaint=complaint)
        made["log_form"] = forms.NoiseLogForm()
        made["recording_form"] = forms.RecordingForm()
    if "at_large_findings" in allowed:
        made["at_large_form"] = forms.AtLargeForm(complaint=complaint)
    if "damage_findings" in allowed:
        made["damage_form"] = forms.DamageForm(complaint=complaint)
    if "prohibition_findings" in allowed:
        made["prohibition_form"] = forms.ProhibitionForm(kind=complaint.kind, complaint=complaint)
    if "acts_findings" in allowed:
        made["acts_form"] = forms.ActsForm(kind=complaint.kind, complaint=complaint)
    if "vehicle_incident" in allowed:
        made["vehicle_form"] = forms.VehicleForm(
            initial={"entered_by_animal_control": True}, complaint=complaint
        )
        made["attempts"] = forms.ContactAttempts(prefix="attempt")
    return made


def _detail(
    request: HttpRequest, complaint: Complaint, *, bound: dict[str, Any] | None = None
) -> HttpResponse:
    may_investigate = request.user.has_perm(INVESTIGATE)
    may_see = may_see_complaint_private(request.user)
    findings = queries.stored_findings(complaint)
    evidence = list(complaint.evidence.select_related("uploaded_by", "job"))
    if may_see:  # the page shows the complainant's identity: logged (need-to-know)
        record_view(request, Kind.COMPLAINANT_IDENTITY, f"Complaint {complaint.number}")
    context: dict[str, Any] = {
        "complaint": complaint,
        "dogs": list(complaint.dogs.all()),
        "parcel_url": parcel_url(complaint.parcel.pin) if complaint.parcel else "",
        "findings": findings,
        "events": record_page(
            request, queries.timeline(complaint, findings, show_private=may_see), "timeline"
        ),
        # read whole for the recordings' findings below; shown a page at a time
        "evidence": record_page(request, evidence, "evidence"),
        "pictures": queries.barking_pictures(evidence, findings, request.GET) if may_see else [],
        "analysing": any(e.analysis == Evidence.Analysis.ANALYSING for e in evidence),
        "may_see_private": may_see,
        "private_notice": PRIVATE_COMPLAINT,
        "follow_ups": list(complaint.follow_ups.select_related("by")),
        "outcomes": list(complaint.outcomes.select_related("by", "decision")),
        "is_open": complaint.status != Complaint.Status.CLOSED,
        "may_investigate": may_investigate,
        "vehicle_incident": getattr(complaint, "vehicle_incident", None),
        "subsections": services.subsections(complaint, today()),
        "log": list(complaint.log.select_related("by")),
        "practices": complainant_practices(),
        "point": (complaint.point or {}).get("coordinates"),
    }
    if may_investigate:
        context["assign_form"] = forms.AssignForm(
            officers=queries.investigators(),
            initial={"on": today(), "officer": complaint.assigned_to_id or request.user.pk},
        )
        context.update(_evidence_forms(complaint))
    if bound:
        context.update(bound)
        refused = next(f for f in bound.values() if isinstance(f, django_forms.Form))
        context["refused_form"] = refused
        context["refused_heading"] = REFUSED.get(type(refused), "Not recorded: nothing was written")
    return render(request, "complaints/detail.html", context)


@require_GET
@office_page()
def complaint_detail(request: HttpRequest, number: str) -> HttpResponse:
    return _detail(request, _complaint(number))


def _refuse(form: django_forms.BaseForm, exc: ServiceError) -> None:
    """The service's refusal on the form: a file that cannot be used at the file's field."""
    at_file = isinstance(exc, services.FileRefused) and "file" in form.fields
    form.add_error("file" if at_file else None, str(exc))


def _act(
    request: HttpRequest,
    complaint: Complaint,
    bound: dict[str, Any],
    call: Callable[[Data], str],
    anchor: str,
) -> HttpResponse:
    """One step's form (first in ``bound``, with the formsets it needs), one service
    (``records.office.form_action``): with valid input ``call`` hands the form's data to the
    service and says what was done, and the page goes back to the complaint at ``anchor``;
    otherwise (invalid input, or the service refused and wrote nothing) the complaint page shows
    ``bound`` with its errors."""
    form = next(iter(bound.values()))
    url = reverse("complaint_detail", args=[complaint.number]) + f"#{anchor}"

    def again(refused: ServiceError | None) -> HttpResponse:
        if refused is not None:
            _refuse(form, refused)
        return _detail(request, complaint, bound=bound)

    return form_action(
        request,
        valid=all(part.is_valid() for part in bound.values()),
        act=lambda: Done(call(form.cleaned_data), url),
        again=again,
    )
