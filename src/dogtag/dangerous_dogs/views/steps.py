"""The steps a case page offers: each step's form, who may take it, its button, and the steps
the rules core allows next (``services.standing``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms as django_forms

from dogtag.dangerous_dogs import forms, services
from dogtag.dangerous_dogs.models import DangerousDogCase, OwnerNotice
from dogtag.dangerous_dogs.provisions import cites
from dogtag.records.services import today

DESIGNATE = services.DESIGNATE
CONDUCT = services.CONDUCT
State = DangerousDogCase.State


# ------------------------------------------------------------------------------ the steps


@dataclass(frozen=True)
class Step:
    """One step of the case as the page offers it: its form and who may take it."""

    key: str
    title: str
    sections: str  # its provisions, cited when shown (``provisions.cites``)
    form: type[django_forms.Form]
    permissions: tuple[str, ...]  # any one of them
    button: str

    def allowed(self, user: Any) -> bool:
        return any(user.has_perm(p) for p in self.permissions)


STEPS = {
    step.key: step
    for step in (
        Step(
            "notice",
            "Issue the Notice of Dangerous Dog",
            cites("{§dangerous_dog.notice.contents}"),
            forms.DateForm,
            (DESIGNATE,),
            "Issue the notice",
        ),
        Step(
            "service",
            "Record the service of the notice",
            cites("{§dangerous_dog.notice}, {§dangerous_dog.notice.hearing_request}"),
            forms.ServiceForm,
            (DESIGNATE,),
            "Record service",
        ),
        Step(
            "hearing_request",
            "Receive a written request for a hearing",
            cites("{§dangerous_dog.notice.hearing_request}"),
            forms.HearingRequestForm,
            (DESIGNATE,),
            "Record the request",
        ),
        Step(
            "oral_request",
            "Record a request for a hearing that was not in writing",
            cites("{§dangerous_dog.notice.hearing_request}"),
            forms.OralRequestForm,
            (DESIGNATE,),
            "Record it (not a request)",
        ),
        Step(
            "late_request",
            "Record a written request received on an earlier day (one received too late is kept "
            "for the Hearing Officer)",
            cites(
                "{§dangerous_dog.notice.hearing_request}, {§dangerous_dog.notice.designation_stands}"
            ),
            forms.LateRequestForm,
            (DESIGNATE,),
            "Record the written request",
        ),
        Step(
            "stands",
            "No hearing requested: the designation stands",
            cites("{§dangerous_dog.notice.designation_stands}"),
            forms.DateForm,
            (DESIGNATE,),
            "Record that the designation stands",
        ),
        Step(
            "schedule",
            "Schedule the hearing",
            cites("{§dangerous_dog.hearing}"),
            forms.ScheduleForm,
            (DESIGNATE, CONDUCT),
            "Schedule the hearing",
        ),
        Step(
            "pending",
            "Pending the hearing: proof shown or dog seized",
            cites("{§dangerous_dog.hearing.pending}"),
            forms.PendingForm,
            (DESIGNATE,),
            "Record",
        ),
        Step(
            "hold",
            "Record the hearing",
            cites(
                "{§dangerous_dog.hearing.records}-{§dangerous_dog.hearing.standard_of_proof|last}"
            ),
            forms.HoldForm,
            (CONDUCT,),
            "Record the hearing",
        ),
        Step(
            "order",
            "Issue the Hearing Officer's order",
            cites("{§dangerous_dog.hearing.order}, {§dangerous_dog.destruction}"),
            forms.OrderForm,
            (CONDUCT,),
            "Issue the order",
        ),
        Step(
            "register",
            "Certificate of Registration",
            cites(
                "{§dangerous_dog.registration_requirements}, "
                "{§dangerous_dog.warning_symbol}, {§dangerous_dog.tag}"
            ),
            forms.RegistrationForm,
            (DESIGNATE,),
            "Issue the certificate",
        ),
        Step(
            "inspection",
            "Record an inspection of the premises",
            cites("{§dangerous_dog.inspection}"),
            forms.InspectionForm,
            (DESIGNATE,),
            "Record the inspection",
        ),
        Step(
            "revocation_notice",
            "Serve a notice of revocation",
            cites("{§dangerous_dog.revocation.grounds}-{§dangerous_dog.revocation.hearing|last}"),
            forms.RevocationNoticeForm,
            (DESIGNATE,),
            "Record the notice of revocation",
        ),
        Step(
            "revocation_hearing",
            "Record the revocation hearing",
            cites("{§dangerous_dog.revocation.hearing}, {§dangerous_dog.hearing.requirements}"),
            forms.RevocationHearingForm,
            (CONDUCT,),
            "Record the revocation hearing",
        ),
        Step(
            "revocation_order",
            "Issue the order on the revocation",
            cites("{§dangerous_dog.revocation.disposition}"),
            forms.RevocationOrderForm,
            (CONDUCT,),
            "Issue the revocation order",
        ),
        Step(
            "owner_notice",
            "Owner's notice of death, relocation or transfer",
            cites("{§dangerous_dog.death_or_relocation}, {§dangerous_dog.sale_or_transfer}"),
            forms.OwnerNoticeForm,
            (DESIGNATE,),
            "Record the owner's notice",
        ),
        Step(
            "review_request",
            "Receive a request to review the designation",
            cites("{§dangerous_dog.review}"),
            forms.ReviewRequestForm,
            (DESIGNATE,),
            "Record the request for review",
        ),
        Step(
            "review_decision",
            "Decide the review of the designation",
            cites("{§dangerous_dog.review}"),
            forms.ReviewDecisionForm,
            (DESIGNATE, CONDUCT),
            "Record the decision",
        ),
        Step(
            "cost",
            "Record a cost",
            cites(
                "{§dangerous_dog.notice.costs}, {§dangerous_dog.hearing.costs}, "
                "{§dangerous_dog.costs}, {§dangerous_dog.review}"
            ),
            forms.CostForm,
            (DESIGNATE,),
            "Record the cost",
        ),
        Step(
            "payment",
            "Record a payment toward the costs",
            cites("{§dangerous_dog.costs}"),
            forms.CostPaymentForm,
            (DESIGNATE,),
            "Record the payment",
        ),
        Step(
            "rental_disclosure",
            "Record a disclosure to the property owner",
            cites("{§dangerous_dog.rental_disclosure}"),
            forms.RentalDisclosureForm,
            (DESIGNATE,),
            "Record the disclosure",
        ),
        Step(
            "conditions_review",
            "Review the conditions for keeping the dog",
            cites("{§dangerous_dog.conditions_review}"),
            forms.ConditionsReviewForm,
            (DESIGNATE, CONDUCT),
            "Record the review",
        ),
        Step(
            "sterilization_seizure",
            "Seize the dog and have it sterilized at the owner's expense",
            cites("{§dangerous_dog.registration_requirements.sterilization}"),
            forms.SterilizationSeizureForm,
            (DESIGNATE,),
            "Record the seizure and sterilization",
        ),
        Step(
            "inspection_seizure",
            "Seize the dog after a refused inspection",
            cites("{§dangerous_dog.inspection}, {§dangerous_dog.seizure}"),
            forms.InspectionSeizureForm,
            (DESIGNATE,),
            "Record the seizure",
        ),
        Step(
            "release",
            "Release the dog from impoundment",
            cites("{§dangerous_dog.release}, {§dangerous_dog.costs}"),
            forms.ReleaseForm,
            (DESIGNATE,),
            "Release the dog",
        ),
        Step(
            "affidavit",
            "Record the owner's affidavit",
            cites("{§dangerous_dog.death_or_relocation}"),
            forms.AffidavitForm,
            (DESIGNATE,),
            "Record the affidavit",
        ),
        Step(
            "release_refused",
            "Record a refusal to release the dog on demand",
            cites("{§dangerous_dog.release_on_demand}"),
            forms.ReleaseRefusedForm,
            (DESIGNATE,),
            "Record the refusal",
        ),
        Step(
            "certiorari_filed",
            "Record a petition for review by writ of certiorari",
            cites("{§dangerous_dog.certiorari}"),
            forms.CertiorariPetitionForm,
            (DESIGNATE, CONDUCT),
            "Record the petition",
        ),
        Step(
            "certiorari_decided",
            "Record the Court of Appeals' decision on the writ",
            cites("{§dangerous_dog.certiorari}"),
            forms.CertiorariDecisionForm,
            (DESIGNATE, CONDUCT),
            "Record the Court's decision",
        ),
        Step(
            "sale_disclosure",
            "Record the owner's disclosure to a potential buyer",
            cites("{§dangerous_dog.sale_or_transfer}"),
            forms.SaleDisclosureForm,
            (DESIGNATE,),
            "Record the disclosure",
        ),
        Step(
            "renew",
            "Renew the registration",
            cites(
                "{§dangerous_dog.registration_renewal}, "
                "{§dangerous_dog.registration_requirements.insurance}"
            ),
            forms.RegistrationForm,
            (DESIGNATE,),
            "Renew the registration",
        ),
    )
}


def _pending_affidavit(case: DangerousDogCase) -> OwnerNotice | None:
    """The notice whose affidavit the Authority requested and has not received
    (dangerous_dog.death_or_relocation)."""
    waiting = [
        n
        for n in case.owner_notices.all()
        if n.affidavit_requested_on is not None and n.affidavit_received_on is None
    ]
    return waiting[-1] if waiting else None


def next_steps(case: DangerousDogCase, user: Any) -> list[Step]:
    """The steps the rules core allows next (``dangerous_dog.procedure``), those ``user`` may
    take."""
    on = today()
    standing = services.case_standing(case, on, services.case_circumstances(case, on))
    return [STEPS[k] for k in standing.allowed if STEPS[k].allowed(user)]


def _initial(step: str, case: DangerousDogCase) -> dict[str, Any]:
    on = today()
    initial: dict[str, Any] = {"on": on}
    if step == "service":
        initial.update(served_on=on, served_address=case.owner.address)
    elif step in ("hearing_request", "oral_request", "late_request"):
        initial.update(received_on=on, requested_by=case.owner.name)
    elif step == "hold":
        initial.update(held_on=on)
    elif step == "order":
        initial.update(issued_on=on)
    elif step == "revocation_notice":
        initial.update(served_on=on)
    elif step == "revocation_hearing":
        initial.update(held_on=on)
    elif step == "revocation_order":
        initial.update(decided_on=on)
    elif step == "owner_notice":
        initial.update(received_on=on)
    elif step == "review_request":
        initial.update(requested_on=on)
    elif step == "review_decision":
        initial.update(decided_on=on)
    elif step == "cost":
        initial.update(incurred_on=on)
    elif step == "rental_disclosure":
        initial.update(disclosed_on=on)
    elif step == "conditions_review":
        initial.update(reviewed_on=on)
    elif step == "sterilization_seizure":
        initial.update(seized_on=on, sterilized_on=on)
    elif step == "inspection_seizure":
        initial.update(seized_on=on)
    elif step == "affidavit":
        initial.update(received_on=on)
    elif step == "release_refused":
        initial.update(person=case.owner.name, basis="demand")
    elif step == "certiorari_filed":
        initial.update(filed_on=on, petitioner=case.owner.name)
    elif step == "certiorari_decided":
        initial.update(decided_on=on)
    elif step == "sale_disclosure":
        initial.update(disclosed_on=on)
    elif step in ("register", "renew"):
        initial.update(microchip_number=case.dog.microchip, warning_symbols=0)
    return initial
