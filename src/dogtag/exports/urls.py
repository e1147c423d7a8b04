from django.urls import path

from dogtag.exports import views

urlpatterns = [
    path("", views.index, name="exports"),
    path("calendar/", views.calendar_feed_page, name="calendar_feed_page"),
    path("calendar/<str:token>.ics", views.calendar_feed, name="calendar_feed"),
    path("<slug:name>.<slug:fmt>", views.download, name="export_download"),
]
