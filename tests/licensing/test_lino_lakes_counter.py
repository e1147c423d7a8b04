"""Lino Lakes at the counter (issue 27): the services issue its licenses by its law — the fee by
spay/neuter status (§ 218.01), its sections on the receipt and the decision — and refuse, saying
why and changing nothing, a fee its package knows of but cannot price (the late-renewal penalty
and the duplicate-tag fee, "set forth by City Council ordinance", shown in no public copy of the
schedule) until an administrator enters the city's fee ordinance."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import Group

from dogtag.licensing import services
from dogtag.licensing.models import License
from dogtag.records.errors import Refused
from dogtag.records.models import Decision
from dogtag.records.roles import CLERK, ensure_roles
from dogtag.records.services import enter_fee_resolution

from .conftest import TODAY, D, cash, snapshot


@pytest.fixture(autouse=True)
def lino_lakes(monkeypatch):
    # Given Lino Lakes' package in force
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")


def _dog(owner, clerk, name: str, *, sterilized: bool):
    return services.register_dog(
        owner=owner,
        actor=clerk,
        name=name,
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        sterilized=sterilized,
        born=D(2025, 3, 1),
    )


VACCINATED, VACCINE_EXPIRES = D(2026, 10, 1), D(2027, 10, 1)


def _rabies(dog, clerk, on=VACCINATED, until=VACCINE_EXPIRES):
    return services.record_rabies_vaccination(
        dog=dog, actor=clerk, vaccinated_on=on, expires_on=until, veterinarian="Dr. A, DVM"
    )


@pytest.mark.parametrize(
    "sterilized, fee, parameter",
    [
        (True, "6.00", "lino-lakes.fees.dog_license.sterilized"),
        (False, "11.00", "lino-lakes.fees.dog_license.not_sterilized"),
    ],
)
def test_the_fee_is_the_schedules_for_the_dogs_spay_or_neuter_status(
    clerk, stock, owner, sterilized, fee, parameter
):
    dog = _dog(owner, clerk, "Biscuit", sterilized=sterilized)
    # when the clerk licenses it on 2026-11-29
    issued = services.issue_license(
        dog=dog, rabies=_rabies(dog, clerk), kind="new", on=TODAY, payment=cash(fee), actor=clerk
    )
    # then the fee is § 218.01's for its status, cited by Lino Lakes' sections
    assert (issued.license.fee, issued.license.penalty, issued.license.expires_on) == (
        Decimal(fee),
        Decimal("0.00"),
        D(2027, 10, 1),
    )
    line = issued.receipt.lines.get()
    assert (line.amount, line.parameter) == (Decimal(fee), parameter)
    assert "3-2-" not in line.section
    decision = Decision.objects.get(pk=issued.license.decision_id)
    assert decision.jurisdiction == "lino-lakes"
    # every record made names its city (issue 27: records know their city)
    made = (owner, dog, issued.license, issued.receipt, issued.tag, issued.license.rabies)
    assert {record.jurisdiction for record in made} == {"lino-lakes"}
    term = next(f for f in issued.findings if f.rule == "license.term")
    assert term.facts["sterilized"] is sterilized
    assert term.sections == ("503.09(5)(c)", "503.09(5)(b)", "218.01")


def test_a_late_renewal_is_refused_while_the_penalty_has_no_amount_and_nothing_is_written(
    clerk, stock, owner
):
    # given a dog licensed in 2025 whose license expired 2026-09-10, vaccinated again 2026-10-01
    dog = _dog(owner, clerk, "Juno", sterilized=True)
    old = _rabies(dog, clerk, D(2025, 9, 10), D(2026, 9, 10))
    services.issue_license(
        dog=dog, rabies=old, kind="new", on=D(2025, 9, 20), payment=cash("6.00"), actor=clerk
    )
    new = _rabies(dog, clerk, D(2026, 10, 1), D(2029, 10, 1))
    before = snapshot()
    # when it is renewed on 2026-11-29, after the 30 days (ended 2026-11-02)
    with pytest.raises(Refused) as refused:
        services.issue_license(
            dog=dog, rabies=new, kind="renewal", on=TODAY, payment=cash("6.00"), actor=clerk
        )
    # then it is refused: the penalty is due and its amount is not set; nothing changed
    penalty = next(f for f in refused.value.findings if f.rule == "license.penalty")
    assert (penalty.outcome, penalty.blocks, penalty.sections) == (
        "fee_not_set",
        True,
        ("503.09(5)(c)", "218.01"),
    )
    assert penalty.message.endswith(
        "The penalty is set in the fee schedule (218.01), and this city's parameters do not "
        "hold its amount (lino-lakes.fees.license_penalty: the City Council, by its fee "
        "ordinance (§ 218.01): 503.09(5)(c) applies a penalty to a late renewal, and no public "
        "copy of the fee schedule shows its amount). It cannot be charged, so this cannot be "
        "completed until an administrator enters the amount."
    )
    assert not any(f.rule == "license.amount_due" for f in refused.value.findings)
    assert snapshot() == before
    # when an administrator enters the city's fee ordinance with the penalty's amount
    enter_fee_resolution(
        number="2026-07",
        adopted_on=D(2026, 11, 9),
        effective_on=D(2026, 11, 9),
        title="Fee schedule 2026, § 218.01",
        amounts={"fees.license_penalty": Decimal("25.00")},
        actor=clerk,
    )
    # then the renewal issues, charging it, from the ordinance
    renewed = services.issue_license(
        dog=dog, rabies=new, kind="renewal", on=TODAY, payment=cash("31.00"), actor=clerk
    )
    assert (renewed.license.fee, renewed.license.penalty) == (Decimal("6.00"), Decimal("25.00"))
    penalty_line = renewed.receipt.lines.get(amount=Decimal("25.00"))
    assert penalty_line.source == "Lino Lakes Ordinance 2026-07, § 218.01, adopted 2026-11-09"


def test_a_duplicate_tag_is_refused_while_its_fee_has_no_amount(clerk, stock, owner):
    dog = _dog(owner, clerk, "Biscuit", sterilized=True)
    issued = services.issue_license(
        dog=dog, rabies=_rabies(dog, clerk), kind="new", on=TODAY, payment=cash("6.00"), actor=clerk
    )
    before = snapshot()
    with pytest.raises(Refused) as refused:
        services.issue_duplicate_tag(
            license_=issued.license, reason="lost", on=TODAY, payment=cash("1.00"), actor=clerk
        )
    (finding,) = [f for f in refused.value.findings if f.rule == "tag.duplicate"]
    assert (finding.outcome, finding.sections) == ("fee_not_set", ("503.09(5)(d)", "218.01"))
    assert snapshot() == before
    assert License.objects.count() == 1


def test_the_due_list_cites_lino_lakes_sections(clerk, stock, owner, client):
    # given a dog licensed 2025-12-10 with a vaccination good to 2026-12-10: its license expires
    # within 30 days of 2026-11-29
    dog = _dog(owner, clerk, "Pepper", sterilized=True)
    rabies = _rabies(dog, clerk, D(2025, 12, 10), D(2026, 12, 10))
    services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=D(2025, 12, 10), payment=cash("6.00"), actor=clerk
    )
    # when the clerk opens the due list
    ensure_roles()
    clerk.groups.add(Group.objects.get(name=CLERK))
    client.force_login(clerk)
    page = client.get("/due/").content.decode()
    # then it lists the license under Lino Lakes' term of a license, never Nowthen's sections
    assert "Pepper" in page
    assert "503.09(5)(c)" in page
    assert "3-2-2" not in page


def test_the_owner_form_s_data_practices_notice_cites_lino_lakes_code_in_its_form(clerk, client):
    # given a clerk at Lino Lakes' counter, when the new-owner form is opened
    ensure_roles()
    clerk.groups.add(Group.objects.get(name=CLERK))
    client.force_login(clerk)
    page = client.get("/owners/new/").content.decode()
    # then the notice names why a license needs the data in Lino Lakes' citation form
    assert "may not be kept in the City without one (City Code § 503.09(1), (1)(a))." in page
    assert "3-2-2" not in page
