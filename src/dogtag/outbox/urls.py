from django.urls import path

from dogtag.outbox import views

urlpatterns = [
    path("", views.outbox_list, name="outbox_list"),
    path("<int:pk>/", views.outbox_message, name="outbox_message"),
    path("<int:pk>/retry/", views.outbox_retry, name="outbox_retry"),
]
