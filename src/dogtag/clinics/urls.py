"""The clinics' certificates for staff (issue 13 item 2), under /clinics/."""

from django.urls import path

from dogtag.clinics import views

urlpatterns = [
    path("certificates/", views.certificate_queue, name="certificate_queue"),
    path("certificates/<int:pk>/", views.certificate_detail, name="certificate_detail"),
    path("certificates/<int:pk>/certificate.pdf", views.certificate_pdf, name="certificate_pdf"),
    path("certificates/<int:pk>/renew/", views.certificate_renew, name="certificate_renew"),
    path("batches/new/", views.batch_new, name="certificate_batch_new"),
    path("batches/<int:pk>/", views.certificate_batch, name="certificate_batch"),
    path("unlicensed/letters.pdf", views.unlicensed_letters, name="unlicensed_letters"),
    path("unlicensed/email/", views.unlicensed_email, name="unlicensed_email"),
]
