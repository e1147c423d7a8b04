"""The residents' site, under /residents/ (issue 12). Each part of it adds its pages here."""

from django.urls import include, path
from django.views.i18n import set_language

from dogtag.residents import views

app_name = "residents"

urlpatterns = [
    path("", views.home, name="home"),
    path("language/", set_language, name="set_language"),
    path("sign-in/", views.sign_in_request, name="sign_in"),
    path("sign-in/sent/", views.sign_in_sent, name="sign_in_sent"),
    path("sign-in/link/", views.sign_in_link, name="sign_in_link"),
    path("sign-out/", views.sign_out_view, name="sign_out"),
    path("", include("dogtag.found.urls")),  # issue 12 item 3: found a dog? (dogtag.found)
    path("household/", views.household_page, name="household"),
    path("household/licenses/<str:number>.pdf", views.license_pdf, name="household_license_pdf"),
    path("household/receipts/<str:number>.pdf", views.receipt_pdf, name="household_receipt_pdf"),
    path(
        "household/rabies-certificates/<int:pk>/",
        views.rabies_certificate,
        name="household_rabies_certificate",
    ),
    path(
        "household/notices/<str:number>/<str:document>.pdf",
        views.case_document,
        name="household_case_document",
    ),
    path("applications/", include("dogtag.applications.urls")),
    # Complaints and hearing requests (dogtag.public_cases, issue 12 items 4-5).
    path("", include("dogtag.public_cases.urls")),
]
