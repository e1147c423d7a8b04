"""Parcel and enclosure pages, under /parcels/ (the dog limit, the enclosures).

A parcel's PIN is one path segment; "import" is left to the county import's pages
(``urls_import``, included after these).
"""

from django.urls import path, re_path

from dogtag.staff.parcels import views, views_import

PIN = r"(?P<pin>(?!import/|over-limit/)[^/]+)"

urlpatterns = [
    path("", views.parcel_list, name="parcel_list"),
    path("over-limit/", views_import.over_limit_view, name="parcel_over_limit"),
    path("enclosures/<int:pk>/", views.enclosure_detail, name="enclosure_detail"),
    path("enclosures/<int:pk>/move/", views.enclosure_move, name="enclosure_move"),
    path("enclosures/<int:pk>/shelter/", views.enclosure_shelter_check, name="enclosure_shelter"),
    path("enclosures/<int:pk>/photos/", views.enclosure_photo_upload, name="enclosure_photo_new"),
    path("enclosures/<int:pk>/notice/", views.compliance_notice_new, name="compliance_notice_new"),
    path("enclosure-photos/<int:pk>/", views.enclosure_photo, name="enclosure_photo"),
    path(
        "notices/<str:number>/comply/",
        views.compliance_notice_comply,
        name="compliance_notice_comply",
    ),
    path("notices/<str:number>.pdf", views.compliance_notice_pdf, name="compliance_notice_pdf"),
    re_path(rf"^{PIN}/$", views.parcel_detail, name="parcel_detail"),
    re_path(rf"^{PIN}/enclosures/new/$", views.enclosure_new, name="enclosure_new"),
    re_path(rf"^{PIN}/lot-lines/$", views.parcel_lot_lines, name="parcel_lot_lines"),
]
