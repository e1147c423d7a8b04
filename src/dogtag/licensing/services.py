"""Licensing desk services (``license.section``, ``tag.section``). Every write goes through one of
these functions.

Each runs in one transaction, asks the rules core, refuses (raising, with the findings, having
written nothing) when a finding blocks, stores the decision with its findings, and records who
acted: the history of owners, dogs, vaccinations, licenses and tags names the acting user.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from dogtag.law import licensing as law
from dogtag.law.findings import Finding, blocking
from dogtag.law.params import default as params_in_force
from dogtag.licensing import due_clocks
from dogtag.licensing.models import (
    Dog,
    License,
    Owner,
    OwnershipChange,
    RabiesVaccination,
    Receipt,
    ReceiptLine,
    Tag,
    TagViolation,
)
from dogtag.licensing.phones import display as phone_display
from dogtag.licensing.phones import normalise
from dogtag.licensing.receipts import Payment, receipt_line, record_receipt
from dogtag.records.bounds import MAX_VACCINATION_YEARS, long_date, years_after
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as, without_history, write_history
from dogtag.records.jurisdiction import in_force as jurisdiction_in_force
from dogtag.records.refusals import service
from dogtag.records.services import (
    city_params,
    next_number,
    record_decision,
    reserve_id,
    today,
)
from dogtag.records.versions import check_version


class NoTagInStock(ServiceError):
    pass


@dataclass(frozen=True)
class Issued:
    license: License
    tag: Tag
    receipt: Receipt
    findings: list[Finding]


# ------------------------------------------------------------------ owners, dogs, vaccinations


@service
def register_owner(*, actor: AbstractBaseUser, **fields: object) -> Owner:
    fields["phone"] = normalise(str(fields.get("phone", "")))
    owner = Owner(**fields)
    owner.full_clean()
    acting_as(actor, owner)
    owner.save()
    return owner


@service
def update_owner(owner: Owner, *, actor: AbstractBaseUser, version: int, **fields: object) -> Owner:
    """Change an owner's details. ``version`` is the owner's version the edit form was opened on
    (``records.versions``): if anyone saved the owner since, ``EditConflict`` says what changed,
    by whom and when, and nothing is written."""
    owner = Owner.objects.select_for_update().get(pk=owner.pk)
    check_version(owner, version, shown={"phone": phone_display})
    if "phone" in fields:
        fields["phone"] = normalise(str(fields["phone"]))
    for name, value in fields.items():
        setattr(owner, name, value)
    owner.full_clean()
    acting_as(actor, owner)
    owner.save()
    # An owner's arrival starts the new resident's clock (license.new_resident) of each of the owner's dogs.
    due_clocks.refresh(owner.dogs.values_list("id", flat=True))
    return owner


@service
def register_dog(
    *,
    owner: Owner,
    actor: AbstractBaseUser,
    age_years: int | None = None,
    on: dt.date | None = None,
    **fields: object,
) -> Dog:
    """``license.application`` asks the dog's age: a birth date, or an age from which one is estimated."""
    dog = Dog(owner=owner, **fields)
    if dog.born is None and age_years is not None:
        day = on or today()
        dog.born = (
            day.replace(year=day.year - age_years)
            if not (day.month == 2 and day.day == 29)
            else dt.date(day.year - age_years, 2, 28)
        )
        dog.born_estimated = True
    dog.full_clean()
    acting_as(actor, dog)
    dog.save()
    due_clocks.refresh([dog.pk])
    return dog


@service
def set_dog_photo(*, dog: Dog, photo: object, actor: AbstractBaseUser) -> Dog:
    """Attach or replace the dog's photo (the history keeps which file it had before)."""
    dog = Dog.objects.select_for_update(of=("self",)).get(pk=dog.pk)
    dog.photo = photo
    acting_as(actor, dog)
    dog.save(update_fields=["photo"])
    return dog


@service
def record_rabies_vaccination(
    *, dog: Dog, actor: AbstractBaseUser, **fields: object
) -> RabiesVaccination:
    vaccination = RabiesVaccination(dog=dog, **fields)
    given, expires = vaccination.vaccinated_on, vaccination.expires_on
    if isinstance(given, dt.date) and isinstance(expires, dt.date) and expires <= given:
        raise ServiceError("The vaccination must expire after the day it was given.")
    if (
        isinstance(given, dt.date)
        and isinstance(expires, dt.date)
        and expires > years_after(given, MAX_VACCINATION_YEARS)
    ):
        raise ServiceError(
            f"A rabies vaccination lasts at most {MAX_VACCINATION_YEARS} years: one given on "
            f"{long_date(given)} cannot expire after {long_date(years_after(given, MAX_VACCINATION_YEARS))}."
        )
    vaccination.full_clean()
    acting_as(actor, vaccination)
    vaccination.save()
    return vaccination


