"""How a city's law words a period: the title of a clock, the event it counts from and what is due
(issue 27: the document wording is the package's).

A clock (``law.clocks.Clock``) carries the words of the law it was written from. A city whose
law states the same period in other words says so in ``<package>/ordinance/clocks.yaml``::

    description: ...
    clocks:
      dangerous_dog.hearing:
        title: "Hearing on the dangerous-animal determination"
        trigger_event: "the owner's demand for a hearing"
        obligation: "hold the hearing on the date the hearing officer sets"

Any of the three may be left out (the clock's own words stand). The city's package is read
first, then its state's; a clock no package words keeps its own. A malformed file is an error
naming the file and the problem, never a silent default.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dogtag.law.params import ParameterSet

FILE = Path("ordinance") / "clocks.yaml"
FIELDS = ("title", "trigger_event", "obligation")


class ClockWordingError(ValueError):
    """A package's clocks file is malformed; the message names the file and the problem."""


@dataclass(frozen=True)
class Wording:
    """A clock's words in one city."""

    title: str
    trigger_event: str
    obligation: str


@functools.cache
def _read(folder: Path, ident: str) -> dict[str, dict[str, str]]:
    path = folder / FILE
    if not path.exists():
        return {}
    data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = f"params/{ident}/{FILE}"
    if not isinstance(data, dict) or not isinstance(data.get("clocks"), dict):
        raise ClockWordingError(f"{where}: must be a mapping with 'clocks'")
    unknown = sorted(set(data) - {"clocks", "description"})
    if unknown:
        raise ClockWordingError(f"{where}: unknown field(s) {', '.join(unknown)}")
    out: dict[str, dict[str, str]] = {}
    for clock_id, words in data["clocks"].items():
        if not isinstance(words, dict) or not words:
            raise ClockWordingError(f"{where}: {clock_id}: must give {', '.join(FIELDS)}")
        extra = sorted(set(words) - set(FIELDS))
        if extra:
            raise ClockWordingError(f"{where}: {clock_id}: unknown field(s) {', '.join(extra)}")
        for name, text in words.items():
            if not isinstance(text, str) or not text.strip():
                raise ClockWordingError(f"{where}: {clock_id}.{name}: must be text")
        out[str(clock_id)] = {str(k): " ".join(str(v).split()) for k, v in words.items()}
    return out


def worded_clocks(params: ParameterSet) -> dict[str, dict[str, str]]:
    """Every clock a package in force words, with its words: the city's over its state's."""
    merged: dict[str, dict[str, str]] = {}
    for jurisdiction in reversed(params.jurisdictions):  # the state first, the city over it
        for clock_id, words in _read(jurisdiction.folder, jurisdiction.id).items():
            merged[clock_id] = merged.get(clock_id, {}) | words
    return merged


def wording(
    clock_id: str, title: str, trigger_event: str, obligation: str, params: ParameterSet
) -> Wording:
    """The words of clock ``clock_id`` in ``params``' city: its package's, else the clock's own
    (``title``, ``trigger_event``, ``obligation``)."""
    words = worded_clocks(params).get(clock_id, {})
    return Wording(
        title=words.get("title", title),
        trigger_event=words.get("trigger_event", trigger_event),
        obligation=words.get("obligation", obligation),
    )
