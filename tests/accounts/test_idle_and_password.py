"""The session ends after DOGTAG_IDLE_MINUTES without a request; the password-change page."""

from __future__ import annotations

import datetime as dt
from typing import Any

import time_machine

from tests.accounts.conftest import LOGIN, PASSWORD, START, sign_in, signed_in_as

INACTIVITY = "You were signed out after 30 minutes without activity. Sign in again to go on."


def test_a_request_29_minutes_after_the_last_is_still_signed_in(client: Any, clerk: Any) -> None:
    # Given cora signed in at 9:00 and working at 9:20
    with time_machine.travel(START, tick=False):
        sign_in(client, "cora", PASSWORD)
    with time_machine.travel(START + dt.timedelta(minutes=20), tick=False):
        assert client.get("/").status_code == 200
    # When her next request comes 29 minutes after that one
    with time_machine.travel(START + dt.timedelta(minutes=49), tick=False):
        response = client.get("/")
    # Then she is still signed in (the 30 minutes count from the last request)
    assert response.status_code == 200
    assert signed_in_as(client) == "cora"


def test_31_minutes_without_a_request_sends_to_the_sign_in_page_saying_why(
    client: Any, clerk: Any
) -> None:
    # Given cora signed in at 9:00
    with time_machine.travel(START, tick=False):
        sign_in(client, "cora", PASSWORD)
        assert client.get("/").status_code == 200
    # When she comes back at 9:31
    with time_machine.travel(START + dt.timedelta(minutes=31), tick=False):
        response = client.get("/deadline/")
        # Then she is sent to the sign-in page, which says the session ended for inactivity
        assert response.status_code == 302
        assert response["Location"] == f"{LOGIN}?next=/deadline/"
        page = client.get(response["Location"]).content.decode()
    assert INACTIVITY in page
    assert signed_in_as(client) is None


def test_signing_out_is_not_reported_as_inactivity(client: Any, clerk: Any) -> None:
    # Given cora signed in and signed out at 9:00
    with time_machine.travel(START, tick=False):
        sign_in(client, "cora", PASSWORD)
        client.get("/")
        client.post("/accounts/logout/")
    # When the sign-in page is opened an hour later
    with time_machine.travel(START + dt.timedelta(hours=1), tick=False):
        page = client.get(LOGIN).content.decode()
    # Then it says nothing about inactivity
    assert "without activity" not in page


def test_the_idle_limit_is_the_session_age(settings: Any) -> None:
    assert settings.DOGTAG_IDLE_MINUTES == 30
    assert settings.SESSION_COOKIE_AGE == 30 * 60
    assert settings.SESSION_SAVE_EVERY_REQUEST is True


def test_the_header_links_to_the_password_and_two_step_pages(client: Any, clerk: Any) -> None:
    client.force_login(clerk)
    page = client.get("/").content.decode()
    assert '<a href="/accounts/password/"><span>Change password</span></a>' in page
    assert '<a href="/accounts/two-step/"><span>Two-step verification</span></a>' in page


def test_changing_the_password(client: Any, clerk: Any) -> None:
    # Given cora signed in
    client.force_login(clerk)
    assert "Change your password" in client.get("/accounts/password/").content.decode()
    # When she gives her current password and a new one twice
    response = client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "ninety-nine red balloons",
            "new_password2": "ninety-nine red balloons",
        },
    )
    # Then the password is changed and she stays signed in
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password/done/"
    assert "Your password was changed" in client.get(response["Location"]).content.decode()
    clerk.refresh_from_db()
    assert clerk.check_password("ninety-nine red balloons")
    assert signed_in_as(client) == "cora"


def test_a_refused_password_change_says_why_and_changes_nothing(client: Any, clerk: Any) -> None:
    # Given cora signed in
    client.force_login(clerk)
    before = type(clerk).objects.get(pk=clerk.pk).password
    # When she gives a wrong current password and a new one that is too short
    response = client.post(
        "/accounts/password/",
        {"old_password": "nope", "new_password1": "short", "new_password2": "short"},
    )
    # Then the form comes back with each problem, tied to its field, and nothing changed
    page = response.content.decode()
    assert response.status_code == 200
    assert "Your password was not changed" in page
    assert "Your old password was entered incorrectly. Please enter it again." in page
    assert "This password is too short. It must contain at least 8 characters." in page
    assert 'aria-describedby="id_old_password_error"' in page
    assert type(clerk).objects.get(pk=clerk.pk).password == before


def test_the_password_page_needs_a_signed_in_user(client: Any, db: None) -> None:
    response = client.get("/accounts/password/")
    assert response.status_code == 302
    assert response["Location"] == f"{LOGIN}?next=/accounts/password/"
