"""An administrator unlocks a locked sign-in on the Locked sign-ins page (Office)."""

from __future__ import annotations

from typing import Any

from axes.models import AccessAttempt

from dogtag.records.models import Decision
from tests.accounts.conftest import PASSWORD, sign_in, signed_in_as

PAGE = "/accounts/locked-sign-ins/"


def lock_out(client: Any, username: str) -> None:
    for n in range(5):
        sign_in(client, username, "wrong", address=f"192.0.2.{n}")


def test_the_administrator_sees_the_locked_username_and_unlocks_it(
    client: Any, administrator: Any, clerk: Any
) -> None:
    # Given cora locked out by five wrong passwords from five addresses
    lock_out(client, "cora")
    assert sign_in(client, "cora", PASSWORD, address="192.0.2.99").status_code == 429
    # When the administrator opens Locked sign-ins
    client.force_login(administrator)
    page = client.get(PAGE).content.decode()
    # Then the username is listed with its failures, the refused attempt while locked included,
    # and an Unlock button (addresses are not: each tried only once)
    assert "Username <strong>cora</strong>" in page
    assert '<td data-label="Failed sign-ins">6</td>' in page
    assert "Address <strong>" not in page
    assert (
        '<a href="/accounts/locked-sign-ins/"><span>Locked sign-ins</span></a>'
        in client.get("/").content.decode()
    )
    # When they unlock it
    response = client.post(PAGE, {"kind": "username", "value": "cora"})
    assert response.status_code == 302
    assert "Sign-in unlocked for the username cora." in client.get(PAGE).content.decode()
    # Then the unlock is recorded (who, whom, under which statute) and cora signs in
    decision = Decision.objects.get(action="accounts.unlock_sign_in")
    assert decision.actor == administrator
    assert decision.subject == clerk
    assert decision.sections == ["Minn. Stat. 13.05 subd. 5"]
    assert decision.messages == ["Sign-in unlocked for the username cora."]
    client.logout()
    assert sign_in(client, "cora", PASSWORD, address="192.0.2.99").status_code == 302
    assert signed_in_as(client) == "cora"


def test_a_locked_address_is_listed_and_unlocked(client: Any, administrator: Any) -> None:
    for name in ("ann", "bob", "cal", "dee", "eve"):
        sign_in(client, name, "x", address="203.0.113.9")
    client.force_login(administrator)
    assert "Address <strong>203.0.113.9</strong>" in client.get(PAGE).content.decode()
    client.post(PAGE, {"kind": "address", "value": "203.0.113.9"})
    assert not AccessAttempt.objects.filter(ip_address="203.0.113.9").exists()
    assert "No username or address is locked now." in client.get(PAGE).content.decode()


def test_others_are_refused_and_nothing_is_unlocked(client: Any, clerk: Any) -> None:
    # Given cora locked out, and a clerk (dan) signed in
    lock_out(client, "cora")
    before = list(
        AccessAttempt.objects.values_list("username", "ip_address", "failures_since_start")
    )
    dan = type(clerk).objects.create_user("dan", password=PASSWORD)
    dan.groups.set(clerk.groups.all())
    client.force_login(dan)
    # When the clerk opens the page or posts an unlock
    assert client.get(PAGE).status_code == 403
    assert client.post(PAGE, {"kind": "username", "value": "cora"}).status_code == 403
    # Then nothing changed
    after = list(
        AccessAttempt.objects.values_list("username", "ip_address", "failures_since_start")
    )
    assert after == before
    assert not Decision.objects.filter(outcome="done").exists()
    assert "Locked sign-ins" not in client.get("/").content.decode()


def test_unlocking_what_is_not_locked_says_so_and_records_nothing(
    client: Any, administrator: Any
) -> None:
    client.force_login(administrator)
    response = client.post(PAGE, {"kind": "username", "value": "nobody"})
    assert response.status_code == 400
    assert (
        "No failed sign-ins are recorded for the username nobody; nothing to unlock."
        in response.content.decode()
    )
    bad = client.post(PAGE, {"kind": "everyone", "value": "x" * 300})
    assert bad.status_code == 400
    assert "Choose a locked username or address to unlock." in bad.content.decode()
    assert not Decision.objects.filter(outcome="done").exists()
