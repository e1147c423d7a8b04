"""Issuing a license: the application, the rabies vaccination, the term and fee tier, the
penalties, the amount due and its payment. Each provision is named by a concept
(``license.application``, ``license.term``, ...) and cited as the jurisdiction package says
(``law.provisions``)."""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import asdict, dataclass, fields, replace
from decimal import Decimal

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import Deadline, add_months, long_date
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue, to_jsonable
from dogtag.law.licensing.fees import FEE_SCHEDULE, fee_not_set
from dogtag.law.licensing.required import (
    MINIMUM_AGE,
    REQUIRED,
    SIX_MONTHS_READING,
    age_reached,
    license_required,
)
from dogtag.law.params import ParameterNotSet, ParameterSet, ParameterValue
from dogtag.law.provisions import cite, cite_each, together
from dogtag.law.registry import rule
from dogtag.law.wording import phrase

# ----------------------------------------------------------------------------- license issue

LICENSE_KINDS = ("new", "renewal", "new_resident", "change_of_ownership")
TERM_READING = "readings.license_term"
RENEWAL_READING = "readings.renewal_window"
NON_LICENSE_READING = "readings.non_license_penalty"
FEE_TIERS = (
    (1, "fees.dog_license.one_year"),
    (2, "fees.dog_license.two_years"),
    (3, "fees.dog_license.three_years"),
)

# The provisions applied here, as concepts (each package's ordinance/sections.yaml).
APPLICATION = "license.application"
FEE_WITH_APPLICATION = "license.fee_with_application"
FEE = "license.fee"
TERM = "license.term"
RENEWAL = "license.renewal"
NEW_RESIDENT = "license.new_resident"
NEW_OWNER = "license.new_owner"
RABIES_REQUIRED = "license.rabies_required"
RABIES_CERTIFICATE = "license.rabies_certificate"
#: What the fee depends on, a variant each package states: ``term_tier``, ``sterilization`` or
#: ``flat`` (one fee, ``fees.dog_license``).
FEE_BASIS = "license.fee_basis"
#: How long a license runs, a variant each package states: ``vaccination`` (as long as the rabies
#: vaccination: Nowthen, Lino Lakes), ``annual`` (a year from the day it issues),
#: ``calendar_year`` (to December 31), ``fixed_date`` (to the next ``license.expiry_month_day``,
#: every license alike) or ``lifetime`` (the dog's).
TERM_BASIS = "license.term_basis"
#: for ``fixed_date``: the day every license expires, "MM-DD"
EXPIRY_MONTH_DAY = "license.expiry_month_day"
TERM_BASES = ("vaccination", "annual", "calendar_year", "fixed_date", "lifetime")


@dataclass(frozen=True)
class RabiesCertificate:
    """``license.rabies_certificate``, in Nowthen's words: "a certificate of vaccination from a
    licensed veterinarian"."""

    vaccinated_on: dt.date
    expires_on: dt.date
    veterinarian: str = ""
    clinic: str = ""
    certificate_number: str = ""


@dataclass(frozen=True)
class LicenseApplication:
    """What the written application states (``license.application``), and what each kind of
    license needs.

    ``kind``: ``new`` (a resident's dog never licensed here), ``renewal`` (``license.renewal``),
    ``new_resident`` (``license.new_resident``) or ``change_of_ownership`` (``license.new_owner``).
    """

    on: dt.date
    kind: str = "new"
    owner_name: str = ""
    owner_address: str = ""
    owner_phone: str = ""
    dog_name: str = ""
    breed: str = ""
    color: str = ""
    sex: str = ""
    born: dt.date | None = None
    age_years: int | None = None
    rabies: RabiesCertificate | None = None
    previous_license_expires: dt.date | None = None
    resident_since: dt.date | None = None
    licensed_elsewhere: bool = False
    ownership_changed_on: dt.date | None = None
    #: spayed or neutered: asked where the city's fee depends on it (``license.fee_basis``)
    sterilized: bool | None = None

    def facts(self) -> dict[str, JSONValue]:
        # Every rule of one application states these same facts: written out once (issue 14).
        return dict(_application_facts(self))


