"""The legacy import as a background task (``dogtag.jobs``): the page starts it, the worker runs it,
the job's page follows its progress and links to the run's report when it is done."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.files.storage import default_storage
from django.urls import reverse
from django_tasks import task

from dogtag.imports.layout import ColumnMapping, load_mapping
from dogtag.imports.models import LegacyImport
from dogtag.imports.services import import_licenses
from dogtag.jobs.services import running


def _read(name: str) -> bytes:
    with default_storage.open(name, "rb") as stored:
        return bytes(stored.read())


@task()
def run_legacy_import(
    job_id: int,
    *,
    stored_file: str,
    filename: str,
    stored_mapping: str,
    mapping_name: str,
    dry_run: bool,
    user_id: int,
) -> None:
    """Check (``dry_run``) or import a stored legacy file; the job's result links to the report."""
    with running(job_id) as progress:
        actor = get_user_model().objects.get(pk=user_id)
        # The page checked the layout before starting the job; a file that still cannot be read
        # (LayoutError) fails the job, with its message kept on the job.
        mapping: ColumnMapping | None = (
            load_mapping(_read(stored_mapping), mapping_name) if stored_mapping else None
        )
        report = import_licenses(
            _read(stored_file),
            filename=filename,
            actor=actor,
            mapping=mapping,
            dry_run=dry_run,
            progress=lambda stage, done, total: progress.advance(
                done, total, f"{stage}: {done:,} of {total:,}"
            ),
        )
        assert report.record is not None
        LegacyImport.objects.filter(pk=report.record.pk).update(
            stored_file=stored_file, stored_mapping=stored_mapping, mapping_name=mapping_name
        )
        progress.finish(
            {
                "url": reverse("legacy_import_report", args=[report.record.pk]),
                "label": "See the dry run's report" if dry_run else "See the import's report",
                "summary": report.summary(),
            }
        )
