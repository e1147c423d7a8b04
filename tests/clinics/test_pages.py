"""The clerk's queue of clinics' certificates (issue 13 item 2): a certificate that waits shows
its candidates and reasons; the clerk's choice is recorded through the vaccination service; a
role without the permission changes nothing; a recorded certificate for a dog whose license
expired or is expiring offers the one-step renewal through the licensing service (3-2-2.B)."""

import pytest
from django.urls import reverse

from dogtag.clinics import services
from dogtag.licensing.models import License, RabiesVaccination
from dogtag.records.models import Decision
from tests.clinics.conftest import D

pytestmark = pytest.mark.django_db


def values(**changes):
    base = {
        "certificate_number": "RR-2026-1120",
        "veterinarian": "Dr. Ana Lindqvist, DVM",
        "vaccinated_on": D(2026, 11, 20),
        "duration_years": 1,
        "expires_on": D(2027, 11, 20),
        "owner_name": "Pat Gustafson",
        "owner_street": "7120 Viking Blvd NW",
        "dog_name": "Biscuit",
        "breed": "",
        "sex": "",
    }
    return {**base, **changes}


@pytest.fixture
def queued(dog, namesake, admin_user):
    received = services.receive_certificate(
        clinic="Rum River", values=values(owner_name=""), actor=admin_user
    )
    assert received.certificate.status == "queued"
    return received.certificate


def test_the_queue_lists_what_waits_and_the_page_shows_candidates_with_reasons(
    signed_in, clerk, queued, dog, namesake
):
    client = signed_in(clerk)
    # when the clerk opens the queue
    page = client.get(reverse("certificate_queue"))
    # then the waiting certificate is listed
    assert page.status_code == 200
    assert reverse("certificate_detail", args=[queued.pk]) in page.text
    # and its page shows both candidates, and why each may be it
    detail = client.get(reverse("certificate_detail", args=[queued.pk]))
    assert detail.status_code == 200
    assert "2 dogs&#x27;s records fit" in detail.text or "2 dogs&#x27; records fit" in detail.text
    assert "The owner&#x27;s street is 7120 Viking Blvd NW." in detail.text
    assert f'value="{dog.pk}"' in detail.text and f'value="{namesake.pk}"' in detail.text


@pytest.mark.parametrize("choose", ["dog", "namesake", "other", "not_here"])
def test_the_clerk_resolves_a_certificate(signed_in, clerk, queued, dog, namesake, choose):
    client = signed_in(clerk)
    chosen = {"dog": dog, "namesake": namesake, "other": dog, "not_here": None}[choose]
    form = {"choice": str(chosen.pk) if choose in ("dog", "namesake") else choose}
    if choose == "other":
        form["other_dog"] = str(dog.pk)
    # when the clerk chooses
    response = client.post(reverse("certificate_detail", args=[queued.pk]), form)
    # then the certificate is resolved, and recorded on the dog chosen (if any)
    assert response.status_code == 302
    queued.refresh_from_db()
    if chosen is None:
        assert queued.status == "not_here" and not RabiesVaccination.objects.exists()
    else:
        assert queued.status == "recorded"
        assert RabiesVaccination.objects.get().dog == chosen == queued.dog
    decision = Decision.objects.get(action="clinics.resolve_certificate")
    assert (decision.sections, decision.actor) == (["3-2-2.G"], clerk)


@pytest.mark.parametrize(
    "form, field",
    [({}, "choice"), ({"choice": "other"}, "other_dog"), ({"choice": "999999"}, "choice")],
)
def test_a_choice_refused_names_the_field_and_changes_nothing(
    signed_in, clerk, queued, form, field
):
    response = signed_in(clerk).post(reverse("certificate_detail", args=[queued.pk]), form)
    assert response.status_code == 422
    assert field in response.context["form"].errors
    queued.refresh_from_db()
    assert queued.status == "queued" and not RabiesVaccination.objects.exists()


def test_a_role_without_the_permission_may_not_resolve(signed_in, officer, queued, dog):
    response = signed_in(officer).post(
        reverse("certificate_detail", args=[queued.pk]), {"choice": str(dog.pk)}
    )
    assert response.status_code == 403
    queued.refresh_from_db()
    assert queued.status == "queued"


def test_a_resolved_certificate_is_not_resolved_twice(clerk, queued, dog, namesake):
    services.resolve_certificate(certificate=queued, dog=dog, actor=clerk)
    with pytest.raises(services.ServiceError, match="already resolved"):
        services.resolve_certificate(certificate=queued, dog=namesake, actor=clerk)
    assert RabiesVaccination.objects.get().dog == dog


# ------------------------------------------------------------------------ one-step renewal


@pytest.fixture
def juno_certificate(juno, admin_user):
    """Rum River's certificate for Juno, whose license expired 2026-09-10."""
    received = services.receive_certificate(
        clinic="Rum River",
        values=values(
            certificate_number="RR-2026-1128",
            vaccinated_on=D(2026, 11, 28),
            expires_on=D(2027, 11, 28),
            dog_name="Juno",
            breed="Border collie",
            sex="female",
        ),
        actor=admin_user,
    )
    assert received.certificate.status == "recorded"
    return received.certificate


@pytest.mark.parametrize(
    "expires, offered",
    [
        (D(2026, 9, 10), True),  # expired: a renewal overdue
        (D(2026, 12, 29), True),  # within the next 30 days (records.due.NEAR_DAYS)
        (D(2026, 12, 30), False),  # after them
    ],
)
def test_renewal_is_offered_when_the_license_expired_or_is_expiring(juno, expires, offered):
    dog, first, _ = juno
    License.objects.filter(pk=first.license.pk).update(expires_on=expires)
    assert (services.renewal_due(dog, D(2026, 11, 29)) is not None) == offered


def test_the_clerk_renews_in_one_step_from_the_certificate(
    signed_in, clerk, juno, juno_certificate
):
    juno, _, _ = juno
    client = signed_in(clerk)
    url = reverse("certificate_detail", args=[juno_certificate.pk])
    # given the certificate's page offers the renewal, with the amount due filled in
    offered = client.get(url)
    assert 'id="renew-form"' in offered.text
    filled = offered.context["renew_form"].initial["amount"]
    # when the clerk takes too little, then the law refuses it with its findings, nothing issued
    short = client.post(
        reverse("certificate_renew", args=[juno_certificate.pk]),
        {"method": "cash", "amount": "0.01"},
    )
    assert short.status_code == 422
    assert License.objects.filter(dog=juno).count() == 1
    due = next(f for f in short.context["findings"] if f.rule == "license.amount_due")
    assert filled == due.details["total"]
    # when the amount due is paid
    response = client.post(
        reverse("certificate_renew", args=[juno_certificate.pk]),
        {"method": "cash", "amount": str(due.details["total"])},
    )
    # then the renewal is issued with the certificate's vaccination, and no renewal is offered
    assert response.status_code == 302
    renewed = License.objects.get(dog=juno, status="active")
    assert (renewed.kind, renewed.rabies, renewed.expires_on) == (
        "renewal",
        juno_certificate.vaccination,
        D(2027, 11, 28),
    )
    assert 'id="renew-form"' not in client.get(url).text
