"""Every write of an online application, and the findings shown to the resident.

``evaluate`` asks the rules core exactly as the counter does (``licensing.services``:
``evaluate_license`` for a dog on file, ``application_for`` + ``law.may_issue`` with the city's
parameters for a dog not yet on file). ``issue`` writes through the counter's services
(``register_owner``, ``register_dog``, ``record_rabies_vaccination``, ``issue_license``) inside
one transaction: the Decision, tag, receipt and history are the counter's, and a refusal (the
wrong amount, a blocking finding, no tag in stock) leaves the application received and writes
nothing.
"""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext as _

from dogtag.applications import mail
from dogtag.applications.models import OnlineApplication
from dogtag.clinics import services as clinics
from dogtag.clinics.models import Certificate
from dogtag.law import licensing as law
from dogtag.law.findings import Finding, blocking
from dogtag.licensing import services as licensing
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, city_in_force
from dogtag.licensing.phones import normalise
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.refusals import service
from dogtag.records.services import city_params, today
from dogtag.records.uploads import files_removed_on_failure
from dogtag.records.versions import version_of
from dogtag.residents import household
from dogtag.residents.models import ResidentAccount

Status = OnlineApplication.Status

OWNER_FIELDS = ("owner_name", "street", "city", "state", "postal_code", "phone")
DOG_FIELDS = ("dog_name", "breed", "color", "sex", "sterilized", "born", "microchip")
#: ``license.new_resident`` and ``license.new_owner``: the date the thirty days run from, and
#: what goes with it.
FIRST_LICENSE_FIELDS: dict[str, Any] = {
    "resident_since": None,
    "licensed_elsewhere": False,
    "ownership_changed_on": None,
    "previous_owner_name": "",
    "previous_owner_street": "",
    "previous_owner_city": "",
    "previous_owner_phone": "",
}
FIRST_LICENSE_KINDS = (
    OnlineApplication.Kind.NEW_RESIDENT,
    OnlineApplication.Kind.CHANGE_OF_OWNERSHIP,
)
RABIES_FIELDS = (
    "vaccinated_on",
    "expires_on",
    "duration_years",
    "veterinarian",
    "clinic",
    "certificate_number",
)


class NotReceived(ServiceError):
    """The application is not waiting for a clerk (already issued or returned, or a draft)."""


# ----------------------------------------------------------------------- the rules core asked


def _owner(application: OnlineApplication) -> Owner:
    """The owner as the counter would read them; for ``license.new_resident`` with the day the
    resident says they moved in (``application_for`` reads ``Owner.resident_since``), on a copy:
    nothing is saved."""
    if application.owner_id is not None:
        owner = copy.copy(application.owner)
        assert owner is not None
    else:
        owner = Owner(
            name=application.owner_name,
            street=application.street,
            city=application.city,
            state=application.state,
            postal_code=application.postal_code,
            phone=application.phone,
        )
    if application.kind == OnlineApplication.Kind.NEW_RESIDENT:
        owner.resident_since = application.resident_since
    return owner


def _dog(application: OnlineApplication) -> Dog:
    if application.dog_id is not None:
        return application.dog  # type: ignore[return-value]
    return Dog(
        owner=_owner(application),
        name=application.dog_name,
        breed=application.breed,
        color=application.color,
        sex=application.sex,
        sterilized=application.sterilized,
        born=application.born,
        born_estimated=application.born_estimated,
        microchip=application.microchip,
    )


def _rabies(application: OnlineApplication, dog: Dog) -> RabiesVaccination:
    return RabiesVaccination(
        dog=dog, **{name: getattr(application, name) for name in RABIES_FIELDS}
    )


def evaluate(application: OnlineApplication, on: dt.date) -> list[Finding]:
    """What the rules core finds of the application on ``on``; writes nothing."""
    dog = _dog(application)
    rabies = _rabies(application, dog)
    if dog.pk is not None:  # on file: the counter's own live screen
        return licensing.evaluate_license(dog, rabies, application.kind, on)
    # The counter's own reading of an application (``licensing.application_for``), with the
    # facts of ``license.new_resident`` and ``license.new_owner`` the resident stated.
    return law.may_issue(
        licensing.application_for(
            dog,
            rabies,
            application.kind,
            on,
            ownership_changed_on=application.ownership_changed_on,
            licensed_elsewhere=application.licensed_elsewhere,
        ),
        city_params(),
    )


