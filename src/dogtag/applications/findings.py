"""What the rules core found of an application, in plain language for the resident.

Each sentence is written here, in the resident's language, from the finding's outcome and
details (the values the core computed, never typed here); beside it the sections the finding
cites, the dated sources of the values it used (the council's fee resolution that sets a fee),
and the core's own wording, in English, for the record.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from dogtag.licensing.models import city_in_force


@dataclass(frozen=True)
class Source:
    citation: str
    effective: dt.date | None
    value: str


@dataclass(frozen=True)
class Line:
    rule: str
    text: str
    blocks: bool
    sections: tuple[str, ...]
    sources: tuple[Source, ...]
    original: str


@dataclass(frozen=True)
class Shown:
    lines: list[Line] = field(default_factory=list)
    total: Decimal | None = None

    @property
    def may_issue(self) -> bool:
        return bool(self.lines) and not any(line.blocks for line in self.lines)

    @property
    def blocking(self) -> list[Line]:
        return [line for line in self.lines if line.blocks]

    @classmethod
    def of(cls, findings: list[dict[str, Any]]) -> Shown:
        total = next(
            (
                Decimal(str(f["details"]["total"]))
                for f in findings
                if f["rule"] == "license.amount_due"
            ),
            None,
        )
        return cls([_line(f) for f in findings], total)


def money(value: Any) -> str:
    return f"${Decimal(str(value)):,.2f}"


def day(value: Any) -> str:
    return date_format(dt.date.fromisoformat(str(value)), "DATE_FORMAT")


def _display(finding: dict[str, Any], index: int = 0) -> str:
    parameters = finding.get("parameters") or []
    return str(parameters[index]["display"]) if len(parameters) > index else ""


def _sentence(finding: dict[str, Any]) -> str:
    rule, outcome, details = finding["rule"], finding["outcome"], finding.get("details") or {}
    if rule == "license.application_contents":
        if outcome == "complete":
            return _(
                "Your application states everything the ordinance asks: the owner's name, "
                "address and phone number, and the dog's name, breed, color, age and sex."
            )
        return _("Your application is missing something the ordinance asks for.")
    if rule == "license.required":
        if outcome == "exempt":
            return _("No license is needed yet: your dog is under %(age)s old until %(date)s.") % {
                "age": _display(finding),
                "date": day(finding["next_date"]),
            }
        return _("Your dog must be licensed: it is %(age)s old or older.") % {
            "age": _display(finding)
        }
    if rule == "license.rabies_current":
        return {
            "current": _("The rabies vaccination is current."),
            "no_certificate": _("No rabies certificate was given: no license can issue."),
            "no_veterinarian": _(
                "The rabies certificate names no licensed veterinarian: no license can issue."
            ),
            "certificate_inconsistent": _(
                "The certificate's expiry date is not after its vaccination date: check the dates."
            ),
            "vaccinated_later": _("The vaccination date is after today: check the date."),
            "expired": _(
                "The rabies vaccination has expired: no license can issue until the dog is "
                "vaccinated again."
            ),
        }.get(outcome, _("The rabies certificate does not allow a license."))
    if rule == "license.term":
        if details["tier_years"] is None:  # the fee is by spay/neuter status, not the term
            term = (
                _("a dog spayed or neutered")
                if (finding.get("facts") or {}).get("sterilized")
                else _("a dog not spayed or neutered")
            )
        else:
            term = ngettext(
                "a license of %(years)s year", "a license of %(years)s years", details["tier_years"]
            ) % {"years": details["tier_years"]}
        if details["expires_on"] is None:  # license.term_basis lifetime: no expiry
            return _(
                "The license would run from %(issued)s for the dog's lifetime: it does not "
                "expire. The fee is %(fee)s for %(term)s."
            ) % {"issued": day(details["issued_on"]), "fee": money(details["fee"]), "term": term}
        return _(
            "The license would run from %(issued)s to %(expires)s, as long as the rabies "
            "vaccination. The fee is %(fee)s for %(term)s; it is not prorated."
        ) % {
            "issued": day(details["issued_on"]),
            "expires": day(details["expires_on"]),
            "fee": money(details["fee"]),
            "term": term,
        }
    if rule == "license.penalty":
        if outcome == "penalty":
            said = _("A late penalty of %(amount)s applies.") % {
                "amount": money(details["penalty"])
            }
        else:
            said = _("No late penalty applies.")
        return f"{_period(finding)} {said}".strip()
    if rule == "license.amount_due":
        return _("To pay with the application: %(total)s (fee %(fee)s, penalty %(penalty)s).") % {
            "total": money(details["total"]),
            "fee": money(details["fee"]),
            "penalty": money(details["penalty"]),
        }
    return str(finding["message"])


def _period(finding: dict[str, Any]) -> str:
    """A new resident's or a new owner's period (``license.new_resident``, ``license.new_owner``)
    the core counted (computation of time), from the day stated. Which one it is comes from the
    application's kind, not from a section's number (each city numbers them its own way)."""
    deadline = finding.get("deadline")
    kind = (finding.get("facts") or {}).get("kind")
    if not deadline or kind not in ("new_resident", "change_of_ownership"):
        return ""
    event = (
        _("you became a resident of %(city)s") % {"city": city_in_force()}
        if kind == "new_resident"
        else _("you became the dog’s owner")
    )
    return _(
        "The ordinance allows %(days)s days after %(event)s (%(start)s), counted as Minnesota "
        "law counts days (Minn. Stat. 645.15): the last day is %(due)s."
    ) % {
        "days": deadline["days"],
        "event": event,
        "start": day(deadline["trigger_date"]),
        "due": day(deadline["due"]),
    }


def _line(finding: dict[str, Any]) -> Line:
    sources = tuple(
        Source(
            citation=str(p["source"]["citation"]),
            effective=dt.date.fromisoformat(p["effective"]) if p.get("effective") else None,
            value=str(p.get("display", "")),
        )
        for p in finding.get("parameters") or []
    )
    return Line(
        rule=finding["rule"],
        text=_sentence(finding),
        blocks=bool(finding.get("blocks")),
        sections=tuple(finding["sections"]),
        sources=sources,
        original=str(finding["message"]),
    )
