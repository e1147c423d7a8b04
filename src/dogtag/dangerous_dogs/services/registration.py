"""The Certificate of Registration and its renewal (dangerous_dog.registration.lifetime to
dangerous_dog.registration_requirements, the fee, the renewal, the warning symbol and the tag)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser

from dogtag.dangerous_dogs import deadlines
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import (
    CaseEvent,
    DangerousDogCase,
    Registration,
)
from dogtag.dangerous_dogs.services._common import (
    DESIGNATE,
    Kind,
    State,
    _decide,
    _event,
    _in_order,
    _locked,
    _must_state,
    _not_future,
    _require,
    _save,
)
from dogtag.law import dangerous_dog_clocks
from dogtag.law import dangerous_dog_registration as registration_law
from dogtag.law import dangerous_dogs as law
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding, blocking
from dogtag.law.params import ParameterSet
from dogtag.licensing.models import ReceiptLine
from dogtag.licensing.receipts import Payment, record_receipt
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number

# ---------------------------------------------------------------------------- registration


@dataclass(frozen=True)
class RegistrationProof:
    """What the owner presents for a Certificate of Registration (dangerous_dog.registration_requirements
    a-g)."""

    proper_enclosure: str = ""
    signs_on_buildings: bool = False
    sign_on_enclosure: bool = False
    insurer: str = ""
    policy_number: str = ""
    insurance_per_person: Decimal | None = None
    insurance_per_incident: Decimal | None = None
    insurance_prepaid: bool = False
    insurance_expires_on: dt.date | None = None
    microchip_manufacturer: str = ""
    microchip_number: str = ""
    other_vaccinations_current: bool = False
    sterilized_on: dt.date | None = None
    warning_symbols: int = 0
    tag_number: str = ""


def evaluate_registration(
    case: DangerousDogCase,
    proof: RegistrationProof,
    fee_paid: Decimal | None,
    on: dt.date,
    params: ParameterSet | None = None,
) -> list[Finding]:
    """The rules core's B.3 findings on this proof, reading the license and rabies vaccination
    (B.3.f) and sterilization from the records. No writes."""
    if case.deemed_on is None:
        raise ServiceError(f"Case {case.number}: the dog is not deemed dangerous yet.")
    params = params or city_params()
    dog = case.dog
    insured = (
        proof.insurer.strip()
        and proof.policy_number.strip()
        and proof.insurance_expires_on is not None
        and proof.insurance_expires_on >= on
    )
    evidence = law.RegistrationEvidence(
        proper_enclosure=bool(proof.proper_enclosure.strip()),
        signs_front_and_rear_of_all_buildings=proof.signs_on_buildings,
        sign_on_enclosure=proof.sign_on_enclosure,
        insurance_per_person=proof.insurance_per_person if insured else None,
        insurance_per_incident=proof.insurance_per_incident if insured else None,
        insurance_prepaid=proof.insurance_prepaid,
        fee_paid=fee_paid,
        microchip_manufacturer=proof.microchip_manufacturer,
        microchip_number=proof.microchip_number,
        license_current=dog.current_license(on) is not None,
        vaccinations_current=dog.current_rabies(on) is not None
        and proof.other_vaccinations_current,
        sterilized=dog.sterilized or proof.sterilized_on is not None,
    )
    return law.registration(evidence, case.deemed_on, on, params)


def _register(
    case: DangerousDogCase,
    proof: RegistrationProof,
    payment: Payment,
    on: dt.date,
    actor: AbstractBaseUser,
    previous: Registration | None,
) -> Registration:
    _not_future(on, "The date")
    params = city_params()
    findings = evaluate_registration(case, proof, payment.amount, on, params)
    insurance = registration_law.insurance_shown(
        on,
        insurer=proof.insurer,
        policy_number=proof.policy_number,
        expires_on=proof.insurance_expires_on,
    )
    if blocking(findings):
        raise Refused(findings)
    if insurance.blocks:
        raise Refused([insurance])
    if proof.sterilized_on is not None and proof.sterilized_on > on:
        raise ServiceError("The dog cannot have been sterilized after today.")
    tag = registration_law.dangerous_dog_tag(proof.tag_number)
    if tag.blocks:
        raise Refused([tag])
    _must_state("warning_symbols", proof.warning_symbols >= 1)
    dog = case.dog
    license_ = dog.current_license(on)
    rabies = dog.current_rabies(on)
    assert license_ is not None and rabies is not None
    fee = params.get("fees.dangerous_dog.registration", on)
    symbols = law.warning_symbol_charge(proof.warning_symbols, on, params)
    symbols_amount = Decimal(str(symbols.details["amount"]))
    paid = registration_law.registration_fee(payment.amount, on, params, symbols=symbols)
    if paid.blocks:
        raise Refused([paid, symbols])
    lines = [
        ReceiptLine(
            description=f"Dangerous dog registration, annual, {dog.name} (case {case.number})",
            parameter=fee.key,
            section=P.sec(P.REGISTRATION_FEE),
            source=fee.source.cite(),
            amount=fee.value,
        )
    ]
    if symbols_amount:
        each = symbols.parameters[0]
        lines.append(
            ReceiptLine(
                description=f"Warning symbols, {proof.warning_symbols} at {each.display()}",
                parameter=each.key,
                section=P.sec(P.WARNING_SYMBOL),
                source=each.source.cite(),
                amount=symbols_amount,
            )
        )
    term = registration_law.registration_term(on, previous.expires_on if previous else None)
    # the certificate finding stays last
    findings = [*findings[:-1], symbols, paid, insurance, tag, term, findings[-1]]
    receipt = record_receipt(case.owner, payment, lines, actor, None)
    expires = term.details["expires_on"]
    assert isinstance(expires, dt.date)
    year = on.year
    registration = Registration(
        case=case,
        certificate_number=f"DDR{year}-{next_number('dangerous_dog_certificate', year):03d}",
        issued_on=on,
        expires_on=expires,
        previous=previous,
        proper_enclosure=proof.proper_enclosure.strip(),
        signs_on_buildings=proof.signs_on_buildings,
        sign_on_enclosure=proof.sign_on_enclosure,
        insurer=proof.insurer.strip(),
        policy_number=proof.policy_number.strip(),
        insurance_per_person=proof.insurance_per_person,
        insurance_per_incident=proof.insurance_per_incident,
        insurance_prepaid=proof.insurance_prepaid,
        insurance_expires_on=proof.insurance_expires_on,
        receipt=receipt,
        fee=fee.value,
        microchip_manufacturer=proof.microchip_manufacturer.strip(),
        microchip_number=proof.microchip_number.strip(),
        license=license_,
        rabies=rabies,
        other_vaccinations_current=proof.other_vaccinations_current,
        sterilized_on=proof.sterilized_on,
        warning_symbols_issued=proof.warning_symbols,
        tag_number=proof.tag_number.strip(),
        issued_by=actor,
        decision=_decide(case, "renew" if previous else "register", findings, on, actor),
    )
    acting_as(actor, registration)
    registration.save()
    if previous is not None:
        previous.status = Registration.Status.SUPERSEDED
        acting_as(actor, previous)
        previous.save(update_fields=["status"])
    return registration


@service
def register(
    *,
    case: DangerousDogCase,
    proof: RegistrationProof,
    payment: Payment,
    on: dt.date,
    actor: AbstractBaseUser,
) -> Registration:
    """dangerous_dog.registration_requirements: the Certificate of Registration issues "only if the Owner
    presents sufficient
    evidence that all of the following are met" (a-g); with it the warning symbols (E.4) and the
    dangerous-dog tag (E.5). The fee goes on a licensing receipt."""
    _require(actor, DESIGNATE, "issue a Certificate of Registration")
    case = _locked(case)
    _in_order(case, "register")
    assert case.deemed_on is not None
    registration = _register(case, proof, payment, on, actor, None)
    params = city_params()
    due = deadlines.registration_due(case.deemed_on, params)
    assert due.deadline is not None
    case.state = State.REGISTERED
    _save(case, actor)
    summary = (
        f"Certificate of Registration {registration.certificate_number} issued, valid through "
        f"{day_label(registration.expires_on)}: every requirement of {P.sec(P.REQUIREMENTS)} (a-g) shown; "
        f"{registration.warning_symbols_issued} warning symbol(s) ({P.within(P.WARNING_SYMBOL)}) and "
        "dangerous-dog tag "
        f"{registration.tag_number} ({P.within(P.TAG)}) provided; fee receipt {registration.receipt.number}."
    )
    if on > due.deadline.due:
        summary += f" Registered late: it was due by {day_label(due.deadline.due)} ({P.sec(P.REGISTRATION)})."
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.REGISTERED,
        summary=summary,
        details={"certificate": registration.certificate_number},
        decision=registration.decision,
    )
    return registration


@service
def renew_registration(
    *,
    case: DangerousDogCase,
    proof: RegistrationProof,
    payment: Payment,
    on: dt.date,
    actor: AbstractBaseUser,
) -> Registration:
    """dangerous_dog.registration_renewal: renewed annually until the dog is deceased, with fresh proof
    of insurance
    (B.3.c "annually shows proof") and every other requirement; the new year follows the last."""
    _require(actor, DESIGNATE, "renew the registration")
    case = _locked(case)
    _in_order(case, "renew")
    current = case.current_registration
    assert current is not None
    registration = _register(case, proof, payment, on, actor, current)
    starts = current.expires_on + dt.timedelta(days=1) if current.expires_on >= on else on
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.RENEWED,
        summary=(
            f"Registration renewed ({P.sec(P.RENEWAL)}): certificate {registration.certificate_number}, "
            f"{day_label(starts)} through {day_label(registration.expires_on)}, "
            "with fresh proof of insurance "
            f"({registration.insurer}, policy {registration.policy_number})."
        ),
        details={"certificate": registration.certificate_number},
        decision=registration.decision,
    )
    return registration


@service
def record_missing_requirements(
    *,
    case: DangerousDogCase,
    proof: RegistrationProof,
    fee_paid: Decimal | None,
    on: dt.date,
    actor: AbstractBaseUser,
) -> CaseEvent:
    """Record what the owner has not yet shown for the certificate
    (dangerous_dog.registration_requirements), so the letter
    listing each missing requirement with its section can be sent."""
    _require(actor, DESIGNATE, "record missing registration requirements")
    case = _locked(case)
    _in_order(case, "missing_requirements")
    _not_future(on, "The date")
    params = city_params()
    findings = evaluate_registration(case, proof, fee_paid, on, params)
    missing = [
        f for f in findings if f.blocks and f.rule == "dangerous_dog.registration_requirements"
    ]
    missing = [f for f in missing if len(f.sections) == 1]
    _must_state("missing_requirement", bool(missing))
    assert case.deemed_on is not None
    # both registration clocks and which controls (dangerous_dog.registration; Minn. Stat. 347.54 through
    # incorporation.state_statutes)
    clocks = dangerous_dog_clocks.case_registration_clocks(
        case.notice_date, case.deemed_on, params, upheld_on=deadlines.upheld_on(case)
    )
    decision = _decide(case, "requirements_missing", [*findings, *clocks.findings], on, actor)
    return _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.REQUIREMENTS_MISSING,
        summary=(
            f"{len(missing)} registration requirement(s) not shown: "
            + ", ".join(f.sections[0] for f in missing)
            + "."
        ),
        details={"missing": [f.sections[0] for f in missing]},
        decision=decision,
    )
