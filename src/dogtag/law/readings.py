"""The readings register: every reading Dogtag adopts where the ordinance's words are ambiguous,
kept in each jurisdiction package (``ordinance/readings-register.yaml``, issue 27): a reading is
of one city's words.

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
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dogtag.law.jsonable import JSONValue
from dogtag.law.params import ParameterSet, default
from dogtag.law.wording import fill, unfilled


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


FILE = Path("ordinance") / "readings-register.yaml"


class RegisterFileError(ValueError):
    """A package's readings register is malformed; the message names the file and the reading."""


def register(params: ParameterSet | None = None) -> tuple[Reading, ...]:
    """The readings register of the city in force (or ``params``'), from its package."""
    city = (params or default()).city
    return _read(city.folder, city.id)


def reading(id: str, params: ParameterSet | None = None) -> Reading:
    for found in register(params):
        if found.id == id:
            return found
    raise KeyError(f"{id} is not in the readings register (dogtag.law.readings)")


def __getattr__(name: str) -> tuple[Reading, ...]:
    # ``REGISTER``: the register of the city in force, read when asked
    if name == "REGISTER":
        return register()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


FIELDS = {"id", "sections", "reading", "adopted", "applied_in", "parameter", "pending"}


@functools.cache
def _read(folder: Path, ident: str) -> tuple[Reading, ...]:
    path = folder / FILE
    if not path.is_file():
        return ()
    where = f"params/{ident}/{FILE}"
    data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("readings"), list):
        raise RegisterFileError(f"{where}: must be a mapping with a list of 'readings'")
    found: list[Reading] = []
    for entry in data["readings"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise RegisterFileError(f"{where}: each reading is a mapping with an 'id'")
        unknown = sorted(set(entry) - FIELDS)
        if unknown:
            raise RegisterFileError(
                f"{where}: {entry['id']}: unknown field(s) {', '.join(unknown)}"
            )
        missing = sorted({"sections", "reading", "adopted", "applied_in"} - set(entry))
        if missing:
            raise RegisterFileError(f"{where}: {entry['id']}: missing {', '.join(missing)}")
        found.append(
            Reading(
                id=entry["id"],
                sections=tuple(str(s) for s in entry["sections"]),
                reading=" ".join(str(entry["reading"]).split()),
                adopted=str(entry["adopted"]),
                applied_in=tuple(str(a) for a in entry["applied_in"]),
                parameter=bool(entry.get("parameter", False)),
                pending=str(entry["pending"]) if entry.get("pending") else None,
            )
        )
    return tuple(found)
