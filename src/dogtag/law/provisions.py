"""Rules cite concepts; packages cite sections (issue 27).

A rule names the provision it applies by a concept id in the ordinance's own words
(``vehicle.animal_left``); each jurisdiction package says where its law states that provision,
in ``<package>/ordinance/sections.yaml``::

    citation: "City Code {section}"      # how the package's sections are named in a sentence
    citation_translations:               # the same in each language the residents' site speaks
      es: "Código de la Ciudad {section}"
    pattern: '...'      # a regular expression: what one of its citations looks like
    provisions:
      vehicle.animal_left: "<its section>"

:func:`cite` answers with the section of the city in force (``DOGTAG_JURISDICTION``); a concept
the city's package does not map is looked up in its state's (a statute standing in where the
city's text says nothing); one neither maps is an error that names both, never a guess. The
packages' sections are data: no section number is written in a rule, a service, a template or a
document (``tests/test_no_literal_citations.py`` walks the code; the modules not yet converted are
listed there and may only shrink).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from dogtag.law.params import Jurisdiction, ParameterSet, default

FILE = Path("ordinance") / "sections.yaml"


class UnknownProvision(LookupError):
    """A concept no package in force maps to a section."""

    def __init__(self, concept: str, where: tuple[str, ...]) -> None:
        self.concept = concept
        super().__init__(f"no section for {concept!r} in the packages of {', '.join(where)}")

    def __str__(self) -> str:
        return str(self.args[0])


class SectionsFileError(ValueError):
    """A package's sections file is malformed; the message names the file and the problem."""


@dataclass(frozen=True)
class Sections:
    """One package's map from concept to its own section, with how its citations look."""

    jurisdiction: str
    citation: str
    pattern: re.Pattern[str] | None
    provisions: dict[str, str]
    #: ``citation`` in another language, by its code ("es")
    translations: dict[str, str] = field(default_factory=dict)

    def citation_in(self, language: str | None) -> str:
        """How a sentence in ``language`` ("es", "es-mx") names the package's sections: its
        translation of ``citation``, else ``citation`` itself."""
        code = (language or "").lower()
        return (
            self.translations.get(code)
            or self.translations.get(code.split("-")[0])
            or (self.citation)
        )

    def cited(self, text: str) -> list[str]:
        """The package's own citations written in ``text``, in order."""
        return self.pattern.findall(text) if self.pattern else []


@functools.cache
def _read(folder: Path, ident: str) -> Sections:
    path = folder / FILE
    if not path.exists():
        return Sections(ident, "{section}", None, {})
    data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = f"params/{ident}/{FILE}"
    if not isinstance(data, dict) or not isinstance(data.get("provisions"), dict):
        raise SectionsFileError(f"{where}: must be a mapping with 'provisions'")
    fields = {"citation", "citation_translations", "pattern", "provisions", "description"}
    unknown = sorted(set(data) - fields)
    if unknown:
        raise SectionsFileError(f"{where}: unknown field(s) {', '.join(unknown)}")
    provisions: dict[str, str] = {}
    for concept, section in data["provisions"].items():
        if not isinstance(section, str) or not section.strip():
            raise SectionsFileError(f"{where}: {concept}: must name a section")
        provisions[str(concept)] = section.strip()
    pattern = data.get("pattern")
    compiled = re.compile(pattern) if isinstance(pattern, str) else None
    if compiled is not None:
        for concept, section in provisions.items():
            if compiled.fullmatch(section) is None:
                raise SectionsFileError(
                    f"{where}: {concept}: {section!r} is not a citation of this package"
                )
    translations = data.get("citation_translations") or {}
    if not isinstance(translations, dict) or not all(
        isinstance(form, str) and "{section}" in form for form in translations.values()
    ):
        raise SectionsFileError(
            f"{where}: citation_translations: must map each language to a form with {{section}}"
        )
    citation = str(data.get("citation") or "{section}")
    translated = {str(language).lower(): form for language, form in translations.items()}
    return Sections(ident, citation, compiled, provisions, translated)


def sections_of(jurisdiction: Jurisdiction) -> Sections:
    """The sections file of one package (empty when the package has none yet)."""
    return _read(jurisdiction.folder, jurisdiction.id)


