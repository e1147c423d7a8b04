"""The evidence of a complaint: noise times, a noise log, a recording and its analysis, a file,
and an evidence file's download (``nuisance.barking``; Minn. Stat. 13.44 subd. 1)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from dogtag.complaints import forms, services
from dogtag.complaints.models import Evidence
from dogtag.complaints.views._common import INVESTIGATE, _complaint
from dogtag.complaints.views.detail import Data, _act
from dogtag.law.nuisance import BARKING
from dogtag.law.provisions import cite
from dogtag.records.office import office_page
from dogtag.records.private_data import (
    PRIVATE_COMPLAINT,
    Kind,
    may_see_complaint_private,
    record_view,
)
from dogtag.records.services import today


@require_POST
@office_page(INVESTIGATE)
def evidence_times(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.NoiseTimesForm(request.POST, complaint=complaint)

    def call(d: Data) -> str:
        services.add_noise_times(
            complaint,
            noises=d["noises"],
            none_heard=bool(d.get("none_heard")),
            description=d["description"],
            on=today(),
            actor=actor,
            named=form.named(),
        )
        return f"Noise times recorded and {cite(BARKING)} applied."

    return _act(request, complaint, {"times_form": form}, call, "barking")


@require_POST
@office_page(INVESTIGATE)
def evidence_log(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.NoiseLogForm(request.POST, request.FILES)

    def call(d: Data) -> str:
        upload = d["file"]
        services.add_noise_log(
            complaint,
            upload=upload,
            filename=upload.name,
            log_date=d["log_date"],
            on=today(),
            actor=actor,
        )
        return f"Noise log {upload.name} kept and {cite(BARKING)} applied."

    return _act(request, complaint, {"log_form": form}, call, "barking")


@require_POST
@office_page(INVESTIGATE)
def evidence_recording(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.RecordingForm(request.POST, request.FILES)

    def call(d: Data) -> str:
        upload = d["file"]
        services.add_recording(
            complaint,
            upload=upload,
            filename=upload.name,
            started_at=form.started_at,
            description=d["description"],
            on=today(),
            actor=actor,
        )
        return (
            f"Recording {upload.name} kept. Its barks are being found in the background; "
            f"{cite(BARKING)} is applied when they are."
        )

    return _act(request, complaint, {"recording_form": form}, call, "evidence")


@require_POST
@office_page(INVESTIGATE)
def evidence_file(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.FileForm(request.POST, request.FILES)

    def call(d: Data) -> str:
        upload = d["file"]
        services.add_file(
            complaint,
            kind=d["kind"],
            upload=upload,
            filename=upload.name,
            description=d["description"],
            actor=actor,
        )
        return f"File {upload.name} kept."

    return _act(request, complaint, {"file_form": form}, call, "evidence")


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
