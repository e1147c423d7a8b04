"""The Notice of Dangerous Dog: how it is served, the incidents it states and the contents it must
include. Each provision is named by a concept (``dangerous_dog.notice.seized_contact``) and cited
as the jurisdiction package says (``law.provisions``); the quotations are Nowthen's words.

The notice: "Upon a designation that a dog is Dangerous, the Animal Control Authority shall provide
a written Notice of Dangerous Dog to the Owner of record or, if none, to any Owner of such dog by
personally serving the Owner or a person of suitable age and discretion at the residence of such
Owner or by mailing said written notice to the Owner of such dog. Service upon any Owner shall be
effective as to all Owners. The notice shall state the dates, times, places and facts of the
incidents which form the basis for the determination, and include the following: (1) ... (4)".

Each content is checked as the Notice states it (``NoticeContents``), by the same rules for the
question ``dangerous-dog-notice`` and for the service that issues the Notice: what is not given is
missing, with its provision; nothing is assumed. The day counts of the hearing request and of the
compliance after a decision are the parameters in force on the date of the Notice.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from dogtag.law.computation_of_time import day_label
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.law.provisions import cite, cite_each
from dogtag.law.registry import rule
from dogtag.law.wording import phrase

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "Notice." The provisions on the Notice of Dangerous Dog, every content it must include
CONTENTS = "dangerous_dog.notice.contents"
#: "the Animal Control Authority shall provide a written Notice of Dangerous Dog to the Owner ...
#: The notice shall state the dates, times, places and facts of the incidents ... and include the
#: following:"
NOTICE = "dangerous_dog.notice"
#: "(1) Description of the dog deemed to be Dangerous"
DOG_DESCRIPTION = "dangerous_dog.notice.dog_description"
#: "(2) The factual basis for that determination"
FACTUAL_BASIS = "dangerous_dog.notice.factual_basis"
#: "(3) The identity of the official who made the determination and the authority by which such
#: determination was made"
OFFICIAL = "dangerous_dog.notice.official"
#: "(4) If the dog was seized, the address and telephone number of the contact person where the
#: dog is kept"
SEIZED_CONTACT = "dangerous_dog.notice.seized_contact"
#: "The Notice shall also set forth the registration requirements and other restrictions"
RESTRICTIONS = "dangerous_dog.notice.restrictions"
#: "The Notice shall also advise the Owner(s) that they have fourteen (14) days to appeal the
#: determination by requesting a Hearing ... and shall include a pre-printed form"
HEARING_REQUEST = "dangerous_dog.notice.hearing_request"
#: "The Notice shall state that if the owner does request a hearing, the owner must immediately
#: comply with Minn. Stat. 347.52 ... the owner will have fourteen (14) days from receipt of the
#: decision to comply"
INTERIM_COMPLIANCE = "dangerous_dog.notice.interim_compliance"
#: "The Notice shall state that if the Owner does not request a Hearing within the allotted
#: fourteen (14) days, the designation of Dangerous Dog ... will stand"
DESIGNATION_STANDS = "dangerous_dog.notice.designation_stands"
#: "The Notice shall also state that all actual costs of care, keeping and disposition of the dog
#: ... are the responsibility of the person claiming an interest in the dog"
COSTS = "dangerous_dog.notice.costs"
#: "the registration requirements and other restrictions imposed upon a Dangerous Dog under this
#: Section": the dangerous-dog section as a whole
RESTRICTIONS_IMPOSED = "dangerous_dog.restrictions"

#: The ways the notice may be served, in the ordinance's words.
SERVICE_METHODS: dict[str, str] = {
    "personal": "personally served on the owner",
    "residence": "served on a person of suitable age and discretion at the owner's residence",
    "mail": "mailed to the owner",
}


@rule(
    "dangerous_dog.notice_service",
    provisions=(NOTICE,),
    title="How the Notice of Dangerous Dog is served",
    summary=(
        "Personally on the owner, on a person of suitable age and discretion at the owner's "
        "residence, or by mail to the owner; the record names the person handed the notice and "
        "the residence or the mailing address. Service upon any owner is effective as to all "
        "owners."
    ),
    question="dangerous-dog-notice",
)
def notice_service(method: str, *, served_person: str = "", served_address: str = "") -> Finding:
    """The notice: served "by personally serving the Owner or a person of suitable age and
    discretion at the residence of such Owner or by mailing said written notice to the Owner".
    The record shows it: the person handed the notice (in person, at the residence) and the
    residence or the mailing address (at the residence, by mail)."""
    section = cite(NOTICE)
    facts: dict[str, JSONValue] = {
        "method": method,
        "served_person": served_person.strip(),
        "served_address": served_address.strip(),
    }
    problems = []
    if method not in SERVICE_METHODS:
        problems.append(
            f"{method!r} is not a way of serving the notice ({section}): "
            + ", ".join(SERVICE_METHODS.values())
            + "."
        )
    if method in ("personal", "residence") and not served_person.strip():
        problems.append(f"Name the person the notice was handed to ({section}).")
    if method in ("residence", "mail") and not served_address.strip():
        problems.append(f"Give the address of the residence or the mailing address ({section}).")
    if problems:
        return Finding(
            rule="dangerous_dog.notice_service",
            outcome="not_served",
            sections=(section,),
            blocks=True,
            message=" ".join(problems),
            facts=facts,
        )
    return Finding(
        rule="dangerous_dog.notice_service",
        outcome="served",
        sections=(section,),
        message=(
            f"Notice {SERVICE_METHODS[method]} ({section}); service upon any owner is effective "
            "as to all owners."
        ),
        facts=facts,
    )


# ------------------------------------------------------------------------------ the incidents


@dataclass(frozen=True)
class StatedIncident:
    """One incident as the Notice states it: its date, time, place and facts. A date
    or time the notice does not state is ``None``; a place or facts not stated is empty."""

    date: dt.date | None
    time: dt.time | None
    place: str
    facts: str

    def lacks(self) -> list[str]:
        """What of its date, time, place and facts the notice does not state, in that order."""
        given = {
            "date": self.date is not None,
            "time": self.time is not None,
            "place": bool(self.place.strip()),
            "facts": bool(self.facts.strip()),
        }
        return [what for what, stated in given.items() if not stated]


def _listed(items: Sequence[str]) -> str:
    """ "date", "date and time", "date, time, place and facts"."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def clock_time(at: dt.time) -> str:
    """ "5:45 PM": a time as the Notice prints it and a clerk reads it."""
    return at.strftime("%I:%M %p").lstrip("0")