@functools.lru_cache(maxsize=64)
def _application_facts(application: LicenseApplication) -> dict[str, JSONValue]:
    # Field by field: ``asdict`` deep-copies every value, which costs more than the rules.
    data = {f.name: getattr(application, f.name) for f in fields(application)}
    return {
        k: to_jsonable(asdict(v) if isinstance(v, RabiesCertificate) else v)
        for k, v in data.items()
        if v not in (None, "")
    }


@rule(
    "license.application_contents",
    provisions=(APPLICATION,),
    title="What a license application states",
    summary=(
        "The written application states the owner's name, address and phone and the dog's name, "
        "breed, color, age and sex; a renewal, new resident or new owner also gives the date "
        "its period runs from."
    ),
    question="license-issue",
)
def application_contents(application: LicenseApplication) -> Finding:
    """``license.application``, in Nowthen's words: the application "shall state the name,
    address and phone number of the owner and the name, breed, color, age and sex of the dog"."""
    if application.kind not in LICENSE_KINDS:
        raise ValueError(f"kind {application.kind!r} is not one of {', '.join(LICENSE_KINDS)}")
    required = {
        "owner's name": application.owner_name,
        "owner's address": application.owner_address,
        "owner's phone number": application.owner_phone,
        "dog's name": application.dog_name,
        "dog's breed": application.breed,
        "dog's color": application.color,
        "dog's sex": application.sex,
    }
    missing = [label for label, value in required.items() if not str(value).strip()]
    if application.born is None and application.age_years is None:
        missing.insert(6, "dog's age or date of birth")
    section = cite(APPLICATION)
    sections = [section]
    by_kind = {
        "renewal": ("previous_license_expires", "the previous license's expiry date", RENEWAL),
        "new_resident": ("resident_since", "the date the owner became a resident", NEW_RESIDENT),
        "change_of_ownership": (
            "ownership_changed_on",
            "the date of the change of ownership",
            NEW_OWNER,
        ),
    }
    if application.kind in by_kind:
        attribute, label, concept = by_kind[application.kind]
        if getattr(application, attribute) is None:
            missing.append(label)
            sections.append(cite(concept))
    if missing:
        return Finding(
            rule="license.application_contents",
            outcome="incomplete",
            sections=tuple(dict.fromkeys(sections)),
            message=f"The application does not state: {', '.join(missing)} ({section}).",
            blocks=True,
            facts=application.facts(),
            details={"missing": missing},
        )
    return Finding(
        rule="license.application_contents",
        outcome="complete",
        sections=(section,),
        message=f"The application states everything {section} requires.",
        facts=application.facts(),
    )


@rule(
    "license.rabies_current",
    provisions=(RABIES_REQUIRED,),
    title="No license without a current rabies vaccination",
    summary=(
        "A license issues only for a dog currently vaccinated against rabies, shown by a "
        "veterinarian's certificate."
    ),
    question="license-issue",
)
def rabies_current(application: LicenseApplication) -> Finding:
    """``license.rabies_required``, in Nowthen's words: "No license shall be granted for a dog not
    currently vaccinated against rabies." ``license.rabies_certificate``: "The applicant for a dog
    license must present a certificate of vaccination from a licensed veterinarian." """
    certificate, on = application.rabies, application.on
    facts = application.facts()

    def refused(outcome: str, message: str, concept: str = RABIES_REQUIRED) -> Finding:
        section = cite(concept)
        return Finding(
            rule="license.rabies_current",
            outcome=outcome,
            sections=(section,),
            message=f"{message} — {section}: no license may issue.",
            blocks=True,
            facts=facts,
        )

    if certificate is None:
        return refused(
            "no_certificate",
            "No rabies vaccination certificate was presented",
            RABIES_CERTIFICATE,
        )
    if not certificate.veterinarian.strip():
        return refused(
            "no_veterinarian",
            "The rabies certificate names no licensed veterinarian",
            RABIES_CERTIFICATE,
        )
    if certificate.expires_on <= certificate.vaccinated_on:
        return refused(
            "certificate_inconsistent",
            f"The rabies certificate expires ({certificate.expires_on.isoformat()}) no later than "
            f"it was given ({certificate.vaccinated_on.isoformat()}); check the dates",
        )
    if certificate.vaccinated_on > on:
        return refused(
            "vaccinated_later",
            f"The rabies vaccination is dated {certificate.vaccinated_on.isoformat()}, after the "
            f"application ({on.isoformat()})",
        )
    if certificate.expires_on < on:
        return refused(
            "expired", f"Rabies certificate expired {certificate.expires_on.isoformat()}"
        )
    number = (
        f" (certificate {certificate.certificate_number})" if certificate.certificate_number else ""
    )
    section = cite(RABIES_REQUIRED)
    return Finding(
        rule="license.rabies_current",
        outcome="current",
        sections=(section,),
        message=(
            f"Rabies vaccination current until {long_date(certificate.expires_on)}{number}, "
            f"certified by {certificate.veterinarian} ({section})."
        ),
        facts=facts,
    )


