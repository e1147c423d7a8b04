"""Two-step verification (TOTP, django-otp): turning it on and off, the sign-in's second step,
and DOGTAG_REQUIRE_2FA for superusers and Administrators. Codes are computed from the key."""

from __future__ import annotations

import datetime as dt
import re
from binascii import unhexlify
from typing import Any

import time_machine
from axes.models import AccessAttempt
from django_otp.oath import TOTP
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from dogtag.accounts.views import PENDING_KEY
from dogtag.records.models import Decision
from tests.accounts.conftest import LOGIN, PASSWORD, START, sign_in, signed_in_as

VERIFY = "/accounts/two-step/verify/"
TURN_ON = "/accounts/two-step/turn-on/"


def code_for(key_hex: str, at: dt.datetime) -> str:
    totp = TOTP(unhexlify(key_hex))
    totp.time = at.timestamp()
    return f"{totp.token():06d}"


def with_authenticator(user: Any) -> TOTPDevice:
    return TOTPDevice.objects.create(user=user, name="Authenticator app", confirmed=True)


def test_turning_it_on_shows_a_qr_code_and_the_key_and_needs_a_matching_code(
    client: Any, clerk: Any
) -> None:
    client.force_login(clerk)
    with time_machine.travel(START, tick=False):
        # Given the page that turns it on
        page = client.get(TURN_ON).content.decode()
        key = client.session[PENDING_KEY]
        # Then it shows the QR code as inline SVG, and the key as text, in groups of four
        assert re.search(r'<svg width="\d+" height="\d+" class="segno"><title>QR code', page)
        assert " style=" not in page.split('id="two-step-qr"')[1].split("</div>")[0]
        typed = re.search(
            r'<code class="dogtag-otp-key" id="two-step-key">([A-Z2-7 ]+)</code>', page
        )
        assert typed is not None and len(typed.group(1).replace(" ", "")) == 32
        # When a wrong code is entered
        wrong = client.post(
            TURN_ON, {"code": "000000" if code_for(key, START) != "000000" else "1"}
        )
        # Then it is refused, and nothing is stored
        assert wrong.status_code == 400
        assert "That code does not match." in wrong.content.decode()
        assert not TOTPDevice.objects.exists()
        assert not Decision.objects.filter(outcome="done").exists()
        # When the code the app shows is entered (with the key kept from the first page)
        right = client.post(TURN_ON, {"code": code_for(key, START)})
    # Then the device is confirmed, the change recorded, and this session counts as verified
    assert right.status_code == 302
    assert right["Location"] == "/accounts/two-step/"
    device = TOTPDevice.objects.get(user=clerk)
    assert device.confirmed and device.key == key
    decision = Decision.objects.get(action="accounts.turn_on_two_step")
    assert decision.actor == clerk and decision.subject == clerk
    assert client.get("/").status_code == 200
    assert "Two-step verification is on" in client.get("/accounts/two-step/").content.decode()


def test_the_sign_in_asks_for_the_code_after_the_password(client: Any, clerk: Any) -> None:
    device = with_authenticator(clerk)
    with time_machine.travel(START, tick=False):
        # Given cora signed in with her password
        response = sign_in(client, "cora", PASSWORD)
        assert response.status_code == 302
        # Then every staff page and the admin send her to the code page, keeping where she went
        for path in ("/", "/deadline/", "/accounts/password/", "/admin/"):
            step = client.get(path)
            assert step.status_code == 302, path
            assert step["Location"].startswith(f"{VERIFY}?next="), path
        assert client.post("/accounts/password/", {"old_password": PASSWORD}).status_code == 302
        assert client.get(VERIFY).status_code == 200
        # When she gives the code from her app
        done = client.post(VERIFY, {"code": code_for(device.key, START), "next": "/deadline/"})
    # Then she reaches the page she asked for
    assert done.status_code == 302
    assert done["Location"] == "/deadline/"
    assert client.get("/deadline/").status_code == 200


