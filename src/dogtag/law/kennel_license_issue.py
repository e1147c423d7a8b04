"""The inspection before a kennel license issues (issue 27), a variant of the kennel inspection:
a city whose law inspects the location before any kennel license issues, where Nowthen's inspects
a private kennel upon a complaint against the licensee (``private_kennel.inspection``) and a
commercial kennel periodically (``commercial_kennel.inspection``), both after the license issued.

``kennel.inspection_before_issue``, in Lino Lakes' words: "A kennel license may be issued after an
inspection reveals that adequate safeguards are present to protect the surrounding neighborhood
from nuisances and to ensure compliance with this chapter as well as Chapter 1007. A license may
not be issued if the location does not comply with the applicable health and maintenance
standards set forth below." ``kennel.health_standards``: those standards, the section that sets
them out.

Reading ``readings.kennel_inspection_before_issue``: every kennel license, private or commercial,
and each yearly renewal issues only after an inspection made for its application (on or after the
day the application was made, and on or before the day of issue). What the safeguards need and
which health and maintenance standards apply to the location are the judgment of the city
personnel who inspect: Dogtag records what they found (adequate safeguards found or not; the
location in compliance or not) and does not weigh it. "May be issued" permits, it does not
compel: the license's other requirements (its fee, the parcel, the dogs) are their own rules'.

A city whose package maps ``kennel.inspection_before_issue`` answers the question
``kennel-inspection`` with it; a city whose law inspects after issue, with
``kennel_conditions.inspection``.
"""

from __future__ import annotations

import datetime as dt

from dogtag.law.computation_of_time import long_date
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite, together
from dogtag.law.registry import rule

INSPECTION_BEFORE_ISSUE = "kennel.inspection_before_issue"
HEALTH_STANDARDS = "kennel.health_standards"
READING = "readings.kennel_inspection_before_issue"
KINDS = ("private", "commercial")

#: what the inspection must find, in the ordinance's words (each a ground when it is not found)
SAFEGUARDS = (
    "adequate safeguards to protect the surrounding neighborhood from nuisances and to ensure "
    "compliance with the city code"
)
HEALTH = "the applicable health and maintenance standards"


@rule(
    "kennel.inspection_before_issue",
    provisions=(INSPECTION_BEFORE_ISSUE, HEALTH_STANDARDS),
    title="A kennel license issues only after an inspection",
    summary=(
        "A private or commercial kennel license, new or renewed, may issue only after an "
        "inspection made for its application finds adequate safeguards to protect the "
        "surrounding neighborhood from nuisances and to ensure compliance with the city code; "
        "never if the location does not comply with the applicable health and maintenance "
        "standards ({§kennel.health_standards})."
    ),
    question="kennel-inspection",
)
def inspection_before_issue(
    kind: str | None,
    on: dt.date,
    params: ParameterSet,
    *,
    inspected_on: dt.date | None,
    safeguards_adequate: bool | None = None,
    health_standards_met: bool | None = None,
    applied_on: dt.date | None = None,
) -> Finding:
    """``kennel.inspection_before_issue``: may a kennel license of ``kind`` (private, commercial,
    or None if not said) issue on ``on``, given the inspection made on ``inspected_on`` (None:
    none is recorded) and what it found, for the application made on ``applied_on`` (if known)?
    See the module's reading. Facts that cannot be (an inspection or application after ``on``,
    findings without an inspection or an inspection without both findings) are an error."""
    if kind is not None and kind not in KINDS:
        raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    if inspected_on is not None and inspected_on > on:
        raise ValueError(f"the inspection is dated after the day asked about, {on.isoformat()}")
    if applied_on is not None and applied_on > on:
        raise ValueError(f"the application is dated after the day asked about, {on.isoformat()}")
    found = (safeguards_adequate, health_standards_met)
    if inspected_on is None and any(f is not None for f in found):
        raise ValueError("no inspection is recorded: there are no findings of one to give")
    if inspected_on is not None and any(f is None for f in found):
        raise ValueError(
            "an inspection's findings: give whether it found adequate safeguards and whether the "
            "location complies with the health and maintenance standards"
        )
    license_ = f"the {kind} kennel license" if kind else "the kennel license"
    section = cite(INSPECTION_BEFORE_ISSUE, params)
    facts = {
        "kind": kind,
        "on": on,
        "inspected_on": inspected_on,
        "safeguards_adequate": safeguards_adequate,
        "health_standards_met": health_standards_met,
        "applied_on": applied_on,
    }

    def refused(grounds: list[str], sections: tuple[str, ...], why: str) -> Finding:
        return Finding(
            rule="kennel.inspection_before_issue",
            outcome="may_not_issue",
            sections=sections,
            blocks=True,
            message=f"May not issue {license_}: {why} ({together(sections)}).",
            facts=facts,
            details={"grounds": grounds},
        )

    if inspected_on is None:
        return refused(
            ["no_inspection"],
            (section,),
            "a kennel license issues only after an inspection of the location, and none is "
            "recorded",
        )
    if applied_on is not None and inspected_on < applied_on:
        return refused(
            ["inspection_before_application"],
            (section,),
            f"the inspection on {long_date(inspected_on)} was made before the application of "
            f"{long_date(applied_on)}; a kennel license issues only after an inspection made "
            "for its application",
        )
    inspection = f"the inspection on {long_date(inspected_on)}"
    standards = cite(HEALTH_STANDARDS, params)
    if safeguards_adequate and health_standards_met:
        return Finding(
            rule="kennel.inspection_before_issue",
            outcome="may_issue",
            sections=(section, standards),
            message=(
                f"May issue {license_}: {inspection} found {SAFEGUARDS}, and the location in "
                f"compliance with {HEALTH} ({together((section, standards))})."
            ),
            facts=facts,
            details={"grounds": []},
        )
    grounds, why = [], []
    if not safeguards_adequate:
        grounds.append("safeguards")
        why.append(f"did not find {SAFEGUARDS}")
    if not health_standards_met:
        grounds.append("health_standards")
        why.append(f"found the location not in compliance with {HEALTH}")
    sections = (section, standards) if not health_standards_met else (section,)
    return refused(grounds, sections, f"{inspection} {', and '.join(why)}")