def fee_asks_sterilization(params: ParameterSet, on: dt.date) -> bool:
    """Whether the city's license fee depends on the dog being spayed or neutered
    (``license.fee_basis``): only then does an application state it (a city whose fee does not
    turn on it records no such fact in its decisions)."""
    return bool(params.get(FEE_BASIS, on).value == "sterilization")


def fee_tier_years(issued_on: dt.date, expires_on: dt.date, longest: int) -> int:
    """The license's length rounded up to whole years, at least one, capped at ``longest``
    (LEGAL-NOTES §6.1). Years are calendar years (a leap day does not tip a tier)."""
    years = 1
    while years < longest and add_months(issued_on, 12 * years) < expires_on:
        years += 1
    return years


@rule(
    "license.term",
    provisions=(TERM,),
    title="License term and fee, without prorating",
    summary=(
        "A license runs as long as the rabies vaccination and expires with it; the fee is the "
        "council's fee for the term's tier, with no discount or prorating."
    ),
    question="license-issue",
)
def license_term(application: LicenseApplication, params: ParameterSet) -> Finding:
    """``license.term``, in Nowthen's words: "All licenses shall be valid for the same length of
    time as the rabies vaccination ... There shall be no discount or prorating of license fees."
    (reading LEGAL-NOTES §6.1); the fee is ``license.fee``'s."""
    certificate = application.rabies
    if certificate is None:
        raise ValueError("the license term needs the rabies certificate")
    on = application.on
    fee_basis = params.get(FEE_BASIS, on)
    term_basis = params.get(TERM_BASIS, on)
    if term_basis.value != "vaccination":
        return _term_by_basis(application, term_basis, fee_basis, params)
    if fee_basis.value == "sterilization":
        return _term_by_sterilization(application, certificate, fee_basis, params)
    if fee_basis.value != "term_tier":
        raise ValueError(f"{FEE_BASIS}: {fee_basis.value!r} is not term_tier or sterilization")
    # Nowthen's basis since 2011: its finding lists the values it used as it always has
    reading = params.get(TERM_READING, on)
    longest = len(FEE_TIERS)
    if reading.choice == "vaccine_duration":
        tier = fee_tier_years(certificate.vaccinated_on, certificate.expires_on, longest)
        basis = "the vaccine's duration"
    else:
        tier = fee_tier_years(on, certificate.expires_on, longest)
        basis = "the license's length rounded up to whole years"
    fee = params.get(dict(FEE_TIERS)[tier], on)
    tier_name = {1: "one-year", 2: "two-year", 3: "three-year"}[tier]
    cited = cite_each(TERM, FEE, params=params)
    return Finding(
        rule="license.term",
        outcome="term",
        sections=(*cited, cite(FEE_SCHEDULE, params)),
        message=(
            f"The license expires {long_date(certificate.expires_on)} with the rabies vaccination; "
            f"fee {fee.display()} for the {tier_name} tier ({basis}), not prorated "
            f"({together(cited)})."
        ),
        facts=application.facts(),
        parameters=(reading, fee),
        details={
            "issued_on": on,
            "expires_on": certificate.expires_on,
            "tier_years": tier,
            "fee": fee.decimal,
        },
    )


def _sterilization_not_stated(
    application: LicenseApplication, cited: tuple[str, ...], used: tuple[ParameterValue, ...]
) -> Finding:
    """The fee turns on the dog's spay/neuter status, and the application does not say it."""
    return Finding(
        rule="license.term",
        outcome="sterilization_not_stated",
        sections=cited,
        blocks=True,
        message=(
            f"Say whether the dog is spayed or neutered: the license fee depends on it "
            f"({together(cited)})."
        ),
        facts=application.facts(),
        parameters=used,
    )


