"""Read-only admin for parcel records: every change goes through ``parcels.services`` (enclosures,
notices, lot lines) or the county import, so that each has its decision and its history."""

from django.contrib import admin

from dogtag.parcels.models import (
    ComplianceNotice,
    Enclosure,
    EnclosurePhoto,
    Parcel,
    ParcelImport,
    Structure,
)
from dogtag.records.admin import ReadOnlyAdmin, ReadOnlyHistoryAdmin


@admin.register(ParcelImport)
class ParcelImportAdmin(ReadOnlyAdmin):
    list_display = ("filename", "source_crs", "imported_at", "created", "updated", "unchanged")


@admin.register(Parcel)
class ParcelAdmin(ReadOnlyHistoryAdmin):
    list_display = ("pin", "address", "acres", "owner_names")
    search_fields = ("pin", "address", "owner_names")


@admin.register(Structure)
class StructureAdmin(ReadOnlyHistoryAdmin):
    list_display = ("parcel", "kind", "main", "label")
    list_filter = ("kind", "main")
    search_fields = ("parcel__pin", "label")


@admin.register(Enclosure)
class EnclosureAdmin(ReadOnlyHistoryAdmin):
    list_display = ("label", "parcel", "constructed_on", "shaded", "removed_on", "recorded_at")
    search_fields = ("label", "parcel__pin", "parcel__address")


@admin.register(EnclosurePhoto)
class EnclosurePhotoAdmin(ReadOnlyAdmin):
    list_display = ("enclosure", "caption", "taken_on", "uploaded_at")


@admin.register(ComplianceNotice)
class ComplianceNoticeAdmin(ReadOnlyHistoryAdmin):
    list_display = ("number", "enclosure", "issued_on", "comply_by", "complied_on")
    search_fields = ("number", "enclosure__parcel__pin")
