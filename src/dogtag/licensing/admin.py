"""Licensing records in the Django admin: read-only (every change goes through
``licensing.services``); the one read-only base is ``dogtag.records.admin``."""

from django.contrib import admin

from dogtag.licensing.models import (
    Dog,
    License,
    Owner,
    OwnershipChange,
    RabiesVaccination,
    Receipt,
    ReceiptLine,
    Tag,
    TagViolation,
)
from dogtag.records.admin import ReadOnlyAdmin, ReadOnlyHistoryAdmin, ReadOnlyInline


@admin.register(Owner)
class OwnerAdmin(ReadOnlyHistoryAdmin):
    list_display = ("name", "street", "city", "phone", "resident_since")
    search_fields = ("name", "street", "phone", "email")


@admin.register(Dog)
class DogAdmin(ReadOnlyHistoryAdmin):
    list_display = ("name", "breed", "color", "sex", "born", "owner", "status", "microchip")
    list_filter = ("status", "sex", "sterilized")
    search_fields = ("name", "breed", "microchip", "owner__name")


@admin.register(RabiesVaccination)
class RabiesVaccinationAdmin(ReadOnlyHistoryAdmin):
    list_display = ("dog", "vaccinated_on", "expires_on", "veterinarian", "certificate_number")


@admin.register(License)
class LicenseAdmin(ReadOnlyHistoryAdmin):
    list_display = (
        "number",
        "dog",
        "owner",
        "kind",
        "issued_on",
        "expires_on",
        "fee",
        "penalty",
        "status",
    )
    list_filter = ("status", "kind", "tier_years")
    search_fields = ("number", "dog__name", "owner__name")


@admin.register(Tag)
class TagAdmin(ReadOnlyHistoryAdmin):
    list_display = ("serial", "status", "dog", "license", "issued_on", "status_changed_on")
    list_filter = ("status",)
    search_fields = ("serial",)


class ReceiptLineInline(ReadOnlyInline):
    model = ReceiptLine


@admin.register(Receipt)
class ReceiptAdmin(ReadOnlyAdmin):
    list_display = ("number", "issued_at", "payer", "method", "total", "cashier", "voids")
    search_fields = ("number", "payer")
    inlines = [ReceiptLineInline]


@admin.register(OwnershipChange)
class OwnershipChangeAdmin(ReadOnlyAdmin):
    list_display = ("dog", "from_owner", "to_owner", "changed_on", "recorded_by")


@admin.register(TagViolation)
class TagViolationAdmin(ReadOnlyAdmin):
    list_display = ("kind", "observed_on", "tag", "dog", "recorded_by")