def _term_by_sterilization(
    application: LicenseApplication,
    certificate: RabiesCertificate,
    basis: ParameterValue,
    params: ParameterSet,
) -> Finding:
    """The variant where the fee is by spay/neuter status (Lino Lakes, by its fee schedule): the license
    still runs as long as the rabies vaccination (``license.term``)."""
    on = application.on
    cited = cite_each(TERM, FEE, params=params)
    if application.sterilized is None:
        return _sterilization_not_stated(application, cited, (basis,))
    key = (
        "fees.dog_license.sterilized"
        if application.sterilized
        else "fees.dog_license.not_sterilized"
    )
    fee = params.get(key, on)
    status = "spayed or neutered" if application.sterilized else "not spayed or neutered"
    return Finding(
        rule="license.term",
        outcome="term",
        sections=(*cited, cite(FEE_SCHEDULE, params)),
        message=(
            f"The license expires {long_date(certificate.expires_on)} with the rabies vaccination; "
            f"fee {fee.display()} for a dog {status} ({together(cited)})."
        ),
        facts=application.facts(),
        parameters=(basis, fee),
        details={
            "issued_on": on,
            "expires_on": certificate.expires_on,
            "tier_years": None,
            "fee": fee.decimal,
        },
    )


def _expiry(
    term_basis: ParameterValue, on: dt.date, params: ParameterSet
) -> tuple[dt.date | None, str, tuple[ParameterValue, ...]]:
    """When a license issued on ``on`` expires under the term basis (None: the dog's lifetime),
    how the finding says so, and any further value used."""
    basis = term_basis.value
    if basis == "annual":
        return add_months(on, 12) - dt.timedelta(days=1), "a year after it issues", ()
    if basis == "calendar_year":
        return dt.date(on.year, 12, 31), "at the end of the calendar year", ()
    if basis == "fixed_date":
        month_day = params.get(EXPIRY_MONTH_DAY, on)
        month, day = (int(part) for part in str(month_day.value).split("-"))
        expires = dt.date(on.year, month, day)
        if expires < on:
            expires = dt.date(on.year + 1, month, day)
        return expires, f"on {expires:%B} {expires.day}, when every license expires", (month_day,)
    if basis == "lifetime":
        return None, "never: it is for the dog's lifetime", ()
    raise ValueError(f"{TERM_BASIS}: {basis!r} is not one of {', '.join(TERM_BASES)}")


def _term_by_basis(
    application: LicenseApplication,
    term_basis: ParameterValue,
    fee_basis: ParameterValue,
    params: ParameterSet,
) -> Finding:
    """The term variants other than the vaccination's (``license.term_basis``), with the fee the
    city's fee basis gives: one fee (``flat``), by spay/neuter status, or by the term's tier (its
    length rounded up to whole years; a lifetime license has no tier)."""
    on = application.on
    expires, how, used = _expiry(term_basis, on, params)
    cited = cite_each(TERM, FEE, params=params)
    tier: int | None = None
    if fee_basis.value == "flat":
        fee = params.get("fees.dog_license", on)
        why = ""
    elif fee_basis.value == "sterilization":
        if application.sterilized is None:
            return _sterilization_not_stated(application, cited, (term_basis, fee_basis))
        status = "spayed or neutered" if application.sterilized else "not spayed or neutered"
        fee = params.get(
            "fees.dog_license.sterilized"
            if application.sterilized
            else "fees.dog_license.not_sterilized",
            on,
        )
        why = f" for a dog {status}"
    elif fee_basis.value == "term_tier" and expires is not None:
        tier = fee_tier_years(on, expires, len(FEE_TIERS))
        fee = params.get(dict(FEE_TIERS)[tier], on)
        why = f" for the {tier}-year tier"
    else:
        raise ValueError(f"{FEE_BASIS}: {fee_basis.value!r} gives no fee for this license term")
    when = f"expires {long_date(expires)}, {how}" if expires is not None else f"expires {how}"
    return Finding(
        rule="license.term",
        outcome="term",
        sections=(*cited, cite(FEE_SCHEDULE, params)),
        message=f"The license {when}; fee {fee.display()}{why} ({together(cited)}).",
        facts=application.facts(),
        parameters=(term_basis, *used, fee_basis, fee),
        details={"issued_on": on, "expires_on": expires, "tier_years": tier, "fee": fee.decimal},
    )


