"""The clerk's queue of online applications (staff site), under /office/online-applications/."""

from django.urls import path

from dogtag.applications import views_office

urlpatterns = [
    path("", views_office.queue, name="online_applications"),
    path("<int:pk>/", views_office.detail, name="online_application"),
    path("<int:pk>/issue/", views_office.issue, name="online_application_issue"),
    path("<int:pk>/return/", views_office.return_view, name="online_application_return"),
    path(
        "<int:pk>/certificate/",
        views_office.certificate,
        name="online_application_certificate",
    ),
]
