"""The passages a city's documents quote, by name (issue 27: the document wording is the
package's). ``<package>/ordinance/quotes.yaml``::

    quotes:
      receipt: {provision: license.fee_with_application, from: "The license fee shall be paid"}
      tag: {provision: tag.worn, through: "from one dog to another."}

Each names the provision (a concept, cited through the package's sections) and, to quote part of
its subsection, the words the passage begins with (``from``) and ends with (``through``). A
document asks for a passage by name and leaves out one its city does not quote.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dogtag.law.ordinance.text import quote
from dogtag.law.params import ParameterSet, default
from dogtag.law.provisions import cite

FILE = Path("ordinance") / "quotes.yaml"


class QuotesFileError(ValueError):
    """A package's quotes file is malformed; the message names the file and the quote."""


@dataclass(frozen=True)
class Passage:
    provision: str
    begin: str | None = None
    end: str | None = None


@functools.cache
def _read(folder: Path, ident: str) -> dict[str, Passage]:
    path = folder / FILE
    if not path.is_file():
        return {}
    where = f"params/{ident}/{FILE}"
    data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("quotes"), dict):
        raise QuotesFileError(f"{where}: must be a mapping with 'quotes'")
    passages: dict[str, Passage] = {}
    for name, body in data["quotes"].items():
        if not isinstance(body, dict) or not isinstance(body.get("provision"), str):
            raise QuotesFileError(f"{where}: {name}: must name its provision")
        unknown = sorted(set(body) - {"provision", "from", "through"})
        if unknown:
            raise QuotesFileError(f"{where}: {name}: unknown field(s) {', '.join(unknown)}")
        passages[str(name)] = Passage(body["provision"], body.get("from"), body.get("through"))
    return passages


def passage(name: str, params: ParameterSet | None = None) -> tuple[str, str] | None:
    """(section, words) of the passage ``name`` in the city in force, or None where its package
    quotes no such passage."""
    city = (params or default()).city
    found = _read(city.folder, city.id).get(name)
    if found is None:
        return None
    section = cite(found.provision, params)
    return section, quote(section, found.begin, found.end)