def _penalty_finding(
    application: LicenseApplication,
    params: ParameterSet,
    *,
    late: bool,
    sections: tuple[str, ...],
    message: str,
    used: tuple[ParameterValue, ...],
    deadline: Deadline | None,
) -> Finding:
    if not late:
        return Finding(
            rule="license.penalty",
            outcome="no_penalty",
            sections=sections,
            message=message + " No penalty.",
            facts=application.facts(),
            parameters=used,
            deadline=deadline,
            details={"penalty": Decimal("0.00")},
        )
    try:
        penalty = params.get("fees.license_penalty", application.on)
    except ParameterNotSet as unset:
        found = fee_not_set(
            "license.penalty",
            "The penalty",
            unset,
            sections,
            application.facts(),
            params,
            message=message,
        )
        return replace(found, parameters=used, deadline=deadline)
    return Finding(
        rule="license.penalty",
        outcome="penalty",
        sections=(*sections, cite(FEE_SCHEDULE, params)),
        message=message + f" Penalty {penalty.display()}.",
        facts=application.facts(),
        parameters=(*used, penalty),
        deadline=deadline,
        details={"penalty": penalty.decimal},
    )


@rule(
    "license.penalty",
    provisions=(RENEWAL, NEW_RESIDENT, NEW_OWNER),
    title="Penalty for a late renewal or a late first license",
    summary=(
        "A renewal after its {license.renewal_days} pays the council's penalty (reading §6.2); a "
        "first license after the new resident's {license.new_resident_days} or the new owner's "
        "{license.change_of_ownership_days} pays it per the non-license reading."
    ),
    question="license-issue",
)
def license_penalty(application: LicenseApplication, params: ParameterSet) -> Finding:
    """``license.renewal``, in Nowthen's words: licenses "must be renewed within thirty (30) days
    after the vaccination or a penalty, which shall be set by the City Council, will be assessed";
    ``license.new_resident`` and ``license.new_owner`` give new residents and new owners thirty
    days."""
    on = application.on
    if application.kind == "renewal":
        reading = params.get(RENEWAL_READING, on)
        if reading.choice == "after_previous_expiry":
            start = application.previous_license_expires
            event = "the previous license expired"
        else:
            start = application.rabies.vaccinated_on if application.rabies else None
            event = "the new rabies vaccination"
        if start is None:
            raise ValueError("a renewal needs the previous license's expiry and the vaccination")
        due = deadline(params, start, clock_id="license.renewal", trigger_event=event)
        assert due.deadline is not None
        late = on > due.deadline.due
        lapsed = ""
        expired = application.previous_license_expires
        if expired is not None and on > expired:
            lapsed = (
                f" The dog has been unlicensed since its license expired on "
                f"{long_date(expired)} ({cite(REQUIRED, params)})."
            )
        return _penalty_finding(
            application,
            params,
            late=late,
            sections=(cite(RENEWAL, params),),
            message=(
                f"{'Renewed more than' if late else 'Renewed within'} {due.deadline.days} days "
                f"after {event}; the period {'ended' if late else 'ends'} "
                f"{long_date(due.deadline.due)} ({cite(RENEWAL, params)}).{lapsed}"
            ),
            used=(*due.parameters, reading),
            deadline=due.deadline,
        )
    reading = params.get(NON_LICENSE_READING, on)
    clock_for = {
        "new_resident": (
            "license.new_resident",
            application.resident_since,
            "the owner became a resident",
            NEW_RESIDENT,
        ),
        "change_of_ownership": (
            "license.change_of_ownership",
            application.ownership_changed_on,
            "the change of ownership",
            NEW_OWNER,
        ),
    }
    if application.kind in clock_for:
        clock_id, start, event, concept = clock_for[application.kind]
        section = cite(concept, params)
        if start is None:
            raise ValueError(f"a {application.kind} license needs the date {event}")
        due = deadline(params, start, clock_id=clock_id, trigger_event=event)
        assert due.deadline is not None
        overdue = on > due.deadline.due
        late = overdue and reading.choice != "never"
        elsewhere = ""
        if application.kind == "new_resident" and application.licensed_elsewhere:
            elsewhere = (
                f" A license from another municipality does not replace the city's ({section})."
            )
        return _penalty_finding(
            application,
            params,
            late=late,
            sections=(section,),
            message=(
                f"{'Applied more than' if overdue else 'Applied within'} {due.deadline.days} days "
                f"after {event}; the period {'ended' if overdue else 'ends'} "
                f"{long_date(due.deadline.due)} ({section}).{elsewhere}"
            ),
            used=(*due.parameters, reading),
            deadline=due.deadline,
        )
    # A resident's dog licensed for the first time.
    if application.born is None:
        return _penalty_finding(
            application,
            params,
            late=False,
            sections=(cite(MINIMUM_AGE, params),),
            message="The date of birth is not known, so no non-license penalty can be computed.",
            used=(reading,),
            deadline=None,
        )
    minimum_age = params.get("license.minimum_age_months", on)
    age_reading = params.get(SIX_MONTHS_READING, on)
    needed_from = age_reached(application.born, minimum_age.integer, age_reading.choice)
    used: tuple[ParameterValue, ...] = (minimum_age, age_reading, reading)
    if on < needed_from or reading.choice == "never":
        return _penalty_finding(
            application,
            params,
            late=False,
            sections=(cite(MINIMUM_AGE, params),),
            message=(
                f"The dog needed a license from {long_date(needed_from)} "
                f"({cite(MINIMUM_AGE, params)})."
            ),
            used=used,
            deadline=None,
        )
    sections = cite_each(REQUIRED, MINIMUM_AGE, params=params)
    if reading.choice == "after_requirement":
        late = on > needed_from
        return _penalty_finding(
            application,
            params,
            late=late,
            sections=sections,
            message=f"The dog needed a license from {long_date(needed_from)} ({together(sections)}).",
            used=used,
            deadline=None,
        )
    grace = deadline(
        params,
        needed_from,
        clock_id="license.renewal",
        trigger_event=f"the dog reached {phrase(minimum_age, 'words_unit')} of age",
    )
    assert grace.deadline is not None
    late = on > grace.deadline.due
    return _penalty_finding(
        application,
        params,
        late=late,
        sections=sections,
        message=(
            f"The dog needed a license from {long_date(needed_from)}; applied "
            f"{'more than' if late else 'within'} {grace.deadline.days} days after that; the "
            f"period {'ended' if late else 'ends'} {long_date(grace.deadline.due)} "
            f"({together(sections)})."
        ),
        used=(*used, *grace.parameters),
        deadline=grace.deadline,
    )


