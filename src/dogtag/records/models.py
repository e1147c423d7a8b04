"""Record machinery every domain shares: stored decisions, gap-free numbering, fee resolutions."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone

from dogtag.records.fields import DeflatedJSONField


class CompactJSONEncoder(json.JSONEncoder):
    """JSON without the spaces after "," and ":" and with UTF-8 unescaped: the same value in fewer
    bytes on SQLite (PostgreSQL's jsonb stores its own binary form either way)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["separators"] = (",", ":")
        kwargs["ensure_ascii"] = False
        super().__init__(*args, **kwargs)


class Decision(models.Model):
    """What the rules core found when a service acted (or refused to), and who acted.

    ``findings`` is the list of findings as JSON, exactly as ``Finding.to_json`` wrote them, so
    the explanation shown later is the one given at the time, whatever the parameters say now.
    It is stored compactly in ``stored_findings`` (``records.findings_codec``): the parameters
    and readings by reference to the ``CitedValue`` rows holding them as cited, the facts once;
    the column holds that form deflated (``records.fields.DeflatedJSONField``).
    Assigning a list to ``findings`` (``Decision(findings=[...])``) stores it the same way.
    """

    action = models.CharField(max_length=80)
    outcome = models.CharField(max_length=20, choices=[("done", "done"), ("refused", "refused")])
    decided_on = models.DateField(help_text="The legal date the rules were applied on.")
    at = models.DateTimeField(default=timezone.now)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    subject_type = models.ForeignKey(ContentType, null=True, blank=True, on_delete=models.PROTECT)
    subject_id = models.PositiveBigIntegerField(null=True, blank=True)
    subject = GenericForeignKey("subject_type", "subject_id")
    sections = models.JSONField(default=list)
    stored_findings = DeflatedJSONField(default=list)
    #: the jurisdiction whose law decided, and its package version (``ParameterSet.version``);
    #: empty for a decision stored before versions were kept (issue 27)
    jurisdiction = models.CharField(max_length=40, default="", blank=True)
    package_version = models.CharField(max_length=60, default="", blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["subject_type", "subject_id"])]

    def __str__(self) -> str:
        return f"{self.action} {self.outcome} on {self.decided_on}"

    @property
    def findings(self) -> list[Any]:
        """The findings as ``Finding.to_json`` wrote them (expanded once per instance)."""
        from dogtag.records.stored_findings import expand_findings

        stored = self.stored_findings
        cached = self.__dict__.get("_expanded")
        if cached is None or cached[0] is not stored:
            cached = (stored, expand_findings(stored))
            self.__dict__["_expanded"] = cached
        return cached[1]

    @findings.setter
    def findings(self, findings: Sequence[Any]) -> None:
        from dogtag.records.stored_findings import findings_to_store

        self.stored_findings = findings_to_store(findings)

    @property
    def messages(self) -> list[str]:
        return [f["message"] for f in self.findings]


class CitedValue(models.Model):
    """A parameter or reading value as a decision cited it: ``ParameterValue.to_json`` whole
    (value, display, effective date, description, source and citation, file; a reading's
    alternatives and chosen meaning), stored once and referred to by id from every decision's
    findings; or a finding's heading (rule, outcome, blocks, sections), shared the same way.
    Written only by ``records.stored_findings`` (get-or-create by content hash), never changed
    or deleted: a decision's explanation stays the one given at the time."""

    key = models.CharField(max_length=200, help_text="The parameter's key, or a heading's rule.")
    effective = models.CharField(max_length=10, help_text="The date the value took effect.")
    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the content.")
    cited = models.JSONField(encoder=CompactJSONEncoder)

    class Meta:
        ordering = ["key", "effective", "id"]

    def __str__(self) -> str:
        return f"{self.key} from {self.effective}"


class NumberSequence(models.Model):
    """A counter per (name, year): license numbers, receipt numbers.

    Incremented with an UPDATE inside the caller's transaction, so two clerks can never draw the
    same number (the row lock serialises them on PostgreSQL; SQLite serialises writers), and the
    numbers a rolled-back transaction drew are given back.
    """

    jurisdiction = models.CharField(max_length=40, default="")
    name = models.CharField(max_length=40)
    year = models.PositiveSmallIntegerField()
    last = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["jurisdiction", "name", "year"],
                name="one_sequence_per_city_name_and_year",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.year}: {self.last}"


