"""The questions ``commercial-kennel-application`` and ``private-kennel-license``
(``private_kennel.license``, ``commercial_kennel.license``):
the dated events of an application or a license as the desk knows them, and the day asked about
(``questions/kennels.py`` asks ``commercial_application`` and ``private_kennel`` with them)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from dogtag.law.facts import fact, facts
from dogtag.law.findings import JSONValue
from dogtag.law.kennel_procedure.private import PRIVATE_KINDS
from dogtag.law.kennel_procedure.steps import EVENT_KINDS, RECOMMENDATIONS
from dogtag.law.procedure import Event


@facts
class CommercialApplicationFacts:
    """The events of a commercial kennel application as dated facts, and the day asked about:
    "applied on D1, hearing set for D2, notice not mailed, today D3: where does it stand?". The
    fixed dates say the straight path; ``events`` adds any event, repeated as often as it
    happened (a hearing noticed again, owners found missing, complaints, renewals)."""

    on: dt.date = fact("The day asked about", unit="date", example="2026-11-02")
    applied_on: dt.date = fact(
        "The day the application and its fees were received", unit="date", example="2026-10-01"
    )
    hearing_on: dt.date | None = fact(
        "The day of the Planning & Zoning hearing ({§commercial_kennel.hearing}); left out, not "
        "yet scheduled",
        default=None,
        unit="date",
        example="2026-11-20",
    )
    notice_list_drawn_on: dt.date | None = fact(
        "The day the notice list was drawn, if it was",
        default=None,
        unit="date",
        example="2026-10-20",
    )
    notice_mailed_on: dt.date | None = fact(
        "The day the notice was mailed, before the hearing ({§commercial_kennel.hearing_notice}); "
        "left out, not yet",
        default=None,
        unit="date",
    )
    hearing_held_on: dt.date | None = fact(
        "The day the Planning & Zoning hearing was held ({§commercial_kennel.hearing}); left out, "
        "not yet. Given a recommendation without it, the hearing is taken as held on the day scheduled",
        default=None,
        unit="date",
    )
    recommended_on: dt.date | None = fact(
        "The day the commission recommended ({§commercial_kennel.recommendation}); left out, "
        "not yet",
        default=None,
        unit="date",
    )
    recommendation: str = fact(
        "What the commission recommended (with recommended_on)",
        default="approve",
        choices=RECOMMENDATIONS,
    )
    council_decided_on: dt.date | None = fact(
        "The day the City Council decided ({§commercial_kennel.council_license}); left out, not "
        "yet",
        default=None,
        unit="date",
    )
    council_approved: bool | None = fact(
        "Whether the council approved (with council_decided_on)", default=None, unit="yes/no"
    )
    licensed_on: dt.date | None = fact(
        "The day the license issued, if it did", default=None, unit="date"
    )
    withdrawn_on: dt.date | None = fact(
        "The day the application was withdrawn", default=None, unit="date"
    )
    events: tuple[Event, ...] = fact(
        "Further events, each {kind, on, facts}: hearing_scheduled {hearing_on}, notice_list "
        "{recipients}, notice_mailed, owner_omitted {owner}, owner_notified_late {owner}, "
        "hearing_held, recommendation {recommendation, conditions}, council_decision {approved, "
        "conditions}, license, withdrawn, nuisance_complaint, renewal, council_renewal {approved, "
        "conditions}",
        default=(),
        choices=EVENT_KINDS,
    )

    def events_log(self) -> list[Event]:
        """The fixed dates as events, then the further events: one log."""
        if (self.council_decided_on is None) != (self.council_approved is None):
            raise ValueError("council_decided_on and council_approved go together")
        if self.notice_list_drawn_on is not None and self.hearing_on is None:
            raise ValueError("a notice list is drawn for a scheduled hearing: give hearing_on")
        out = [Event("application", self.applied_on)]
        if self.hearing_on is not None:
            out.append(Event("hearing_scheduled", self.applied_on, {"hearing_on": self.hearing_on}))
        held = self.hearing_held_on
        if held is None and self.recommended_on is not None:
            held = self.hearing_on
        steps: Mapping[str, tuple[dt.date | None, dict[str, JSONValue]]] = {
            "notice_list": (self.notice_list_drawn_on, {}),
            "notice_mailed": (self.notice_mailed_on, {}),
            "hearing_held": (held, {}),
            "recommendation": (self.recommended_on, {"recommendation": self.recommendation}),
            "council_decision": (self.council_decided_on, {"approved": self.council_approved}),
            "license": (self.licensed_on, {}),
            "withdrawn": (self.withdrawn_on, {}),
        }
        for kind, (day, facts_) in steps.items():
            if day is not None:
                out.append(Event(kind, day, facts_))
        return [*out, *self.events]


@facts
class PrivateKennelFacts:
    """The events of a private kennel license (``private_kennel.license``) and the day asked
    about: "licensed on D1 for 8 dogs, a complaint on D2: may the kennel be inspected on D3?"."""

    on: dt.date = fact("The day asked about", unit="date", example="2026-11-29")
    events: tuple[Event, ...] = fact(
        "The license's events, each {kind, on, facts}: private_license {dogs}, private_renewal, "
        "private_complaint, private_inspection {dogs_counted}",
        choices=PRIVATE_KINDS,
    )