def may_issue(application: LicenseApplication, params: ParameterSet) -> list[Finding]:
    """Every finding on a license application; the license may issue if none blocks.

    Order: contents (``license.application``), age (``license.minimum_age``), rabies
    (``license.rabies_required``), then, if the rabies certificate is current, the term and fee
    (``license.term``, ``license.fee``) and the penalty (``license.renewal``,
    ``license.new_resident``, ``license.new_owner``), and the total due.
    """
    findings = [application_contents(application)]
    if application.born is not None and application.born <= application.on:
        findings.append(license_required(application.born, application.on, params))
    rabies = rabies_current(application)
    findings.append(rabies)
    if rabies.blocks:
        return findings
    term = license_term(application, params)
    findings.append(term)
    if findings[0].blocks:
        return findings
    penalty = license_penalty(application, params)
    findings.append(penalty)
    if penalty.blocks:  # a penalty due whose amount is not set: no amount can be asked
        return findings
    findings.append(amount_due(application, term, penalty))
    return findings


@rule(
    "license.amount_due",
    provisions=(FEE_WITH_APPLICATION, FEE),
    title="Amount due at application",
    summary="The fee and any penalty are paid at the time of application, for a receipt.",
    question="license-issue",
)
def amount_due(application: LicenseApplication, term: Finding, penalty: Finding) -> Finding:
    """``license.fee_with_application``, in Nowthen's words: "The license fee shall be paid at the
    time of making the application, and City staff shall deliver the original receipt to the
    applicant." The fee and the penalty are ``license.fee``'s and ``license.renewal``'s."""
    fee = Decimal(str(term.details["fee"]))
    extra = Decimal(str(penalty.details["penalty"]))
    total = fee + extra
    parts = f"fee ${fee:,.2f}" + (f" + penalty ${extra:,.2f}" if extra else "")
    return Finding(
        rule="license.amount_due",
        outcome="due",
        sections=cite_each(FEE_WITH_APPLICATION, FEE),
        message=(
            f"Due now: {parts} = ${total:,.2f}, paid with the application; the receipt goes to "
            f"the applicant ({cite(FEE_WITH_APPLICATION)})."
        ),
        facts=application.facts(),
        parameters=term.parameters + penalty.parameters,
        details={"fee": fee, "penalty": extra, "total": total},
    )


