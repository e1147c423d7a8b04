"""The clinics' background task (Django's Tasks API): a large CSV of certificates, row by row,
its progress on the job's page (``dogtag.jobs``)."""

from __future__ import annotations

from django.urls import reverse
from django_tasks import task

from dogtag.clinics import batches
from dogtag.clinics.models import CertificateBatch
from dogtag.jobs.services import running


@task()
def process_batch(job_id: int, batch_id: int) -> None:
    batch = CertificateBatch.objects.select_related("uploaded_by").get(pk=batch_id)
    with running(job_id) as progress:
        done = batches.process(
            batch,
            batch.uploaded_by,
            report=lambda done, total: progress.advance(done, total, f"Row {done} of {total}"),
        )
        progress.finish(
            {
                "url": reverse("certificate_batch", args=[done.pk]),
                "label": "Open the report",
                **done.counts(),
            }
        )
