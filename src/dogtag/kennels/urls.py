"""Kennel pages (the kennel license), under /kennels/."""

from django.urls import path

from dogtag.kennels import views

urlpatterns = [
    path("", views.kennel_list, name="kennel_list"),
    path("private/new/", views.private_new, name="kennel_private_new"),
    path("private/<str:number>/", views.private_detail, name="kennel_private_detail"),
    path(
        "private/<str:number>/certificate.pdf",
        views.private_certificate,
        name="kennel_private_certificate",
    ),
    path("private/<str:number>/inspect/", views.private_inspect, name="kennel_private_inspect"),
    path("commercial/new/", views.commercial_new, name="kennel_commercial_new"),
    path("commercial/<str:number>/", views.commercial_detail, name="kennel_commercial_detail"),
    path(
        "commercial/<str:number>/step/<str:step>/",
        views.commercial_step,
        name="kennel_commercial_step",
    ),
    path("commercial/<str:number>/labels.pdf", views.notice_labels, name="kennel_notice_labels"),
    path("commercial/<str:number>/letters.pdf", views.notice_letters, name="kennel_notice_letters"),
    path(
        "commercial/license/<str:number>/certificate.pdf",
        views.commercial_certificate,
        name="kennel_commercial_certificate",
    ),
    path(
        "commercial/license/<str:number>/renew/",
        views.commercial_renew,
        name="kennel_commercial_renew",
    ),
    path(
        "commercial/license/<str:number>/council-renewal/",
        views.commercial_council_renewal,
        name="kennel_commercial_council_renewal",
    ),
    path(
        "commercial/license/<str:number>/inspect/",
        views.commercial_inspect,
        name="kennel_commercial_inspect",
    ),
]