# --------------------------------------------------------------------------------- licenses


def application_for(
    dog: Dog,
    rabies: RabiesVaccination | None,
    kind: str,
    on: dt.date,
    *,
    previous: License | None = None,
    ownership_changed_on: dt.date | None = None,
    licensed_elsewhere: bool = False,
) -> law.LicenseApplication:
    """The rules core's view of a license application, read from the records."""
    owner = dog.owner
    return law.LicenseApplication(
        on=on,
        kind=kind,
        owner_name=owner.name,
        owner_address=owner.address if owner.street else "",
        owner_phone=owner.phone,
        dog_name=dog.name,
        breed=dog.breed,
        color=dog.color,
        sex=dog.get_sex_display() if dog.sex else "",
        born=dog.born,
        rabies=law.RabiesCertificate(
            vaccinated_on=rabies.vaccinated_on,
            expires_on=rabies.expires_on,
            veterinarian=rabies.veterinarian,
            clinic=rabies.clinic,
            certificate_number=rabies.certificate_number,
        )
        if rabies
        else None,
        previous_license_expires=previous.expires_on if previous else None,
        resident_since=owner.resident_since if kind == "new_resident" else None,
        licensed_elsewhere=licensed_elsewhere,
        ownership_changed_on=ownership_changed_on,
        sterilized=dog.sterilized if law.fee_asks_sterilization(params_in_force(), on) else None,
    )


def fee_label(term: Finding) -> str:
    """What the license fee was charged for, as the receipt line says it: the term's tier
    ("1-year tier") or, where the fee is by spay/neuter status, the dog's status."""
    tier = term.details.get("tier_years")
    if tier is not None:
        return f"{tier}-year tier"
    return "spayed or neutered" if term.facts.get("sterilized") else "not spayed or neutered"


def previous_license(dog: Dog) -> License | None:
    """The license a renewal renews: the dog's latest license that was not voided."""
    return (
        dog.licenses.exclude(status=License.Status.VOID)
        # a license for the dog's lifetime (no expiry) is the latest, on either database
        .order_by(F("expires_on").desc(nulls_first=True), "-id")
        .first()
    )


def latest_ownership_change(dog: Dog) -> OwnershipChange | None:
    return dog.ownership_changes.filter(to_owner=dog.owner).order_by("-changed_on", "-id").first()


def evaluate_license(
    dog: Dog,
    rabies: RabiesVaccination | None,
    kind: str,
    on: dt.date,
    *,
    licensed_elsewhere: bool = False,
) -> list[Finding]:
    """The findings a license application would get now; writes nothing (the live screen)."""
    # Read the dog as it stands: a caller's copy may predate a change of owner.
    dog = Dog.objects.select_related("owner").get(pk=dog.pk)
    previous = previous_license(dog) if kind == "renewal" else None
    change = latest_ownership_change(dog) if kind == "change_of_ownership" else None
    application = application_for(
        dog,
        rabies,
        kind,
        on,
        previous=previous,
        ownership_changed_on=change.changed_on if change else None,
        licensed_elsewhere=licensed_elsewhere,
    )
    return law.may_issue(application, city_params())


