"""The dangerous-animal pages, under /dangerous-animals/ (``dangerous_animal.designation``)."""

from django.urls import path

from dogtag.dangerous_animals import views

urlpatterns = [
    path("", views.case_list, name="dangerous_animal_list"),
    path("new/", views.case_new, name="dangerous_animal_new"),
    path("<str:number>/", views.case_detail, name="dangerous_animal_case"),
    path("<str:number>/notice.pdf", views.notice_document, name="dangerous_animal_notice_pdf"),
]
