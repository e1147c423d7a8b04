from django.urls import path

from dogtag.jobs import views

urlpatterns = [path("<int:pk>/", views.job_detail, name="job_detail")]
