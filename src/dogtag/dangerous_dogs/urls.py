"""The dangerous-dog pages, under /dangerous-dogs/ (dangerous_dog.restrictions)."""

from django.urls import path

from dogtag.dangerous_dogs import views

NUMBER = "<str:number>"

urlpatterns = [
    path("", views.case_list, name="dangerous_dog_list"),
    path("new/", views.case_new, name="dangerous_dog_new"),
    path(f"{NUMBER}/", views.case_detail, name="dangerous_dog_case"),
    path(f"{NUMBER}/steps/<str:step>/", views.case_step, name="dangerous_dog_step"),
    path(
        f"{NUMBER}/incidents/<int:pk>/time/",
        views.incident_time,
        name="dangerous_dog_incident_time",
    ),
    path(f"{NUMBER}/notice.pdf", views.notice_document, name="dangerous_dog_notice_pdf"),
    path(
        f"{NUMBER}/hearing-notice.pdf",
        views.hearing_notice_document,
        name="dangerous_dog_hearing_notice_pdf",
    ),
    path(f"{NUMBER}/order.pdf", views.order_document, name="dangerous_dog_order_pdf"),
    path(
        f"{NUMBER}/certificates/<str:certificate>.pdf",
        views.certificate_document,
        name="dangerous_dog_certificate_pdf",
    ),
    path(
        f"{NUMBER}/revocations/<int:pk>.pdf",
        views.revocation_notice_document,
        name="dangerous_dog_revocation_pdf",
    ),
    path(f"{NUMBER}/letters/<int:pk>.pdf", views.letter_document, name="dangerous_dog_letter_pdf"),
]
