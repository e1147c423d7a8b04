"""The complaint pages (City Code 3-2-4, 3-2-7): the queue, intake, the complaint with its evidence,
findings, follow-ups and outcome, evidence downloads and the map.

Thin: a form parses the input, one service in ``services.py`` acts (or ``queries.py`` reads), the
page renders. A refused action (``ServiceError``) re-renders the page with the service's message in
the error summary; the service wrote nothing. Every page needs ``records.view_records``; intake
needs ``records.receive_complaint``; assignment, evidence, findings, follow-ups and the outcome need
``records.investigate_complaint`` (403 otherwise), and the page shows only the forms the user may
use.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django import forms as django_forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogtag.complaints import forms, queries, services
from dogtag.complaints.map import MARKERS, complaint_map, legend_svg
from dogtag.complaints.models import Complaint, Evidence, Outcome
from dogtag.licensing.data_practices import PRIVATE, classification
from dogtag.licensing.models import Dog
from dogtag.parcels.models import Parcel
from dogtag.records.errors import ServiceError
from dogtag.records.office import office_page
from dogtag.records.pagination import paginate, record_page
from dogtag.records.private_data import (
    PRIVATE_COMPLAINT,
    Kind,
    may_see_complaint_private,
    record_view,
)
from dogtag.records.services import today

RECEIVE = "records.receive_complaint"
INVESTIGATE = "records.investigate_complaint"
PAGE_SIZE = 25
REFUSED = {
    forms.AssignForm: "Not assigned: nothing was written",
    forms.CloseForm: "Not closed: nothing was written",
    forms.FollowUpForm: "The follow-up was not recorded: nothing was written",
    forms.WithdrawForm: "The withdrawal was not recorded: nothing was written",
    forms.ReopenForm: "Not reopened: nothing was written",
}
COMPLAINANT_FIELDS = {
    "complainant_name": "name",
    "complainant_phone": "phone number",
    "complainant_address": "address",
}


def parcel_url(pin: str) -> str:
    """The parcel's page; ``/parcels/<pin>/`` if the parcel pages are not wired yet."""
    try:
        return reverse("parcel_detail", args=[pin])
    except NoReverseMatch:
        return f"/parcels/{pin}/"


def _complaint(number: str) -> Complaint:
    return get_object_or_404(
        Complaint.objects.select_related(
            "parcel", "owner", "assigned_to", "received_by"
        ).prefetch_related(Prefetch("dogs", queryset=Dog.objects.select_related("owner"))),
        number=number,
    )


# ------------------------------------------------------------------------------------ queue


@require_GET
@office_page()
def complaint_list(request: HttpRequest) -> HttpResponse:
    officers = queries.investigators()
    form = forms.QueueForm(request.GET or None, officers=officers)
    filters = queries.QueueFilters()
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        filters = queries.QueueFilters(
            kind=d["kind"],
            status=d["status"],
            assigned_to=d["assigned_to"],
            received_from=d["received_from"],
            received_to=d["received_to"],
            place=d["place"],
            mine=d["mine"],
            order=d["order"] or "oldest_open",
        )
    rows = queries.queue(filters, request.user)  # type: ignore[arg-type]
    # counts per status over the other filters (the status filter would hide the rest)
    counted = queries.queue(
        queries.QueueFilters(**{**filters.__dict__, "status": ""}),
        request.user,  # type: ignore[arg-type]
    )
    listing = paginate(request, rows, per_page=PAGE_SIZE, noun="page")
    page = listing.page
    complaints = listing.rows
    repeats = queries.repeat_counts(complaints)
    return render(
        request,
        "complaints/list.html",
        {
            "form": form,
            "page": page,
            "listing": listing,
            "rows": [(c, repeats.get(c.pk, 0)) for c in complaints],
            "status_counts": queries.status_counts(counted),
            "may_receive": request.user.has_perm(RECEIVE),
        },
    )


# ----------------------------------------------------------------------------------- intake


def complainant_practices() -> dict[str, Any]:
    """Which complainant fields the City classifies private (``data_practices.py``)."""
    table = classification()
    private = [
        word
        for name, word in COMPLAINANT_FIELDS.items()
        if table.get(f"complaint.{name}") and table[f"complaint.{name}"].classification == PRIVATE
    ]
    return {"private": private, "all_private": len(private) == len(COMPLAINANT_FIELDS)}