@rule(
    "dangerous_dog.notice_incidents",
    provisions=(NOTICE,),
    title="The notice states the incidents",
    summary=(
        "The Notice of Dangerous Dog states the date, time, place and facts of each incident on "
        "which the determination rests: at least one, none without its date, its time, its place "
        "or its facts. A date or time not given is said to be missing, never assumed. The "
        "designation may record an incident whose time is not known yet; the Notice waits for it."
    ),
    question="dangerous-dog-notice",
)
def notice_incidents(
    incidents: Sequence[StatedIncident], *, time_may_follow: bool = False
) -> Finding:
    """The notice: "The notice shall state the dates, times, places and facts of the incidents
    which form the basis for the determination". ``incidents`` are as the notice states them, in
    order; each that lacks its date, time, place or facts is named, with what it lacks.

    ``time_may_follow``: the incidents as the designation records them, before there is a
    Notice. A time not known yet ("sometime on 3 May") does not keep the incident from the
    record: the finding says the Notice waits for it, and does not block. The Notice itself is
    read without it, so it does not issue until each time is given."""
    section = cite(NOTICE)
    facts: dict[str, JSONValue] = {"incidents": len(incidents)}
    if not incidents:
        return Finding(
            rule="dangerous_dog.notice_incidents",
            outcome="none",
            sections=(section,),
            blocks=True,
            message=(
                f"Record at least one incident with its date, time, place and facts ({section})."
            ),
            facts=facts,
        )
    missing: list[JSONValue] = []
    for n, incident in enumerate(incidents, 1):
        lacks = [what for what in incident.lacks() if not (time_may_follow and what == "time")]
        if lacks:
            missing.append({"incident": n, "lacks": lacks})
    if missing:
        return Finding(
            rule="dangerous_dog.notice_incidents",
            outcome="not_stated",
            sections=(section,),
            blocks=True,
            message=" ".join(
                f"Incident {m['incident']}: give its {_listed(m['lacks'])} ({section})."
                for m in missing
            ),
            facts={**facts, "missing": missing},
        )
    untimed = [n for n, incident in enumerate(incidents, 1) if incident.time is None]
    if untimed:  # only when the time may follow: else it is missing, above
        named = _listed([str(n) for n in untimed])
        message = (
            f"Incident {named}: its time is not known yet. The Notice of Dangerous Dog does not "
            f"issue until it is given ({section})."
            if len(untimed) == 1
            else f"Incidents {named}: their times are not known yet. The Notice of Dangerous Dog "
            f"does not issue until they are given ({section})."
        )
        return Finding(
            rule="dangerous_dog.notice_incidents",
            outcome="time_to_follow",
            sections=(section,),
            message=message,
            facts={**facts, "time_to_follow": untimed},
        )
    said = [
        f"{day_label(i.date)} at {clock_time(i.time)}, {i.place.strip()}"
        for i in incidents
        if i.date is not None and i.time is not None
    ]
    return Finding(
        rule="dangerous_dog.notice_incidents",
        outcome="stated",
        sections=(section,),
        message=(
            f"The notice states the date, time, place and facts of each incident ({section}): "
            + "; ".join(said)
            + "."
        ),
        facts=facts,
    )


