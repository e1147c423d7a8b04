"""The found-dog pages of the residents' site (included in ``residents.urls``: names
``residents:found_*``)."""

from django.urls import path

from dogtag.found import views

urlpatterns = [
    path("found/", views.lookup, name="found_lookup"),
    path("found/answer/<str:token>/", views.answer, name="found_answer"),
    path("found/message/", views.relay, name="found_relay"),
    path("found/message/sent/", views.sent, name="found_sent"),
    path("found/lost/<int:pk>/", views.report_lost, name="found_report_lost"),
    path("found/lost/<int:pk>/found-again/", views.report_found_again, name="found_found_again"),
]
