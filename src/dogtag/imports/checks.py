"""What the ordinance says of each legacy row, asked of the rules core (``dogtag.law.licensing``).

For every row that could be read: the application's contents (``license.application``), the rabies
vaccination current on the day the license issued (``license.rabies_certificate``) and still
current on the license's last day (it covers the term, ``license.term``), and the term's fee tier
and the fee in force that day (``license.fee``, the council's resolution, ``fees.schedule``). A
blocking finding refuses the row, citing its sections. A fee that differs from the resolution in
force is history: imported, reported as a warning, as is a license that ended before its
vaccination.

The rules are pure functions of the facts, so the core is asked once for each distinct set of the
facts these rules read (dates, which fields are stated, the fee) and its answer applied to every
row with those facts: a town's history shares its dates, and a state's file is checked in seconds.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from dogtag.imports.layout import Problem, Row
from dogtag.law import licensing as law
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterError, ParameterSet, ParameterValue
from dogtag.law.provisions import cite, cite_each

#: A license runs "for the same length of time as the rabies vaccination"; its fee, set by the
#: council's resolution (the package's sections.yaml)
TERM = "license.term"
FEE = "license.fee"
FEE_SCHEDULE = "fees.schedule"

#: The label ``license.application_contents`` gives each missing fact, and the column it is in.
CONTENT_COLUMNS = {
    "owner's name": "owner_name",
    "owner's address": "owner_street",
    "owner's phone number": "owner_phone",
    "dog's name": "dog_name",
    "dog's breed": "breed",
    "dog's color": "color",
    "dog's sex": "sex",
    "dog's age or date of birth": "born",
}
#: The column a refusal of ``license.rabies_current`` points at, by its outcome.
RABIES_COLUMNS = {
    "no_certificate": "rabies_vaccinated_on",
    "no_veterinarian": "veterinarian",
    "certificate_inconsistent": "rabies_expires_on",
    "vaccinated_later": "rabies_vaccinated_on",
    "expired": "rabies_expires_on",
}
STATED = ("owner_name", "owner_street", "owner_phone", "dog_name", "breed", "color", "sex")


@dataclass(frozen=True)
class Verdict:
    """The rules core's answer for one set of facts: (column, reason, sections) refusals and
    warnings, and the term's fee tier."""

    refusals: tuple[tuple[str, str, tuple[str, ...]], ...]
    warnings: tuple[tuple[str, str, tuple[str, ...]], ...]
    tier_years: int