# ------------------------------------------------------------------------------- the contents

REQUEST_DAYS = "dangerous_dog.hearing_request_days"
COMPLY_DAYS = "dangerous_dog.comply_after_decision_days"


@dataclass(frozen=True)
class NoticeContents:
    """What a Notice of Dangerous Dog states besides its incidents, as it states them: a text left
    empty, a flag left ``False``, a count or ``seized`` left ``None`` is not stated. Nothing here
    is assumed to be stated."""

    #: (1) the description of the dog deemed Dangerous
    dog_description: str = ""
    #: (2) the factual basis for the determination
    factual_basis: str = ""
    #: (3) the identity of the official who made the determination ...
    official: str = ""
    #: ... and the authority by which it was made
    authority: str = ""
    #: (4) whether the dog was seized (``None``: not said) ...
    seized: bool | None = None
    #: ... and, if it was, the address and telephone number of the contact person where it is kept
    contact_address: str = ""
    contact_phone: str = ""
    #: b. the registration requirements ...
    registration_requirements: bool = False
    #: ... and other restrictions imposed by the section or Minnesota Statutes chapter 347
    other_restrictions: bool = False
    #: c. the days the notice gives to appeal by requesting a hearing before the Hearing Officer
    hearing_request_days: int | None = None
    #: c. the pre-printed form the owner can use to request a hearing is included
    request_form: bool = False
    #: c. the request is made directly to the Animal Control Authority, in writing
    request_in_writing: bool = False
    #: d. an owner who requests a hearing complies at once with 347.52 (a)-(c) until the opinion
    interim_compliance: bool = False
    #: d. the days from receipt of a confirming decision to comply with all other requirements
    comply_after_decision_days: int | None = None
    #: e. without a hearing requested in time, the designation stands
    designation_stands: bool = False
    #: f. who bears the actual costs of care, keeping, disposition, review and hearing
    costs: bool = False


#: The contents of the notice in the order of the text: (content, the provision it is cited
#: under when the notice lacks it; (1) to (4) are the notice's own).
NOTICE_CONTENTS: tuple[tuple[str, str], ...] = (
    (DOG_DESCRIPTION, NOTICE),
    (FACTUAL_BASIS, NOTICE),
    (OFFICIAL, NOTICE),
    (SEIZED_CONTACT, NOTICE),
    (RESTRICTIONS, RESTRICTIONS),
    (HEARING_REQUEST, HEARING_REQUEST),
    (INTERIM_COMPLIANCE, INTERIM_COMPLIANCE),
    (DESIGNATION_STANDS, DESIGNATION_STANDS),
    (COSTS, COSTS),
)
CONTENTS_RULE = "dangerous_dog.notice_contents"
ANCHORS = tuple(dict.fromkeys(anchor for _, anchor in NOTICE_CONTENTS))


