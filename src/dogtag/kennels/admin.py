"""Kennel records in the Django admin: read-only, like the licensing records (every change goes
through ``kennels.services``)."""

from django.contrib import admin

from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelCondition,
    KennelInspection,
    NoticeRecipient,
    PrivateKennelLicense,
)
from dogtag.records.admin import ReadOnlyAdmin, ReadOnlyHistoryAdmin


@admin.register(PrivateKennelLicense)
class PrivateKennelLicenseAdmin(ReadOnlyHistoryAdmin):
    list_display = ("number", "holder", "parcel", "dogs_licensed", "kind", "expires_on", "status")
    list_filter = ("status", "kind")
    search_fields = ("number", "holder__name", "parcel__pin")


@admin.register(CommercialKennelApplication)
class CommercialKennelApplicationAdmin(ReadOnlyHistoryAdmin):
    list_display = ("number", "applicant", "parcel", "status", "hearing_at", "council_decided_on")
    list_filter = ("status",)
    search_fields = ("number", "applicant__name", "business_name", "parcel__pin")


@admin.register(CommercialKennelLicense)
class CommercialKennelLicenseAdmin(ReadOnlyHistoryAdmin):
    list_display = ("number", "holder", "parcel", "dogs_licensed", "expires_on", "status")
    list_filter = ("status",)
    search_fields = ("number", "holder__name", "parcel__pin")


@admin.register(NoticeRecipient)
class NoticeRecipientAdmin(ReadOnlyAdmin):
    list_display = ("application", "pin", "owner_names", "distance_feet")
    search_fields = ("pin", "owner_names", "application__number")


@admin.register(KennelCondition)
class KennelConditionAdmin(ReadOnlyAdmin):
    list_display = ("application", "section", "added_by_council")


@admin.register(KennelInspection)
class KennelInspectionAdmin(ReadOnlyAdmin):
    list_display = ("inspected_on", "reason", "private_license", "commercial_license", "inspector")
    list_filter = ("reason",)
