"""Kennel pages (the kennel license), under /kennels/.

Each page but the list is of one shape of the kennel license (``kennels.shape``): Nowthen's private
and commercial kennel licenses, or Lino Lakes' inspected before they issue. In a city of the other
shape it answers 404, saying the city's law states no such provision."""

from django.urls import path

from dogtag.kennels import views
from dogtag.kennels.shape import COMMERCIAL, PRIVATE, needs

private, commercial = needs(PRIVATE), needs(COMMERCIAL)

urlpatterns = [
    path("", views.kennel_list, name="kennel_list"),
    path("private/new/", private(views.private_new), name="kennel_private_new"),
    path("private/<str:number>/", private(views.private_detail), name="kennel_private_detail"),
    path(
        "private/<str:number>/certificate.pdf",
        private(views.private_certificate),
        name="kennel_private_certificate",
    ),
    path(
        "private/<str:number>/inspect/",
        private(views.private_inspect),
        name="kennel_private_inspect",
    ),
    path("commercial/new/", commercial(views.commercial_new), name="kennel_commercial_new"),
    path(
        "commercial/<str:number>/",
        commercial(views.commercial_detail),
        name="kennel_commercial_detail",
    ),
    path(
        "commercial/<str:number>/step/<str:step>/",
        commercial(views.commercial_step),
        name="kennel_commercial_step",
    ),
    path(
        "commercial/<str:number>/labels.pdf",
        commercial(views.notice_labels),
        name="kennel_notice_labels",
    ),
    path(
        "commercial/<str:number>/letters.pdf",
        commercial(views.notice_letters),
        name="kennel_notice_letters",
    ),
    path(
        "commercial/license/<str:number>/certificate.pdf",
        commercial(views.commercial_certificate),
        name="kennel_commercial_certificate",
    ),
    path(
        "commercial/license/<str:number>/renew/",
        commercial(views.commercial_renew),
        name="kennel_commercial_renew",
    ),
    path(
        "commercial/license/<str:number>/council-renewal/",
        commercial(views.commercial_council_renewal),
        name="kennel_commercial_council_renewal",
    ),
    path(
        "commercial/license/<str:number>/inspect/",
        commercial(views.commercial_inspect),
        name="kennel_commercial_inspect",
    ),
    # a kennel license inspected before it issues (Lino Lakes')
    path("apply/", views.kennel_apply, name="kennel_apply"),
    path(
        "applications/<str:number>/",
        views.kennel_application_detail,
        name="kennel_application_detail",
    ),
    path(
        "applications/<str:number>/inspect/",
        views.kennel_application_inspect,
        name="kennel_application_inspect",
    ),
    path(
        "applications/<str:number>/issue/",
        views.kennel_application_issue,
        name="kennel_application_issue",
    ),
    path("licenses/<str:number>/", views.kennel_license_detail, name="kennel_license_detail"),
    path(
        "licenses/<str:number>/certificate.pdf",
        views.kennel_license_certificate,
        name="kennel_license_certificate",
    ),
    path(
        "licenses/<str:number>/modify/",
        views.kennel_license_modify,
        name="kennel_license_modify",
    ),
    path(
        "licenses/<str:number>/renew/",
        views.kennel_license_renew,
        name="kennel_license_renew",
    ),
]
