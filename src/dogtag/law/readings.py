"""The readings register: every reading Dogtag adopts where the ordinance's words are ambiguous.

LEGAL-NOTES §6 adopts six; later ones were adopted with the rules that needed them and recorded in
CHANGELOG.md. A reading the city may change is also a dated parameter (``params/<city>/
readings.yaml``, ``parameter=True``): its finding lists the choice in force. The others are fixed in
code until the city attorney asks for a choice. ``applied_in`` names where each is applied
(``module:attribute``); ``pending`` says when that place is still outside the rules core.
``dogtag readings`` prints the register.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass

from dogtag.law.jsonable import JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.wording import fill, unfilled

# The places issue 11 item 4 moves into law/ (the merger wires the final locations).
_MOVING = "applied in a Django app; moves into the rules core (issue 11 item 4)"


@dataclass(frozen=True)
class Reading:
    id: str
    sections: tuple[str, ...]
    reading: str  # the reading adopted, in a sentence
    adopted: str  # where it was adopted: LEGAL-NOTES §6.x or the CHANGELOG entry
    applied_in: tuple[str, ...]
    parameter: bool = False  # a dated choice in readings.yaml
    pending: str | None = None

    def worded(self, params: ParameterSet, on: dt.date) -> Reading:
        """The reading with the values it names (``{key:style}``) worded as in force on ``on``."""
        return dataclasses.replace(self, reading=fill(self.reading, params, on)[0])

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "id": self.id,
            "sections": list(self.sections),
            "reading": unfilled(self.reading),
            "adopted": self.adopted,
            "parameter": self.parameter,
            "applied_in": list(self.applied_in),
            "pending": self.pending,
        }


REGISTER: tuple[Reading, ...] = (
    Reading(
        "readings.license_term",
        ("3-2-2.B",),
        "A license expires with the rabies vaccination; its fee tier is its length rounded up to "
        "whole years, capped at the longest tier; no prorating.",
        "LEGAL-NOTES §6.1",
        ("dogtag.law.licensing:license_term",),
        parameter=True,
    ),
    Reading(
        "readings.renewal_window",
        ("3-2-2.B",),
        'The {license.renewal_days:words_unit} to renew "after the vaccination" run from the new '
        "rabies vaccination"
        " (alternative: from the previous license's expiry); a lapsed dog is unlicensed "
        "meanwhile.",
        "LEGAL-NOTES §6.2",
        (
            "dogtag.law.licensing:license_penalty",
            "dogtag.law.licensing_clocks:renewal_start",
            "dogtag.law.licensing_clocks:renewal_clock",
        ),
        parameter=True,
    ),
    Reading(
        "readings.small_parcel_kennel",
        ("3-2-5",),
        "On parcels of {dog_limits.small_parcel_max_acres} or less the private kennel path (up to "
        "{private_kennel.max_dogs}) is open too.",
        "LEGAL-NOTES §6.3",
        ("dogtag.law.kennels:dog_limit",),
        parameter=True,
    ),
    Reading(
        "readings.commercial_kennel_renewal",
        ("3-2-5.B.2",),
        "A nuisance complaint in the {commercial_kennel.complaint_lookback_months:words_unit} "
        "before the term ends sends the renewal to the City Council instead of renewing on the "
        "same terms.",
        "LEGAL-NOTES §6.4",
        ("dogtag.law.kennels:commercial_kennel_renewal",),
        parameter=True,
    ),
    Reading(
        "readings.renewal_complaints_counted",
        ("3-2-5.B.2", "3-2-7"),
        'The complaints "received at the City" are the 3-2-7 complaints about the parcel, its '
        "residents or their dogs, whatever their outcome.",
        "CHANGELOG, issue 5 (complaints and nuisances)",
        ("dogtag.complaints.services:nuisance_complaints_about",),
        pending=_MOVING,
    ),
    Reading(
        "readings.counting_days",
        ("3-2-2.B", "3-2-6.C", "3-2-9"),
        "Every day count of the ordinance is counted per Minn. Stat. 645.15 and 645.44 subd. 5.",
        "LEGAL-NOTES §6.5",
        ("dogtag.law.computation_of_time:count_days", "dogtag.law.clocks:deadline"),
    ),
    Reading(
        "readings.notice_date",
        ("3-2-9.A.1.c", "3-2-9.A.2.a", "3-2-9.B.6.b"),
        '"The date of the Notice" is the date of service.',
        "LEGAL-NOTES §6.5",
        ("dogtag.law.clocks:deadline", "dogtag.law.dangerous_dog_clocks:notice_date"),
        parameter=True,
    ),
    Reading(
        "readings.six_months_of_age",
        ("3-2-2.D", "3-2-5"),
        "An age of {license.minimum_age_months:words_unit} is reached on the same calendar day "
        "that many months after birth; a birth day that month lacks rounds to its last day.",
        "LEGAL-NOTES §6.6",
        ("dogtag.law.licensing:age_reached",),
        parameter=True,
    ),
    Reading(
        "readings.non_license_penalty",
        ("3-2-2.A", "3-2-2.D", "3-2-2.E", "3-2-2.F"),
        "The non-license penalty applies to a first license obtained after the days of E "
        "({license.new_resident_days}) or F ({license.change_of_ownership_days}), or more than "
        "{license.renewal_days} after a resident's dog reached "
        "{license.minimum_age_months:words_unit} (confidence ?).",
        "CHANGELOG, Parameters (new reading readings.non_license_penalty)",
        (
            "dogtag.law.licensing:license_penalty",
            "dogtag.law.licensing_clocks:late_first_license_line",
            "dogtag.law.licensing_clocks:first_license_penalty",
        ),
        parameter=True,
    ),
    Reading(
        "readings.kennel_term_end",
        ("3-2-5.A.3", "3-2-5.B.2"),
        "A kennel license's term ends the day before its anniversary; an on-time renewal starts "
        "the day after the old term ends.",
        "CHANGELOG, issue 4 (kennels and enclosures)",
        ("dogtag.law.kennel_conditions:license_term",),
    ),
    Reading(
        "readings.notice_radius",
        ("3-2-5.B.2",),
        '"Within one quarter (1/4) mile of the outside dimensions of the parcel": every parcel '
        "whose boundary lies within {commercial_kennel.notice_radius_feet:short} (inclusive) of "
        "the kennel parcel's boundary.",
        "CHANGELOG, issue 4 (kennels and enclosures)",
        ("dogtag.law.kennels:notice_list",),
    ),
    Reading(
        "readings.kennel_notice_omission",
        ("3-2-5.B.2",),
        'An affected owner found missing from the notice list: notice "must be given to all '
        'affected property owners" and the ordinance sets no period, so notice before the hearing '
        "day cures the omission; a hearing held while an affected owner had no notice is noticed "
        "again and held again, and an omission found after it undoes that hearing and any "
        "recommendation on it until the City Council decides (the city code has no clause saving "
        "a bona fide attempt, as the state's zoning statute has).",
        "CHANGELOG, issue 26 (every path of the procedures)",
        (
            "dogtag.law.kennel_procedure:notice_to_all_owners",
            "dogtag.law.kennel_procedure:apply",
        ),
        parameter=True,
    ),
    Reading(
        "readings.adjacent_dwelling",
        ("3-2-6.A",),
        '"Adjacent residential dwelling or principal structure": the dwellings and principal '
        "structures on other parcels within 500 ft of the enclosure's parcel.",
        "CHANGELOG, issue 4 (kennels and enclosures)",
        ("dogtag.parcels.services:adjacent_dwellings",),
        pending=_MOVING,
    ),
    Reading(
        "readings.barking_period",
        ("3-2-7.A",),
        "The {barking.minimum_period_seconds:duration} run from the first noise to the last, "
        "inclusive (exactly that long qualifies); a lapse of exactly "
        "{barking.maximum_gap_seconds:duration} is allowed.",
        "CHANGELOG, issue 5 (complaints and nuisances)",
        ("dogtag.law.nuisance:barking",),
    ),
    Reading(
        "readings.at_large_alternatives",
        ("3-2-7.D.1",),
        "D.1.a and D.1.b are alternatives: a dog off its owner's premises is at large only when it "
        "is neither leashed by a responsible person nor under direct control by command.",
        "CHANGELOG, issue 5 (complaints and nuisances)",
        ("dogtag.law.nuisance:at_large",),
    ),
    Reading(
        "readings.nuisance_duty_owner",
        ("3-2-7", "3-2-4"),
        'The duty of 3-2-7 ("The owner of any animal shall prevent it ...") falls on the owner of '
        "record of the dog on the day of the incident, or on another person who kept, harboured "
        "or had custody of it (an owner as Minn. Stat. 347.50 defines one, the floor while "
        '3-2-1 is not available); the duty of 3-2-4 ("A person may not leave ...") falls on the '
        "person who left the animal, whoever owns it. A violation whose person is not known "
        "grounds no warning, compliance notice or citation.",
        "CHANGELOG, issue 26 (complaints: findings both ways)",
        (
            "dogtag.law.complaint_procedure:finding_recordable",
            "dogtag.law.complaint_procedure:outcome_grounds",
        ),
    ),
    Reading(
        "readings.complaint_withdrawal",
        ("3-2-7", "3-2-4"),
        "The ordinance says nothing of a complainant's withdrawal: it is recorded, and closes the "
        "complaint as withdrawn only while no violation has been found; a violation found stands, "
        "the duty being owed to the public. A withdrawn complaint still counts as received "
        "(3-2-5.B.2).",
        "CHANGELOG, issue 26 (complaints: findings both ways)",
        ("dogtag.law.complaint_procedure:outcome_grounds",),
    ),
    Reading(
        "readings.complaint_reopening",
        ("3-2-7", "3-2-4"),
        "The ordinance says nothing of reopening a complaint: a closed complaint is reopened only "
        "on new evidence, as an event of its own that keeps the earlier outcome on the record; "
        "the findings after it and the next outcome supersede what was decided before.",
        "CHANGELOG, issue 26 (complaints: findings both ways)",
        ("dogtag.law.complaint_procedure:reopening",),
    ),
    Reading(
        "readings.deemed_dangerous_day",
        ("3-2-9.A.1.e", "3-2-9.B.2", "3-2-9.B.3.g"),
        "A dog is deemed dangerous by the Animal Control Authority on the day of its designation "
        "when no hearing is held, and by the Hearing Officer on the day of the order upholding "
        "it when one is (B.2: 'as applicable'); the days to register (B.2) and to sterilize "
        "(B.3.g) count from that day.",
        "CHANGELOG, issue 26 (every path of the procedures)",
        (
            "dogtag.law.dangerous_dog_procedure.events:stood_on",
            "dogtag.law.dangerous_dog_procedure.events:dates",
            "dogtag.law.dangerous_dog_procedure.before_order:designation_stands",
        ),
        parameter=True,
    ),
    Reading(
        "readings.state_clock_pending_hearing",
        ("3-2-8", "3-2-9.A.1.d", "3-2-9.A.2.b"),
        "While a timely request for a hearing is pending, the state's seizure clock for a dog not "
        "registered or insured (Minn. Stat. 347.54 subd. 1) does not run: A.1.d and A.2.b govern "
        "the time under appeal, and registration is among the requirements met after a "
        "confirming order, from which the state's days then count.",
        "CHANGELOG, issue 26 (every path of the procedures)",
        (
            "dogtag.law.dangerous_dog_procedure.running:pending_hearing",
            "dogtag.law.dangerous_dog_procedure.running:running",
        ),
        parameter=True,
    ),
    Reading(
        "readings.hearing_request_any_owner",
        ("3-2-9.A.1.a", "3-2-9.A.1.c"),
        "A written request for a hearing by any owner of the dog, or by a person acting for one, "
        "opens the hearing for all owners, as service upon any owner is effective as to all "
        "(A.1.a); a request by a person who is neither is kept in the log and is not a request.",
        "CHANGELOG, issue 26 (every path of the procedures)",
        ("dogtag.law.dangerous_dog_procedure.events:classify",),
    ),
    Reading(
        "readings.certiorari_no_automatic_stay",
        ("3-2-9.A.4",),
        "A petition for review of the Hearing Officer's decision by writ of certiorari does not "
        "of itself stay the decision: the case's clocks keep running while the writ is pending; "
        "only the Court of Appeals' decision changes the case (reversed: the decision is undone; "
        "remanded: the Hearing Officer decides again). A.4 and Minn. Stat. 606.01 provide for "
        "review, not for a stay.",
        "CHANGELOG, issue 26 (every path of the procedures)",
        (
            "dogtag.law.dangerous_dog_procedure.court:certiorari_filing",
            "dogtag.law.dangerous_dog_procedure.court:conduct",
        ),
    ),
    Reading(
        "readings.order_days_on_remand",
        ("3-2-9.A.2.g", "3-2-9.A.4"),
        "On a remand by the Court of Appeals the Hearing Officer's order is due within "
        "{dangerous_dog.order_days:words_unit} of the Court's decision, as A.2.g gives after a "
        "hearing: the ordinance says nothing of a remand, and the Court's decision is what "
        "returns the matter to the Hearing Officer.",
        "CHANGELOG, issue 26 (every path of the procedures)",
        ("dogtag.law.dangerous_dog_procedure.running:running",),
    ),
    Reading(
        "readings.costs_not_justified",
        ("3-2-9.A.1.f", "3-2-9.A.5", "3-2-9.A.7"),
        "A finding by a court or the Hearing Officer that the seizure or impoundment was not "
        "substantially justified by law relieves the owner of the costs of care, keeping and "
        "disposal and of the costs of the hearing, recorded before the finding or after it: "
        "A.5's exception follows its whole list, and A.1.f has the Notice say so in one "
        "sentence. The costs of a review the owner requested under A.7 (which makes the "
        "requester responsible without exception) and of a sterilization at the owner's "
        "expense (B.3.g) remain; what was paid toward a waived cost is owed back.",
        "CHANGELOG, issue 26 (every path of the procedures)",
        (
            "dogtag.law.dangerous_dog_steps:cost_waived",
            "dogtag.law.dangerous_dog_steps:costs_owed",
        ),
    ),
    Reading(
        "readings.inspection_seizure_ground",
        ("3-2-9.E.6",),
        "A refused inspection is a ground to seize the dog from the day of the refusal until the "
        "owner permits an inspection: 'immediately' says the seizure needs no notice or hearing "
        "first, not that it must be made the same day; once an inspection is permitted, that "
        "refusal no longer grounds a seizure, though it still counts as a violation (E.7) and "
        "as a ground to revoke (B.6).",
        "CHANGELOG, issue 26 (every path of the procedures)",
        (
            "dogtag.law.dangerous_dogs.keeping:inspection_seizure",
            "dogtag.law.dangerous_dog_procedure.events:refused_inspection",
        ),
    ),
)


def register() -> tuple[Reading, ...]:
    return REGISTER


def reading(id: str) -> Reading:
    for found in REGISTER:
        if found.id == id:
            return found
    raise KeyError(f"{id} is not in the readings register (dogtag.law.readings)")