def _checked(
    contents: NoticeContents, request: ParameterValue, comply: ParameterValue
) -> dict[str, tuple[str | None, str]]:
    """Each content -> (what is missing, or ``None``; what the notice states)."""
    c = contents
    request_days = phrase(request, "ordinance")
    comply_days = phrase(comply, "ordinance")
    out: dict[str, tuple[str | None, str]] = {}

    out[DOG_DESCRIPTION] = (
        None if c.dog_description.strip() else "describe the dog deemed Dangerous",
        "(1) the description of the dog",
    )
    out[FACTUAL_BASIS] = (
        None if c.factual_basis.strip() else "state the factual basis for the determination",
        "(2) the factual basis for the determination",
    )
    official, authority = c.official.strip(), c.authority.strip()
    lacking_3 = {
        (False, False): "name the official who made the determination and state the authority "
        "by which it was made",
        (False, True): "name the official who made the determination",
        (True, False): "state the authority by which the determination was made",
    }.get((bool(official), bool(authority)))
    out[OFFICIAL] = (
        lacking_3,
        f"(3) the official who made it, {official}, and the authority, {authority}",
    )
    address, phone = c.contact_address.strip(), c.contact_phone.strip()
    if c.seized is None:
        lacking_4: str | None = (
            "say whether the dog was seized; if it was, give the address and telephone number of "
            "the contact person where it is kept"
        )
    elif c.seized and not (address and phone):
        gaps = [
            what for what, given in (("address", address), ("telephone number", phone)) if not given
        ]
        lacking_4 = (
            f"the dog was seized: give the {_listed(gaps)} of the contact person where it is kept"
        )
    else:
        lacking_4 = None
    out[SEIZED_CONTACT] = (
        lacking_4,
        f"(4) the address, {address}, and telephone number, {phone}, of the contact person "
        "where the seized dog is kept"
        if c.seized
        else "(4) the dog was not seized, so there is no keeping contact to give",
    )
    gaps = [
        what
        for what, given in (
            ("registration requirements", c.registration_requirements),
            ("other restrictions", c.other_restrictions),
        )
        if not given
    ]
    out[RESTRICTIONS] = (
        f"set forth the {_listed(gaps)} imposed on a Dangerous Dog by {cite(RESTRICTIONS_IMPOSED)} "
        "or Minnesota Statutes chapter 347"
        if gaps
        else None,
        "b. the registration requirements and the other restrictions",
    )
    appeal = "to appeal the determination by requesting a hearing before the Hearing Officer"
    lacking_c = []
    if c.hearing_request_days is None:
        lacking_c.append(f"advise the owner of the {request_days} {appeal}")
    elif c.hearing_request_days != request.integer:
        lacking_c.append(
            f"the notice gives {c.hearing_request_days} days to request a hearing; the owner has "
            f"{request_days} {appeal}"
        )
    if not c.request_form:
        lacking_c.append("include the pre-printed form the owner can use to request a hearing")
    if not c.request_in_writing:
        lacking_c.append(
            "say that the request for a hearing is made directly to the Animal Control "
            "Authority, in writing"
        )
    out[HEARING_REQUEST] = (
        "; ".join(lacking_c) or None,
        f"c. the {request_days} to appeal by requesting a hearing before the Hearing Officer, "
        "the pre-printed request form, and that the request is made in writing directly to the "
        "Animal Control Authority",
    )
    lacking_d = []
    if not c.interim_compliance:
        lacking_d.append(
            "state that an owner who requests a hearing must immediately comply with Minn. Stat. "
            "347.52 (a) to (c) until the Hearing Officer issues an opinion"
        )
    after = f"{comply_days} from receipt of the decision to comply with all other requirements"
    if c.comply_after_decision_days is None:
        lacking_d.append(
            f"state that if the Hearing Officer confirms the declaration, the owner has {after}"
        )
    elif c.comply_after_decision_days != comply.integer:
        lacking_d.append(
            f"the notice gives {c.comply_after_decision_days} days after a confirming decision; "
            f"the owner has {after}"
        )
    out[INTERIM_COMPLIANCE] = (
        "; ".join(lacking_d) or None,
        "d. the duty to comply at once with Minn. Stat. 347.52 (a) to (c) pending the hearing, "
        f"and the {comply_days} from receipt of a confirming decision to comply with all other "
        "requirements",
    )
    out[DESIGNATION_STANDS] = (
        None
        if c.designation_stands
        else f"state that if no hearing is requested within the {request_days}, the designation "
        "stands and the owner is subject to all the restrictions and requirements the Notice "
        "sets forth",
        "e. that the designation stands if no hearing is requested in time",
    )
    out[COSTS] = (
        None
        if c.costs
        else "state that all actual costs of care, keeping and disposition of the dog, and of any "
        "requested review or hearing, are the responsibility of the person claiming an interest "
        "in the dog, except as far as the seizure or impoundment is found not substantially "
        "justified by law",
        "f. who bears the actual costs",
    )
    return out