def license_problem(
    dog: Dog,
    rabies: RabiesVaccination | None,
    kind: str,
    on: dt.date,
    *,
    held: Sequence[License] | None = None,
) -> str | None:
    """What stops the desk before the ordinance is asked, or None: shared by the live screen and
    ``issue_license`` so the clerk learns it before submitting. ``held``: the dog's licenses not
    voided, when the caller has read them (``issue_license``), instead of asking again."""
    if dog.status != Dog.Status.ACTIVE:
        return f"{dog.name} is recorded as {dog.get_status_display()}; no license issues."
    if rabies is not None and rabies.dog_id != dog.pk:
        return "That rabies certificate is another dog's."
    if kind == "renewal" and previous_license(dog) is None:
        return f"{dog.name} has no license to renew; issue a new license."
    in_force = dog.current_license(on) if held is None else in_force_of(held, on)
    if in_force is not None and in_force.expires_on is None and in_force.owner_id == dog.owner_id:
        # ``license.term``: a license for the dog's lifetime has nothing to renew; the rules
        # core has no rule for a second one, so the desk refuses it, as it does a new license
        # while one is in force.
        return (
            f"{dog.name} already has license {in_force.number}, in force for the dog's "
            "lifetime; no other license issues while it is."
        )
    if in_force is not None and kind != "renewal" and in_force.owner_id == dog.owner_id:
        assert in_force.expires_on is not None
        return (
            f"{dog.name} already has license {in_force.number} in force until "
            f"{in_force.expires_on.isoformat()}; renew it instead."
        )
    if kind == "change_of_ownership" and latest_ownership_change(dog) is None:
        return "Record the change of ownership first; the new owner's license follows it."
    return None


def in_force_of(held: Sequence[License], on: dt.date) -> License | None:
    """The license in force on ``on`` among ``held``, as ``Dog.current_license`` finds it: active,
    issued by then, not expired, the one expiring last."""
    in_force = [lic for lic in held if lic.in_force_on(on)]
    # a license for the dog's lifetime (no expiry) outlasts any dated one
    return max(in_force, key=lambda lic: lic.expires_on or dt.date.max, default=None)


@service
def issue_license(
    *,
    dog: Dog,
    rabies: RabiesVaccination | None,
    kind: str,
    on: dt.date,
    payment: Payment,
    actor: AbstractBaseUser,
    licensed_elsewhere: bool = False,
) -> Issued:
    """Issue a license (new, renewal, new resident, new owner): ``license.*``,
    ``tag.furnished``.

    The fee (and any penalty) is paid at application; the receipt and a tag from stock are
    issued with the license. Refused, with the findings, if a finding blocks or the payment
    does not match the amount due; then nothing is written.
    """
    # Lock the dog only (not the joined owner): clerks serving one household do not wait on
    # each other, and two clerks licensing the same dog are serialised.
    dog = Dog.objects.select_for_update(of=("self",)).select_related("owner").get(pk=dog.pk)
    # The dog's licenses, read once: is one in force (license_problem), and will the new one be
    # the one the due list follows (due_clocks.store_issued)? A dog has a handful in its life.
    held = list(License.objects.filter(dog_id=dog.pk).exclude(status=License.Status.VOID))
    problem = license_problem(dog, rabies, kind, on, held=held)
    if problem:
        raise ServiceError(problem)
    previous = previous_license(dog) if kind == "renewal" else None
    change = latest_ownership_change(dog) if kind == "change_of_ownership" else None
    findings = law.may_issue(
        application_for(
            dog,
            rabies,
            kind,
            on,
            previous=previous,
            ownership_changed_on=change.changed_on if change else None,
            licensed_elsewhere=licensed_elsewhere,
        ),
        city_params(),
    )
    if blocking(findings):
        raise Refused(findings)
    term = next(f for f in findings if f.rule == "license.term")
    penalty = next(f for f in findings if f.rule == "license.penalty")
    due = next(f for f in findings if f.rule == "license.amount_due")
    paid = law.paid_in_full(payment.amount, due)
    if paid.blocks:
        raise Refused([paid, due])
    assert rabies is not None  # may_issue blocks without a certificate
    # The license's id first (its decision and its tag name it), then the decision, then the
    # tag; the license and receipt numbers last: each number's row stays locked until commit
    # (gapless numbers), so the fewer statements after it, the more clerks can issue at once
    # (issue 14). The tag's row is locked too, but another clerk skips it for the next one.
    # The decision goes in before the tag: from the tag's update until the license's insert the
    # tag names a license not yet written (a deferred foreign key), and while such a reference is
    # outstanding SQLite checks every row inserted into a referenced table against the tables
    # that reference it: for a decision, every license of the city (a scan, 11 ms a license at
    # county size), since a license's link to its decision has no index (``License.decision``).
    license_id = reserve_id(License)
    license_ = License(
        id=license_id,
        dog=dog,
        owner=dog.owner,
        kind=kind,
        issued_on=on,
        expires_on=term.details["expires_on"],
        tier_years=term.details["tier_years"],
        fee=Decimal(str(term.details["fee"])),
        penalty=Decimal(str(penalty.details["penalty"])),
        previous=previous,
        rabies=rabies,
    )
    # The decision names the license by its id, taken above: each row written once, complete.
    license_.decision = record_decision(
        action=f"license.issue.{kind}",
        findings=findings,
        decided_on=on,
        actor=actor,
        subject=license_,
    )
    tag = _claim_tag(license_id, dog, on, actor)
    tag.license = license_
    if previous is not None and previous.status == License.Status.ACTIVE:
        _end_license(previous, License.Status.SUPERSEDED, on, actor, tag_status=Tag.Status.REPLACED)
    lines = [
        receipt_line(f"Dog license, {fee_label(term)}, {dog.name}", term, "fee"),
    ]
    if license_.penalty:
        lines.append(receipt_line("Penalty fee", penalty, "penalty"))
    # The due list's clock of the dog, before the numbers are drawn (due_clocks.store_issued).
    clocks_stored = due_clocks.store_issued(license_, held)
    license_.number = f"{on.year}-{next_number('license', on.year):05d}"
    with without_history(license_):
        license_.save(force_insert=True)
    write_history(actor, "+", license_)
    receipt = record_receipt(dog.owner, payment, lines, actor, license_)
    if not clocks_stored:
        due_clocks.refresh([dog.pk])
    return Issued(license_, tag, receipt, findings)


