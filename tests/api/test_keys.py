"""API keys (issue 13, item 1): issued by an administrator, scoped to a role or a clinic, stored
hashed, shown once, revocable, with their last use; Bearer auth and staff session auth."""

import hashlib

import pytest
from django.test import Client

from dogtag.api import keys
from dogtag.api.models import ApiKey
from dogtag.records import roles
from dogtag.records.models import Decision

pytestmark = pytest.mark.django_db


def test_a_key_is_stored_as_its_hash_and_prefix_only(admin_user):
    # when an administrator issues a key for the Clerk role
    issued = keys.issue_api_key(name="City web site", role=roles.CLERK, actor=admin_user)
    # then only its prefix and SHA-256 are stored, never the key itself
    key = ApiKey.objects.get()
    assert issued.secret.startswith(f"dogtag_{key.prefix}_")
    assert key.hashed == hashlib.sha256(issued.secret.encode()).hexdigest()
    stored = [str(v) for v in ApiKey.objects.values().get().values()]
    assert issued.secret not in stored
    # and the key acts as its own account, in the role, and cannot sign in
    assert list(key.user.groups.values_list("name", flat=True)) == [roles.CLERK]
    assert not key.user.has_usable_password()
    # and the Decision says who issued it, citing the safeguards
    decision = Decision.objects.get(action="api.issue_api_key")
    assert (decision.actor, decision.sections) == (admin_user, ["Minn. Stat. 13.05 subd. 5"])


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"name": "x"}, "A key is for a role or for a clinic: choose one."),
        ({"name": "x", "role": roles.CLERK, "clinic": "Rum River"}, "A key is for a role or"),
        ({"name": "x", "role": "Mayor"}, "No role is named 'Mayor'."),
        ({"name": " ", "role": roles.CLERK}, "Name who will use the key."),
    ],
)
def test_a_key_for_neither_or_both_scopes_is_refused_and_nothing_written(
    admin_user, fields, message
):
    with pytest.raises(keys.ServiceError, match=message):
        keys.issue_api_key(actor=admin_user, **fields)
    assert not ApiKey.objects.exists()
    assert not Decision.objects.filter(action="api.issue_api_key").exists()


def test_bearer_key_reads_and_its_last_use_is_recorded(admin_user):
    issued = keys.issue_api_key(name="Web", role=roles.CLERK, actor=admin_user)
    assert issued.key.last_used_at is None
    client = Client(headers={"Authorization": f"Bearer {issued.secret}"})
    response = client.get("/api/v1/owners")
    assert response.status_code == 200
    assert ApiKey.objects.get().last_used_at is not None


@pytest.mark.parametrize(
    "header",
    [
        None,
        "Bearer ",
        "Bearer dogtag_0000000000_nope",
        "Bearer " + "x" * 5000,
        "Basic dXNlcjpwYXNz",
    ],
)
def test_no_valid_key_is_401_problem(db, header):
    client = Client(headers={"Authorization": header} if header else {})
    response = client.get("/api/v1/dogs")
    assert response.status_code == 401
    assert response["Content-Type"] == "application/problem+json"
    assert response["WWW-Authenticate"] == 'Bearer realm="dogtag"'
    assert response.json()["status"] == 401


def test_a_tampered_key_with_a_real_prefix_is_refused(admin_user):
    issued = keys.issue_api_key(name="Web", role=roles.CLERK, actor=admin_user)
    forged = issued.secret[:-4] + ("AAAA" if not issued.secret.endswith("AAAA") else "BBBB")
    client = Client(headers={"Authorization": f"Bearer {forged}"})
    assert client.get("/api/v1/dogs").status_code == 401
    assert ApiKey.objects.get().last_used_at is None


def test_a_revoked_key_is_refused(admin_user):
    issued = keys.issue_api_key(name="Web", role=roles.CLERK, actor=admin_user)
    client = Client(headers={"Authorization": f"Bearer {issued.secret}"})
    assert client.get("/api/v1/dogs").status_code == 200
    # when the administrator revokes it
    keys.revoke_api_key(key=issued.key, actor=admin_user)
    # then it is refused, and revoking again is refused too
    assert client.get("/api/v1/dogs").status_code == 401
    with pytest.raises(keys.ServiceError, match="already revoked"):
        keys.revoke_api_key(key=issued.key, actor=admin_user)
    assert Decision.objects.filter(action="api.revoke_api_key").count() == 1