# --------------------------------------------------------------------------- the resident


def estimated_birth(age_years: int, on: dt.date) -> dt.date:
    """As the counter estimates it (``licensing.services.register_dog``)."""
    if on.month == 2 and on.day == 29:
        return dt.date(on.year - age_years, 2, 28)
    return on.replace(year=on.year - age_years)


@service
def save_draft(
    *,
    account: ResidentAccount,
    data: dict[str, Any],
    upload: UploadedFile | None,
    kind: str,
    dog: Dog | None = None,
    application: OnlineApplication | None = None,
) -> OnlineApplication:
    """Store what the resident typed as a draft, with the findings it gets today.

    ``dog`` is the dog on file being renewed (the caller found it among the account's dogs);
    ``data["household"]`` an owner on file of the account, for a new dog of that household."""
    on = today()
    if kind != OnlineApplication.Kind.RENEWAL and data.get("kind"):
        kind = data["kind"]  # why the resident applies: new, new resident or new owner
    if application is None:
        application = OnlineApplication(account=account, kind=kind, created_at=timezone.now())
    elif application.status != Status.DRAFT or application.account_id != account.pk:
        raise NotReceived(gettext("This application was already submitted."))  # on her form
    application.kind = kind
    for name, empty in FIRST_LICENSE_FIELDS.items():
        stated = data.get(name, empty) if kind in FIRST_LICENSE_KINDS else empty
        setattr(application, name, stated if stated is not None else empty)
    if application.previous_owner_phone:
        application.previous_owner_phone = normalise(application.previous_owner_phone)
    application.dog = dog
    application.owner = dog.owner if dog is not None else data.get("household")
    if dog is not None:
        _copy_dog(application, dog)
    else:
        if application.owner is not None:
            owner = application.owner
            application.owner_name, application.phone = owner.name, owner.phone
            application.street, application.city = owner.street, owner.city
            application.state, application.postal_code = owner.state, owner.postal_code
        else:
            for name in OWNER_FIELDS:
                setattr(application, name, data[name])
            application.phone = normalise(data["phone"])
        for name in DOG_FIELDS:
            setattr(application, name, data[name])
        application.born_estimated = False
        if data.get("born") is None and data.get("age_years") is not None:
            application.born = estimated_birth(data["age_years"], on)
            application.born_estimated = True
    application.email_consent = bool(data.get("email_consent"))
    for name in RABIES_FIELDS:
        setattr(application, name, data[name])
    application.language = get_language() or "en"
    application.findings = [f.to_json() for f in evaluate(application, on)]
    application.evaluated_on = on
    with files_removed_on_failure() as keep:
        if upload is not None:
            keep(application.certificate_file, upload.name or "certificate", upload)
        application.save()
    return application


def _copy_dog(application: OnlineApplication, dog: Dog) -> None:
    """A renewal's owner and dog are the ones on file, as the records hold them."""
    owner = dog.owner
    application.dog, application.owner = dog, owner
    application.owner_name, application.phone = owner.name, owner.phone
    application.street, application.city = owner.street, owner.city
    application.state, application.postal_code = owner.state, owner.postal_code
    application.dog_name, application.breed, application.color = dog.name, dog.breed, dog.color
    application.sex, application.sterilized = dog.sex, dog.sterilized
    application.born, application.born_estimated = dog.born, dog.born_estimated
    application.microchip = dog.microchip


def with_clinic_certificate(
    account: ResidentAccount, dog: Dog, certificate: Certificate, on: dt.date
) -> tuple[OnlineApplication, list[Finding]]:
    """The renewal of ``dog`` with a clinic's certificate recorded on it, not saved: the rabies
    facts are the certificate's and its PDF, if the clinic sent one, is the application's file
    (nothing to upload), with the findings the rules core gives on ``on``."""
    application = OnlineApplication(
        account=account, kind=OnlineApplication.Kind.RENEWAL, created_at=timezone.now()
    )
    _copy_dog(application, dog)
    for name in RABIES_FIELDS:
        setattr(application, name, getattr(certificate, name))
    application.certificate_file.name = certificate.pdf.name if certificate.pdf else ""
    application.language = get_language() or "en"
    findings = evaluate(application, on)
    application.findings = [f.to_json() for f in findings]
    application.evaluated_on = on
    return application, findings


