"""Licensing desk services: what each stores, and that every refusal changes nothing."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from dogtag.licensing import services
from dogtag.licensing.models import Dog, License, Receipt, Tag
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.models import Decision
from dogtag.records.services import enter_fee_resolution

from .conftest import TODAY, D, cash, snapshot


def test_new_license_stores_license_tag_receipt_and_decision(clerk, stock, dog, rabies):
    # when the clerk issues a new license on 2026-11-29 for $3.00 cash
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    # then the license runs with the vaccination, at the one-year fee, numbered in sequence
    license_ = License.objects.get()
    assert (license_.number, license_.kind, license_.issued_on, license_.expires_on) == (
        "2026-00001",
        "new",
        TODAY,
        D(2027, 10, 1),
    )
    assert (license_.tier_years, license_.fee, license_.penalty) == (
        1,
        Decimal("3.00"),
        Decimal("0.00"),
    )
    assert (license_.owner, license_.dog, license_.rabies) == (dog.owner, dog, rabies)
    # each record names its city (issue 27)
    assert {r.jurisdiction for r in (license_, dog, dog.owner, rabies)} == {"nowthen"}
    # the lowest tag in stock is issued to it and the dog
    tag = Tag.objects.get(serial="2026-00001")
    assert (tag.status, tag.license, tag.dog, tag.issued_on) == ("issued", license_, dog, TODAY)
    assert issued.tag == tag
    # a receipt with one line, citing the fee's section and resolution
    receipt = Receipt.objects.get()
    assert (receipt.number, receipt.total, receipt.method, receipt.payer, receipt.cashier) == (
        "R2026-000001",
        Decimal("3.00"),
        "cash",
        "Pat Gustafson",
        clerk,
    )
    assert [
        (line.description, line.amount, line.section, line.parameter, line.source)
        for line in receipt.lines.all()
    ] == [
        (
            "Dog license, 1-year tier, Biscuit",
            Decimal("3.00"),
            "3-2-2.B",
            "nowthen.fees.dog_license.one_year",
            "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded",
        )
    ]
    # the decision stores every finding, with its sections, and who acted
    decision = Decision.objects.get(outcome="done")
    assert (decision.action, decision.actor, decision.subject, decision.decided_on) == (
        "license.issue.new",
        clerk,
        license_,
        TODAY,
    )
    assert [f["rule"] for f in decision.findings] == [
        "license.application_contents",
        "license.required",
        "license.rabies_current",
        "license.term",
        "license.penalty",
        "license.amount_due",
    ]
    assert "3-2-2.G" in decision.sections
    # the history names the clerk
    assert license_.history.get().history_user == clerk
    assert tag.history.latest().history_user == clerk


def test_expired_rabies_is_refused_and_nothing_is_written(clerk, stock, dog, rabies):
    expired = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2023, 1, 10),
        expires_on=D(2026, 1, 10),
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    before = snapshot()
    with pytest.raises(Refused) as refused:
        services.issue_license(
            dog=dog, rabies=expired, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
        )
    assert refused.value.sections == ["3-2-2.G"]
    assert (
        str(refused.value)
        == "Rabies certificate expired 2026-01-10 — 3-2-2.G: no license may issue."
    )
    assert snapshot() == before


@pytest.mark.parametrize(
    "payment, message",
    [
        (
            "2.00",
            "The payment ($2.00) does not match the amount due ($3.00); the fee is paid in "
            "full with the application (3-2-2.A).",
        ),
        (
            "30.00",
            "The payment ($30.00) does not match the amount due ($3.00); the fee is paid in "
            "full with the application (3-2-2.A).",
        ),
    ],
)
def test_wrong_payment_is_refused_and_nothing_is_written(
    clerk, stock, dog, rabies, payment, message
):
    before = snapshot()
    with pytest.raises(
        ServiceError,
        match=message.replace("$", r"\$").replace("(", r"\(").replace(")", r"\)"),
    ) as refused:
        services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash(payment), actor=clerk
        )
    # the refusal is the rules core's finding (issue 11 item 2), not a plain error
    assert isinstance(refused.value, services.Refused)
    assert [(f.rule, f.outcome, f.sections) for f in refused.value.findings] == [
        ("license.paid_in_full", "wrong_amount", ("3-2-2.A",))
    ]
    assert snapshot() == before


def test_no_tag_in_stock_refuses_and_gives_the_number_back(clerk, dog, rabies):
    before = snapshot()
    with pytest.raises(services.NoTagInStock, match="No tags are in stock"):
        services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
        )
    assert snapshot() == before


def test_a_dog_with_a_license_in_force_is_renewed_not_licensed_again(clerk, stock, dog, rabies):
    services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    before = snapshot()
    with pytest.raises(
        ServiceError,
        match="Biscuit already has license 2026-00001 in force until 2027-10-01; renew it instead.",
    ):
        services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
        )
    assert snapshot() == before


def test_renewal_with_penalty_supersedes_the_old_license(clerk, juno):
    # given a dog first licensed as a puppy, whose license expired 2026-09-10,
    # and a new three-year vaccination on 2026-10-01
    dog, first, new_rabies = juno
    # when it is renewed on 2026-11-29, after the 30 days (ended 2026-11-02)
    renewed = services.issue_license(
        dog=dog, rabies=new_rabies, kind="renewal", on=TODAY, payment=cash("14.00"), actor=clerk
    )
    # then the three-year fee and the penalty are charged, on two receipt lines
    assert (renewed.license.fee, renewed.license.penalty, renewed.license.tier_years) == (
        Decimal("8.00"),
        Decimal("6.00"),
        3,
    )
    assert [
        (line.description, line.amount, line.section) for line in renewed.receipt.lines.all()
    ] == [
        ("Dog license, 3-year tier, Juno", Decimal("8.00"), "3-2-2.B"),
        ("Penalty fee", Decimal("6.00"), "3-2-2.B"),
    ]
    assert renewed.receipt.total == Decimal("14.00")
    # the renewal chain links them; the old license is superseded and its tag replaced
    first.license.refresh_from_db()
    first.tag.refresh_from_db()
    assert renewed.license.previous == first.license
    assert (first.license.status, first.tag.status) == ("superseded", "replaced")
    assert renewed.tag.serial == "2026-00002"
    penalty = next(f for f in renewed.findings if f.rule == "license.penalty")
    assert penalty.deadline.due == D(2026, 11, 2)


def test_renewal_needs_a_previous_license(clerk, stock, dog, rabies):
    before = snapshot()
    with pytest.raises(ServiceError, match="Biscuit has no license to renew; issue a new license."):
        services.issue_license(
            dog=dog, rabies=rabies, kind="renewal", on=TODAY, payment=cash("3.00"), actor=clerk
        )
    assert snapshot() == before


def test_duplicate_tag_marks_the_old_tag_and_charges_the_fee(clerk, stock, dog, rabies):
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    duplicate = services.issue_duplicate_tag(
        license_=issued.license, reason="stolen", on=TODAY, payment=cash("1.00"), actor=clerk
    )
    issued.tag.refresh_from_db()
    assert issued.tag.status == "stolen"
    assert (duplicate.tag.serial, duplicate.tag.status, duplicate.tag.license) == (
        "2026-00002",
        "issued",
        issued.license,
    )
    assert [
        (line.description, line.amount, line.section) for line in duplicate.receipt.lines.all()
    ] == [("Duplicate tag (stolen tag), Biscuit", Decimal("1.00"), "3-2-2.C")]
    # the stolen tag can be looked up
    assert Tag.objects.get(serial="2026-00001").get_status_display() == "reported stolen"


def test_duplicate_tag_for_an_expired_license_is_refused(clerk, stock, dog):
    older = services.register_dog(
        owner=dog.owner,
        actor=clerk,
        name="Moose",
        breed="Newfoundland",
        color="Black",
        sex="male",
        born=D(2024, 6, 1),
    )
    old = services.record_rabies_vaccination(
        dog=older,
        actor=clerk,
        vaccinated_on=D(2025, 1, 5),
        expires_on=D(2026, 1, 5),
        veterinarian="Dr. A",
    )
    # licensed late (it was six months old on 2024-12-01): fee and non-license penalty
    issued = services.issue_license(
        dog=older, rabies=old, kind="new", on=D(2025, 1, 10), payment=cash("9.00"), actor=clerk
    )
    before = snapshot()
    with pytest.raises(Refused) as refused:
        services.issue_duplicate_tag(
            license_=issued.license, reason="lost", on=TODAY, payment=cash("1.00"), actor=clerk
        )
    assert refused.value.sections == ["3-2-2.C", "3-2-2.B"]
    assert snapshot() == before


def test_change_of_ownership_ends_the_license_and_starts_the_new_owners_clock(
    clerk, stock, dog, rabies
):
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=D(2026, 10, 2), payment=cash("3.00"), actor=clerk
    )
    buyer = services.register_owner(
        actor=clerk, name="Lee Carlson", street="19400 Nowthen Blvd NW", phone="(763) 555-0199"
    )
    change = services.transfer_ownership(
        dog=dog, to_owner=buyer, changed_on=D(2026, 11, 20), actor=clerk
    )
    issued.license.refresh_from_db()
    issued.tag.refresh_from_db()
    dog.refresh_from_db()
    assert (dog.owner, change.from_owner, change.changed_on) == (
        buyer,
        issued.license.owner,
        D(2026, 11, 20),
    )
    assert (issued.license.status, issued.tag.status) == ("ended", "void")
    # the new owner applies within 30 days: a new license at the full fee, no penalty
    new = services.issue_license(
        dog=dog,
        rabies=rabies,
        kind="change_of_ownership",
        on=TODAY,
        payment=cash("3.00"),
        actor=clerk,
    )
    assert (new.license.owner, new.license.fee, new.license.penalty) == (
        buyer,
        Decimal("3.00"),
        Decimal("0.00"),
    )
    penalty = next(f for f in new.findings if f.rule == "license.penalty")
    assert penalty.sections == ("3-2-2.F",)
    assert penalty.deadline.due == D(2026, 12, 21)


def test_new_resident_late_pays_the_non_license_penalty(clerk, stock):
    owner = services.register_owner(
        actor=clerk,
        name="Sam Ortiz",
        street="6000 Baugh St NW",
        phone="7635550177",
        resident_since=D(2026, 9, 1),
    )
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Rex",
        breed="Beagle",
        color="Tricolor",
        sex="male",
        age_years=4,
        on=TODAY,
    )
    assert (dog.born, dog.born_estimated) == (D(2022, 11, 29), True)
    rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 6, 1),
        expires_on=D(2027, 6, 1),
        veterinarian="Dr. B",
    )
    issued = services.issue_license(
        dog=dog,
        rabies=rabies,
        kind="new_resident",
        on=TODAY,
        payment=cash("9.00"),
        actor=clerk,
        licensed_elsewhere=True,
    )
    assert (issued.license.fee, issued.license.penalty) == (Decimal("3.00"), Decimal("6.00"))


def test_death_ends_the_license_without_refund(clerk, stock, dog, rabies):
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    findings = services.record_dog_status(dog=dog, status="deceased", on=TODAY, actor=clerk)
    assert [(f.outcome, f.sections) for f in findings] == [("no_refund", ("3-2-3.A",))]
    issued.license.refresh_from_db()
    dog.refresh_from_db()
    assert (dog.status, dog.status_changed_on, issued.license.status) == (
        "deceased",
        TODAY,
        "ended",
    )
    assert Receipt.objects.count() == 1  # no refund receipt
    before = snapshot()
    with pytest.raises(ServiceError, match="Biscuit is already recorded as deceased."):
        services.record_dog_status(dog=dog, status="moved_away", on=TODAY, actor=clerk)
    with pytest.raises(ServiceError, match="Biscuit is recorded as deceased; no license issues."):
        services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
        )
    assert snapshot() == before


def test_void_is_a_reversing_receipt_and_voids_the_license(clerk, stock, dog, rabies):
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    reversal = services.void_receipt(
        receipt=issued.receipt, reason="Entered for the wrong dog", actor=clerk
    )
    assert (reversal.number, reversal.total, reversal.voids, reversal.void_reason) == (
        "R2026-000002",
        Decimal("-3.00"),
        issued.receipt,
        "Entered for the wrong dog",
    )
    assert [line.amount for line in reversal.lines.all()] == [Decimal("-3.00")]
    issued.receipt.refresh_from_db()
    assert issued.receipt.is_void and issued.receipt.total == Decimal("3.00")  # the original stays
    issued.license.refresh_from_db()
    issued.tag.refresh_from_db()
    assert (issued.license.status, issued.tag.status) == ("void", "void")
    before = snapshot()
    with pytest.raises(ServiceError, match="R2026-000001 is already void."):
        services.void_receipt(receipt=issued.receipt, reason="again", actor=clerk)
    with pytest.raises(ServiceError, match="R2026-000002 is itself a void"):
        services.void_receipt(receipt=reversal, reason="undo", actor=clerk)
    assert snapshot() == before


def test_a_receipt_is_never_edited_or_deleted(clerk, stock, dog, rabies):
    receipt = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    ).receipt
    receipt.total = Decimal("0.00")
    with pytest.raises(ValidationError, match="A receipt is never changed"):
        receipt.save()
    with pytest.raises(ValidationError, match="A receipt is never deleted"):
        receipt.delete()
    assert Receipt.objects.get().total == Decimal("3.00")


def test_tag_violation_is_recorded_with_its_finding(clerk, stock, dog, rabies):
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    other = services.register_dog(
        owner=dog.owner,
        actor=clerk,
        name="Rex",
        breed="Beagle",
        color="Tricolor",
        sex="male",
        born=D(2021, 1, 1),
    )
    violation = services.record_tag_violation(
        kind="placed_on_other_animal",
        observed_on=TODAY,
        actor=clerk,
        tag=issued.tag,
        dog=other,
        narrative="Biscuit's tag on Rex's collar",
    )
    assert violation.decision.sections == ["3-2-3.A", "3-2-3.B"]
    assert [f["outcome"] for f in violation.decision.findings] == ["violation", "refused"]


def test_a_fee_resolution_applies_from_its_effective_date(clerk, stock, dog, rabies):
    enter_fee_resolution(
        number="2026-40",
        adopted_on=D(2026, 11, 10),
        effective_on=D(2026, 12, 1),
        title="Dog license fees 2027",
        amounts={"fees.dog_license.one_year": Decimal("4.00")},
        actor=clerk,
    )
    # before the effective date the old fee, from it the new one, citing the new resolution
    with pytest.raises(ServiceError, match=r"amount due \(\$3.00\)"):
        services.issue_license(
            dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("4.00"), actor=clerk
        )
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=D(2026, 12, 1), payment=cash("4.00"), actor=clerk
    )
    assert (
        issued.receipt.lines.get().source
        == "Nowthen Resolution 2026-40, § 1-2-2, adopted 2026-11-10"
    )


def test_tag_stock_refuses_numbers_already_in_the_records(clerk, stock):
    with pytest.raises(ServiceError, match="Already in the records: 2026-00019, 2026-00020"):
        services.add_tag_stock(prefix="2026-", first=19, last=25, actor=clerk)
    assert Tag.objects.count() == 20


def test_phone_numbers_are_checked_and_stored_in_one_form(clerk, owner):
    assert owner.phone == "+17635550142"
    assert owner.phone_display == "(763) 555-0142"
    with pytest.raises(ValueError, match="'12' is not a possible phone number"):
        services.register_owner(actor=clerk, name="X", street="Y", phone="12")


def test_a_dog_record_keeps_its_history(clerk, dog):
    services_dog = Dog.objects.get(pk=dog.pk)
    services_dog.color = "Fox red"
    services_dog._history_user = clerk
    services_dog.save()
    colors = [h.color for h in Dog.history.filter(id=dog.pk).order_by("history_date")]
    assert colors == ["Yellow", "Fox red"]


def test_tag_numbers_longer_than_the_record_allows_are_refused(clerk):
    # regression: a long prefix reached the database (an error on PostgreSQL, silently kept on SQLite)
    with pytest.raises(
        ServiceError,
        match="Tag numbers are at most 20 characters; 'NOWTHEN-DOG-TAGS-2027-00010' has 27.",
    ):
        services.add_tag_stock(prefix="NOWTHEN-DOG-TAGS-2027-", first=1, last=10, actor=clerk)
    assert not Tag.objects.exists()


def test_evaluate_license_reads_the_dog_as_it_stands_after_a_transfer(clerk, stock, dog, rabies):
    # regression: the caller's dog object still named the old owner after transfer_ownership,
    # and the live screen refused for want of a change-of-ownership date
    buyer = services.register_owner(
        actor=clerk, name="Lee Carlson", street="19400 Nowthen Blvd NW", phone="763-555-0199"
    )
    services.transfer_ownership(dog=dog, to_owner=buyer, changed_on=D(2026, 11, 20), actor=clerk)
    findings = services.evaluate_license(dog, rabies, "change_of_ownership", TODAY)
    assert [f.rule for f in findings if f.blocks] == []
    assert findings[0].facts["owner_name"] == "Lee Carlson"


def test_the_live_screen_learns_what_stops_the_desk_before_submit(clerk, stock, dog, rabies):
    # issue_license and the live screen share one pre-check
    assert services.license_problem(dog, rabies, "renewal", TODAY) == (
        "Biscuit has no license to renew; issue a new license."
    )
    assert services.license_problem(dog, rabies, "new", TODAY) is None
    services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    assert services.license_problem(dog, rabies, "new", TODAY) == (
        "Biscuit already has license 2026-00001 in force until 2027-10-01; renew it instead."
    )


def test_a_vaccination_that_expires_before_it_was_given_is_refused_in_words(clerk, dog):
    with pytest.raises(
        ServiceError, match="The vaccination must expire after the day it was given."
    ):
        services.record_rabies_vaccination(
            dog=dog,
            actor=clerk,
            vaccinated_on=D(2026, 10, 1),
            expires_on=D(2026, 9, 1),
            veterinarian="Dr. A",
        )


def test_a_death_cannot_be_recorded_before_it_happens(clerk, dog):
    with pytest.raises(ServiceError, match="A death or move cannot be recorded before it happens."):
        services.record_dog_status(dog=dog, status="deceased", on=D(2026, 12, 1), actor=clerk)
    dog.refresh_from_db()
    assert dog.status == "active"


def test_voiding_a_renewal_puts_the_old_license_and_its_tag_back_in_force(clerk, stock, owner):
    # regression: the old license came back active while its tag stayed "replaced"
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Juno",
        breed="Border collie",
        color="Black and white",
        sex="female",
        born=D(2025, 3, 1),
    )
    first_rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2025, 9, 10),
        expires_on=D(2026, 12, 10),
        veterinarian="Dr. A",
    )
    first = services.issue_license(
        dog=dog,
        rabies=first_rabies,
        kind="new",
        on=D(2025, 9, 20),
        payment=cash("5.00"),
        actor=clerk,
    )
    new_rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 11, 20),
        expires_on=D(2029, 11, 20),
        duration_years=3,
        veterinarian="Dr. A",
    )
    renewal = services.issue_license(
        dog=dog, rabies=new_rabies, kind="renewal", on=TODAY, payment=cash("8.00"), actor=clerk
    )
    services.void_receipt(receipt=renewal.receipt, reason="Renewed the wrong dog", actor=clerk)
    first.license.refresh_from_db()
    first.tag.refresh_from_db()
    renewal.tag.refresh_from_db()
    assert (first.license.status, first.tag.status) == ("active", "issued")
    assert renewal.tag.status == "void"
    assert Tag.objects.filter(license=first.license, status="issued").count() == 1
