"""What the stages of the dangerous-dog rules share: the controlling value where state and city
both set one (the city's incorporation of the state's sections), and the lists whose entries each
name a provision (``Cited``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from decimal import Decimal

from dogtag.law.findings import Finding
from dogtag.law.incorporation import controlling_provision
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.law.provisions import cited_in


def controlling_value(
    topic: str, on: dt.date, params: ParameterSet
) -> tuple[ParameterValue, Finding]:
    """The value that controls under the incorporation of the state's sections, with the finding
    that explains the choice."""
    finding = controlling_provision(topic, on, params)
    key = finding.details.get("controlling")
    value = next(p for p in finding.parameters if key is None or p.key == key)
    return value, finding


def money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


class Cited(Mapping[str, tuple[str, str]]):
    """Keys to (section, words): each entry's provision, named by a concept, cited as the city in
    force numbers it when the entry is read (marked so where its package maps none: never another
    city's section). Its words may name provisions too (``{§concept}``)."""

    def __init__(self, entries: dict[str, tuple[str, str]]) -> None:
        self._entries = entries

    def concept(self, key: str) -> str:
        return self._entries[key][0]

    def words(self, key: str) -> str:
        """The entry's words as written, any provision they name left as its concept."""
        return self._entries[key][1]

    def __getitem__(self, key: str) -> tuple[str, str]:
        concept, words = self._entries[key]
        return cited_in(f"{{§{concept}}}", lenient=True), cited_in(words, lenient=True)

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)
