"""No page grows with the city (issue 14 item 3), continued: the lists of a license (its tags,
its receipts), of an owner (the dogs) and of a dog (its vaccinations, licenses, tags and changes of
ownership) show one page of ``RECORD_PAGE_SIZE`` rows with the count of all, the next page shows
the rest, and the queries a page runs do not grow with the rows behind it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.apps import apps
from django.urls import reverse

from tests.records.test_record_pages_bounded import (  # noqa: F401
    DAY,
    Case,
    assert_one_page_counted,
    clerk,
    first,
    town,
)


def copies(model: str, field: str | None = None, **changes: Any) -> Callable[[int], None]:
    """``n`` copies of the first ``model`` row matching ``changes``' owner (its license, dog...),
    each with a new ``field`` (a unique number or serial) and ``changes`` applied."""

    def grow(n: int) -> None:
        manager = apps.get_model(model).objects
        source = manager.filter(**{k: v() for k, v in changes.items()}).order_by("pk").first()
        source = source or manager.order_by("pk").first()
        assert source is not None, f"the demo town has no {model}"
        values = {k: v() for k, v in changes.items()}
        for _ in range(n):
            copy = manager.get(pk=source.pk)
            copy.pk = None
            for name, value in values.items():
                setattr(copy, name, value)
            if field:
                setattr(copy, field, f"T{manager.count() + 1:07d}")
            copy.save()

    return grow


def a_license() -> Any:
    return first("licensing.License")


def a_dog() -> Any:
    return first("licensing.License").dog


def ownership_changes(n: int) -> None:
    dog = a_dog()
    model = apps.get_model("licensing.OwnershipChange")
    other = first("licensing.Owner", pk__gt=dog.owner_id)
    model.objects.bulk_create(
        model(
            dog=dog, from_owner=other, to_owner=dog.owner, changed_on=dog.born, recorded_by=clerk()
        )
        for _ in range(n)
    )


def lost_tags(license_: Callable[[], Any]) -> Callable[[int], None]:
    """``n`` more tags of the license, each reported lost and replaced (3-2-3.A duplicates)."""

    def grow(n: int) -> None:
        model = apps.get_model("licensing.Tag")
        held = license_()
        start = model.objects.count()
        model.objects.bulk_create(
            model(
                serial=f"T{start + i:07d}",
                status="lost",
                license=held,
                dog=held.dog,
                issued_on=held.issued_on,
            )
            for i in range(n)
        )

    return grow


def registered_case() -> Any:
    return first("dangerous_dogs.Registration").case


def case_url() -> str:
    return reverse("dangerous_dog_case", args=[registered_case().number])


def registrations(n: int) -> None:
    """``n`` earlier certificates of the registered case, each renewed since (B.7)."""
    copies(
        "dangerous_dogs.Registration",
        "certificate_number",
        case=registered_case,
        previous=lambda: None,
        status=lambda: "superseded",
    )(n)


def revocations(n: int) -> None:
    """``n`` revocation hearings of the case's certificate, each deciding not to revoke."""
    registration = first("dangerous_dogs.Registration")
    model = apps.get_model("dangerous_dogs.Revocation")
    model.objects.bulk_create(
        model(
            case=registration.case,
            registration=registration,
            reasons="The gate was found open.",
            served_on=registration.issued_on,
            service_method="personal",
            notice_date=registration.issued_on,
            hearing_at=dt.datetime(2026, 11, 20, 10, tzinfo=dt.UTC),
            place="City Hall",
            noticed_by=clerk(),
            held_on=registration.issued_on,
            decided_on=registration.issued_on,
            outcome="not_revoked",
        )
        for _ in range(n)
    )


def letters(n: int) -> None:
    """``n`` letters saying which registration requirements are missing."""
    model = apps.get_model("dangerous_dogs.CaseEvent")
    case = registered_case()
    decision = case.events.exclude(decision=None).last().decision
    model.objects.bulk_create(
        model(
            case=case,
            on=DAY,
            by=clerk(),
            kind=model.Kind.REQUIREMENTS_MISSING,
            summary="Proof of insurance missing.",
            decision=decision,
        )
        for _ in range(n)
    )


