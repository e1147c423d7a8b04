"""The Django admin for complaints: read-only. Every write goes through ``services.py`` (one
transaction, findings and history); the admin is for looking, not changing."""

from __future__ import annotations

from django.contrib import admin

from dogtag.complaints.models import (
    Complaint,
    ComplaintFinding,
    Evidence,
    FollowUp,
    Outcome,
    VehicleIncident,
)
from dogtag.records.admin import ReadOnlyAdmin, ReadOnlyHistoryAdmin, ReadOnlyInline


class EvidenceInline(ReadOnlyInline):
    model = Evidence
    fields = ("kind", "original_name", "sha256", "started_at", "uploaded_by", "uploaded_at")


class FindingInline(ReadOnlyInline):
    model = ComplaintFinding
    fields = ("rule", "outcome", "sections", "message", "found_on", "by")


class FollowUpInline(ReadOnlyInline):
    model = FollowUp
    fields = ("on", "by", "note")


class OutcomeInline(ReadOnlyInline):
    model = Outcome
    fields = ("kind", "decided_on", "by", "note")


@admin.register(Complaint)
class ComplaintAdmin(ReadOnlyHistoryAdmin):
    list_display = ("number", "kind", "status", "received_at", "parcel", "owner", "assigned_to")
    list_filter = ("kind", "status")
    search_fields = ("number", "address", "parcel__pin", "parcel__address", "owner__name")
    date_hierarchy = "received_at"
    inlines = (EvidenceInline, FindingInline, FollowUpInline, OutcomeInline)


@admin.register(Evidence)
class EvidenceAdmin(ReadOnlyAdmin):
    list_display = ("complaint", "kind", "original_name", "sha256", "uploaded_at")
    list_filter = ("kind",)
    search_fields = ("complaint__number", "original_name", "sha256")


@admin.register(VehicleIncident)
class VehicleIncidentAdmin(ReadOnlyAdmin):
    list_display = ("complaint", "animal", "vehicle", "forced_entry", "owner_reached")
