"""The resident's one-step renewal with a clinic's certificate (issue 13 item 2): a dog whose
license expires soon or expired, with a certificate a clinic sent covering the new term, is renewed
from the household page: the findings of the rules core, then Send; the application reaches the
clerk's queue with the certificate on it, and the clerk issues it without recording it twice."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.test import Client

from dogtag.applications.models import OnlineApplication
from dogtag.clinics import services as clinics
from dogtag.clinics.models import Certificate
from dogtag.licensing.models import License, RabiesVaccination
from dogtag.outbox.models import OutboxMessage
from dogtag.records import roles
from dogtag.records.models import Decision
from tests.residents.conftest import sign_in

from .conftest import PDF

pytestmark = pytest.mark.django_db
D = dt.date
BASE = "/residents/applications/"


def at(day: dt.date):
    """10:00 in Nowthen on ``day`` (the fixtures froze 2026-11-29)."""
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, 15, 0, tzinfo=dt.UTC))


def from_clinic(clerk, *, vaccinated_on, number="RR-2027-0915", pdf=True) -> Certificate:
    """Rum River's certificate for Pat's Biscuit, matched to her by owner and dog."""
    received = clinics.receive_certificate(
        clinic="Rum River Animal Hospital",
        values={
            "certificate_number": number,
            "veterinarian": "Dr. Ana Lindqvist, DVM",
            "vaccinated_on": vaccinated_on,
            "duration_years": 1,
            "expires_on": vaccinated_on.replace(year=vaccinated_on.year + 1),
            "owner_name": "Pat Gustafson",
            "owner_street": "7120 Viking Blvd NW",
            "dog_name": "Biscuit",
            "breed": "Labrador retriever",
            "sex": "female",
        },
        pdf=PDF if pdf else None,
        actor=clerk,
    )
    assert received.certificate.status == Certificate.Status.RECORDED
    return received.certificate


def page_path(dog) -> str:
    return f"{BASE}dogs/{dog.pk}/renew-with-clinic-certificate/"


def signed_in(email: str) -> Client:
    client = Client()
    sign_in(client, email)
    return client


def test_a_resident_renews_in_one_step_and_the_clerk_issues_it(pat, lee, clerk):
    _owner, biscuit, license_ = pat  # licensed 2026-11-02 to 2027-10-01
    with at(D(2027, 9, 20)):  # eleven days before it expires
        # given the certificate Rum River sent for Biscuit, vaccinated 2027-09-15
        certificate = from_clinic(clerk, vaccinated_on=D(2027, 9, 15))
        client = signed_in("pat@example.org")
        # when Pat opens the household page, then Biscuit offers the renewal with it
        household = client.get("/residents/household/").content.decode()
        assert "Renew with the certificate from Rum River Animal Hospital" in household
        assert page_path(biscuit) in household
        # when she opens it, then the rules core's findings are shown, as the application
        # page shows them: the term, the fee with the council's resolution, no penalty
        page = client.get(page_path(biscuit))
        text = page.content.decode()
        assert page.status_code == 200
        assert 'data-verdict="may_issue"' in text
        assert (
            "The license would run from Sept. 20, 2027 to Sept. 15, 2028, as long as the rabies "
            "vaccination. The fee is $3.00 for a license of 1 year; it is not prorated."
        ) in text
        assert "$3.00: set by Nowthen Resolution 2011-04, § 1-2-2" in text
        penalty = text.split('data-rule="license.penalty"', 1)[1].split("</details>", 1)[0]
        assert "No late penalty applies." in penalty
        assert '<span class="dogtag-citation">3-2-2.B</span>' in penalty
        assert "To pay with the application: $3.00 (fee $3.00, penalty $0.00)." in text
        assert "How to pay the $3.00" in text
        assert 'id="send"' in text
        # when she presses Send
        sent = client.post(page_path(biscuit))
        # then one renewal application waits for the clerk, with the clinic's certificate on it
        application = OnlineApplication.objects.get()
        assert sent.status_code == 302
        assert sent["Location"] == f"{BASE}{application.pk}/"
        assert (application.status, application.kind, application.dog) == (
            "received",
            "renewal",
            biscuit,
        )
        assert (
            application.clinic,
            application.certificate_number,
            application.vaccinated_on,
            application.expires_on,
            application.veterinarian,
        ) == (
            "Rum River Animal Hospital",
            "RR-2027-0915",
            D(2027, 9, 15),
            D(2028, 9, 15),
            "Dr. Ana Lindqvist, DVM",
        )
        assert application.certificate_file.name == certificate.pdf.name
        assert [f["rule"] for f in application.findings if f["blocks"]] == []
        assert (
            OutboxMessage.objects.filter(to="pat@example.org")
            .exclude(kind="resident_sign_in")
            .count()
            == 1
        )
        # and her application page says where the certificate came from, and opens its PDF
        detail = client.get(sent["Location"]).content.decode()
        assert "Certificate RR-2027-0915, sent to the city by Rum River Animal Hospital" in detail
        assert client.get(f"{BASE}{application.pk}/certificate/").status_code == 200
        # when she presses Send again, then nothing more is sent
        again = client.post(page_path(biscuit))
        assert (again.status_code, again["Location"]) == (302, f"{BASE}{application.pk}/")
        assert OnlineApplication.objects.count() == 1
        # when the clerk issues it from the queue
        roles.ensure_roles()
        clerk.groups.add(Group.objects.get(name=roles.CLERK))
        office = Client()
        office.force_login(clerk)
        shown = office.get(f"/office/online-applications/{application.pk}/").content.decode()
        assert 'id="from-clinic"' in shown
        amount = str(application.findings[-1]["details"]["total"])
        vaccinations = RabiesVaccination.objects.filter(dog=biscuit).count()
        issued = office.post(
            f"/office/online-applications/{application.pk}/issue/",
            {"method": "cash", "amount": amount, "payer": "", "reference": ""},
        )
        # then the license is renewed with the clinic's vaccination, not a second copy of it
        assert issued.status_code == 302
        renewed = License.objects.get(dog=biscuit, kind="renewal")
        assert (renewed.previous, renewed.rabies, renewed.expires_on) == (
            license_,
            certificate.vaccination,
            D(2028, 9, 15),
        )
        assert RabiesVaccination.objects.filter(dog=biscuit).count() == vaccinations
        # and the household page no longer offers it: the license is not due
        household = client.get("/residents/household/").content.decode()
        assert "Renew with the certificate from" not in household


def test_an_expired_license_shows_the_penalty_with_its_sections(pat, clerk):
    _owner, biscuit, _license = pat
    with at(D(2027, 11, 20)):  # seven weeks after it expired on 2027-10-01
        # given a certificate of 2027-10-05: renewed more than 30 days after it (3-2-2.B)
        from_clinic(clerk, vaccinated_on=D(2027, 10, 5), pdf=False)
        client = signed_in("pat@example.org")
        text = client.get(page_path(biscuit)).content.decode()
        # then the rules core's penalty is shown with its sections and the resolution
        assert 'data-verdict="may_issue"' in text
        penalty = text.split('data-rule="license.penalty"', 1)[1].split("</details>", 1)[0]
        assert "A late penalty of $6.00 applies." in penalty
        assert '<span class="dogtag-citation">3-2-2.B</span>' in penalty
        assert "$6.00: set by Nowthen Resolution 2011-04, § 1-2-2" in penalty
        assert "Renewed more than 30 days after the new rabies vaccination" in penalty
        # and with no PDF from the clinic, the application has no file and needs none
        client.post(page_path(biscuit))
        application = OnlineApplication.objects.get()
        assert (application.status, application.certificate_file.name) == ("received", "")
        assert client.get(f"{BASE}{application.pk}/certificate/").status_code == 404


def test_it_is_in_spanish(pat, clerk):
    _owner, biscuit, _license = pat
    with at(D(2027, 9, 20)):
        from_clinic(clerk, vaccinated_on=D(2027, 9, 15))
        client = signed_in("pat@example.org")
        client.post("/residents/language/", {"language": "es", "next": "/residents/"})
        household = client.get("/residents/household/").content.decode()
        assert "Renovar con el certificado de Rum River Animal Hospital" in household
        text = client.get(page_path(biscuit)).content.decode()
        assert "Renovar la licencia de Biscuit con el certificado de Rum River" in text
        assert "Enviar la solicitud" in text


@pytest.mark.parametrize(
    "today, vaccinated_on",
    [
        # the license runs ten more months: not due (the due list's 30 days)
        (D(2026, 11, 29), D(2026, 11, 20)),
        # due, but the certificate ends before the license it would renew: no new term
        (D(2027, 9, 20), None),
    ],
)
def test_no_offer_when_the_license_is_not_due_or_the_certificate_gives_no_new_term(
    pat, clerk, today, vaccinated_on
):
    _owner, biscuit, _license = pat
    with at(today):
        if vaccinated_on is not None:
            from_clinic(clerk, vaccinated_on=vaccinated_on)
        else:  # a certificate recorded in 2026, good until 2027-09-25 (the license: 10-01)
            from_clinic(clerk, vaccinated_on=D(2026, 9, 25))
        client = signed_in("pat@example.org")
        assert "Renew with the certificate from" not in client.get("/residents/household/").text
        before = Decision.objects.count()
        assert client.get(page_path(biscuit)).status_code == 404
        assert client.post(page_path(biscuit)).status_code == 404
        assert (OnlineApplication.objects.count(), Decision.objects.count()) == (0, before)


def test_another_households_dog_answers_404_and_a_post_changes_nothing(pat, lee, clerk):
    _owner, biscuit, _license = pat
    with at(D(2027, 9, 20)):
        from_clinic(clerk, vaccinated_on=D(2027, 9, 15))
        # given Lee signed in, and Pat's Biscuit due with a clinic's certificate
        client = signed_in("lee@example.org")
        before = (Decision.objects.count(), OutboxMessage.objects.count())
        # when Lee asks for Biscuit's renewal page, or posts it, then 404 and nothing written
        assert client.get(page_path(biscuit)).status_code == 404
        assert client.post(page_path(biscuit)).status_code == 404
        assert OnlineApplication.objects.count() == 0
        assert (Decision.objects.count(), OutboxMessage.objects.count()) == before
        # and a signed-out visitor is sent to sign in, with nothing written either
        assert Client().post(page_path(biscuit)).status_code == 302
        assert OnlineApplication.objects.count() == 0


def test_a_renewal_the_rules_core_refuses_is_not_sent_and_writes_nothing(pat, clerk, monkeypatch):
    from dogtag.applications import services
    from dogtag.law.findings import Finding

    _owner, biscuit, _license = pat
    with at(D(2027, 9, 20)):
        from_clinic(clerk, vaccinated_on=D(2027, 9, 15))
        client = signed_in("pat@example.org")
        # given the rules core finding something that stops the license (as an owner's record
        # imported without an address would)
        stop = Finding(
            rule="license.application_contents",
            outcome="incomplete",
            sections=("3-2-2.A",),
            message="The application lacks the owner's address (3-2-2.A).",
            blocks=True,
        )
        monkeypatch.setattr(services, "evaluate", lambda application, on: [stop])
        before = (
            OutboxMessage.objects.count(),
            Decision.objects.exclude(outcome="refused").count(),
        )
        # when Pat opens the page, then it says no license can issue, and offers no Send
        text = client.get(page_path(biscuit)).content.decode()
        assert 'data-verdict="refused"' in text and 'id="send"' not in text
        # when she posts anyway, then it is refused with the findings and nothing is sent
        response = client.post(page_path(biscuit))
        assert response.status_code == 400
        assert "A license cannot issue as the application stands." in response.content.decode()
        assert OnlineApplication.objects.count() == 0
        assert (
            OutboxMessage.objects.count(),
            Decision.objects.exclude(outcome="refused").count(),
        ) == before
        # and the refusal is on the record, as every refusal by the rules core is
        refusal = Decision.objects.get(outcome="refused")
        assert refusal.action == "applications.renew_with_clinic_certificate"


def test_the_service_refuses_another_households_dog(pat, lee, clerk):
    from dogtag.applications import services
    from dogtag.records.errors import ServiceError
    from dogtag.residents.services import _account_for

    _owner, biscuit, _license = pat
    with at(D(2027, 9, 20)):
        from_clinic(clerk, vaccinated_on=D(2027, 9, 15))
        lees = _account_for("lee@example.org")
        lees.owners.add(lee[0])
        # when the service is asked for Pat's dog on Lee's account, then it refuses, unwritten
        with pytest.raises(ServiceError):
            services.renew_with_clinic_certificate(account=lees, dog=biscuit)
        assert OnlineApplication.objects.count() == 0