def costs(n: int) -> None:
    model = apps.get_model("dangerous_dogs.Cost")
    model.objects.bulk_create(
        model(
            case=registered_case(),
            kind="care",
            incurred_on=DAY,
            description="Boarding, one day.",
            amount=Decimal("25.00"),
            recorded_by=clerk(),
        )
        for _ in range(n)
    )


def payments(n: int) -> None:
    """``n`` payments toward the case's costs, each with its own receipt."""
    receipts = apps.get_model("licensing.Receipt")
    model = apps.get_model("dangerous_dogs.CostPayment")
    before = set(receipts.objects.values_list("pk", flat=True))
    copies("licensing.Receipt", "number", voids=lambda: None, license=lambda: None)(n)
    model.objects.bulk_create(
        model(case=registered_case(), paid_on=DAY, amount=r.total, receipt=r, recorded_by=clerk())
        for r in receipts.objects.exclude(pk__in=before)
    )


def kennel_inspections(field: str, license_: Callable[[], Any]) -> Callable[[int], None]:
    """``n`` more periodic inspections (3-2-5.B.7) of a kennel license."""

    def grow(n: int) -> None:
        model = apps.get_model("kennels.KennelInspection")
        decision = first("records.Decision")
        model.objects.bulk_create(
            model(
                **{field: license_()},
                reason="periodic",
                inspected_on=DAY,
                inspector=clerk(),
                decision=decision,
            )
            for _ in range(n)
        )

    return grow


def commercial_license() -> Any:
    return first("kennels.CommercialKennelLicense")


def application_url() -> str:
    return reverse("kennel_commercial_detail", args=[commercial_license().application.number])


def notice_recipients(n: int) -> None:
    """``n`` more parcels on the application's notice list, each a parcel of its own."""
    parcels = apps.get_model("parcels.Parcel")
    model = apps.get_model("kennels.NoticeRecipient")
    application = commercial_license().application
    start = parcels.objects.count()
    source = parcels.objects.order_by("pk").first()
    made = []
    for i in range(n):
        parcel = parcels.objects.get(pk=source.pk)
        parcel.pk = None
        parcel.pin = f"T-{start + i:08d}"
        parcel.save()
        made.append(parcel)
    model.objects.bulk_create(
        model(
            application=application,
            parcel=p,
            pin=p.pin,
            distance_feet=Decimal("100.0"),
            owner_names="A neighbour",
        )
        for p in made
    )


def an_enclosure() -> Any:
    return first("parcels.Enclosure")


def compliance_notices(n: int) -> None:
    """``n`` notices of compliance on the enclosure (3-2-6.C), each complied with."""
    model = apps.get_model("parcels.ComplianceNotice")
    start = model.objects.count()
    model.objects.bulk_create(
        model(
            number=f"T-{start + i:07d}",
            enclosure=an_enclosure(),
            complaint_received_on=DAY,
            complaint_summary="Kennel run too near the lot line.",
            issued_on=DAY,
            comply_by=DAY,
            complied_on=DAY,
            issued_by=clerk(),
            decision=first("records.Decision"),
        )
        for i in range(n)
    )


def photos(n: int) -> None:
    model = apps.get_model("parcels.EnclosurePhoto")
    model.objects.bulk_create(
        model(enclosure=an_enclosure(), image="enclosures/t.jpg", uploaded_by=clerk())
        for _ in range(n)
    )


def evidence(n: int) -> None:
    """``n`` more pieces of evidence on a complaint (a neighbour's log, uploaded again and again)."""
    model = apps.get_model("complaints.Evidence")
    complaint = first("complaints.Complaint")
    model.objects.bulk_create(
        model(complaint=complaint, kind=model.Kind.PHOTO, uploaded_by=clerk()) for _ in range(n)
    )


@dataclass(frozen=True)
class Paged(Case):
    #: The query-string name of the list's page number.
    param: str = ""


