"""The resident's online applications, under /residents/applications/ (issue 12 item 2)."""

from django.urls import path

from dogtag.applications import views

app_name = "applications"

urlpatterns = [
    path("", views.index, name="application_index"),
    path("new/", views.new, name="application_new"),
    path("renew/<str:number>/", views.renew, name="application_renew"),
    path(
        "dogs/<int:dog>/renew-with-clinic-certificate/",
        views.clinic_renewal,
        name="application_clinic_renewal",
    ),
    path("<int:pk>/", views.detail, name="application_detail"),
    path("<int:pk>/change/", views.edit, name="application_edit"),
    path("<int:pk>/submit/", views.submit, name="application_submit"),
    path("<int:pk>/certificate/", views.certificate, name="application_certificate"),
]
