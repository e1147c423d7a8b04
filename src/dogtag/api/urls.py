from django.urls import path

from dogtag.api import views

urlpatterns = [
    path("api/v1/reference/", views.api_reference, name="api_reference"),
    path("office/api-keys/", views.api_keys, name="api_keys"),
    path("office/api-keys/<int:pk>/revoke/", views.api_key_revoke, name="api_key_revoke"),
]
