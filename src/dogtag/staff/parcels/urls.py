"""Parcel pages: the map, dog limits, enclosures and notices (pages), and the county import."""

from django.urls import include, path

urlpatterns = [
    path("parcels/", include("dogtag.staff.parcels.urls_pages")),
    path("parcels/import/", include("dogtag.staff.parcels.urls_import")),
]
