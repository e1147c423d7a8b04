"""Repeated failed sign-ins lock the username (from any address) and the address (for any
username); the right password is refused while locked."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import time_machine
from axes.models import AccessAttempt
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory

from dogtag.accounts.client_ip import attempted_username, client_address
from dogtag.accounts.config import whole_number
from tests.accounts.conftest import PASSWORD, START, sign_in, signed_in_as


def test_five_wrong_passwords_lock_the_username_and_the_right_one_is_refused(
    client: Any, clerk: Any
) -> None:
    with time_machine.travel(START, tick=False):
        # Given four wrong passwords, each answered with the sign-in form
        for _ in range(4):
            response = sign_in(client, "cora", "wrong")
            assert response.status_code == 200
            assert "Please enter a correct username and password" in response.content.decode()
        # When the fifth is wrong too
        fifth = sign_in(client, "cora", "wrong")
        # Then the lockout page answers: 429, in plain words, with the way back in
        assert fifth.status_code == 429
        page = fifth.content.decode()
        assert '<h1 class="usa-alert__heading">Too many failed sign-ins</h1>' in page
        assert (
            "After 5 failed sign-ins, signing in is paused for the username <strong>cora</strong>"
            " or from this address, to keep people from guessing passwords." in page
        )
        assert "Ask an administrator to unlock it, or wait 30 minutes and try again." in page
        # And the right password is refused while locked: nobody is signed in
        right = sign_in(client, "cora", PASSWORD)
        assert right.status_code == 429
        assert signed_in_as(client) is None


def test_the_username_stays_locked_from_another_address(client: Any, clerk: Any) -> None:
    # Given five wrong passwords for cora, from five different addresses
    for n in range(5):
        sign_in(client, "cora", "wrong", address=f"192.0.2.{n}")
    # When the right password comes from yet another address
    response = sign_in(client, "cora", PASSWORD, address="198.51.100.7")
    # Then it is refused
    assert response.status_code == 429
    assert signed_in_as(client) is None


def test_an_address_trying_many_usernames_is_locked_for_every_username(
    client: Any, clerk: Any
) -> None:
    # Given one address that tried five different usernames (password spraying)
    for name in ("ann", "bob", "cal", "dee", "eve"):
        sign_in(client, name, "Spring2026!", address="203.0.113.9")
    # When cora signs in with the right password from that address
    locked = sign_in(client, "cora", PASSWORD, address="203.0.113.9")
    # Then it is refused, but from her own address she signs in
    assert locked.status_code == 429
    assert signed_in_as(client) is None
    ok = sign_in(client, "cora", PASSWORD, address="10.0.0.1")
    assert ok.status_code == 302
    assert signed_in_as(client) == "cora"


def test_the_lock_ends_after_the_cool_off(client: Any, clerk: Any) -> None:
    # Given cora locked at 9:00
    with time_machine.travel(START, tick=False):
        for _ in range(5):
            sign_in(client, "cora", "wrong")
    # When she tries again at 9:29, she is still locked
    with time_machine.travel(START + dt.timedelta(minutes=29), tick=False):
        assert sign_in(client, "cora", PASSWORD).status_code == 429
    # Then 31 minutes after that last try (which restarted the wait) she signs in
    with time_machine.travel(START + dt.timedelta(minutes=29 + 31), tick=False):
        response = sign_in(client, "cora", PASSWORD)
        assert response.status_code == 302
        assert signed_in_as(client) == "cora"


def test_the_failure_limit_and_lockout_minutes_are_settings(
    client: Any, clerk: Any, settings: Any
) -> None:
    # Given a limit of 3 and no cool-off (locked until an administrator unlocks)
    settings.AXES_FAILURE_LIMIT = 3
    settings.AXES_COOLOFF_TIME = None
    with time_machine.travel(START, tick=False):
        assert sign_in(client, "cora", "wrong").status_code == 200
        assert sign_in(client, "cora", "wrong").status_code == 200
        third = sign_in(client, "cora", "wrong")
    # Then the third failure locks, and the page says only an administrator unlocks it
    assert third.status_code == 429
    assert "After 3 failed sign-ins" in third.content.decode()
    assert "Ask an administrator to unlock it.</p>" in third.content.decode()
    # And a day later it is still locked
    with time_machine.travel(START + dt.timedelta(days=1), tick=False):
        assert sign_in(client, "cora", PASSWORD).status_code == 429


def test_a_forged_forwarded_for_header_does_not_escape_the_address_lock(
    client: Any, clerk: Any
) -> None:
    # Given no proxy configured and a client that writes a new X-Forwarded-For each time
    for n in range(5):
        client.post(
            "/accounts/login/",
            {"username": f"user{n}", "password": "x"},
            REMOTE_ADDR="203.0.113.9",
            HTTP_X_FORWARDED_FOR=f"198.51.100.{n}",
        )
    # Then every failure was counted against the connection's address
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.9"}


@pytest.mark.parametrize("forwarded", ["", "198.51.100.1", "6.6.6.6, 198.51.100.1"])
def test_client_address_reads_no_header_itself(settings: Any, forwarded: str) -> None:
    # Given proxies set up: the server's edge (dogtag.serving.edge) has already put the client's
    # address into REMOTE_ADDR, so reading X-Forwarded-For again would apply the count twice
    settings.DOGTAG_PROXY_COUNT = 1
    request = RequestFactory().get("/", REMOTE_ADDR="10.1.1.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == "10.1.1.1"


@pytest.mark.parametrize(
    "environ, expected",
    [({}, 5), ({"N": ""}, 5), ({"N": " 7 "}, 7), ({"N": "1"}, 1)],
)
def test_whole_number_settings(environ: dict[str, str], expected: int) -> None:
    assert whole_number(environ, "N", 5, minimum=1) == expected


@pytest.mark.parametrize(
    "value, message",
    [
        ("five", "N must be a whole number (at least 1), not 'five'."),
        ("2.5", "N must be a whole number (at least 1), not '2.5'."),
        ("0", "N must be at least 1, not 0."),
        ("-3", "N must be at least 1, not -3."),
    ],
)
def test_a_bad_setting_stops_the_site_with_its_name(value: str, message: str) -> None:
    with pytest.raises(ImproperlyConfigured) as bad:
        whole_number({"N": value}, "N", 5, minimum=1)
    assert str(bad.value) == message


def test_a_very_long_username_is_counted_not_a_server_error(client: Any, clerk: Any) -> None:
    # given a sign-in with a 10,000-character username (longer than the lockout's column)
    long_name = "x" * 10_000
    # when it is posted
    response = client.post("/accounts/login/", {"username": long_name, "password": "wrong"})
    # then the sign-in page answers with an error, not a 500, and any failure counted keeps at
    # most the 150 characters an account's name can have
    assert response.status_code == 200
    assert all(len(a.username or "") <= 150 for a in AccessAttempt.objects.all())


def test_the_username_the_lockout_keeps_is_cut_to_150_characters() -> None:
    # given a failed sign-in's credentials, as django-axes passes them
    request = RequestFactory().post("/accounts/login/", {"username": "y" * 9_000})
    # then the name counted is cut, and missing stays missing
    assert attempted_username(request, {"username": "x" * 10_000}) == "x" * 150
    assert attempted_username(request, None) == "y" * 150
    assert attempted_username(RequestFactory().post("/accounts/login/", {}), None) is None