@rule(
    CONTENTS_RULE,
    provisions=ANCHORS,
    title="The notice includes every content of {§dangerous_dog.notice.contents}",
    summary=(
        "The Notice of Dangerous Dog includes (1) the description of the dog, (2) the factual "
        "basis, (3) the official who made the determination and the authority for it, (4) if the "
        "dog was seized, the address and telephone number of the contact where it is kept; b. "
        "the registration requirements and other restrictions; c. the "
        "{dangerous_dog.hearing_request_days:ordinance} to appeal by requesting a hearing, the "
        "pre-printed request form, the request in writing directly to the Animal Control "
        "Authority; d. the duty to comply with Minn. Stat. 347.52 (a) to (c) pending the hearing "
        "and the {dangerous_dog.comply_after_decision_days:ordinance} from receipt of a "
        "confirming decision; e. that the designation stands without a hearing; f. the costs. It "
        "does not issue without each, named by its subsection."
    ),
    question="dangerous-dog-notice",
)
def notice_contents(contents: NoticeContents, params: ParameterSet, on: dt.date | None) -> Finding:
    """What the Notice "shall include", "set forth", "advise" and "state". ``on`` is the date of
    the Notice, whose parameters give the days to request a hearing and to comply after a
    confirming decision; without it the days cannot be checked, and the finding says so (it
    blocks)."""
    if on is None:
        return Finding(
            rule=CONTENTS_RULE,
            outcome="undated",
            sections=cite_each(HEARING_REQUEST, INTERIM_COMPLIANCE),
            blocks=True,
            message=(
                "Give the date of the Notice: the days it must give to request a hearing "
                f"({cite(HEARING_REQUEST)}) and to comply after a confirming decision "
                f"({cite(INTERIM_COMPLIANCE)}) are those in force on that date."
            ),
            facts={"issued_on": None},
        )
    request, comply = params.get(REQUEST_DAYS, on), params.get(COMPLY_DAYS, on)
    checked = _checked(contents, request, comply)
    label = {content: cite(content) for content, _ in NOTICE_CONTENTS}
    anchors = {content: cite(anchor) for content, anchor in NOTICE_CONTENTS}
    lacking = [content for content, _ in NOTICE_CONTENTS if checked[content][0] is not None]
    missing = [label[content] for content in lacking]
    every = cite(CONTENTS)
    facts: dict[str, JSONValue] = {
        "issued_on": on,
        "seized": contents.seized,
        "hearing_request_days": contents.hearing_request_days,
        "comply_after_decision_days": contents.comply_after_decision_days,
        "missing": list(missing),
    }
    if missing:
        return Finding(
            rule=CONTENTS_RULE,
            outcome="incomplete",
            sections=tuple(dict.fromkeys(anchors[content] for content in lacking)),
            blocks=True,
            message=(
                f"The Notice of Dangerous Dog cannot issue without every content of {every}. "
                + " ".join(f"{label[content]}: {checked[content][0]}." for content in lacking)
            ),
            facts=facts,
            parameters=(request, comply),
        )
    return Finding(
        rule=CONTENTS_RULE,
        outcome="complete",
        sections=cite_each(*ANCHORS),
        message=(
            f"The Notice states every content of {every}: "
            + "; ".join(checked[content][1] for content, _ in NOTICE_CONTENTS)
            + "."
        ),
        facts=facts,
        parameters=(request, comply),
    )


def notice_states(
    incidents: Sequence[StatedIncident],
    contents: NoticeContents,
    params: ParameterSet,
    on: dt.date | None,
) -> list[Finding]:
    """What the Notice states, by the rules on the notice: its incidents, then its contents. The
    question ``dangerous-dog-notice`` and the service that issues the Notice both ask this."""
    return [notice_incidents(incidents), notice_contents(contents, params, on)]


# ------------------------------------------------------------------------------- the question


def _nulls_or_one_each(name: str, given: tuple[object, ...], places: int) -> list[str]:
    if given and len(given) != places:
        return [f"{name}: give one for each of incident_places (null where the notice states none)"]
    return []


