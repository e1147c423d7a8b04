from django.urls import path

from dogtag.staff import views

urlpatterns = [
    path("", views.home, name="home"),
    path("deadline/", views.deadline_calculator, name="deadline"),
    path("data-practices/", views.data_practices, name="data_practices"),
]
