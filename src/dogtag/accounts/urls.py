from django.urls import path

from dogtag.accounts import views

urlpatterns = [
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("two-step/", views.two_step_page, name="two_step"),
    path("two-step/turn-on/", views.two_step_turn_on, name="two_step_turn_on"),
    path("two-step/turn-off/", views.two_step_turn_off, name="two_step_turn_off"),
    path("two-step/verify/", views.two_step_verify, name="two_step_verify"),
    path("locked-sign-ins/", views.locked_sign_ins, name="locked_sign_ins"),
]
