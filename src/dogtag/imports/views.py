"""The administrator's legacy import pages (issue 13 item 3). Thin views: the form, the stored
upload, ``jobs.start_job`` with ``tasks.run_legacy_import``; the run's report and its CSV.

The import runs in the background (``dogtag worker``); the job's page follows it by htmx polling
and links to the report, where a dry run's file can then be imported as it was checked."""

from __future__ import annotations

import uuid

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import get_valid_filename
from django.views.decorators.http import require_POST

from dogtag.imports.forms import LegacyFileForm
from dogtag.imports.layout import ColumnMapping, LayoutError, describe, open_rows
from dogtag.imports.models import LegacyImport
from dogtag.imports.report import problems_csv
from dogtag.imports.tasks import run_legacy_import
from dogtag.jobs.services import start_job
from dogtag.records.office import office_page
from dogtag.records.pagination import paginate

IMPORT_LICENSES = "imports.import_licenses"
PAST_RUNS = 25


def _store(name: str, data: bytes) -> str:
    safe = get_valid_filename(name)[-100:] or "file"
    return default_storage.save(f"imports/{uuid.uuid4().hex}-{safe}", ContentFile(data))


def _start(request: HttpRequest, *, stored: dict[str, str], dry_run: bool) -> HttpResponse:
    job = start_job(
        task=run_legacy_import,
        title=f"{'Dry run of' if dry_run else 'Import of'} {stored['filename']}",
        actor=request.user,  # type: ignore[arg-type]
        arguments={**stored, "dry_run": dry_run, "user_id": request.user.pk},
    )
    return redirect(job.get_absolute_url())


@office_page(IMPORT_LICENSES)
def import_page(request: HttpRequest) -> HttpResponse:
    """Upload a legacy file (and a mapping); check it or import it in the background."""
    form = (
        LegacyFileForm(request.POST, request.FILES)
        if request.method == "POST"
        else LegacyFileForm()
    )
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["legacy_file"]
        mapping_upload = form.cleaned_data.get("mapping_file")
        data = upload.read()
        try:  # the header is read now, so a file that cannot be read is this form's error
            open_rows(data, getattr(form, "mapping", None) or ColumnMapping(), upload.name)
        except LayoutError as exc:
            form.add_error("legacy_file", f"{exc} Nothing was imported.")
        else:
            stored = {
                "stored_file": _store(upload.name, data),
                "filename": upload.name,
                "stored_mapping": _store(mapping_upload.name, mapping_upload.read())
                if mapping_upload
                else "",
                "mapping_name": mapping_upload.name if mapping_upload else "",
            }
            return _start(request, stored=stored, dry_run=form.cleaned_data["mode"] == "dry_run")
    context = {
        "form": form,
        "runs": LegacyImport.objects.select_related("imported_by")[:PAST_RUNS],
        "columns": describe(),
    }
    return render(request, "imports/import.html", context, status=400 if form.errors else 200)


@office_page(IMPORT_LICENSES)
def report_page(request: HttpRequest, pk: int) -> HttpResponse:
    """What one run did (or would do), and every row refused or warned about, a page at a time."""
    record = get_object_or_404(LegacyImport.objects.select_related("imported_by"), pk=pk)
    listing = paginate(request, record.problems, param="page", per_page=50, anchor="problems")
    return render(
        request,
        "imports/report.html",
        {
            "record": record,
            "listing": listing,
            "refused_rows": len({p["row"] for p in record.refused}),
            "can_import": record.dry_run and bool(record.stored_file),
        },
    )


@office_page(IMPORT_LICENSES)
def report_csv(request: HttpRequest, pk: int) -> HttpResponse:
    record = get_object_or_404(LegacyImport, pk=pk)
    response = HttpResponse(problems_csv(record.problems), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="import-{record.pk}-report.csv"'
    return response


@require_POST
@office_page(IMPORT_LICENSES)
def import_checked(request: HttpRequest, pk: int) -> HttpResponse:
    """Import the file a dry run checked, as it was stored."""
    record = get_object_or_404(LegacyImport, pk=pk, dry_run=True)
    if not record.stored_file:
        return redirect("legacy_import_report", pk=pk)
    stored = {
        "stored_file": record.stored_file,
        "filename": record.filename,
        "stored_mapping": record.stored_mapping,
        "mapping_name": record.mapping_name,
    }
    return _start(request, stored=stored, dry_run=False)
