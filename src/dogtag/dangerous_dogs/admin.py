"""Read-only admin for the dangerous-dog records: every change goes through ``services.py``."""

from __future__ import annotations

from django.contrib import admin

from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, Hearing, Order, Registration
from dogtag.records.admin import ReadOnlyAdmin, ReadOnlyHistoryAdmin


@admin.register(DangerousDogCase)
class CaseAdmin(ReadOnlyHistoryAdmin):
    list_display = ("number", "dog", "owner", "state", "designated_on", "deemed_on")
    list_filter = ("state", "authority")
    search_fields = ("number", "dog__name", "owner__name")


@admin.register(CaseEvent)
class EventAdmin(ReadOnlyAdmin):
    list_display = ("case", "on", "kind", "by")
    list_filter = ("kind",)


@admin.register(Hearing)
class HearingAdmin(ReadOnlyHistoryAdmin):
    list_display = ("case", "requested_on", "scheduled_at", "held_on", "standard_of_proof")


@admin.register(Order)
class OrderAdmin(ReadOnlyAdmin):
    list_display = ("hearing", "issued_on", "disposition", "late")


@admin.register(Registration)
class RegistrationAdmin(ReadOnlyHistoryAdmin):
    list_display = ("certificate_number", "case", "issued_on", "expires_on", "status")
