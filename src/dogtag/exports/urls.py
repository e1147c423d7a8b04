from django.urls import path

from dogtag.exports import views

urlpatterns = [
    path("", views.index, name="exports"),
    path("<slug:name>.<slug:fmt>", views.download, name="export_download"),
]