def _assign_tag(license_: License, on: dt.date, actor: AbstractBaseUser) -> Tag:
    """The lowest-numbered tag in stock, handed out with the license."""
    tag = _claim_tag(license_.pk, license_.dog, on, actor)
    tag.license = license_
    return tag


def _claim_tag(license_id: int, dog: Dog, on: dt.date, actor: AbstractBaseUser) -> Tag:
    """Hand out the lowest-numbered tag in the city's stock to the license ``license_id`` of
    ``dog``: one statement finds it, locks it (another clerk skips it for the next one, so two
    clerks never hand out the same tag) and marks it issued; then its history row names the
    clerk. Only the city's own tags: another city's stock in the same database is not its to give."""
    connection = transaction.get_connection()
    table = connection.ops.quote_name(Tag._meta.db_table)
    lock = (
        " FOR UPDATE SKIP LOCKED" if connection.features.has_select_for_update_skip_locked else ""
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f'UPDATE {table} SET "status" = %s, "license_id" = %s, "dog_id" = %s,'
            ' "issued_on" = %s, "status_changed_on" = %s'
            f' WHERE "id" = (SELECT "id" FROM {table} WHERE "jurisdiction" = %s AND "status" = %s'
            f' ORDER BY "serial" LIMIT 1{lock}) RETURNING "id", "serial"',
            [
                Tag.Status.ISSUED,
                license_id,
                dog.pk,
                on,
                on,
                jurisdiction_in_force(),
                Tag.Status.IN_STOCK,
            ],
        )
        row = cursor.fetchone()
    if row is None:
        raise NoTagInStock(
            "No tags are in stock: an administrator must add tags before a license can issue."
        )
    tag = Tag(
        id=row[0],
        serial=row[1],
        status=Tag.Status.ISSUED,
        license_id=license_id,
        dog=dog,
        issued_on=on,
        status_changed_on=on,
    )
    tag._state.adding = False
    tag._state.db = connection.alias
    write_history(actor, "~", tag)
    return tag


def _end_license(
    license_: License,
    status: str,
    on: dt.date,
    actor: AbstractBaseUser | None,
    *,
    tag_status: str | None = None,
) -> None:
    license_.status = status
    license_.status_changed_on = on
    acting_as(actor, license_)
    license_.save(update_fields=["status", "status_changed_on"])
    if tag_status:
        for tag in license_.tags.filter(status=Tag.Status.ISSUED):
            tag.status = tag_status
            tag.status_changed_on = on
            acting_as(actor, tag)
            tag.save(update_fields=["status", "status_changed_on"])


