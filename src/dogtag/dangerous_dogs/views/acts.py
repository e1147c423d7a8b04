"""A step's form handed to its one service: the view's only logic is which fields go where."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest

from dogtag.dangerous_dogs import forms, prose, services
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.dangerous_dogs.provisions import (
    HEARING_REQUEST,
    RELEASE,
    RELEASE_ON_DEMAND,
    RENTAL_DISCLOSURE,
    SALE_OR_TRANSFER,
    sec,
)
from dogtag.dangerous_dogs.views.steps import _pending_affidavit
from dogtag.licensing.receipts import Payment
from dogtag.records.services import today

DESIGNATE = services.DESIGNATE
CONDUCT = services.CONDUCT
State = DangerousDogCase.State


def _act(step: str, case: DangerousDogCase, form: Any, user: Any) -> str:
    """Call the step's service with the form's data; the success message."""
    d = form.cleaned_data
    if step == "notice":
        services.issue_notice(case=case, on=d["on"], actor=user)
        return "Notice of Dangerous Dog issued: print it and serve it on the owner."
    if step == "service":
        services.record_service(
            case=case,
            served_on=d["served_on"],
            method=d["method"],
            served_person=d["served_person"],
            served_address=d["served_address"],
            actor=user,
        )
        days = prose.days("dangerous_dog.hearing_request", on=d["served_on"])
        return f"Service recorded: the {days} to request a hearing are running."
    if step == "hearing_request":
        services.receive_hearing_request(
            case=case,
            received_on=d["received_on"],
            requested_by=d["requested_by"],
            requester=d["requester"] or "owner_of_record",
            in_writing=d["in_writing"],
            note=d["note"],
            actor=user,
        )
        return "Request for a hearing recorded."
    if step == "oral_request":
        services.record_oral_hearing_request(
            case=case,
            received_on=d["received_on"],
            requested_by=d["requested_by"],
            note=d["note"],
            actor=user,
        )
        return (
            f"Recorded: a spoken request is not a request for a hearing ({sec(HEARING_REQUEST)}); "
            "give the owner the form."
        )
    if step == "late_request":
        # a paper request entered after the days: the rules core says whether it came in time
        # on the day it was received (dangerous_dog.notice.hearing_request); in time, it is the
        # request for a hearing
        if not services.hearing_request_finding(case, d["received_on"]).blocks:
            services.receive_hearing_request(
                case=case,
                received_on=d["received_on"],
                received_at=form.received_at(),
                requested_by=d["requested_by"],
                requester=d["requester"] or "owner_of_record",
                in_writing=True,
                note=d["note"],
                actor=user,
            )
            return (
                "Request for a hearing recorded: it was received within the days "
                f"({sec(HEARING_REQUEST)})."
            )
        services.record_flagged_hearing_request(
            case=case,
            received_at=form.received_at(),
            requested_by=d["requested_by"],
            note=d["note"],
            actor=user,
        )
        return "The late request is kept and flagged for the Hearing Officer."
    if step in _BESIDE:
        return _BESIDE[step](case, d, user)
    if step == "stands":
        services.designation_stands(case=case, on=d["on"], actor=user)
        return "The designation stands: registration is due."
    if step == "schedule":
        services.schedule_hearing(
            case=case,
            scheduled_at=form.scheduled_at(),
            place=d["place"],
            on=d["on"],
            good_cause=d["good_cause"],
            actor=user,
        )
        return "Hearing scheduled: send the notice of hearing."
    if step == "pending":
        services.record_pending_compliance(
            case=case,
            on=d["on"],
            seized=d["seized"],
            enclosure_or_leash_and_muzzle=d["enclosure_or_leash_and_muzzle"],
            no_unreasonable_risk=d["no_unreasonable_risk"],
            kept_at=d["kept_at"],
            contact_address=d["contact_address"],
            contact_phone=d["contact_phone"],
            actor=user,
        )
        return "Recorded."
    if step == "hold":
        services.hold_hearing(
            case=case,
            held_on=d["held_on"],
            authority_represented_by=d["authority_represented_by"],
            owner_represented_by=d["owner_represented_by"],
            witnesses=d["witnesses"],
            evidence=d["evidence"],
            destruction_sought=d["destruction_sought"],
            actor=user,
        )
        return (
            "Hearing recorded: the order is due within "
            f"{prose.days('dangerous_dog.order', on=d['held_on'])}."
        )
    if step == "order":
        services.issue_order(
            case=case,
            issued_on=d["issued_on"],
            disposition=d["disposition"],
            findings_of_fact=d["findings_of_fact"],
            destruction_findings=form.destruction_findings(),
            seizure_not_justified=d["seizure_not_justified"],
            received_on=d["received_on"],
            kept_at=d["kept_at"],
            contact_address=d["contact_address"],
            contact_phone=d["contact_phone"],
            actor=user,
        )
        return "Order issued."
    if step == "inspection":
        services.record_inspection(
            case=case,
            on=d["on"],
            permitted=d["permitted"],
            compliant=d["compliant"],
            notes=d["notes"],
            actor=user,
        )
        return "Inspection recorded."
    if step == "revocation_notice":
        refused = [i for i in case.inspections.all() if not i.permitted]
        services.serve_revocation_notice(
            case=case,
            reasons=d["reasons"],
            served_on=d["served_on"],
            method=d["method"],
            hearing_at=form.hearing_at(),
            place=d["place"],
            good_cause=d["good_cause"],
            inspection=refused[-1] if refused else None,
            actor=user,
        )
        return "Notice of revocation recorded: print it with the hearing's date, time and place."
    if step == "revocation_hearing":
        services.hold_revocation_hearing(
            case=case,
            held_on=d["held_on"],
            authority_represented_by=d["authority_represented_by"],
            owner_represented_by=d["owner_represented_by"],
            witnesses=d["witnesses"],
            evidence=d["evidence"],
            destruction_sought=d["destruction_sought"],
            actor=user,
        )
        return (
            "Revocation hearing recorded: the order is due within "
            f"{prose.days('dangerous_dog.order', on=d['held_on'])}."
        )
    if step == "revocation_order":
        services.decide_revocation(
            case=case,
            decided_on=d["decided_on"],
            outcome=d["outcome"],
            findings_of_fact=d["findings_of_fact"],
            owner_in_compliance=d["owner_in_compliance"],
            reclaim_by=d["reclaim_by"],
            actor=user,
        )
        return "Revocation order issued."
    if step == "owner_notice":
        services.record_owner_notice(
            case=case,
            kind=d["kind"],
            occurred_on=d["occurred_on"],
            received_on=d["received_on"],
            in_writing=d["in_writing"],
            circumstances=d["circumstances"],
            new_owner_name=d["new_owner_name"],
            new_owner_address=d["new_owner_address"],
            new_owner_phone=d["new_owner_phone"],
            transferee_told=d["transferee_told"],
            out_of_city=d["out_of_city"],
            affidavit_requested=d["affidavit_requested"],
            actor=user,
        )
        return "The owner's notice is recorded."
    if step == "review_request":
        services.request_review(
            case=case,
            requested_on=d["requested_on"],
            reviewer=d["reviewer"],
            factors=d["factors"],
            evidence=d["evidence"],
            in_writing=d["in_writing"],
            actor=user,
        )
        return "Request for review recorded."
    if step == "review_decision":
        services.decide_review(
            case=case,
            decided_on=d["decided_on"],
            outcome=d["outcome"],
            findings=d["findings"],
            actor=user,
        )
        return "Review decided."
    if step == "cost":
        services.record_cost(
            case=case,
            kind=d["kind"],
            incurred_on=d["incurred_on"],
            description=d["description"],
            amount=d["amount"],
            actor=user,
        )
        return "Cost recorded."
    if step == "rental_disclosure":
        disclosure = services.record_rental_disclosure(
            case=case,
            property_owner=d["property_owner"],
            property_address=d["property_address"],
            occasion=d["occasion"],
            lease_date=d["lease_date"],
            began_residing_on=d["began_residing_on"],
            disclosed_on=d["disclosed_on"],
            actor=user,
        )
        return "Disclosure recorded" + (
            "." if disclosure.in_time else f": late ({sec(RENTAL_DISCLOSURE)})."
        )
    if step == "conditions_review":
        services.review_conditions(
            case=case,
            reviewed_on=d["reviewed_on"],
            reviewer=d["reviewer"],
            outcome=d["outcome"],
            relaxed=d["relaxed"],
            reasons=d["reasons"],
            last_violation_on=d["last_violation_on"],
            actor=user,
        )
        return "Review of the conditions recorded."
    if step == "sterilization_seizure":
        services.seize_for_sterilization(
            case=case,
            seized_on=d["seized_on"],
            sterilized_on=d["sterilized_on"],
            veterinarian=d["veterinarian"],
            cost=d["cost"],
            kept_at=d["kept_at"],
            contact_address=d["contact_address"],
            contact_phone=d["contact_phone"],
            actor=user,
        )
        return "Seizure and sterilization recorded; the cost is on the owner's ledger."
    if step == "inspection_seizure":
        services.seize_after_refused_inspection(
            case=case,
            seized_on=d["seized_on"],
            kept_at=d["kept_at"],
            contact_address=d["contact_address"],
            contact_phone=d["contact_phone"],
            actor=user,
        )
        return f"Seizure recorded; the dog is released only under {sec(RELEASE)}."
    if step == "release":
        services.release(
            case=case, on=d["on"], payment_arrangement=d["payment_arrangement"], actor=user
        )
        return "The dog is released."
    if step == "affidavit":
        notice = _pending_affidavit(case)
        if notice is None:
            on = today()
            standing = services.case_standing(case, on, services.case_circumstances(case, on))
            raise services.Refused(standing.findings_for("affidavit"))
        services.record_affidavit(
            notice=notice,
            received_on=d["received_on"],
            circumstances=d["circumstances"],
            transferee_name=d["transferee_name"],
            transferee_address=d["transferee_address"],
            transferee_phone=d["transferee_phone"],
            actor=user,
        )
        return "The owner's affidavit is recorded."
    if step == "payment":
        payment = Payment(method=d["method"], amount=d["amount"], reference=d["reference"])
        paid = services.record_cost_payment(case=case, payment=payment, on=d["on"], actor=user)
        return f"Payment recorded: receipt {paid.receipt.number}."
    raise Http404(step)


def _proof(form: forms.RegistrationForm) -> services.RegistrationProof:
    d = form.cleaned_data
    return services.RegistrationProof(
        proper_enclosure=d["proper_enclosure"],
        signs_on_buildings=d["signs_on_buildings"],
        sign_on_enclosure=d["sign_on_enclosure"],
        insurer=d["insurer"],
        policy_number=d["policy_number"],
        insurance_per_person=d["insurance_per_person"],
        insurance_per_incident=d["insurance_per_incident"],
        insurance_prepaid=d["insurance_prepaid"],
        insurance_expires_on=d["insurance_expires_on"],
        microchip_manufacturer=d["microchip_manufacturer"],
        microchip_number=d["microchip_number"],
        other_vaccinations_current=d["other_vaccinations_current"],
        sterilized_on=d["sterilized_on"],
        warning_symbols=d["warning_symbols"],
        tag_number=d["tag_number"],
    )


def _register(step: str, case: DangerousDogCase, form: Any, request: HttpRequest) -> str:
    d = form.cleaned_data
    user = request.user
    proof = _proof(form)
    if request.POST.get("missing"):
        event = services.record_missing_requirements(
            case=case,
            proof=proof,
            fee_paid=form.fee_paid(),
            on=d["on"],
            actor=user,  # type: ignore[arg-type]
        )
        return f"Missing requirements recorded: {', '.join(event.details['missing'])}."
    if not d.get("method") or d.get("amount") is None:
        raise services.ServiceError(
            # The form is incomplete; whether the amount is right is the rules core's finding
            # (dangerous_dog.registration_fee) when the service is asked.
            "Enter how the annual registration fee was paid and the amount before the certificate "
            "issues, or record the missing requirements for the letter."
        )
    payment = Payment(method=d["method"], amount=d["amount"], reference=d["reference"])
    call = services.register if step == "register" else services.renew_registration
    registration = call(case=case, proof=proof, payment=payment, on=d["on"], actor=user)  # type: ignore[arg-type]
    return (
        f"Certificate of Registration {registration.certificate_number} issued, valid through "
        f"{registration.expires_on:%Y-%m-%d}."
    )


def _release_refused(case: DangerousDogCase, d: dict[str, Any], user: Any) -> str:
    services.record_release_refused(
        case=case, on=d["on"], basis=d["basis"], person=d["person"], note=d["note"], actor=user
    )
    return (
        f"Refusal recorded: a misdemeanor ({sec(RELEASE_ON_DEMAND)}), for the prosecuting attorney."
    )


def _certiorari_filed(case: DangerousDogCase, d: dict[str, Any], user: Any) -> str:
    services.record_certiorari_petition(
        case=case,
        filed_on=d["filed_on"],
        petitioner=d["petitioner"],
        court_file=d["court_file"],
        note=d["note"],
        actor=user,
    )
    return "Petition for a writ of certiorari recorded: the decision stands meanwhile."


def _certiorari_decided(case: DangerousDogCase, d: dict[str, Any], user: Any) -> str:
    services.record_certiorari_decision(
        case=case, decided_on=d["decided_on"], outcome=d["outcome"], note=d["note"], actor=user
    )
    return f"The Court of Appeals' decision is recorded: {d['outcome']}."


def _sale_disclosure(case: DangerousDogCase, d: dict[str, Any], user: Any) -> str:
    services.record_sale_disclosure(
        case=case, disclosed_on=d["disclosed_on"], buyer=d["buyer"], note=d["note"], actor=user
    )
    return f"Disclosure to the buyer recorded ({sec(SALE_OR_TRANSFER)})."


#: The steps beside the Authority's own path (the refusal to release, certiorari, the sale), each
#: handed to its one service.
_BESIDE = {
    "release_refused": _release_refused,
    "certiorari_filed": _certiorari_filed,
    "certiorari_decided": _certiorari_decided,
    "sale_disclosure": _sale_disclosure,
}