def test_a_clinic_key_reads_no_records(admin_user):
    issued = keys.issue_api_key(name="Rum River", clinic="Rum River", actor=admin_user)
    client = Client(headers={"Authorization": f"Bearer {issued.secret}"})
    for url in ("/api/v1/owners", "/api/v1/dogs", "/api/v1/due", "/api/v1/complaints"):
        response = client.get(url)
        assert (response.status_code, response["Content-Type"]) == (
            403,
            "application/problem+json",
        ), url


# ------------------------------------------------------------------- the administrator's page


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_keys_page_is_for_administrators_only(admin_user, clerk):
    assert signed_in(clerk).get("/office/api-keys/").status_code == 403
    assert Client().get("/office/api-keys/").status_code == 302  # to the sign-in page
    assert signed_in(admin_user).get("/office/api-keys/").status_code == 200


def test_the_key_is_shown_once_on_the_page_that_issued_it(admin_user):
    client = signed_in(admin_user)
    response = client.post(
        "/office/api-keys/", {"name": "City web site", "scope": "role", "role": roles.CLERK}
    )
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    secret = response.context["issued"].secret
    assert secret.encode() in response.content
    # then the list shows its prefix, never the key again
    listed = client.get("/office/api-keys/")
    assert secret.encode() not in listed.content
    assert f"dogtag_{ApiKey.objects.get().prefix}_".encode() in listed.content


def test_an_incomplete_issue_form_writes_nothing(admin_user):
    response = signed_in(admin_user).post("/office/api-keys/", {"name": "x", "scope": "clinic"})
    assert response.status_code == 200
    assert response.context["form"].errors == {"clinic": ["Name the clinic."]}
    assert not ApiKey.objects.exists()


def test_revoking_from_the_page(admin_user, clerk):
    issued = keys.issue_api_key(name="Web", role=roles.CLERK, actor=admin_user)
    url = f"/office/api-keys/{issued.key.pk}/revoke/"
    assert signed_in(clerk).post(url).status_code == 403
    assert ApiKey.objects.get().revoked_at is None
    assert signed_in(admin_user).post(url).status_code == 302
    assert ApiKey.objects.get().revoked_by == admin_user


# ----------------------------------------------------------------------------- staff session


def test_a_signed_in_browser_reads_and_needs_the_csrf_token_to_write(clerk, dog, rabies, stock):
    client = Client(enforce_csrf_checks=True)
    client.force_login(clerk)
    assert client.get("/api/v1/dogs").status_code == 200
    body = {"kind": "new", "rabies_id": rabies.pk, "on": "2026-11-29", "method": "cash"}
    body["amount"] = "3.00"
    url = f"/api/v1/dogs/{dog.pk}/licenses"
    # without the CSRF token: refused, nothing written
    refused = client.post(url, body, content_type="application/json")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "CSRF check failed: send the X-CSRFToken header."
    assert not dog.licenses.exists()
    # with the token from the site's cookie: issued
    client.get("/search/")
    token = client.cookies["csrftoken"].value
    issued = client.post(url, body, content_type="application/json", headers={"X-CSRFToken": token})
    assert issued.status_code == 201
    assert dog.licenses.count() == 1


def test_a_clinic_key_names_its_clinic_and_no_other_caller_does(admin_user, clerk):
    from django.test import RequestFactory
    from ninja.errors import HttpError

    from dogtag.api.auth import KeyAuth, clinic_of

    clinic = keys.issue_api_key(name="Rum River", clinic="Rum River AH", actor=admin_user)
    role = keys.issue_api_key(name="Web", role=roles.CLERK, actor=admin_user)
    for issued, expected in ((clinic, "Rum River AH"), (role, None)):
        request = RequestFactory().get("/api/v1/dogs")
        assert KeyAuth().authenticate(request, issued.secret) == issued.key.user
        if expected:
            assert clinic_of(request) == expected
        else:
            with pytest.raises(HttpError, match="Only a clinic's API key"):
                clinic_of(request)
    session = RequestFactory().get("/api/v1/dogs")
    session.user = clerk
    with pytest.raises(HttpError):
        clinic_of(session)


@pytest.mark.parametrize(
    "method, url, status",
    [
        ("get", "/api/v1/", 404),
        ("get", "/api/v1/nope", 404),
        ("post", "/api/v1/questions/nope", 404),
        ("put", "/api/v1/complaints", 405),
        ("delete", "/api/v1/dogs", 405),
    ],
)
def test_an_address_or_method_the_api_does_not_take_is_a_problem(key_for, method, url, status):
    response = getattr(key_for("clerk"), method)(url)
    assert (response.status_code, response["Content-Type"]) == (
        status,
        "application/problem+json",
    )
