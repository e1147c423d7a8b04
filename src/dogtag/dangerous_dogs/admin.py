"""Read-only admin for the dangerous-dog records: every change goes through ``services.py``."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, Hearing, Order, Registration


class ReadOnly(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(DangerousDogCase)
class CaseAdmin(ReadOnly):
    list_display = ("number", "dog", "owner", "state", "designated_on", "deemed_on")
    list_filter = ("state", "authority")
    search_fields = ("number", "dog__name", "owner__name")


@admin.register(CaseEvent)
class EventAdmin(ReadOnly):
    list_display = ("case", "on", "kind", "by")
    list_filter = ("kind",)


@admin.register(Hearing)
class HearingAdmin(ReadOnly):
    list_display = ("case", "requested_on", "scheduled_at", "held_on", "standard_of_proof")


@admin.register(Order)
class OrderAdmin(ReadOnly):
    list_display = ("hearing", "issued_on", "disposition", "late")


@admin.register(Registration)
class RegistrationAdmin(ReadOnly):
    list_display = ("certificate_number", "case", "issued_on", "expires_on", "status")
