"""The errors every service raises: an action the office cannot take, nothing written.

``ServiceError`` is what is not law (a record not found, a stale form); ``Refused`` carries the
rules core's blocking findings, so a refusal that is law cites its section.
"""

from __future__ import annotations

from collections.abc import Sequence

from dogtag.law.findings import Finding, blocking


class ServiceError(Exception):
    """An action the desk cannot take; nothing was written. ``findings`` cite the law, if any."""

    def __init__(self, message: str, findings: Sequence[Finding] = ()) -> None:
        super().__init__(message)
        self.findings = list(findings)

    @property
    def sections(self) -> list[str]:
        return [s for f in self.findings for s in f.sections]


class Refused(ServiceError):
    """The rules core refused the action: ``findings`` holds the blocking findings first."""

    def __init__(self, findings: Sequence[Finding]) -> None:
        blocked = blocking(findings)
        super().__init__(" ".join(f.message for f in blocked), blocked)
        self.all_findings = list(findings)