@rule(
    "license.paid_in_full",
    provisions=(FEE_WITH_APPLICATION,),
    title="The fee is paid in full with the application",
    summary="A license issues only when the payment equals the amount due (fee and any penalty).",
    question="license-issue",
)
def paid_in_full(paid: Decimal, due: Finding) -> Finding:
    """``license.fee_with_application``, in Nowthen's words: "The license fee shall be paid at the
    time of making the application". ``due`` is the finding of ``license.amount_due``; a payment
    of any other amount is refused."""
    section = cite(FEE_WITH_APPLICATION)
    total = Decimal(str(due.details["total"]))
    facts: dict[str, JSONValue] = {"paid": paid, "due": total}
    if paid != total:
        return Finding(
            rule="license.paid_in_full",
            outcome="wrong_amount",
            sections=(section,),
            blocks=True,
            message=(
                f"The payment (${paid:,.2f}) does not match the amount due (${total:,.2f}); the "
                f"fee is paid in full with the application ({section})."
            ),
            facts=facts,
            parameters=due.parameters,
        )
    return Finding(
        rule="license.paid_in_full",
        outcome="paid",
        sections=(section,),
        message=f"Paid in full with the application: ${paid:,.2f} ({section}).",
        facts=facts,
        parameters=due.parameters,
    )


@facts
class LicenseApplicationFacts:
    """The facts of the question ``license-issue``: the written application
    (``license.application``), the certificate flat."""

    on: dt.date = fact("The day of the application")
    kind: str = fact(
        "new (a resident's dog), renewal, new_resident or change_of_ownership",
        choices=LICENSE_KINDS,
    )
    owner_name: str | None = fact("Owner's name ({§license.application})", default=None)
    owner_address: str | None = fact("Owner's address ({§license.application})", default=None)
    owner_phone: str | None = fact("Owner's phone number ({§license.application})", default=None)
    dog_name: str | None = fact("Dog's name ({§license.application})", default=None)
    breed: str | None = fact("Dog's breed ({§license.application})", default=None)
    color: str | None = fact("Dog's color ({§license.application})", default=None)
    sex: str | None = fact("Dog's sex ({§license.application})", default=None)
    born: dt.date | None = fact(
        "Dog's date of birth ({§license.application} age, {§license.minimum_age})", default=None
    )
    age_years: int | None = fact(
        "Dog's age in years, when the birth date is unknown", default=None, minimum=0, unit="years"
    )
    rabies_vaccinated_on: dt.date | None = fact(
        "Date of the rabies vaccination ({§license.rabies_required})", default=None
    )
    rabies_expires_on: dt.date | None = fact(
        "Expiry of the rabies vaccination ({§license.term}, {§license.rabies_required})",
        default=None,
    )
    rabies_veterinarian: str | None = fact(
        "Licensed veterinarian on the certificate ({§license.rabies_certificate})", default=None
    )
    rabies_clinic: str | None = fact("Clinic on the certificate", default=None)
    rabies_certificate_number: str | None = fact("Certificate number", default=None)
    previous_license_expires: dt.date | None = fact(
        "Renewal: the previous license's expiry ({§license.renewal})", default=None
    )
    resident_since: dt.date | None = fact(
        "New resident: the day the owner became a resident ({§license.new_resident})", default=None
    )
    licensed_elsewhere: bool | None = fact(
        "New resident: holds a license from another municipality ({§license.new_resident})",
        default=None,
    )
    ownership_changed_on: dt.date | None = fact(
        "New owner: the day of the change of ownership ({§license.new_owner})", default=None
    )
    sterilized: bool | None = fact(
        "The dog is spayed or neutered: asked where the city's fee depends on it "
        "(license.fee_basis sterilization)",
        default=None,
    )
