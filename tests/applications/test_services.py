"""The online application's services: issued through the counter's services, returned with a
reason, and every refusal changing nothing (issue 12 item 2)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dogtag.applications import services
from dogtag.applications.models import OnlineApplication
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, Receipt
from dogtag.licensing.receipts import Payment
from dogtag.outbox.models import OutboxMessage
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.models import Decision
from tests.licensing.conftest import TODAY, cash, snapshot

from .conftest import CERTIFICATE, D, apply_new, apply_renewal

Status = OnlineApplication.Status
pytestmark = pytest.mark.django_db


def everything() -> dict[str, object]:
    """What issuing or returning may write, to show a refusal wrote nothing."""
    return {
        **snapshot(),
        "owners": list(Owner.objects.values()),
        "vaccinations": list(RabiesVaccination.objects.values()),
        "applications": list(OnlineApplication.objects.values()),
        "links": [list(a.owners.values_list("pk", flat=True)) for a in _accounts()],
        "mail": list(OutboxMessage.objects.values_list("key", flat=True)),
    }


def _accounts():
    from dogtag.residents.models import ResidentAccount

    return ResidentAccount.objects.order_by("pk")


def test_the_resident_sees_the_fee_with_its_sections_and_the_resolution_before_sending(newcomer):
    # given a new household's application, as the resident looks at it
    application = apply_new(newcomer)
    # then the findings are the rules core's, with the term, the fee and its source
    rules = [f["rule"] for f in application.findings]
    assert rules == [
        "license.application_contents",
        "license.required",
        "license.rabies_current",
        "license.term",
        "license.penalty",
        "license.amount_due",
    ]
    term = next(f for f in application.findings if f["rule"] == "license.term")
    assert term["sections"] == ["3-2-2.B", "1-2-2"]
    assert term["details"]["expires_on"] == "2027-11-10"
    fee = term["parameters"][-1]
    assert (fee["key"], fee["display"]) == ("nowthen.fees.dog_license.one_year", "$3.00")
    assert (
        fee["source"]["citation"]
        == "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded"
    )
    due = next(f for f in application.findings if f["rule"] == "license.amount_due")
    assert due["details"] == {"fee": "3.00", "penalty": "6.00", "total": "9.00"}
    # and it waits for the clerk, received now, with an e-mail to the account saying so
    assert (application.status, application.received_at is not None) == (Status.RECEIVED, True)
    [mail] = OutboxMessage.objects.filter(kind="online_application_received")
    assert (mail.to, mail.subject) == ("sam@example.org", "Application received: license for Maple")
    assert "City Hall" in mail.body


def test_issuing_a_new_household_goes_through_the_counters_services(newcomer, clerk, stock):
    application = apply_new(newcomer)
    # when the clerk issues it with the cash the resident paid at City Hall
    issued = services.issue(application=application, payment=cash("9.00"), on=TODAY, actor=clerk)
    application.refresh_from_db()
    # then owner, dog, vaccination and license are the counter's records
    owner = Owner.objects.get(name="Sam Whitebird")
    assert (owner.phone, owner.email, owner.email_consent) == (
        "+17635550177",
        "sam@example.org",
        True,
    )
    dog = Dog.objects.get(owner=owner)
    assert (dog.name, dog.breed, dog.born, dog.microchip) == (
        "Maple",
        "Beagle",
        D(2023, 4, 2),
        "985112003456789",
    )
    rabies = RabiesVaccination.objects.get(dog=dog)
    assert (rabies.vaccinated_on, rabies.expires_on, rabies.certificate_number) == (
        D(2026, 11, 10),
        D(2027, 11, 10),
        "ER-2026-0777",
    )
    assert rabies.certificate_file.name == application.certificate_file.name
    license_ = issued.license
    assert (license_.kind, license_.expires_on, license_.fee, license_.penalty) == (
        "new",
        D(2027, 11, 10),
        Decimal("3.00"),
        Decimal("6.00"),
    )
    assert (issued.receipt.total, issued.receipt.method, issued.receipt.cashier) == (
        Decimal("9.00"),
        "cash",
        clerk,
    )
    assert issued.tag.license == license_
    decision = Decision.objects.get(pk=license_.decision_id)
    assert (decision.action, decision.actor) == ("license.issue.new", clerk)
    assert License.history.filter(number=license_.number).latest().history_user == clerk
    # and the application is issued, the account linked to the household
    assert (application.status, application.license, application.decided_by) == (
        Status.ISSUED,
        license_,
        clerk,
    )
    assert list(newcomer.owners.all()) == [owner]
    # and the resident is e-mailed the license and the receipt
    mail = OutboxMessage.objects.get(kind="online_application_issued")
    assert mail.to == "sam@example.org"
    assert sorted(a.filename for a in mail.attachments.all()) == [
        f"license-{license_.number}.pdf",
        f"receipt-{issued.receipt.number}.pdf",
    ]


def test_a_renewal_renews_the_households_license(pat_account, pat, clerk):
    owner, dog, old = pat
    application = apply_renewal(pat_account, dog)
    assert (application.owner, application.dog, application.dog_name) == (owner, dog, "Biscuit")
    issued = services.issue(application=application, payment=cash("3.00"), on=TODAY, actor=clerk)
    old.refresh_from_db()
    assert (issued.license.kind, issued.license.previous, old.status) == (
        "renewal",
        old,
        License.Status.SUPERSEDED,
    )
    assert Owner.objects.count() == 1 and Dog.objects.filter(owner=owner).count() == 1


def test_returning_tells_the_resident_why(newcomer, clerk):
    application = apply_new(newcomer)
    services.return_application(
        application=application, reason="The certificate shows another dog.", actor=clerk
    )
    application.refresh_from_db()
    assert (application.status, application.return_reason, application.decided_by) == (
        Status.RETURNED,
        "The certificate shows another dog.",
        clerk,
    )
    mail = OutboxMessage.objects.get(kind="online_application_returned")
    assert "The certificate shows another dog." in mail.body
    assert not Owner.objects.filter(name="Sam Whitebird").exists()


def _issue_wrong_amount(application, clerk):
    services.issue(application=application, payment=cash("5.00"), on=TODAY, actor=clerk)


def _issue_twice(application, clerk):
    services.issue(application=application, payment=cash("9.00"), on=TODAY, actor=clerk)
    application.refresh_from_db()
    before = everything()
    try:
        services.issue(application=application, payment=cash("9.00"), on=TODAY, actor=clerk)
    finally:
        assert everything() == before


def _issue_returned(application, clerk):
    services.return_application(application=application, reason="Unreadable scan.", actor=clerk)
    services.issue(application=application, payment=cash("9.00"), on=TODAY, actor=clerk)


def _return_without_reason(application, clerk):
    services.return_application(application=application, reason="  ", actor=clerk)


def _no_tags_in_stock() -> None:
    from dogtag.licensing.models import Tag

    Tag.objects.filter(status=Tag.Status.IN_STOCK).delete()


def _issue_by_check_without_tags(application, clerk):
    services.issue(
        application=application,
        payment=Payment(method="check", amount=Decimal("9.00"), reference="1041"),
        on=TODAY,
        actor=clerk,
    )


@pytest.mark.parametrize(
    ("given", "act", "error", "status"),
    [
        (None, _issue_wrong_amount, Refused, Status.RECEIVED),
        (None, _issue_twice, ServiceError, Status.ISSUED),
        (None, _issue_returned, ServiceError, Status.RETURNED),
        (None, _return_without_reason, ServiceError, Status.RECEIVED),
        (_no_tags_in_stock, _issue_by_check_without_tags, ServiceError, Status.RECEIVED),
    ],
)
def test_a_refused_answer_changes_nothing(newcomer, clerk, stock, given, act, error, status):
    application = apply_new(newcomer)
    if given is not None:
        given()
    before = everything()
    with pytest.raises(error):
        act(application, clerk)
    application.refresh_from_db()
    assert application.status == status
    if status == Status.RECEIVED:
        assert everything() == before
        assert list(newcomer.owners.all()) == []


def test_the_wrong_amount_is_refused_by_the_counters_rule(newcomer, clerk, stock):
    application = apply_new(newcomer)
    with pytest.raises(Refused) as refused:
        _issue_wrong_amount(application, clerk)
    [paid] = refused.value.findings
    assert (paid.rule, paid.outcome, paid.sections) == (
        "license.paid_in_full",
        "wrong_amount",
        ("3-2-2.A",),
    )
    assert str(refused.value) == (
        "The payment ($5.00) does not match the amount due ($9.00); the fee is paid in full "
        "with the application (3-2-2.A)."
    )
    assert not Receipt.objects.filter(owner__name="Sam Whitebird").exists()


def test_an_expired_certificate_cannot_be_sent(newcomer):
    data = {**CERTIFICATE, "vaccinated_on": D(2025, 10, 1), "expires_on": D(2026, 10, 1)}
    with pytest.raises(Refused) as refused:
        apply_new(newcomer, **data)
    assert [f.rule for f in refused.value.findings] == ["license.rabies_current"]
    [draft] = OnlineApplication.objects.all()
    [decision] = Decision.objects.filter(outcome="refused")
    assert (decision.action, decision.subject_id, decision.sections) == (
        "applications.submit",
        draft.pk,
        ["3-2-2.A", "3-2-2.G"],  # every finding's sections, the blocking one 3-2-2.G
    )
    assert draft.status == Status.DRAFT
    rabies = next(f for f in draft.findings if f["rule"] == "license.rabies_current")
    assert (rabies["outcome"], rabies["blocks"]) == ("expired", True)
    assert not OutboxMessage.objects.exists()
