"""The resident's online applications, under /residents/applications/ (issue 12 item 2)."""

from django.urls import path

from dogtag.applications import views

app_name = "applications"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("renew/<str:number>/", views.renew, name="renew"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/change/", views.edit, name="edit"),
    path("<int:pk>/submit/", views.submit, name="submit"),
    path("<int:pk>/certificate/", views.certificate, name="certificate"),
]
