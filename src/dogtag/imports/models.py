"""The legacy import's own records (issue 13 item 3): each run with its report, and the identity of
every owner, dog and vaccination it brought in, so that a second run finds them again.

The licenses themselves carry ``licensing.License.imported`` (and no Decision): the marker lives
with the record, the run that brought it in here.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from dogtag.records.jurisdiction import field as jurisdiction_field


class LegacyImport(models.Model):
    """One run of the import (or a dry run): the file, who ran it, what it did, every refusal."""

    jurisdiction = jurisdiction_field()
    filename = models.CharField(max_length=255)
    sha256 = models.CharField(max_length=64)
    dry_run = models.BooleanField(default=False)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    rows = models.PositiveIntegerField(default=0)
    #: {"owners": n, "dogs": n, "vaccinations": n, "licenses": n, "tags": n, "unchanged": n,
    #: "refused": n, "warnings": n}: what was written (or, for a dry run, would be).
    counts = models.JSONField(default=dict, blank=True)
    #: Every refusal and warning: {"row", "column", "value", "reason", "sections", "level"}.
    problems = models.JSONField(default=list, blank=True)
    #: The uploaded file and mapping in the file storage (the page's runs), so that a dry run's
    #: file can be imported as checked; empty for the command line's runs.
    stored_file = models.CharField(max_length=255, blank=True)
    stored_mapping = models.CharField(max_length=255, blank=True)
    mapping_name = models.CharField(max_length=255, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        default_permissions = ()
        permissions = [("import_licenses", "Import owners, dogs and licenses from earlier records")]

    def __str__(self) -> str:
        return f"{'Dry run of' if self.dry_run else 'Import of'} {self.filename}"

    @property
    def refused(self) -> list[dict[str, object]]:
        return [p for p in self.problems if p.get("level") == "refused"]

    @property
    def warnings(self) -> list[dict[str, object]]:
        return [p for p in self.problems if p.get("level") == "warning"]


class LegacyKey(models.Model):
    """The earlier system's identity of a record the import wrote: an owner, a dog or a rabies
    vaccination (a license is found by its number). Never changed."""

    class Kind(models.TextChoices):
        OWNER = "owner", "owner"
        DOG = "dog", "dog"
        RABIES = "rabies", "rabies vaccination"

    kind = models.CharField(max_length=6, choices=Kind.choices)
    key = models.CharField(max_length=400)
    object_id = models.BigIntegerField()
    legacy_import = models.ForeignKey(LegacyImport, on_delete=models.PROTECT, related_name="keys")

    class Meta:
        default_permissions = ()
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="legacy_key_unique")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key}"