class LawCheck:
    """Asks the rules core about rows, once per distinct set of facts."""

    def __init__(self, params: ParameterSet) -> None:
        self.params = params
        self.cache: dict[tuple[object, ...], Verdict] = {}
        self.asked = 0

    def check(self, row: Row) -> tuple[list[Problem], int]:
        """The row's refusals and warnings (as ``Problem``s) and the license's fee tier."""
        text = row.text
        key = (
            tuple(bool(text.get(n)) for n in STATED),
            row.sex,
            row.born is None,
            bool(text.get("veterinarian")),
            row.vaccinated_on,
            row.rabies_expires_on,
            row.issued_on,
            row.expires_on,
            row.fee,
        )
        verdict = self.cache.get(key)
        if verdict is None:
            verdict = self._ask(row)
            self.cache[key] = verdict
            self.asked += 1
        problems = [
            Problem(row.number, column, text.get(column, ""), reason, sections)
            for column, reason, sections in verdict.refusals
        ]
        problems += [
            Problem(row.number, column, text.get(column, ""), reason, sections, "warning")
            for column, reason, sections in verdict.warnings
        ]
        return problems, verdict.tier_years

    def _ask(self, row: Row) -> Verdict:
        assert row.issued_on is not None and row.expires_on is not None
        text = row.text
        certificate = (
            law.RabiesCertificate(
                vaccinated_on=row.vaccinated_on,
                expires_on=row.rabies_expires_on,
                veterinarian=text.get("veterinarian", ""),
            )
            if row.vaccinated_on and row.rabies_expires_on
            else None
        )
        # Kind "new": the earlier system's history need not state the dates a renewal, a new
        # resident's or a new owner's application states today (``license.renewal``,
        # ``license.new_resident``, ``license.new_owner``).
        application = law.LicenseApplication(
            on=row.issued_on,
            kind="new",
            owner_name=text.get("owner_name", ""),
            owner_address=text.get("owner_street", ""),
            owner_phone=text.get("owner_phone", ""),
            dog_name=text.get("dog_name", ""),
            breed=text.get("breed", ""),
            color=text.get("color", ""),
            sex=row.sex,
            born=row.born,
            rabies=certificate,
        )
        refusals: list[tuple[str, str, tuple[str, ...]]] = []
        warnings: list[tuple[str, str, tuple[str, ...]]] = []
        contents = law.application_contents(application)
        if contents.blocks:
            for label in contents.details.get("missing", []):  # type: ignore[union-attr]
                column = CONTENT_COLUMNS.get(str(label), "owner_name")
                refusals.append((column, f"no {label}: {contents.message}", contents.sections))
        at_issue = law.rabies_current(application)
        if at_issue.blocks:
            refusals.append(
                (
                    RABIES_COLUMNS[at_issue.outcome],
                    _on(at_issue, row.issued_on, "issued"),
                    at_issue.sections,
                )
            )
        elif row.expires_on > row.issued_on:
            at_end = law.rabies_current(
                law.LicenseApplication(on=row.expires_on, kind="new", rabies=certificate)
            )
            if at_end.blocks:
                refusals.append(
                    (
                        "expires_on",
                        f"the vaccination does not cover the license's term, which runs to "
                        f"{row.expires_on.isoformat()}: {at_end.message} A license runs only as "
                        f"long as the rabies vaccination ({cite(TERM, self.params)}).",
                        (cite(TERM, self.params), *at_end.sections),
                    )
                )
        tier = law.fee_tier_years(row.issued_on, row.expires_on, len(law.FEE_TIERS))
        if refusals or certificate is None:
            return Verdict(tuple(refusals), (), tier)
        if row.rabies_expires_on and row.expires_on < row.rabies_expires_on:
            warnings.append(
                (
                    "expires_on",
                    f"the license ended {row.expires_on.isoformat()}, before its rabies "
                    f"vaccination ({row.rabies_expires_on.isoformat()}); a license issued today "
                    f"runs as long as the vaccination ({cite(TERM, self.params)}). Imported as "
                    "recorded.",
                    (cite(TERM, self.params),),
                )
            )
        # The term as the earlier system recorded it, from the day it issued to its expiry.
        term_of = law.LicenseApplication(
            on=row.issued_on,
            kind="new",
            rabies=law.RabiesCertificate(
                vaccinated_on=certificate.vaccinated_on,
                expires_on=row.expires_on,
                veterinarian=certificate.veterinarian,
            ),
        )
        try:
            term = law.license_term(term_of, self.params)
        except ParameterError as exc:
            warnings.append(
                (
                    "fee_paid",
                    f"no fee resolution is known in force on {row.issued_on.isoformat()} ({exc}); "
                    "the fee paid is imported as recorded, unchecked.",
                    cite_each(FEE, FEE_SCHEDULE, params=self.params),
                )
            )
            return Verdict((), tuple(warnings), tier)
        tier = int(str(term.details["tier_years"]))
        expected = Decimal(str(term.details["fee"]))
        if row.fee is not None and row.fee != expected:
            fee = _fee_parameter(term)
            source = f" ({fee.source.cite()})" if fee is not None else ""
            warnings.append(
                (
                    "fee_paid",
                    f"the fee in force on {row.issued_on.isoformat()} for the {tier}-year tier "
                    f"was ${expected:,.2f}{source}; ${row.fee:,.2f} was paid. Imported as "
                    "history, as paid.",
                    term.sections,
                )
            )
        return Verdict((), tuple(warnings), tier)


def _on(finding: Finding, day: dt.date, what: str) -> str:
    return f"on the day the license {what} ({day.isoformat()}): {finding.message}"


def _fee_parameter(term: Finding) -> ParameterValue | None:
    for value in term.parameters:
        if "fees." in value.key:  # qualified by its jurisdiction (nowthen.fees.…)
            return value
    return None
