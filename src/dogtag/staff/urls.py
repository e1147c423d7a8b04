from django.urls import path

from dogtag.staff import views, views_private_log

urlpatterns = [
    path("", views.home, name="home"),
    path("deadline/", views.deadline_calculator, name="deadline"),
    path("data-practices/", views.data_practices, name="data_practices"),
    # need-to-know (issue 10, item 7): the Administrator's log of who viewed private data
    path(
        "office/private-data-views/",
        views_private_log.private_data_log,
        name="private_data_log",
    ),
]
