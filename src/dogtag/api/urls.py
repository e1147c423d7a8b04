from django.urls import path

from dogtag.api import views

urlpatterns = [
    path("api/v1/reference/", views.api_reference, name="api_reference"),
    path("office/api-keys/", views.api_keys, name="api_keys"),
    path("office/api-keys/<int:pk>/revoke/", views.api_key_revoke, name="api_key_revoke"),
    # after every operation (dogtag.urls includes the API first): any other address under it
    path("api/v1/<path:rest>", views.api_not_found, name="api_not_found"),
]
