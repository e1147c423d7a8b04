"""The county parcel import (/parcels/import/): upload, reports, export."""

from django.urls import path

from dogtag.staff.parcels import views_import

urlpatterns = [
    path("", views_import.import_view, name="parcel_import"),
    path("<int:pk>/", views_import.import_report_view, name="parcel_import_report"),
    path("export/", views_import.export_view, name="parcel_export"),
]