@require_http_methods(["GET", "POST"])
@office_page(RECEIVE)
def complaint_new(request: HttpRequest) -> HttpResponse:
    """Intake. Opened from a dog's, owner's or parcel's page (``?dog=``, ``?owner=``,
    ``?parcel=PIN``), the form starts with them filled in and lists only that household's dogs."""
    form = forms.IntakeForm(request.POST or None, initial=forms.intake_initial(request.GET))
    form.narrow_to_household()
    if request.method == "POST" and form.is_valid():
        try:
            complaint = services.receive_complaint(
                actor=request.user,  # type: ignore[arg-type]
                **form.service_fields(),
            )
        except ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                f"Complaint {complaint.number} received: {complaint.get_kind_display()}.",
            )
            return redirect("complaint_detail", number=complaint.number)
    return render(
        request,
        "complaints/new.html",
        {"form": form, "practices": complainant_practices()},
    )


# ------------------------------------------------------------------------------ the complaint


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


def _done(request: HttpRequest, complaint: Complaint, message: str, anchor: str) -> HttpResponse:
    messages.success(request, message)
    return redirect(reverse("complaint_detail", args=[complaint.number]) + f"#{anchor}")


def _refuse(form: django_forms.BaseForm, exc: ServiceError) -> None:
    """The service's refusal on the form: a file that cannot be used at the file's field."""
    at_file = isinstance(exc, services.FileRefused) and "file" in form.fields
    form.add_error("file" if at_file else None, str(exc))


def _act(
    request: HttpRequest,
    complaint: Complaint,
    form: django_forms.Form,
    key: str,
    call: Callable[[dict[str, Any]], object],
    done: str | Callable[[dict[str, Any]], str],
    anchor: str,
) -> HttpResponse:
    """One form, one service: with valid input call the service and go back to the complaint with
    ``done``; otherwise (invalid input, or the service refused and wrote nothing) show the
    complaint page with the form and its errors."""
    if form.is_valid():
        data = form.cleaned_data
        try:
            call(data)
        except ServiceError as exc:
            _refuse(form, exc)
        else:
            return _done(request, complaint, done(data) if callable(done) else done, anchor)
    return _detail(request, complaint, bound={key: form})


@require_POST
@office_page(INVESTIGATE)
def complaint_assign(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        forms.AssignForm(request.POST, officers=queries.investigators()),
        "assign_form",
        lambda d: services.assign(complaint, officer=d["officer"], on=d["on"], actor=actor),
        lambda d: f"Assigned to {d['officer']}.",
        "assignment",
    )


@require_POST
@office_page(INVESTIGATE)
def evidence_times(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        form := forms.NoiseTimesForm(request.POST, complaint=complaint),
        "times_form",
        lambda d: services.add_noise_times(
            complaint,
            noises=d["noises"],
            none_heard=bool(d.get("none_heard")),
            description=d["description"],
            on=today(),
            actor=actor,
            named=form.named(),
        ),
        "Noise times recorded and 3-2-7.A applied.",
        "barking",
    )


@require_POST
@office_page(INVESTIGATE)
def evidence_log(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        forms.NoiseLogForm(request.POST, request.FILES),
        "log_form",
        lambda d: services.add_noise_log(
            complaint,
            upload=d["file"],
            filename=d["file"].name,
            log_date=d["log_date"],
            on=today(),
            actor=actor,
        ),
        lambda d: f"Noise log {d['file'].name} kept and 3-2-7.A applied.",
        "barking",
    )


