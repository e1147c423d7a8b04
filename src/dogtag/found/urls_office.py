"""The staff page of found dogs (under /office/found-dogs/)."""

from django.urls import path

from dogtag.found import views

urlpatterns = [path("", views.office, name="found_reports")]