def test_an_htmx_request_before_the_code_is_sent_to_the_code_page(client: Any, clerk: Any) -> None:
    with_authenticator(clerk)
    sign_in(client, "cora", PASSWORD)
    response = client.get("/deadline/", HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == f"{VERIFY}?next=%2Fdeadline%2F"


def test_signing_out_works_before_the_code(client: Any, clerk: Any) -> None:
    with_authenticator(clerk)
    sign_in(client, "cora", PASSWORD)
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Location"] == LOGIN
    assert signed_in_as(client) is None


def test_wrong_codes_are_throttled_and_count_as_failed_sign_ins(client: Any, clerk: Any) -> None:
    device = with_authenticator(clerk)
    sign_in(client, "cora", PASSWORD)
    right = code_for(device.key, START)
    wrong = "000000" if right != "000000" else "111111"
    with time_machine.travel(START, tick=False):
        # Given one wrong code
        first = client.post(VERIFY, {"code": wrong})
        assert first.status_code == 400
        assert "That code is not right." in first.content.decode()
        # Then an immediate retry, even with the right code, must wait (django-otp throttling)
        retry = client.post(VERIFY, {"code": right})
        assert retry.status_code == 400
        assert "Too many wrong codes. Wait until 9:00:01 AM before trying again." in (
            retry.content.decode()
        )
    # And each refused code counted as a failed sign-in for cora
    assert sum(AccessAttempt.objects.values_list("failures_since_start", flat=True)) == 2
    assert signed_in_as(client) == "cora"
    assert client.get("/").status_code == 302


def test_five_wrong_codes_end_the_session_and_lock_the_username(client: Any, clerk: Any) -> None:
    device = with_authenticator(clerk)
    sign_in(client, "cora", PASSWORD)
    moment = START
    last = None
    for _ in range(5):
        moment += dt.timedelta(minutes=1)  # past the throttle's wait
        with time_machine.travel(moment, tick=False):
            last = client.post(VERIFY, {"code": "not-a-code"})
    # Then the fifth is answered by the lockout page and the session ended
    assert last is not None and last.status_code == 429
    assert "Too many failed sign-ins" in last.content.decode()
    assert signed_in_as(client) is None
    # And the password alone cannot start a new one
    with time_machine.travel(moment + dt.timedelta(minutes=1), tick=False):
        assert sign_in(client, "cora", PASSWORD).status_code == 429
    assert TOTPDevice.objects.get(pk=device.pk).confirmed


def test_turning_it_off_needs_a_current_code(client: Any, clerk: Any) -> None:
    device = with_authenticator(clerk)
    client.force_login(clerk)
    session = client.session
    session["otp_device_id"] = device.persistent_id
    session.save()
    with time_machine.travel(START, tick=False):
        refused = client.post("/accounts/two-step/turn-off/", {"code": "12345x"})
        assert refused.status_code == 400
        assert "Two-step verification is still on" in refused.content.decode()
        assert TOTPDevice.objects.filter(user=clerk).count() == 1
    with time_machine.travel(START + dt.timedelta(minutes=1), tick=False):
        done = client.post(
            "/accounts/two-step/turn-off/",
            {"code": code_for(device.key, START + dt.timedelta(minutes=1))},
        )
    assert done.status_code == 302
    assert not TOTPDevice.objects.filter(user=clerk).exists()
    assert Decision.objects.get(action="accounts.turn_off_two_step").actor == clerk
    assert client.get("/").status_code == 200


def test_a_recovery_code_from_the_shell_signs_in_once(client: Any, clerk: Any) -> None:
    # Given cora lost her phone and an administrator issued a recovery code
    with_authenticator(clerk)
    static = StaticDevice.objects.create(user=clerk, name="Backup Code", confirmed=True)
    StaticToken.objects.create(device=static, token="r3c0v3ry")
    sign_in(client, "cora", PASSWORD)
    # When she enters it, she is in; the code is used up
    assert client.post(VERIFY, {"code": "r3c0v3ry"}).status_code == 302
    assert client.get("/").status_code == 200
    assert not StaticToken.objects.exists()


def test_required_of_administrators_and_superusers(
    client: Any, clerk: Any, administrator: Any, django_user_model: Any, settings: Any
) -> None:
    settings.DOGTAG_REQUIRE_2FA = True
    boss = django_user_model.objects.create_superuser("boss", password=PASSWORD)
    # Given the setting, an Administrator and a superuser without it are sent to turn it on
    for user in (administrator, boss):
        client.force_login(user)
        for path in ("/", "/admin/", "/accounts/locked-sign-ins/", "/accounts/password/"):
            response = client.get(path)
            assert response.status_code == 302, (user, path)
            assert response["Location"].startswith(f"{TURN_ON}?next="), (user, path)
        page = client.get(TURN_ON).content.decode()
        assert "The city requires two-step verification of administrators and superusers." in page
    # And a clerk is not
    client.force_login(clerk)
    assert client.get("/").status_code == 200
    # When the administrator turns it on, they may go on, and may not turn it off
    client.force_login(administrator)
    client.get(TURN_ON)
    key = client.session[PENDING_KEY]
    with time_machine.travel(START, tick=False):
        response = client.post(TURN_ON, {"code": code_for(key, START), "next": "/"})
    assert response["Location"] == "/"
    assert client.get("/").status_code == 200
    with time_machine.travel(START + dt.timedelta(minutes=1), tick=False):
        refused = client.post(
            "/accounts/two-step/turn-off/", {"code": code_for(key, START + dt.timedelta(minutes=1))}
        )
    assert refused.status_code == 400
    assert "it cannot be turned off" in refused.content.decode()
    assert TOTPDevice.objects.filter(user=administrator, confirmed=True).count() == 1


def test_device_admin_is_not_offered(client: Any, django_user_model: Any) -> None:
    client.force_login(django_user_model.objects.create_superuser("boss", password=PASSWORD))
    assert client.get("/admin/otp_totp/totpdevice/").status_code == 404
    assert client.get("/admin/axes/accessattempt/").status_code == 404
