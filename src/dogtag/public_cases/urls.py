"""The residents' complaint and hearing-request pages, included under /residents/."""

from django.urls import path

from dogtag.public_cases import views

urlpatterns = [
    path("complaints/new/", views.complaint_new, name="complaint_new"),
    path("complaints/mine/", views.my_complaints, name="my_complaints"),
    path("complaints/track/<str:token>/", views.complaint_track, name="complaint_track"),
]
