"""A job: long work done by a background task, with its progress and result."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone


class Job(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "waiting to start"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    FINISHED = (Status.DONE, Status.FAILED)

    title = models.CharField(max_length=200)
    task = models.CharField(max_length=200, help_text="The task's dotted path.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(null=True, blank=True)
    message = models.CharField(max_length=200, blank=True)
    #: What the task made: JSON, e.g. {"url": "/documents/...", "label": "Download ..."}.
    result = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        default_permissions = ()

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("job_detail", args=[self.pk])

    @property
    def finished(self) -> bool:
        return self.status in self.FINISHED

    @property
    def percent(self) -> int | None:
        if not self.total:
            return 100 if self.status == self.Status.DONE else None
        return min(100, self.done * 100 // self.total)


class WorkerLease(models.Model):
    """A database worker alive: it renews ``renewed_at`` while it runs (jobs/lease.py). A task
    left running by a worker whose lease has run out was stopped mid-way and is run again."""

    worker_id = models.CharField(max_length=64, unique=True)
    renewed_at = models.DateTimeField()

    class Meta:
        default_permissions = ()

    def __str__(self) -> str:
        return self.worker_id