@service
def add_tag_stock(
    *, prefix: str, first: int, last: int, width: int = 5, actor: AbstractBaseUser
) -> list[Tag]:
    """Add pre-numbered tags to stock (e.g. prefix '2027-', 1..500 -> 2027-00001 ...)."""
    if first < 1 or last < first:
        raise ServiceError(f"Give a range of tag numbers: {first} to {last} is not one.")
    if last - first >= 10000:
        raise ServiceError("Add at most 10,000 tags at a time.")
    serials = [f"{prefix}{n:0{width}d}" for n in range(first, last + 1)]
    longest = Tag._meta.get_field("serial").max_length
    if len(serials[-1]) > longest:
        raise ServiceError(
            f"Tag numbers are at most {longest} characters; {serials[-1]!r} has {len(serials[-1])}."
        )
    # the city's own tags: another city's tags may carry the same numbers
    taken = set(
        Tag.objects.filter(jurisdiction=jurisdiction_in_force(), serial__in=serials).values_list(
            "serial", flat=True
        )
    )
    if taken:
        raise ServiceError(
            f"Already in the records: {', '.join(sorted(taken)[:5])}"
            f"{' …' if len(taken) > 5 else ''}"
        )
    tags = [Tag(serial=s) for s in serials]
    Tag.objects.bulk_create(tags)
    return tags


@service
def issue_duplicate_tag(
    *, license_: License, reason: str, on: dt.date, payment: Payment, actor: AbstractBaseUser
) -> Issued:
    """``license.duplicate_tag``: a duplicate for a lost or stolen tag, at the scheduled fee
    (``fees.schedule``); the old tag is marked."""
    license_ = (
        License.objects.select_for_update(of=("self",))
        .select_related("dog", "owner")
        .get(pk=license_.pk)
    )
    finding = law.duplicate_tag(
        reason,
        license_.expires_on,
        on,
        city_params(),
        license_active=license_.status == License.Status.ACTIVE,
    )
    if finding.blocks:
        raise Refused([finding])
    fee = Decimal(str(finding.details["fee"]))
    if payment.amount != fee:
        raise ServiceError(
            f"The payment (${payment.amount:,.2f}) does not match the fee (${fee:,.2f}).", [finding]
        )
    record_decision(
        action="tag.duplicate", findings=[finding], decided_on=on, actor=actor, subject=license_
    )
    for old in license_.tags.filter(status=Tag.Status.ISSUED):
        old.status = Tag.Status.LOST if reason == "lost" else Tag.Status.STOLEN
        old.status_changed_on = on
        acting_as(actor, old)
        old.save(update_fields=["status", "status_changed_on"])
    tag = _assign_tag(license_, on, actor)
    receipt = record_receipt(
        license_.owner,
        payment,
        [receipt_line(f"Duplicate tag ({reason} tag), {license_.dog.name}", finding, "fee")],
        actor,
        license_,
    )
    return Issued(license_, tag, receipt, [finding])


# ------------------------------------------------------------- status of dogs and owners


@service
def transfer_ownership(
    *, dog: Dog, to_owner: Owner, changed_on: dt.date, actor: AbstractBaseUser
) -> OwnershipChange:
    """``license.new_owner``: the dog changes owner; its license does not pass with it
    (``tag.not_transferable``), and the new owner has thirty days to apply for a new license."""
    dog = Dog.objects.select_for_update().get(pk=dog.pk)
    if dog.owner_id == to_owner.pk:
        raise ServiceError(f"{to_owner.name} already owns {dog.name}.")
    if dog.status != Dog.Status.ACTIVE:
        raise ServiceError(f"{dog.name} is recorded as {dog.get_status_display()}.")
    if changed_on > today():
        raise ServiceError("A change of ownership cannot be recorded before it happens.")
    change = OwnershipChange.objects.create(
        dog=dog, from_owner=dog.owner, to_owner=to_owner, changed_on=changed_on, recorded_by=actor
    )
    for license_ in dog.licenses.filter(status=License.Status.ACTIVE):
        _end_license(license_, License.Status.ENDED, changed_on, actor, tag_status=Tag.Status.VOID)
    dog.owner = to_owner
    acting_as(actor, dog)
    dog.save(update_fields=["owner"])
    due_clocks.refresh([dog.pk])
    return change


