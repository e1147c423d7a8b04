"""The Django admin for complaints: read-only. Every write goes through ``services.py`` (one
transaction, findings and history); the admin is for looking, not changing."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from dogtag.complaints.models import (
    Complaint,
    ComplaintFinding,
    Evidence,
    FollowUp,
    Outcome,
    VehicleIncident,
)


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


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
class ComplaintAdmin(ReadOnly):
    list_display = ("number", "kind", "status", "received_at", "parcel", "owner", "assigned_to")
    list_filter = ("kind", "status")
    search_fields = ("number", "address", "parcel__pin", "parcel__address", "owner__name")
    date_hierarchy = "received_at"
    inlines = (EvidenceInline, FindingInline, FollowUpInline, OutcomeInline)


@admin.register(Evidence)
class EvidenceAdmin(ReadOnly):
    list_display = ("complaint", "kind", "original_name", "sha256", "uploaded_at")
    list_filter = ("kind",)
    search_fields = ("complaint__number", "original_name", "sha256")


@admin.register(VehicleIncident)
class VehicleIncidentAdmin(ReadOnly):
    list_display = ("complaint", "animal", "vehicle", "forced_entry", "owner_reached")
