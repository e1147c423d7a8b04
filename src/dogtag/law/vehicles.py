"""Dogs and cats in motor vehicles: the provision ``vehicle.animal_left``, cited as the
jurisdiction package says (``law.provisions``)."""

from __future__ import annotations

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

ANIMAL_LEFT = "vehicle.animal_left"


@facts
class VehicleIncident:
    """What the officer recorded: the facts of the question ``animal-in-vehicle``."""

    animal: str = fact("dog or cat", choices=("dog", "cat"))
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
        "Entered by the Animal Control Authority or its representative", default=True
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
        "its health or safety is a misdemeanor; Animal Control may force entry, must try to reach "
        "the owner, and may take the animal to a shelter if the owner cannot be reached."
    ),
    question="animal-in-vehicle",
)
def animal_in_vehicle(incident: VehicleIncident) -> list[Finding]:
    """``vehicle.animal_left``, in Nowthen's words: "A person may not leave a dog or cat
    unattended in a standing or parked motor vehicle in a manner that endangers the dog's or
    cat's health or safety. A person who violates this section is guilty of a misdemeanor. The
    Animal Control Authority or a representative of the Animal Control Authority may use
    reasonable force to enter a motor vehicle and remove a dog or cat which has been left in a
    vehicle in violation of this Section. A person removing a dog or cat under this section shall
    use reasonable means to contact the owner of the dog or cat to arrange for its return home.
    If the person is unable to contact the owner, the person may take the dog or cat to an animal
    shelter."

    Returns the violation finding and, when the animal was removed, a finding on the removal.
    """
    section = cite(ANIMAL_LEFT)
    if incident.animal not in ("dog", "cat"):
        raise ValueError(f"{section} covers dogs and cats, not {incident.animal!r}")
    if incident.owner_contact_attempts < 0:
        raise ValueError("owner contact attempts must be 0 or more")
    facts = dict(vars(incident))
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
                outcome="misdemeanor",
                sections=(section,),
                blocks=True,
                message=(
                    f"Violation, a misdemeanor: the {a} was left unattended in a standing or "
                    f"parked motor vehicle in a manner that endangered its health or safety "
                    f"({section}).{conditions}"
                ),
                facts=facts,
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
        problems.append(
            "force may be used by the Animal Control Authority or its representative only"
        )
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
                    f"Removal as {section} allows: entry by the Animal Control Authority, "
                    f"{attempts} attempt(s) to contact the owner, the {a} {where}."
                ),
                facts=facts,
            )
        )
    return findings