def maps(concept: str, params: ParameterSet | None = None) -> bool:
    """The city in force (or ``params``' city), or its state, states ``concept``."""
    params = params or default()
    return any(concept in sections_of(j).provisions for j in params.jurisdictions)


def cite(concept: str, params: ParameterSet | None = None) -> str:
    """The section of the city in force (or of ``params``' city) that states ``concept``, else
    its state's; :class:`UnknownProvision` if neither package maps it."""
    params = params or default()
    for jurisdiction in params.jurisdictions:
        found = sections_of(jurisdiction).provisions.get(concept)
        if found is not None:
            return found
    raise UnknownProvision(concept, tuple(j.id for j in params.jurisdictions))


def cite_each(*concepts: str, params: ParameterSet | None = None) -> tuple[str, ...]:
    """The sections stating ``concepts`` (:func:`cite`), each once, in order: provisions one city
    states in one subsection and another in several are cited by both without repeating one."""
    return tuple(dict.fromkeys(cite(concept, params) for concept in concepts))


def cite_mapped(*concepts: str, params: ParameterSet | None = None) -> tuple[str, ...]:
    """The sections of those of ``concepts`` the city in force (or its state) maps, each once, in
    order; the others left out: for a finding useful where the provisions it serves are not law
    (a parcel's lot lines, drawn in any city, measured for Nowthen's enclosure setbacks)."""
    return cite_each(*(c for c in concepts if maps(c, params)), params=params)


def _section_number(cited: str) -> str:
    """The number of the section a citation is in: its leading numbers, with the dashes or dots
    between them, up to the first letter or parenthesis; "" for a citation that starts otherwise."""
    found = re.match(r"\d+(?:[-.]\d+)*", cited)
    return found.group() if found else ""


def after(section: str, before: str) -> str:
    """``section`` as a list writes it after ``before``: without the number of the section it
    shares with it (by its letter alone, or its subdivision), in full when in another section (or
    after nothing, ``before`` "")."""
    number = _section_number(section)
    within = section[len(number) :].removeprefix(".").lstrip()  # "6.40 subd. 5": "subd. 5"
    shared = number and within and number == _section_number(before)
    return within if shared else section


def together(sections: tuple[str, ...] | list[str]) -> str:
    """Sections cited in one list, as the ordinance writes one: each after the first without the
    number of the section it shares with the one before (by its letter alone, "A, D", or its
    subdivision, "(5)(c), (5)(d)"), in full when in another section; a section cited twice, once."""
    out: list[str] = []
    before = ""
    for section in dict.fromkeys(sections):
        out.append(after(section, before))
        before = section
    return ", ".join(out)


def span(first: str, last: str, joint: str = " to ", params: ParameterSet | None = None) -> str:
    """The sections from ``first``'s to ``last``'s as the ordinance writes a range of them: the
    last without the number of the section it shares with the first (as ``together`` lists them)."""
    return together([cite(first, params), cite(last, params)]).replace(", ", joint, 1)


#: A provision named in a sentence written once, ahead of any city: ``{§license.required}``
#: ("every such dog must be licensed ({§license.required})"); :func:`cited_in` writes each as
#: the city in force numbers it, a run of them (``{§license.term}, {§license.rabies_required}``)
#: as one list (:func:`together`). A fact's description is written so too (``law.facts``).
CITATION = re.compile(r"\{§([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)\}")
_RUN = re.compile(rf"{CITATION.pattern}(?:, {CITATION.pattern})*")


def cited_in(text: str, params: ParameterSet | None = None, *, lenient: bool = False) -> str:
    """``text`` with every ``{§concept}`` written as the section of the city in force. A concept
    no package in force maps raises :class:`UnknownProvision`; ``lenient`` instead names it by its
    id, marked so (a fact's description must still show in a city whose law does not state that
    provision: never another city's section)."""

    def section(concept: str) -> str:
        try:
            return cite(concept, params)
        except UnknownProvision:
            if not lenient:
                raise
            return f"[{concept}: no section]"

    def run(match: re.Match[str]) -> str:
        return together([section(c) for c in CITATION.findall(match.group())])

    return _RUN.sub(run, text)
