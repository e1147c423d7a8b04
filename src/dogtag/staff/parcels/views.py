"""Parcel and enclosure pages (the dog limit, the enclosures): the parcel list and page with its map,
enclosures, the shelter-size check, notices of compliance and their PDF, and the lot lines.

Thin: a form parses the input, one service acts (or a query reads), the page renders. A refused
action (``ServiceError``) re-renders the form with the message and the findings; nothing was
written. Every page needs ``records.view_records``; enclosures and photos ``record_enclosure``,
notices ``issue_compliance_notice``, lot lines ``manage_parcels`` (403 otherwise).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogtag.complaints.queries import history_for
from dogtag.dangerous_dogs.queries import cases_for
from dogtag.documents.compliance_notices import notice_pdf
from dogtag.law.provisions import cite
from dogtag.parcels import services
from dogtag.parcels.forms import (
    ComplianceForm,
    ComplianceNoticeForm,
    EnclosureForm,
    EnclosurePhotoForm,
    LotLinesForm,
    MoveForm,
    ParcelSearchForm,
    ShelterCheckForm,
)
from dogtag.parcels.models import ComplianceNotice, Enclosure, EnclosurePhoto, Parcel
from dogtag.records.law_parts import law_has
from dogtag.records.office import office_page
from dogtag.records.pagination import paginate, record_page
from dogtag.records.services import city_params, decisions_for, today
from dogtag.records.versions import CONFLICT_HEADING, EditConflict, version_of
from dogtag.staff.parcels import queries
from dogtag.staff.parcels.map import parcel_map

RECORD_ENCLOSURE = "records.record_enclosure"
ISSUE_NOTICE = "records.issue_compliance_notice"
MANAGE_PARCELS = "records.manage_parcels"


def _enclosure(pk: int) -> Enclosure:
    return get_object_or_404(
        Enclosure.objects.select_related("parcel", "decision", "recorded_by"), pk=pk
    )


# --------------------------------------------------------------------------------- parcels


@require_GET
@office_page()
def parcel_list(request: HttpRequest) -> HttpResponse:
    form = ParcelSearchForm(request.GET or None)
    text = form.cleaned_data["q"].strip() if form.is_valid() else ""
    listing = paginate(
        request, queries.search(text), per_page=queries.PARCELS_PER_PAGE, anchor="parcel-results"
    )
    return render(
        request,
        "parcels/parcel_list.html",
        {"form": form, "page": listing.page, "listing": listing, "q": text},
    )


@require_GET
@office_page()
def parcel_detail(request: HttpRequest, pin: str) -> HttpResponse:
    parcel = get_object_or_404(Parcel.objects.prefetch_related("structures"), pin=pin)
    on = today()
    summary = queries.parcel_summary(parcel, on)
    current = [row.report for row in summary.enclosures if row.enclosure.removed_on is None]
    return render(
        request,
        "parcels/parcel_detail.html",
        {
            "parcel": parcel,
            "summary": summary,
            "notices": record_page(request, list(summary.notices), "notices"),
            "map": parcel_map(parcel, current, on),
            "lot_lines": services.lot_line_set(parcel) if law_has()["enclosures"] else None,
            "today": on,
            "complaint_history": (complaints := history_for(parcel=parcel)),
            "complaints_listing": record_page(request, complaints.complaints, "complaints"),
            "dangerous_dog_cases": cases_for(parcel=parcel),
        },
    )


@require_http_methods(["GET", "POST"])
@office_page(MANAGE_PARCELS)
def parcel_lot_lines(request: HttpRequest, pin: str) -> HttpResponse:
    """``enclosure.placement``: set which boundary edges are the side and rear lot lines, or go back to those
    derived from the road frontage."""
    parcel = get_object_or_404(Parcel, pin=pin)
    lot_lines, form = _lot_lines_form(parcel, request.POST or None)
    problem, heading = "", "Not done"
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if "clear" in request.POST:
                services.clear_lot_lines(
                    parcel=parcel,
                    reason=data["reason"],
                    actor=request.user,
                    version=data["version"],
                )
                messages.success(request, "The lot lines are derived from the road frontage again.")
            else:
                services.set_lot_lines(
                    parcel=parcel,
                    side=data["side"],
                    rear=data["rear"],
                    reason=data["reason"],
                    actor=request.user,
                    version=data["version"],
                )
                messages.success(request, f"Lot lines of parcel {parcel.pin} saved.")
            return redirect("parcel_detail", pin=parcel.pin)
        except EditConflict as exc:
            # nothing was saved: show the parcel's lot lines as they are now, at its new version
            problem, heading = str(exc), CONFLICT_HEADING
            parcel.refresh_from_db()
            lot_lines, form = _lot_lines_form(parcel)
        except services.ServiceError as exc:
            problem = str(exc)
    on = today()
    return render(
        request,
        "parcels/lot_lines_form.html",
        {
            "parcel": parcel,
            "form": form,
            "problem": problem,
            "problem_heading": heading,
            "lot_lines": lot_lines,
            "map": parcel_map(parcel, [], on),
        },
    )


def _lot_lines_form(parcel: Parcel, data: Any = None) -> tuple[services.LotLineSet, LotLinesForm]:
    lot_lines = services.lot_line_set(parcel)
    edges = [
        (i, f"Edge {i}: now {kind}, {queries.feet(edge.length)} long")
        for i, (edge, kind) in enumerate(zip(lot_lines.edges, lot_lines.kinds, strict=True))
    ]
    initial = {
        "side": [str(i) for i in lot_lines.indexes("side")],
        "rear": [str(i) for i in lot_lines.indexes("rear")],
        "version": version_of(parcel),
    }
    return lot_lines, LotLinesForm(edges, data, initial=initial)


@require_http_methods(["GET", "POST"])
@office_page(RECORD_ENCLOSURE)
def enclosure_new(request: HttpRequest, pin: str) -> HttpResponse:
    parcel = get_object_or_404(Parcel, pin=pin)
    form = EnclosureForm(request.POST or None)
    problem = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            enclosure, check = services.record_enclosure(
                parcel=parcel,
                location=data["location"],
                constructed_on=data["constructed_on"],
                label=data["label"],
                floor_area=data["floor_area"],
                shaded=data["shaded"],
                notes=data["notes"],
                actor=request.user,
            )
        except services.ServiceError as exc:
            problem = str(exc)
        else:
            failures = check.failures
            if failures:
                messages.warning(
                    request,
                    f"{enclosure.label} recorded. Its placement does not comply with "
                    f"{cite('enclosure.placement')}: " + " ".join(f.message for f in failures),
                )
            else:
                messages.success(request, f"{enclosure.label} recorded.")
            return redirect("enclosure_detail", pk=enclosure.pk)
    return render(
        request,
        "parcels/enclosure_form.html",
        {"parcel": parcel, "form": form, "problem": problem, "enclosure": None},
    )


@require_http_methods(["GET", "POST"])
@office_page(RECORD_ENCLOSURE)
def enclosure_move(request: HttpRequest, pk: int) -> HttpResponse:
    enclosure = _enclosure(pk)
    form = MoveForm(request.POST or None, initial={"version": version_of(enclosure)})
    problem, heading = "", "Not done"
    if request.method == "POST" and form.is_valid():
        try:
            services.move_enclosure(
                enclosure=enclosure,
                location=form.cleaned_data["location"],
                reason=form.cleaned_data["reason"],
                actor=request.user,
                version=form.cleaned_data["version"],
            )
        except EditConflict as exc:
            # nothing was saved: the form is opened again on the enclosure as it is now, with
            # what was typed kept, so the officer can check it against the newer location
            problem, heading = str(exc), CONFLICT_HEADING
            data = request.POST.copy()
            data["version"] = str(exc.version)
            form = MoveForm(data, initial={"version": exc.version})
            form.is_valid()
        except services.ServiceError as exc:
            problem = str(exc)
        else:
            messages.success(request, f"New location of {enclosure.label} recorded.")
            return redirect("enclosure_detail", pk=enclosure.pk)
    return render(
        request,
        "parcels/enclosure_form.html",
        {
            "parcel": enclosure.parcel,
            "form": form,
            "problem": problem,
            "problem_heading": heading,
            "enclosure": enclosure,
        },
    )


@require_GET
@office_page()
def enclosure_detail(request: HttpRequest, pk: int) -> HttpResponse:
    enclosure = get_object_or_404(
        Enclosure.objects.select_related("parcel", "decision", "recorded_by").prefetch_related(
            "compliance_notices"
        ),
        pk=pk,
    )
    on = today()
    params = city_params()
    report = queries.placement_report(enclosure, on, params)
    notices = list(enclosure.compliance_notices.all())
    open_notice = next((n for n in notices if n.complied_on is None), None)
    return render(
        request,
        "parcels/enclosure_detail.html",
        {
            "enclosure": enclosure,
            "parcel": enclosure.parcel,
            "report": report,
            "map": parcel_map(enclosure.parcel, [report], on, params=params),
            # The notices are read whole for the rule (``enclosure.applicability`` asks about the
            # latest ones) and shown a page at a time; the photos are read a page at a time.
            "notices": record_page(request, notices, "notices"),
            "photos": record_page(
                request, enclosure.photos.order_by("uploaded_at", "id"), "photos"
            ),
            "open_notice": open_notice,
            "notice_form": ComplianceNoticeForm(),
            "compliance_form": ComplianceForm(initial={"complied_on": on}),
            "photo_form": EnclosurePhotoForm(),
            "shelter_form": ShelterCheckForm(),
            "decisions": record_page(
                request,
                decisions_for(enclosure).select_related("actor").order_by("at", "id"),
                "decisions",
            ),
            "today": on,
        },
    )


@require_GET
@office_page()
def enclosure_shelter_check(request: HttpRequest, pk: int) -> HttpResponse:
    """``enclosure.shelter_size``, live (htmx): the minimum floor space for the dogs measured and
    the shade rule. Writes nothing."""
    enclosure = _enclosure(pk)
    form = ShelterCheckForm(request.GET or None)
    findings = None
    if form.is_valid():
        findings = queries.shelter_report(enclosure, form.cleaned_data["lengths"], today())
    context = {"enclosure": enclosure, "shelter_form": form, "shelter_findings": findings}
    if request.headers.get("HX-Request") == "true":
        return render(request, "parcels/_shelter_check.html", context)
    return render(request, "parcels/shelter_check.html", context)


@require_http_methods(["GET", "POST"])
@office_page(RECORD_ENCLOSURE)
def enclosure_photo_upload(request: HttpRequest, pk: int) -> HttpResponse:
    enclosure = _enclosure(pk)
    form = EnclosurePhotoForm(request.POST or None, request.FILES or None)
    problem = ""
    if request.method == "POST" and form.is_valid():
        try:
            services.add_enclosure_photo(
                enclosure=enclosure,
                image=form.cleaned_data["image"],
                taken_on=form.cleaned_data["taken_on"],
                caption=form.cleaned_data["caption"],
                actor=request.user,
            )
        except services.ServiceError as exc:
            problem = str(exc)
        else:
            messages.success(request, f"Photo of {enclosure.label} saved.")
            return redirect("enclosure_detail", pk=enclosure.pk)
    return render(
        request,
        "parcels/enclosure_photo_form.html",
        {"enclosure": enclosure, "parcel": enclosure.parcel, "form": form, "problem": problem},
    )


@require_GET
@office_page()
def enclosure_photo(request: HttpRequest, pk: int) -> FileResponse:
    photo = get_object_or_404(EnclosurePhoto, pk=pk)
    if not photo.image:
        raise Http404("No file for this photo.")
    return FileResponse(
        photo.image.open("rb"), as_attachment=False, filename=photo.image.name.rsplit("/", 1)[-1]
    )


# ----------------------------------------------------------------- notices of compliance


@require_http_methods(["GET", "POST"])
@office_page(ISSUE_NOTICE)
def compliance_notice_new(request: HttpRequest, pk: int) -> HttpResponse:
    enclosure = _enclosure(pk)
    form = ComplianceNoticeForm(request.POST or None)
    problem = ""
    findings: list[Any] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            issued = services.issue_compliance_notice(
                enclosure=enclosure,
                complaint_received_on=data["complaint_received_on"],
                complaint_summary=data["complaint_summary"],
                issued_on=data["issued_on"],
                actor=request.user,
            )
        except services.ServiceError as exc:
            problem, findings = str(exc), exc.findings
        else:
            notice = issued.notice
            messages.success(
                request,
                f"Notice of compliance {notice.number} issued: comply by "
                f"{notice.comply_by:%B} {notice.comply_by.day}, {notice.comply_by.year}.",
            )
            return redirect("enclosure_detail", pk=enclosure.pk)
    return render(
        request,
        "parcels/compliance_notice_form.html",
        {
            "enclosure": enclosure,
            "parcel": enclosure.parcel,
            "form": form,
            "problem": problem,
            "findings": findings,
        },
    )


@require_POST
@office_page(ISSUE_NOTICE)
def compliance_notice_comply(request: HttpRequest, number: str) -> HttpResponse:
    notice = get_object_or_404(ComplianceNotice.objects.select_related("enclosure"), number=number)
    form = ComplianceForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the date the enclosure complied.")
        return redirect("enclosure_detail", pk=notice.enclosure.pk)
    try:
        _, finding = services.record_compliance(
            notice=notice, complied_on=form.cleaned_data["complied_on"], actor=request.user
        )
    except services.ServiceError as exc:
        messages.error(request, f"Not recorded: {exc}")
    else:
        messages.success(request, finding.message)
    return redirect("enclosure_detail", pk=notice.enclosure.pk)


@require_GET
@office_page()
def compliance_notice_pdf(request: HttpRequest, number: str) -> HttpResponse:
    notice = get_object_or_404(
        ComplianceNotice.objects.select_related("enclosure__parcel", "decision", "issued_by"),
        number=number,
    )
    response = HttpResponse(notice_pdf(notice), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="notice-of-compliance-{number}.pdf"'
    return response