CASES: dict[str, Paged] = {
    "license tags": Paged(
        lambda: reverse("license_detail", args=[a_license().number]),
        lost_tags(a_license),
        "dogtag-tag",
        "tags",
        "tags_page",
    ),
    "license receipts": Paged(
        lambda: reverse("license_detail", args=[a_license().number]),
        copies("licensing.Receipt", "number", license=a_license, voids=lambda: None),
        "dogtag-receipt",
        "receipts",
        "receipts_page",
    ),
    "owner dogs": Paged(
        lambda: reverse("owner_detail", args=[a_dog().owner_id]),
        copies("licensing.Dog", None, owner=lambda: a_dog().owner),
        "dogtag-dog",
        "dogs",
        "dogs_page",
    ),
    "dog rabies vaccinations": Paged(
        lambda: reverse("dog_detail", args=[a_dog().pk]),
        copies("licensing.RabiesVaccination", None, dog=a_dog),
        "dogtag-vaccination",
        "vaccinations",
        "rabies_page",
    ),
    "dog licenses": Paged(
        lambda: reverse("dog_detail", args=[a_dog().pk]),
        copies("licensing.License", "number", dog=a_dog, previous=lambda: None),
        "dogtag-license",
        "licenses",
        "licenses_page",
    ),
    "dog tags": Paged(
        lambda: reverse("dog_detail", args=[a_dog().pk]),
        lost_tags(a_license),
        "dogtag-tag",
        "tags",
        "tags_page",
    ),
    "dog changes of ownership": Paged(
        lambda: reverse("dog_detail", args=[a_dog().pk]),
        ownership_changes,
        "dogtag-ownership-change",
        "changes of ownership",
        "owners_page",
    ),
    "dangerous-dog certificates": Paged(
        case_url, registrations, "dogtag-registration", "certificates", "registrations_page"
    ),
    "dangerous-dog revocation notices": Paged(
        case_url, revocations, "dogtag-revocation", "notices", "revocations_page"
    ),
    "dangerous-dog letters": Paged(case_url, letters, "dogtag-letter", "letters", "letters_page"),
    "dangerous-dog costs": Paged(case_url, costs, "dogtag-cost", "costs", "costs_page"),
    "dangerous-dog payments": Paged(
        case_url, payments, "dogtag-payment", "payments", "payments_page"
    ),
    "private kennel inspections": Paged(
        lambda: reverse(
            "kennel_private_detail", args=[first("kennels.PrivateKennelLicense").number]
        ),
        kennel_inspections("private_license", lambda: first("kennels.PrivateKennelLicense")),
        "dogtag-inspection",
        "inspections",
        "inspections_page",
    ),
    "commercial kennel inspections": Paged(
        application_url,
        kennel_inspections("commercial_license", commercial_license),
        "dogtag-inspection",
        "inspections",
        "inspections_page",
    ),
    "commercial kennel licenses": Paged(
        application_url,
        copies(
            "kennels.CommercialKennelLicense",
            "number",
            application=lambda: commercial_license().application,
            previous=lambda: None,
        ),
        "dogtag-kennel-license",
        "licenses",
        "licenses_page",
    ),
    "commercial kennel notice list": Paged(
        application_url, notice_recipients, "dogtag-recipient", "property owners", "recipients_page"
    ),
    "enclosure notices": Paged(
        lambda: reverse("enclosure_detail", args=[an_enclosure().pk]),
        compliance_notices,
        "dogtag-notice",
        "notices",
        "notices_page",
    ),
    "enclosure photos": Paged(
        lambda: reverse("enclosure_detail", args=[an_enclosure().pk]),
        photos,
        "dogtag-photo",
        "photos",
        "photos_page",
    ),
    "parcel notices": Paged(
        lambda: reverse("parcel_detail", args=[an_enclosure().parcel.pin]),
        compliance_notices,
        "dogtag-notice",
        "notices",
        "notices_page",
    ),
    "complaint evidence": Paged(
        lambda: reverse("complaint_detail", args=[first("complaints.Complaint").number]),
        evidence,
        "dogtag-evidence",
        "pieces of evidence",
        "evidence_page",
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_no_record_list_grows_with_its_rows(town: None, db: None, name: str) -> None:  # noqa: F811
    assert_one_page_counted(CASES[name])