@require_POST
@office_page(INVESTIGATE)
def evidence_recording(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.RecordingForm(request.POST, request.FILES)
    return _act(
        request,
        complaint,
        form,
        "recording_form",
        lambda d: services.add_recording(
            complaint,
            upload=d["file"],
            filename=d["file"].name,
            started_at=form.started_at,
            description=d["description"],
            on=today(),
            actor=actor,
        ),
        lambda d: (
            f"Recording {d['file'].name} kept. Its barks are being found in the background; "
            "3-2-7.A is applied when they are."
        ),
        "evidence",
    )


@require_POST
@office_page(INVESTIGATE)
def evidence_file(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        forms.FileForm(request.POST, request.FILES),
        "file_form",
        lambda d: services.add_file(
            complaint,
            kind=d["kind"],
            upload=d["file"],
            filename=d["file"].name,
            description=d["description"],
            actor=actor,
        ),
        lambda d: f"File {d['file'].name} kept.",
        "evidence",
    )


@require_POST
@office_page(INVESTIGATE)
def finding_at_large(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.AtLargeForm(request.POST, complaint=complaint)
    return _act(
        request,
        complaint,
        form,
        "at_large_form",
        lambda d: services.record_at_large(
            complaint, facts=form.facts(), on=today(), actor=actor, named=form.named()
        ),
        "Facts recorded and 3-2-7.D applied.",
        "findings",
    )


@require_POST
@office_page(INVESTIGATE)
def finding_damage(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        form := forms.DamageForm(request.POST, complaint=complaint),
        "damage_form",
        lambda d: services.record_damage(
            complaint,
            damage_done=d["damage_done"],
            damaged_owner_own=d["damaged_owner_own"],
            in_defense_of=d["in_defense_of"],
            on=today(),
            actor=actor,
            named=form.named(),
        ),
        "Facts recorded and 3-2-7.B applied.",
        "findings",
    )


@require_POST
@office_page(INVESTIGATE)
def finding_acts(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        form := forms.ActsForm(request.POST, kind=complaint.kind, complaint=complaint),
        "acts_form",
        lambda d: services.record_acts(
            complaint,
            acts=d["acts"],
            none_found=bool(d.get("none_found")),
            named=form.named(),
            on_public_grounds_streets_or_highways=bool(
                d.get("on_public_grounds_streets_or_highways")
            ),
            on=today(),
            actor=actor,
        ),
        "Acts recorded and the rule applied.",
        "findings",
    )


@require_POST
@office_page(INVESTIGATE)
def finding_vehicle(request: HttpRequest, number: str) -> HttpResponse:
    complaint = _complaint(number)
    form = forms.VehicleForm(request.POST, complaint=complaint)
    attempts = forms.ContactAttempts(request.POST, prefix="attempt")
    valid = [form.is_valid(), attempts.is_valid()]
    for number, row in enumerate(attempts.forms, start=1):
        for problem in row.non_field_errors():
            form.add_error(None, f"Attempt to contact the owner, row {number}: {problem}")
    for problem in attempts.non_form_errors():
        form.add_error(None, f"Attempts to contact the owner: {problem}")
    if all(valid) and not form.errors:
        d = form.cleaned_data
        try:
            services.record_vehicle_incident(
                complaint,
                on=today(),
                actor=request.user,  # type: ignore[arg-type]
                named=form.named(),
                animal=d["animal"],
                vehicle=d["vehicle"].strip(),
                left_unattended=d["left_unattended"],
                vehicle_standing_or_parked=d["vehicle_standing_or_parked"],
                health_or_safety_endangered=d["health_or_safety_endangered"],
                conditions=d["conditions"].strip(),
                forced_entry=d["forced_entry"],
                entered_by_animal_control=d["entered_by_animal_control"],
                owner_contact_attempts=forms.contact_attempts(attempts),
                owner_reached=d["owner_reached"],
                taken_to=d["taken_to"].strip(),
                taken_to_shelter=d["taken_to_shelter"],
            )
        except ServiceError as exc:
            _refuse(form, exc)
        else:
            return _done(request, complaint, "Incident recorded and 3-2-4 applied.", "findings")
    return _detail(request, complaint, bound={"vehicle_form": form, "attempts": attempts})


@require_POST
@office_page(INVESTIGATE)
def follow_up_new(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        forms.FollowUpForm(request.POST),
        "follow_up_form",
        lambda d: services.add_follow_up(complaint, on=d["on"], note=d["note"], actor=actor),
        "Follow-up recorded.",
        "follow-ups",
    )


@require_POST
@office_page(INVESTIGATE)
def complaint_close(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        forms.CloseForm(request.POST, complaint=complaint),
        "close_form",
        lambda d: services.close(
            complaint,
            outcome=d["outcome"],
            decided_on=d["decided_on"],
            note=d["note"],
            actor=actor,
            dog=d.get("dog"),
        ),
        lambda d: f"Complaint {complaint.number} closed: {Outcome.Kind(d['outcome']).label}.",
        "outcome",
    )


@require_POST
@office_page(INVESTIGATE)
def finding_duty(request: HttpRequest, number: str) -> HttpResponse:
    """Name whom the duty falls on for the violations found that name no one yet."""
    complaint, actor = _complaint(number), request.user
    form = forms.NamedForm(request.POST, prefix="duty", complaint=complaint)
    return _act(
        request,
        complaint,
        form,
        "duty_form",
        lambda d: services.name_duty(complaint, named=form.named(), on=today(), actor=actor),
        "Whom the duty falls on is recorded.",
        "findings",
    )


@require_POST
@office_page(INVESTIGATE)
def complaint_withdraw(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        forms.WithdrawForm(request.POST),
        "withdraw_form",
        lambda d: services.withdraw(complaint, on=d["on"], note=d["note"], actor=actor),
        "The complainant's withdrawal is recorded.",
        "outcome",
    )


@require_POST
@office_page(INVESTIGATE)
def complaint_reopen(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    return _act(
        request,
        complaint,
        forms.ReopenForm(request.POST),
        "reopen_form",
        lambda d: services.reopen(
            complaint, on=d["on"], new_evidence=d["new_evidence"], actor=actor
        ),
        f"Complaint {complaint.number} reopened on new evidence.",
        "outcome",
    )


@require_GET
@office_page()
def evidence_analysis(request: HttpRequest, number: str, pk: int) -> HttpResponse:
    """Where a recording's analysis stands: the fragment the complaint page's htmx polls while it
    runs (``_analysis.html``); a plain request goes to the complaint page."""
    item = get_object_or_404(
        Evidence.objects.select_related("job", "complaint"),
        pk=pk,
        complaint__number=number,
        kind=Evidence.Kind.RECORDING,
    )
    if not request.headers.get("HX-Request"):
        return redirect(reverse("complaint_detail", args=[number]) + f"#evidence-{item.pk}")
    context = {"item": item, "complaint": item.complaint, "live": True}
    return render(request, "complaints/_analysis.html", context)


@require_GET
@office_page()
def evidence_download(request: HttpRequest, number: str, pk: int) -> FileResponse:
    """An evidence file, only for holders of ``records.view_complaint_private`` (403 for others:
    Minn. Stat. 13.44 subd. 1), never via MEDIA_URL; each download is logged."""
    if not may_see_complaint_private(request.user):
        raise PermissionDenied(PRIVATE_COMPLAINT)
    item = get_object_or_404(Evidence, pk=pk, complaint__number=number)
    if not item.file:
        raise Http404("This evidence has no file.")
    record_view(request, Kind.COMPLAINT_EVIDENCE, f"Evidence #{item.pk} of complaint {number}")
    response = FileResponse(
        item.file.open("rb"),
        as_attachment=True,
        filename=item.original_name or item.file.name.rsplit("/", 1)[-1],
    )
    response["X-Content-SHA256"] = item.sha256
    response["Cache-Control"] = "private, no-store"
    return response


# -------------------------------------------------------------------------------------- map


@require_GET
@office_page()
def map_view(request: HttpRequest) -> HttpResponse:
    form = forms.MapForm(request.GET or None)
    rows = Complaint.objects.select_related("parcel").order_by("received_at", "id")
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        if d["kind"]:
            rows = rows.filter(kind=d["kind"])
        if d["received_from"]:
            rows = rows.filter(received_at__gte=queries.city_midnight(d["received_from"]))
        if d["received_to"]:
            rows = rows.filter(
                received_at__lt=queries.city_midnight(d["received_to"] + dt.timedelta(days=1))
            )
    parcels = Parcel.objects.only("pk", "boundary").order_by("pk")
    drawn = complaint_map(list(rows), parcels.iterator(chunk_size=500))
    legend = [
        {
            "kind": kind,
            "label": label,
            "shape": shape,
            "icon": legend_svg(shape, colour),
            "mapped": mapped,
            "total": total,
        }
        for kind, label, shape, colour, mapped, total in drawn.counts
    ]
    return render(
        request,
        "complaints/map.html",
        {
            "form": form,
            "map": drawn,
            "legend": legend,
            "total": sum(row["total"] for row in legend),
            "shapes": {k: v[0] for k, v in MARKERS.items()},
        },
    )