@service
def record_dog_status(
    *, dog: Dog, status: str, on: dt.date, actor: AbstractBaseUser
) -> list[Finding]:
    """The dog died, moved away or went to an owner outside the city: its license ends, with no
    refund (``license.no_refund``)."""
    if status not in (Dog.Status.DECEASED, Dog.Status.MOVED_AWAY, Dog.Status.TRANSFERRED):
        raise ServiceError(f"{status!r} is not a status to record.")
    if on > today():
        raise ServiceError("A death or move cannot be recorded before it happens.")
    dog = Dog.objects.select_for_update().get(pk=dog.pk)
    if dog.status != Dog.Status.ACTIVE:
        raise ServiceError(f"{dog.name} is already recorded as {dog.get_status_display()}.")
    finding = law.refund(
        "dog_died" if status == Dog.Status.DECEASED else "left_city", params_in_force(), on
    )
    dog.status = status
    dog.status_changed_on = on
    acting_as(actor, dog)
    dog.save(update_fields=["status", "status_changed_on"])
    for license_ in dog.licenses.filter(status=License.Status.ACTIVE):
        _end_license(license_, License.Status.ENDED, on, actor, tag_status=Tag.Status.VOID)
        record_decision(
            action=f"license.end.{status}",
            findings=[finding],
            decided_on=on,
            actor=actor,
            subject=license_,
        )
    due_clocks.refresh([dog.pk])
    return [finding]


@service
def record_tag_violation(
    *,
    kind: str,
    observed_on: dt.date,
    actor: AbstractBaseUser,
    tag: Tag | None = None,
    dog: Dog | None = None,
    narrative: str = "",
) -> TagViolation:
    """``tag.counterfeit``: record a counterfeit, removed or swapped tag as a violation."""
    if kind not in law.TAG_VIOLATIONS:
        # A choice from the form, not a finding: the kinds are the rules core's list.
        raise ServiceError(
            f"{kind!r} is not one of the tag violations: {', '.join(law.TAG_VIOLATIONS)}."
        )
    findings = [law.tag_violation(kind)]
    if kind == "placed_on_other_animal" and tag is not None and dog is not None and tag.dog_id:
        findings.append(law.tag_transfer(tag.serial, str(tag.dog), str(dog)))
    decision = record_decision(
        action="tag.violation",
        findings=findings,
        decided_on=observed_on,
        actor=actor,
        subject=tag or dog,
    )
    return TagViolation.objects.create(
        kind=kind,
        observed_on=observed_on,
        tag=tag,
        dog=dog,
        narrative=narrative,
        decision=decision,
        recorded_by=actor,
    )


@service
def void_receipt(*, receipt: Receipt, reason: str, actor: AbstractBaseUser) -> Receipt:
    """A receipt is never edited or deleted: a void is a new receipt reversing every line. The
    license it paid for is void too, and its tag with it."""
    receipt = Receipt.objects.select_for_update().get(pk=receipt.pk)
    if not reason.strip():
        raise ServiceError("Say why the receipt is voided.")
    if receipt.voids_id is not None:
        raise ServiceError(f"{receipt.number} is itself a void; it cannot be voided.")
    if Receipt.objects.filter(voids=receipt).exists():
        raise ServiceError(f"{receipt.number} is already void.")
    lines = [
        ReceiptLine(
            description=f"VOID of {receipt.number}: {line.description}",
            parameter=line.parameter,
            section=line.section,
            source=line.source,
            amount=-line.amount,
        )
        for line in receipt.lines.all()
    ]
    payment = Payment(
        method=receipt.method,
        amount=-receipt.total,
        payer=receipt.payer,
        reference=receipt.reference,
    )
    reversal = record_receipt(
        receipt.owner,
        payment,
        lines,
        actor,
        receipt.license,
        voids=receipt,
        void_reason=reason.strip(),
    )
    license_ = receipt.license
    if (
        license_ is not None
        and license_.status == License.Status.ACTIVE
        and receipt.lines.filter(parameter__contains=".fees.dog_license.").exists()
    ):
        _end_license(
            license_, License.Status.VOID, timezone.localdate(), actor, tag_status=Tag.Status.VOID
        )
        previous = license_.previous
        if previous is not None and previous.status == License.Status.SUPERSEDED:
            # The renewal never happened: the license it replaced is in force again, and so is
            # the tag the renewal replaced.
            previous.status = License.Status.ACTIVE
            previous.status_changed_on = timezone.localdate()
            acting_as(actor, previous)
            previous.save(update_fields=["status", "status_changed_on"])
            for tag in previous.tags.filter(status=Tag.Status.REPLACED):
                tag.status = Tag.Status.ISSUED
                tag.status_changed_on = timezone.localdate()
                acting_as(actor, tag)
                tag.save(update_fields=["status", "status_changed_on"])
    if license_ is not None:
        due_clocks.refresh([license_.dog_id])
    return reversal
