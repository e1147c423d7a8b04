from django.urls import path

from dogtag.imports import views

urlpatterns = [
    path("", views.import_page, name="legacy_import"),
    path("<int:pk>/", views.report_page, name="legacy_import_report"),
    path("<int:pk>/report.csv", views.report_csv, name="legacy_import_report_csv"),
    path("<int:pk>/import/", views.import_checked, name="legacy_import_checked"),
]
