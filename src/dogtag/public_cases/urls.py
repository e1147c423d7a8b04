"""The residents' complaint and hearing-request pages, included under /residents/."""

from django.urls import path

from dogtag.public_cases import views

urlpatterns = [
    path("complaints/new/", views.complaint_new, name="complaint_new"),
    path("complaints/mine/", views.my_complaints, name="my_complaints"),
    path("complaints/track/<str:token>/", views.complaint_track, name="complaint_track"),
    path("hearing-request/", views.hearing_request, name="hearing_request"),
    path(
        "hearing-request/received/<str:token>/",
        views.hearing_request_received,
        name="hearing_request_received",
    ),
    path(
        "hearing-request/received/<str:token>/confirmation.pdf",
        views.hearing_request_pdf,
        name="hearing_request_pdf",
    ),
]
