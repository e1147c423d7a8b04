"""The findings of a complaint: an animal at large (``nuisance.at_large``), damage
(``nuisance.damage``), the acts of a kind (``nuisance.acts``), an animal in a vehicle
(``vehicle.animal_left``), a prohibition another city's law states (``law.prohibitions``), and
whom the duty falls on."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from dogtag.complaints import forms, services
from dogtag.complaints.views._common import INVESTIGATE, _complaint
from dogtag.complaints.views.detail import Data, _act
from dogtag.law import complaint_procedure
from dogtag.law.complaint_procedure import AT_LARGE, DAMAGE
from dogtag.law.provisions import cite
from dogtag.law.vehicles import ANIMAL_LEFT
from dogtag.records.office import office_page
from dogtag.records.services import today


@require_POST
@office_page(INVESTIGATE)
def finding_at_large(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.AtLargeForm(request.POST, complaint=complaint)

    def call(d: Data) -> str:
        services.record_at_large(
            complaint, facts=form.facts(), on=today(), actor=actor, named=form.named()
        )
        return f"Facts recorded and {cite(AT_LARGE)} applied."

    return _act(request, complaint, {"at_large_form": form}, call, "findings")


@require_POST
@office_page(INVESTIGATE)
def finding_damage(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.DamageForm(request.POST, complaint=complaint)

    def call(d: Data) -> str:
        services.record_damage(
            complaint,
            damage_done=d["damage_done"],
            damaged_owner_own=d["damaged_owner_own"],
            in_defense_of=d.get("in_defense_of", "none"),
            on=today(),
            actor=actor,
            named=form.named(),
        )
        return f"Facts recorded and {cite(DAMAGE)} applied."

    return _act(request, complaint, {"damage_form": form}, call, "findings")


@require_POST
@office_page(INVESTIGATE)
def finding_prohibition(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.ProhibitionForm(request.POST, kind=complaint.kind, complaint=complaint)

    def call(d: Data) -> str:
        services.record_prohibition(
            complaint,
            facts={f.name: d[f.name] for f in form.fact_fields()},
            on=today(),
            actor=actor,
            named=form.named(),
        )
        concept = complaint_procedure.KIND_PROVISIONS[complaint.kind][0]
        return f"Facts recorded and {cite(concept)} applied."

    return _act(request, complaint, {"prohibition_form": form}, call, "findings")


@require_POST
@office_page(INVESTIGATE)
def finding_acts(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.ActsForm(request.POST, kind=complaint.kind, complaint=complaint)

    def call(d: Data) -> str:
        services.record_acts(
            complaint,
            acts=d["acts"],
            none_found=bool(d.get("none_found")),
            named=form.named(),
            on_public_grounds_streets_or_highways=bool(
                d.get("on_public_grounds_streets_or_highways")
            ),
            on=today(),
            actor=actor,
        )
        return "Acts recorded and the rule applied."

    return _act(request, complaint, {"acts_form": form}, call, "findings")


@require_POST
@office_page(INVESTIGATE)
def finding_vehicle(request: HttpRequest, number: str) -> HttpResponse:
    complaint, actor = _complaint(number), request.user
    form = forms.VehicleForm(request.POST, complaint=complaint)
    attempts = forms.ContactAttempts(request.POST, prefix="attempt")
    # both cleaned first: a row's problem and the rows' own go in the form's error summary
    form.is_valid()
    attempts.is_valid()
    for row_number, row in enumerate(attempts.forms, start=1):
        for problem in row.non_field_errors():
            form.add_error(None, f"Attempt to contact the owner, row {row_number}: {problem}")
    for problem in attempts.non_form_errors():
        form.add_error(None, f"Attempts to contact the owner: {problem}")

    def call(d: Data) -> str:
        services.record_vehicle_incident(
            complaint,
            on=today(),
            actor=actor,
            named=form.named(),
            animal=d["animal"],
            vehicle=d["vehicle"].strip(),
            left_unattended=d["left_unattended"],
            vehicle_standing_or_parked=d["vehicle_standing_or_parked"],
            health_or_safety_endangered=d["health_or_safety_endangered"],
            conditions=d["conditions"].strip(),
            forced_entry=d["forced_entry"],
            entered_by_animal_control=d["entered_by_animal_control"],
            owner_contact_attempts=forms.contact_attempts(attempts),
            owner_reached=d["owner_reached"],
            taken_to=d["taken_to"].strip(),
            taken_to_shelter=d["taken_to_shelter"],
        )
        return f"Incident recorded and {cite(ANIMAL_LEFT)} applied."

    return _act(request, complaint, {"vehicle_form": form, "attempts": attempts}, call, "findings")


@require_POST
@office_page(INVESTIGATE)
def finding_duty(request: HttpRequest, number: str) -> HttpResponse:
    """Name whom the duty falls on for the violations found that name no one yet."""
    complaint, actor = _complaint(number), request.user
    form = forms.NamedForm(request.POST, prefix="duty", complaint=complaint)

    def call(d: Data) -> str:
        services.name_duty(complaint, named=form.named(), on=today(), actor=actor)
        return "Whom the duty falls on is recorded."

    return _act(request, complaint, {"duty_form": form}, call, "findings")
