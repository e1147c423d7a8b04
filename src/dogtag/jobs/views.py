"""A job's page: its progress, polled by htmx until it is finished."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from dogtag.jobs.models import Job
from dogtag.records.office import office_page


@office_page()
def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = get_object_or_404(Job, pk=pk)
    if job.created_by_id != request.user.pk and not request.user.is_superuser:
        raise PermissionDenied  # a job's result is its starter's
    template = "jobs/_progress.html" if request.headers.get("HX-Request") else "jobs/detail.html"
    return render(request, template, {"job": job})
