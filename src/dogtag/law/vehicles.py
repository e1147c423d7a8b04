"""Dogs and cats in motor vehicles: the provision ``vehicle.animal_left``, cited as the
jurisdiction package says (``law.provisions``): a city's own section (Nowthen's), else the state's
statute, which binds in every city (Minn. Stat. 346.57: Lino Lakes, whose own section is known
only from drafts). What the act is (``vehicle.penalty``, with ``vehicle.fine`` where a fine is
set) and who may force entry (``vehicle.removed_by``) are the package's values."""

from __future__ import annotations

import datetime as dt

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterDoesNotApply, ParameterSet, ParameterValue, default
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

ANIMAL_LEFT = "vehicle.animal_left"


@facts
class VehicleIncident:
    """What the officer recorded: the facts of the question ``animal-in-vehicle``."""

    animal: str = fact("dog or cat", choices=("dog", "cat"))
    on: dt.date | None = fact(
        "The day it happened (the law in force then; if not given, the law in force now)",
        default=None,
    )
    left_unattended: bool = fact("The animal was left unattended")
    vehicle_standing_or_parked: bool = fact("The motor vehicle was standing or parked")
    health_or_safety_endangered: bool = fact(
        "It was left in a manner that endangered its health or safety"
    )
    conditions: str = fact(
        "The conditions observed",
        default="",
        example="88 F outside, windows closed, dog panting heavily",
    )
    forced_entry: bool = fact("Reasonable force was used to enter the vehicle", default=False)
    entered_by_animal_control: bool = fact(
        "Entered by one the law allows to use force to remove the animal (the Animal Control "
        "Authority or its representative, where the city's code says so)",
        default=True,
    )
    owner_contact_attempts: int = fact("Attempts made to contact the owner", default=0, minimum=0)
    owner_reached: bool = fact("The owner was reached", default=False)
    taken_to_shelter: bool = fact("The animal was taken to an animal shelter", default=False)


@rule(
    "vehicle.animal_left",
    provisions=(ANIMAL_LEFT,),
    title="Dog or cat left in a motor vehicle",
    summary=(
        "Leaving a dog or cat unattended in a standing or parked vehicle in a way that endangers "
        "its health or safety is a {vehicle.penalty}; {vehicle.removed_by} may force entry, must "
        "try to reach the owner, and may take the animal to a shelter if the owner cannot be "
        "reached."
    ),
    question="animal-in-vehicle",
)
def animal_in_vehicle(
    incident: VehicleIncident, params: ParameterSet | None = None
) -> list[Finding]:
    """``vehicle.animal_left``, in Nowthen's words: "A person may not leave a dog or cat
    unattended in a standing or parked motor vehicle in a manner that endangers the dog's or
    cat's health or safety. A person who violates this section is guilty of a misdemeanor. The
    Animal Control Authority or a representative of the Animal Control Authority may use
    reasonable force to enter a motor vehicle and remove a dog or cat which has been left in a
    vehicle in violation of this Section. A person removing a dog or cat under this section shall
    use reasonable means to contact the owner of the dog or cat to arrange for its return home.
    If the person is unable to contact the owner, the person may take the dog or cat to an animal
    shelter."

    Minn. Stat. 346.57, where a city's code states none: the same act and removal, by "a peace
    officer, ..., a humane agent, a dog warden, or a volunteer or professional member of a fire or
    rescue department", and "subject to a fine of $25" (a petty misdemeanor).

    Returns the violation finding and, when the animal was removed, a finding on the removal.
    """
    params = params or default()
    on = incident.on or dt.date.max  # not given: the values in force now (the latest)
    section = cite(ANIMAL_LEFT, params)
    penalty = params.get("vehicle.penalty", on)
    removed_by = params.get("vehicle.removed_by", on)
    entry_by = params.get("vehicle.entry_by", on)
    fine = _fine(params, on)
    used = (penalty, *([] if fine is None else [fine]), removed_by, entry_by)
    # Nowthen's words: "Violation, a misdemeanor"; the state's: "a petty misdemeanor, a fine of $25"
    act = penalty.display() if fine is None else f"{penalty.display()}, a fine of {fine.display()}"
    if incident.animal not in ("dog", "cat"):
        raise ValueError(f"{section} covers dogs and cats, not {incident.animal!r}")
    if incident.owner_contact_attempts < 0:
        raise ValueError("owner contact attempts must be 0 or more")
    # the day is a fact only where it was given (a finding without it reads as it always has)
    facts = {k: v for k, v in vars(incident).items() if k != "on" or v is not None}
    a = incident.animal
    violated = (
        incident.left_unattended
        and incident.vehicle_standing_or_parked
        and incident.health_or_safety_endangered
    )
    if violated:
        conditions = f" Conditions: {incident.conditions}." if incident.conditions else ""
        findings = [
            Finding(
                rule="vehicle.animal_left",
                outcome=str(penalty.value).replace(" ", "_"),
                sections=(section,),
                blocks=True,
                message=(
                    f"Violation, a {act}: the {a} was left unattended in a standing or "
                    f"parked motor vehicle in a manner that endangered its health or safety "
                    f"({section}).{conditions}"
                ),
                facts=facts,
                parameters=used,
            )
        ]
    else:
        missing = [
            text
            for held, text in (
                (incident.left_unattended, "left unattended"),
                (incident.vehicle_standing_or_parked, "in a standing or parked vehicle"),
                (incident.health_or_safety_endangered, "its health or safety endangered"),
            )
            if not held
        ]
        findings = [
            Finding(
                rule="vehicle.animal_left",
                outcome="no_violation",
                sections=(section,),
                message=f"No violation of {section}: the {a} was not " + " or ".join(missing) + ".",
                facts=facts,
                parameters=used,
            )
        ]
    if not incident.forced_entry and not incident.taken_to_shelter:
        return findings
    problems = []
    if incident.forced_entry and not violated:
        problems.append(
            f"force may be used to enter only for an animal left in violation of {section}"
        )
    if incident.forced_entry and not incident.entered_by_animal_control:
        problems.append(f"force may be used by {removed_by.display()} only")
    if incident.owner_contact_attempts == 0 and not incident.owner_reached:
        problems.append(
            "the person removing the animal shall use reasonable means to contact the owner"
        )
    if incident.taken_to_shelter and incident.owner_reached:
        problems.append(
            "the owner was reached: the animal is returned home, a shelter is for an owner who "
            "cannot be contacted"
        )
    if problems:
        findings.append(
            Finding(
                rule="vehicle.animal_left",
                outcome="removal_questioned",
                sections=(section,),
                blocks=True,
                message=f"The removal does not follow {section}: " + "; ".join(problems) + ".",
                facts=facts,
                parameters=used,
            )
        )
    else:
        where = (
            "taken to an animal shelter after the owner could not be contacted"
            if incident.taken_to_shelter
            else "returned home through the owner"
        )
        attempts = incident.owner_contact_attempts
        findings.append(
            Finding(
                rule="vehicle.animal_left",
                outcome="removal_lawful",
                sections=(section,),
                message=(
                    f"Removal as {section} allows: entry by {entry_by.display()}, "
                    f"{attempts} attempt(s) to contact the owner, the {a} {where}."
                ),
                facts=facts,
                parameters=used,
            )
        )
    return findings


def _fine(params: ParameterSet, on: dt.date) -> ParameterValue | None:
    """``vehicle.fine`` where the law in force sets one (the state's), else None (a city whose
    code makes the act a misdemeanor says a fine of its own does not apply)."""
    try:
        return params.get("vehicle.fine", on)
    except ParameterDoesNotApply:
        return None
