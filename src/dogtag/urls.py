from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from dogtag.api.api import urls as api_urls

urlpatterns = [
    # Browsers ask for /favicon.ico on pages that name no icon (the Django admin): answer it.
    path("favicon.ico", RedirectView.as_view(url=static("dogtag/favicon.svg"), permanent=True)),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Accounts: password change, two-step verification, locked sign-ins (dogtag.accounts).
    path("accounts/", include("dogtag.accounts.urls")),
    path("admin/", admin.site.urls),
    # The residents' site (issue 12): public pages, sign-in by e-mail link (dogtag.residents).
    path("residents/", include("dogtag.residents.urls")),
    # The REST API (issue 13): /api/v1/, its OpenAPI document, reference and keys (dogtag.api).
    path("api/v1/", api_urls()),
    path("", include("dogtag.api.urls")),
    path("documents/", include("dogtag.documents.urls")),
    path("", include("dogtag.staff.parcels.urls")),
    path("kennels/", include("dogtag.kennels.urls")),
    path("complaints/", include("dogtag.complaints.urls")),
    path("dangerous-dogs/", include("dogtag.dangerous_dogs.urls")),
    path("dangerous-animals/", include("dogtag.dangerous_animals.urls")),  # issue 27
    # Issue 13 item 2: the clinics' rabies certificates waiting for a clerk.
    path("clinics/", include("dogtag.clinics.urls")),
    # Issue 12 item 6: the outbox (every e-mail and its delivery) and background jobs' progress.
    path("office/outbox/", include("dogtag.outbox.urls")),
    # Issue 12 item 2: the clerk's queue of applications made on the residents' site.
    path("office/online-applications/", include("dogtag.applications.urls_office")),
    path("office/found-dogs/", include("dogtag.found.urls_office")),  # issue 12 item 3
    path("jobs/", include("dogtag.jobs.urls")),
    # Issue 13 item 4: CSV and Excel downloads of the registers.
    path("exports/", include("dogtag.exports.urls")),
    # Issue 13 item 3: the legacy import of owners, dogs, vaccinations and licenses.
    path("office/imports/", include("dogtag.imports.urls")),
    path("", include("dogtag.licensing.urls_office")),
    path("", include("dogtag.staff.licensing.urls")),
    path("", include("dogtag.staff.urls")),
]
