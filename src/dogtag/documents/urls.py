from django.urls import path

from dogtag.documents import views

app_name = "documents"
urlpatterns = [
    path("receipts/<str:number>.pdf", views.receipt, name="receipt"),
    path("licenses/<str:number>.pdf", views.license_certificate, name="license_certificate"),
    path("tag-sheet.pdf", views.tag_sheet, name="tag_sheet"),
    path("renewal-reminders.pdf", views.renewal_reminders, name="renewal_reminders"),
]