class FeeResolution(models.Model):
    """A council resolution setting fees (``fees.schedule``), entered by an administrator.

    Its items become dated parameter values from ``effective_on``, checked like the parameter
    files (type, statutory caps). A resolution is never edited: a correction is a new resolution.
    """

    jurisdiction = models.CharField(max_length=40, default="")
    number = models.CharField(max_length=40, help_text="e.g. 2027-02")
    adopted_on = models.DateField()
    effective_on = models.DateField()
    title = models.CharField(max_length=200, blank=True)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-effective_on", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["jurisdiction", "number"], name="one_resolution_number_per_city"
            )
        ]

    def __str__(self) -> str:
        return f"Resolution {self.number} (effective {self.effective_on})"


class FeeResolutionItem(models.Model):
    resolution = models.ForeignKey(FeeResolution, on_delete=models.PROTECT, related_name="items")
    parameter = models.CharField(max_length=100)
    amount = models.DecimalField(max_digits=10, decimal_places=2)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["resolution", "parameter"], name="one_amount_per_fee_per_resolution"
            )
        ]

    def __str__(self) -> str:
        return f"{self.parameter} = ${self.amount}"


class Role(models.Model):
    """Only a holder of custom permissions; the roles themselves are auth groups (see roles.py)."""

    class Meta:
        managed = False
        default_permissions = ()
        permissions = [
            ("issue_license", "Issue and renew dog licenses, duplicate tags"),
            ("record_dog_status", "Record deaths, moves, ownership changes and residents"),
            ("void_receipt", "Void a receipt (a reversing entry)"),
            ("record_tag_violation", "Record a tag violation"),
            ("enter_fee_resolution", "Enter a council fee resolution"),
            ("manage_tag_stock", "Add tags to stock"),
            ("view_records", "Search and view owners, dogs, licenses and receipts"),
            ("manage_parcels", "Import and export the parcel map; set lot lines"),
            ("record_enclosure", "Record dog enclosures and their photos"),
            ("issue_compliance_notice", "Issue a notice of compliance"),
            ("issue_kennel_license", "Issue private kennel licenses; take kennel applications"),
            ("record_kennel_hearing", "Record kennel hearings, recommendations, council decisions"),
            ("inspect_kennel", "Record kennel inspections, private and commercial"),
            ("receive_complaint", "Take complaints: nuisances, animals left in vehicles"),
            ("investigate_complaint", "Investigate complaints: evidence, findings, outcomes"),
            ("designate_dangerous_dog", "Designate dangerous dogs; notices, service, registration"),
            (
                "conduct_hearing",
                "Hold dangerous-dog hearings and issue the Hearing Officer's order",
            ),
            # --- need-to-know (issue 10, item 7) ---
            (
                "view_complaint_private",
                "See complainants' identity and complaint evidence (Minn. Stat. 13.44 subd. 1)",
            ),
            ("view_private_data_log", "Read the log of who viewed private data"),
            # Accounts: the way back in for a colleague locked out by failed sign-ins.
            ("unlock_sign_ins", "Unlock sign-ins locked after repeated failures"),
        ]


class PrivateDataView(models.Model):
    """One page view or download that showed private data to a member of staff: who, when, which
    kind of data, which record, on which page (Minn. Stat. 13.05 subd. 5: the city keeps private
    data secure and only where work assigned requires it). Written by
    ``records.private_data.record_view``, one row per page; read by the administrator."""

    class Kind(models.TextChoices):
        OWNER_CONTACT = "owner_contact", "Owner contact (address, phone, email)"
        COMPLAINANT_IDENTITY = "complainant_identity", "Complainant identity"
        COMPLAINT_EVIDENCE = "complaint_evidence", "Complaint evidence"

    at = models.DateTimeField(default=timezone.now)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=30, choices=Kind.choices)
    record = models.CharField(max_length=200, help_text="e.g. “Owner #3”, “Complaint 2026-0004”.")
    page = models.CharField(max_length=500, help_text="The path of the page or download.")

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [
            models.Index(fields=["-at", "-id"], name="private_view_newest"),
            models.Index(fields=["user", "-at"], name="private_view_by_user"),
            models.Index(fields=["kind", "-at"], name="private_view_by_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.user} viewed {self.get_kind_display()} of {self.record} at {self.at}"