def clinic_certificate_of(application: OnlineApplication) -> Certificate | None:
    """The clinic's certificate, recorded on the dog, the application was made with, if any."""
    if application.dog_id is None or not application.certificate_number:
        return None
    return Certificate.objects.filter(
        dog_id=application.dog_id,
        clinic=application.clinic,
        certificate_number=application.certificate_number,
        status=Certificate.Status.RECORDED,
    ).first()


def pending_with(dog: Dog, certificate: Certificate) -> OnlineApplication | None:
    """A renewal with this certificate already waiting for the clerk, if any."""
    return OnlineApplication.objects.filter(
        dog=dog,
        status=Status.RECEIVED,
        clinic=certificate.clinic,
        certificate_number=certificate.certificate_number,
    ).first()


@service
def renew_with_clinic_certificate(*, account: ResidentAccount, dog: Dog) -> OnlineApplication:
    """The resident's one-step renewal (issue 13 item 2): the renewal application with the
    clinic's certificate on file for the dog, sent to the clerk's queue at once, as ``submit``
    sends a draft. The caller found ``dog`` among the account's dogs (checked again here: the
    dog may have changed hands since). Refused with the findings when one blocks (stored as a
    Decision); nothing is written then."""
    dog = Dog.objects.select_for_update(of=("self",)).select_related("owner").get(pk=dog.pk)
    on = today()
    certificate = clinics.renewal_certificate(dog, on) if dog.status == Dog.Status.ACTIVE else None
    if certificate is None or not household.owners(account).filter(pk=dog.owner_id).exists():
        raise ServiceError(
            _("No certificate from a clinic is on file to renew %(dog)s's license with.")
            % {"dog": dog.name}
        )
    if pending_with(dog, certificate) is not None:
        raise NotReceived(_("This renewal was already sent to the city."))
    application, findings = with_clinic_certificate(account, dog, certificate, on)
    if blocking(findings):
        raise Refused(findings)
    application.status = Status.RECEIVED
    application.received_at = timezone.now()
    application.save()
    mail.received(application)
    return application


@service
def submit(*, application: OnlineApplication) -> OnlineApplication:
    """The resident sends the draft to the clerk's queue; an e-mail says it was received."""
    application = OnlineApplication.objects.select_for_update().get(pk=application.pk)
    if application.status != Status.DRAFT:
        raise NotReceived("This application was already submitted.")
    on = today()
    findings = evaluate(application, on)
    if blocking(findings):
        raise Refused(findings)  # the refusal is stored as a Decision about the application
    application.findings = [f.to_json() for f in findings]
    application.evaluated_on = on
    application.status = Status.RECEIVED
    application.received_at = timezone.now()
    application.save()
    mail.received(application)
    return application


# ------------------------------------------------------------------------------ the clerk


def _waiting(application: OnlineApplication) -> OnlineApplication:
    locked = OnlineApplication.objects.select_for_update().get(pk=application.pk)
    if locked.status != Status.RECEIVED:
        raise NotReceived(
            f"Online application #{locked.pk} is {locked.get_status_display().lower()}; "
            "only a received application can be issued or returned."
        )
    return locked


