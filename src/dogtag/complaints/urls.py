"""The complaint pages, under /complaints/ (``vehicle.animal_left``, ``nuisance.owner_duty``)."""

from django.urls import path

from dogtag.complaints import views

NUMBER = "<str:number>"

urlpatterns = [
    path("", views.complaint_list, name="complaint_list"),
    path("new/", views.complaint_new, name="complaint_new"),
    path("map/", views.map_view, name="complaint_map"),
    path(f"{NUMBER}/", views.complaint_detail, name="complaint_detail"),
    path(f"{NUMBER}/assign/", views.complaint_assign, name="complaint_assign"),
    path(f"{NUMBER}/evidence/times/", views.evidence_times, name="complaint_evidence_times"),
    path(f"{NUMBER}/evidence/log/", views.evidence_log, name="complaint_evidence_log"),
    path(
        f"{NUMBER}/evidence/recording/",
        views.evidence_recording,
        name="complaint_evidence_recording",
    ),
    path(f"{NUMBER}/evidence/file/", views.evidence_file, name="complaint_evidence_file"),
    path(
        f"{NUMBER}/evidence/<int:pk>/analysis/",
        views.evidence_analysis,
        name="complaint_evidence_analysis",
    ),
    path(
        f"{NUMBER}/evidence/<int:pk>/download/",
        views.evidence_download,
        name="complaint_evidence_download",
    ),
    path(f"{NUMBER}/findings/at-large/", views.finding_at_large, name="complaint_at_large"),
    path(f"{NUMBER}/findings/damage/", views.finding_damage, name="complaint_damage"),
    path(f"{NUMBER}/findings/acts/", views.finding_acts, name="complaint_acts"),
    path(f"{NUMBER}/findings/vehicle/", views.finding_vehicle, name="complaint_vehicle"),
    path(
        f"{NUMBER}/findings/prohibition/",
        views.finding_prohibition,
        name="complaint_prohibition",
    ),
    path(f"{NUMBER}/follow-ups/", views.follow_up_new, name="complaint_follow_up"),
    path(f"{NUMBER}/findings/duty/", views.finding_duty, name="complaint_duty"),
    path(f"{NUMBER}/close/", views.complaint_close, name="complaint_close"),
    path(f"{NUMBER}/withdraw/", views.complaint_withdraw, name="complaint_withdraw"),
    path(f"{NUMBER}/reopen/", views.complaint_reopen, name="complaint_reopen"),
]
