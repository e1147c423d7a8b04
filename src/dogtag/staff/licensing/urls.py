"""The licensing desk: search, owners, dogs, the license screen, licenses and receipts."""

from django.urls import path

from dogtag.staff.licensing import views

urlpatterns = [
    path("search/", views.search, name="search"),
    path("owners/new/", views.owner_new, name="owner_new"),
    path("owners/<int:pk>/", views.owner_detail, name="owner_detail"),
    path("owners/<int:pk>/edit/", views.owner_edit, name="owner_edit"),
    path("owners/<int:pk>/dogs/new/", views.dog_new, name="dog_new"),
    path("dogs/<int:pk>/", views.dog_detail, name="dog_detail"),
    path("dogs/<int:pk>/rabies/new/", views.rabies_new, name="rabies_new"),
    path("dogs/<int:pk>/license/", views.license_new, name="license_new"),
    path("dogs/<int:pk>/license/findings/", views.license_findings, name="license_findings"),
    path("dogs/<int:pk>/duplicate-tag/", views.duplicate_tag, name="duplicate_tag"),
    path("dogs/<int:pk>/transfer/", views.dog_transfer, name="dog_transfer"),
    path("dogs/<int:pk>/status/", views.dog_status, name="dog_status"),
    path("dogs/<int:pk>/tag-violation/", views.tag_violation_new, name="tag_violation_new"),
    path("rabies/<int:pk>/certificate/", views.rabies_certificate, name="rabies_certificate"),
    path("dogs/<int:pk>/photo/", views.dog_photo, name="dog_photo"),
    path("dogs/<int:pk>/photo/upload/", views.dog_photo_upload, name="dog_photo_upload"),
    path("licenses/<str:number>/", views.license_detail, name="license_detail"),
    path("receipts/<str:number>/", views.receipt_detail, name="receipt_detail"),
    path("receipts/<str:number>/void/", views.receipt_void, name="receipt_void"),
]