@service
def issue(
    *, application: OnlineApplication, payment: Payment, on: dt.date, actor: AbstractBaseUser
) -> licensing.Issued:
    """Issue the license as the counter does, with the payment the resident made
    (``license.fee_with_application``).

    The owner and dog are registered if new, the certificate recorded as the dog's rabies
    vaccination (with the uploaded file), the license issued by ``issue_license``, and the
    account linked to the owner. A refusal rolls all of it back."""
    application = _waiting(application)
    owner = _issuing_owner(application, actor)
    dog = application.dog
    if dog is None:
        dog_owner = owner
        if application.kind == OnlineApplication.Kind.CHANGE_OF_OWNERSHIP:
            dog_owner = _previous_owner(application, actor)
        dog = licensing.register_dog(
            owner=dog_owner,
            actor=actor,
            name=application.dog_name,
            breed=application.breed,
            color=application.color,
            sex=application.sex,
            sterilized=application.sterilized,
            born=application.born,
            born_estimated=application.born_estimated,
            microchip=application.microchip,
        )
        if (
            dog_owner != owner
        ):  # license.new_owner: recorded as the counter records a change of owner
            licensing.transfer_ownership(
                dog=dog,
                to_owner=owner,
                changed_on=application.ownership_changed_on,  # type: ignore[arg-type]
                actor=actor,
            )
            dog.refresh_from_db()
    rabies = _on_file(application, dog) or licensing.record_rabies_vaccination(
        dog=dog,
        actor=actor,
        certificate_file=application.certificate_file.name,
        **{name: getattr(application, name) for name in RABIES_FIELDS},
    )
    issued = licensing.issue_license(
        dog=dog,
        rabies=rabies,
        kind=application.kind,
        on=on,
        payment=payment,
        actor=actor,
        licensed_elsewhere=application.licensed_elsewhere,
    )
    application.account.owners.add(owner)
    application.owner, application.dog = owner, dog
    application.status = Status.ISSUED
    application.license = issued.license
    application.decided_at = timezone.now()
    application.decided_by = actor  # type: ignore[assignment]
    application.save()
    mail.issued(application, issued)
    return issued


def _on_file(application: OnlineApplication, dog: Dog) -> RabiesVaccination | None:
    """The dog's vaccination recorded from the same certificate (a clinic's, or one typed at the
    counter), so one certificate is not recorded twice: as ``clinics.services`` records it."""
    if dog.pk is None or not application.certificate_number:
        return None
    return dog.rabies_vaccinations.filter(
        certificate_number=application.certificate_number,
        vaccinated_on=application.vaccinated_on,
        clinic=application.clinic,
    ).first()


def _issuing_owner(application: OnlineApplication, actor: AbstractBaseUser) -> Owner:
    """The owner the license issues to: on file, or registered now; for ``license.new_resident`` with the day
    they became a resident, which the counter's rules read from the owner's record."""
    since = application.resident_since
    new_resident = application.kind == OnlineApplication.Kind.NEW_RESIDENT
    owner = application.owner
    if owner is None:
        return licensing.register_owner(
            actor=actor,
            name=application.owner_name,
            street=application.street,
            city=application.city,
            state=application.state,
            postal_code=application.postal_code,
            phone=application.phone,
            email=application.account.email,
            email_consent=application.email_consent,
            resident_since=since if new_resident else None,
        )
    if new_resident and owner.resident_since != since:
        owner = licensing.update_owner(
            owner, actor=actor, version=version_of(owner), resident_since=since
        )
    return owner


def _previous_owner(application: OnlineApplication, actor: AbstractBaseUser) -> Owner:
    """``license.new_owner``: the change of ownership is recorded from the previous owner the resident named,
    as the counter records it (``transfer_ownership``)."""
    if not (
        application.previous_owner_name.strip()
        and application.previous_owner_street.strip()
        and application.previous_owner_phone.strip()
    ):
        raise ServiceError(
            "The change of ownership is recorded from the previous owner: their name, "
            "address and phone number are needed. Ask the resident, or return the application."
        )
    return licensing.register_owner(
        actor=actor,
        name=application.previous_owner_name,
        street=application.previous_owner_street,
        city=application.previous_owner_city or city_in_force(),
        phone=application.previous_owner_phone,
    )


@service
def return_application(
    *, application: OnlineApplication, reason: str, actor: AbstractBaseUser
) -> OnlineApplication:
    """Send the application back with the reason the resident reads; nothing else is written."""
    if not reason.strip():
        raise ServiceError("Say why the application is returned: the resident reads it.")
    application = _waiting(application)
    application.status = Status.RETURNED
    application.return_reason = reason.strip()
    application.decided_at = timezone.now()
    application.decided_by = actor  # type: ignore[assignment]
    application.save()
    mail.returned(application)
    return application


def renewable_license(dog: Dog) -> License | None:
    previous = licensing.previous_license(dog)
    # a license for the dog's lifetime (no expiry) is never renewed
    return previous if previous is not None and previous.expires_on is not None else None
