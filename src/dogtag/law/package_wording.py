"""How a city's law words a period, a rule or a question where its words differ from their own
(issue 27: the document wording is the package's).

A clock (``law.clocks.Clock``), a rule (``law.registry.Rule``) and a question
(``law.facts.Question``) carry the words of the law they were written from. A city whose law
states the same provision in other words, or answers a question with a variant of its own, says
so in its package::

    # ordinance/clocks.yaml
    description: ...
    clocks:
      dangerous_dog.hearing:
        title: "Hearing on a dangerous-animal determination"
        trigger_event: "the demand for the hearing"
        obligation: "hold the hearing on a date the hearing officer sets"

    # ordinance/rules.yaml
    description: ...
    rules:
      kennel.fee:
        summary: "The kennel license fee is the yearly fee set in {§fees.schedule} ..."

    # ordinance/questions.yaml: a question answered there by a variant of its own
    description: ...
    questions:
      kennel-inspection:
        summary: "An inspection of the location before a kennel license issues ..."

Any field may be left out (the clock's or rule's own words stand). The city's package is read
first, then its state's. A malformed file is an error naming the file and the problem, never a
silent default.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dogtag.law.params import ParameterSet

#: file -> (its top-level key, the fields an entry may give)
FILES: dict[str, tuple[str, tuple[str, ...]]] = {
    "clocks.yaml": ("clocks", ("title", "trigger_event", "obligation")),
    "rules.yaml": ("rules", ("title", "summary")),
    "questions.yaml": ("questions", ("summary",)),
}


class WordingFileError(ValueError):
    """A package's wording file is malformed; the message names the file and the problem."""


@dataclass(frozen=True)
class ClockWording:
    """A clock's words in one city."""

    title: str
    trigger_event: str
    obligation: str


@functools.cache
def _read(folder: Path, ident: str, name: str) -> dict[str, dict[str, str]]:
    key, fields = FILES[name]
    path = folder / "ordinance" / name
    if not path.exists():
        return {}
    data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = f"params/{ident}/ordinance/{name}"
    if not isinstance(data, dict) or not isinstance(data.get(key), dict):
        raise WordingFileError(f"{where}: must be a mapping with {key!r}")
    unknown = sorted(set(data) - {key, "description"})
    if unknown:
        raise WordingFileError(f"{where}: unknown field(s) {', '.join(unknown)}")
    out: dict[str, dict[str, str]] = {}
    for ident_, words in data[key].items():
        if not isinstance(words, dict) or not words:
            raise WordingFileError(f"{where}: {ident_}: must give {', '.join(fields)}")
        extra = sorted(set(words) - set(fields))
        if extra:
            raise WordingFileError(f"{where}: {ident_}: unknown field(s) {', '.join(extra)}")
        for field, text in words.items():
            if not isinstance(text, str) or not text.strip():
                raise WordingFileError(f"{where}: {ident_}.{field}: must be text")
        out[str(ident_)] = {str(k): " ".join(str(v).split()) for k, v in words.items()}
    return out


def worded(name: str, params: ParameterSet) -> dict[str, dict[str, str]]:
    """Every entry the packages in force word in file ``name``: the city's over its state's."""
    merged: dict[str, dict[str, str]] = {}
    for jurisdiction in reversed(params.jurisdictions):  # the state first, the city over it
        for ident, words in _read(jurisdiction.folder, jurisdiction.id, name).items():
            merged[ident] = merged.get(ident, {}) | words
    return merged


def clock_wording(
    clock_id: str, title: str, trigger_event: str, obligation: str, params: ParameterSet
) -> ClockWording:
    """The words of clock ``clock_id`` in ``params``' city: its package's, else the clock's own
    (``title``, ``trigger_event``, ``obligation``)."""
    words = worded("clocks.yaml", params).get(clock_id, {})
    return ClockWording(
        title=words.get("title", title),
        trigger_event=words.get("trigger_event", trigger_event),
        obligation=words.get("obligation", obligation),
    )


def rule_wording(rule_id: str, title: str, summary: str, params: ParameterSet) -> tuple[str, str]:
    """The title and summary of rule ``rule_id`` in ``params``' city: its package's, else the
    rule's own."""
    words = worded("rules.yaml", params).get(rule_id, {})
    return words.get("title", title), words.get("summary", summary)


def question_summary(name: str, summary: str, params: ParameterSet) -> str:
    """The summary of question ``name`` in ``params``' city: its package's, else the question's
    own (a city whose variant of the question asks other facts words it its way)."""
    return worded("questions.yaml", params).get(name, {}).get("summary", summary)