@facts
class NoticeFacts:
    """The facts of the question ``dangerous-dog-notice``: how the Notice was served,
    and what it states. A content left out is not stated; none is assumed."""

    method: str = fact(
        "How the notice was served",
        unit="choice",
        example="residence",
        choices=tuple(SERVICE_METHODS),
    )
    served_person: str = fact(
        "The person the notice was handed to (in person, or at the residence)",
        default="",
        example="Sam Gustafson, 17",
    )
    served_address: str = fact(
        "The residence where it was left, or the mailing address",
        default="",
        example="7120 Viking Blvd NW, Nowthen, MN 55303",
    )
    issued_on: dt.date | None = fact(
        "The date of the Notice (the days it must give are those in force that day)",
        default=None,
        example="2026-10-26",
    )
    incident_dates: tuple[dt.date | None, ...] = fact(
        "The date the notice states for each incident, in the order of incident_places (null "
        "where it states none; left out, it states none)",
        default=(),
        example=["2026-10-20"],
    )
    incident_times: tuple[dt.time | None, ...] = fact(
        "The time the notice states for each incident, in the same order (null where it states "
        "none; left out, it states none)",
        default=(),
        example=["17:45"],
    )
    incident_places: tuple[str, ...] = fact(
        "The place of each incident the notice states, in order", example=["Viking Blvd NW"]
    )
    incident_facts: tuple[str, ...] = fact(
        "The facts of each incident, in the same order",
        example=["The dog bit a jogger on the calf."],
    )
    dog_description: str = fact(
        "(1) The description of the dog the notice gives",
        default="",
        example="Rex, German shepherd",
    )
    factual_basis: str = fact("(2) The factual basis for the determination it states", default="")
    official: str = fact("(3) The official it names as having made the determination", default="")
    authority: str = fact(
        "(3) The authority by which it says the determination was made", default=""
    )
    seized: bool | None = fact(
        "(4) Whether the dog was seized (left out: not said, and the notice cannot be checked)",
        default=None,
    )
    contact_address: str = fact(
        "(4) The address of the contact person where the seized dog is kept", default=""
    )
    contact_phone: str = fact("(4) The telephone number of that contact person", default="")
    registration_requirements: bool = fact(
        "b. The notice sets forth the registration requirements", default=False
    )
    other_restrictions: bool = fact(
        "b. The notice sets forth the other restrictions on a Dangerous Dog", default=False
    )
    hearing_request_days: int | None = fact(
        "c. The days the notice gives to appeal by requesting a hearing", default=None, minimum=0
    )
    request_form: bool = fact(
        "c. The notice includes the pre-printed hearing request form", default=False
    )
    request_in_writing: bool = fact(
        "c. The notice says the request is made directly to the Animal Control Authority, in "
        "writing",
        default=False,
    )
    interim_compliance: bool = fact(
        "d. The notice states the duty to comply at once with Minn. Stat. 347.52 (a) to (c) if a "
        "hearing is requested",
        default=False,
    )
    comply_after_decision_days: int | None = fact(
        "d. The days the notice gives, from receipt of a confirming decision, to comply",
        default=None,
        minimum=0,
    )
    designation_stands: bool = fact(
        "e. The notice states that without a hearing requested in time the designation stands",
        default=False,
    )
    costs: bool = fact("f. The notice states who bears the actual costs", default=False)

    def problems(self) -> list[str]:
        places = len(self.incident_places)
        if len(self.incident_facts) != places:
            return ["incident_facts: give one for each of incident_places"]
        return _nulls_or_one_each("incident_dates", self.incident_dates, places) + (
            _nulls_or_one_each("incident_times", self.incident_times, places)
        )

    def incidents(self) -> list[StatedIncident]:
        places = len(self.incident_places)
        dates = self.incident_dates or (None,) * places
        times = self.incident_times or (None,) * places
        return [
            StatedIncident(date=d, time=t, place=p, facts=f)
            for d, t, p, f in zip(
                dates, times, self.incident_places, self.incident_facts, strict=True
            )
        ]

    def contents(self) -> NoticeContents:
        return NoticeContents(
            dog_description=self.dog_description,
            factual_basis=self.factual_basis,
            official=self.official,
            authority=self.authority,
            seized=self.seized,
            contact_address=self.contact_address,
            contact_phone=self.contact_phone,
            registration_requirements=self.registration_requirements,
            other_restrictions=self.other_restrictions,
            hearing_request_days=self.hearing_request_days,
            request_form=self.request_form,
            request_in_writing=self.request_in_writing,
            interim_compliance=self.interim_compliance,
            comply_after_decision_days=self.comply_after_decision_days,
            designation_stands=self.designation_stands,
            costs=self.costs,
        )
