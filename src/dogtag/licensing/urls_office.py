"""The office pages: due list, fee schedule and council resolutions, tag stock, roles."""

from django.urls import path

from dogtag.licensing import views_office

urlpatterns = [
    path("due/", views_office.due_list_view, name="due_list"),
    path("fees/", views_office.fee_schedule, name="fee_schedule"),
    path("fees/resolutions/new/", views_office.fee_resolution_new, name="fee_resolution_new"),
    path("tags/stock/", views_office.tag_stock_view, name="tag_stock"),
    path("roles/", views_office.roles, name="roles"),
]
