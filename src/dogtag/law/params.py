"""Dated, cited parameters: every fee, limit and day count the rules use.

Parameters live in YAML files organised by jurisdiction (``params/minnesota/``, ``params/nowthen/``),
one folder per jurisdiction with a ``jurisdiction.yaml`` naming it. A city folder names the state it
belongs to, so that the conflict rule ("the more restrictive provision controls") can set a city's value
beside the state's for the same key. Another city adds its own folder; no code changes.

Each parameter holds one value per effective date, and each value cites its source: the ordinance
section, the council resolution (number and adoption date), the statute, or the adopted reading of
LEGAL-NOTES §6. The value in force on a date is the one whose effective date is the latest on or before
that date (after OpenFisca). A date before the first value is an error, not a guess.

The files are validated when loaded: a malformed file, an unknown type, a value of the wrong kind, a
money amount written as a float, a value above a statutory cap: each is a ``ParameterFileError`` whose
message names the file, the key and the problem.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import hashlib
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import yaml

from dogtag.law.jsonable import JSONValue, to_jsonable

DEFAULT_ROOT = Path(__file__).resolve().parent.parent / "params"
"""The parameter files shipped with Dogtag."""

DEFAULT_JURISDICTION = "nowthen"

TYPES = ("money", "integer", "decimal", "boolean", "date", "text", "reading")
SOURCE_KINDS = ("ordinance", "resolution", "statute", "rule", "reading", "decision")
CONFIDENCE = ("V", "C", "?")
NOT_RECORDED = "not recorded"


class ParameterError(Exception):
    """Any problem with the parameter files or a request for a value."""


class ParameterFileError(ParameterError):
    """A parameter file is malformed or breaks a rule; the message names file, key and problem."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file, self.key, self.problem = file, key, problem
        super().__init__(f"{file}: {key}: {problem}")


class UnknownParameter(ParameterError, KeyError):
    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(f"no parameter named {key!r}")

    def __str__(self) -> str:
        return str(self.args[0])


class ParameterNotInForce(ParameterError):
    """The date asked about is before the parameter's first effective date."""

    def __init__(self, key: str, on: dt.date, first: dt.date, file: str) -> None:
        self.key, self.on, self.first, self.file = key, on, first, file
        super().__init__(
            f"{file}: {key}: no value in force on {on.isoformat()}; "
            f"the first value takes effect {first.isoformat()}"
        )


class ParameterDoesNotApply(ParameterError):
    """A parameter of the state's, or of the concepts Dogtag knows, that the city's law says does
    not apply there (a city with no license term, no kennel license): ``reason`` says why, with
    the city's own words or section."""

    def __init__(self, key: str, reason: str, file: str) -> None:
        self.key, self.reason, self.file = key, reason, file
        super().__init__(f"{file}: {key}: does not apply: {reason}")


class ParameterNotSet(ParameterNotInForce):
    """A parameter the law calls for whose value no one has set yet (a fee the council must set by
    resolution): ``awaiting`` says who must set it."""

    def __init__(self, key: str, on: dt.date, awaiting: str, file: str) -> None:
        self.key, self.on, self.first, self.file = key, on, dt.date.max, file
        self.awaiting = awaiting
        ParameterError.__init__(self, f"{file}: {key}: no value set yet: {awaiting}")


@dataclass(frozen=True)
class Jurisdiction:
    id: str
    name: str
    kind: str  # "state" or "city"
    state: str | None
    code: str
    folder: Path
    incorporated: Incorporation | None = None
    extent: Extent | None = None
    ordinance: OrdinanceText | None = None
    office: Office | None = None


@dataclass(frozen=True)
class Office:
    """The city office the documents send people to, as its letterhead prints it (issue 27), and
    how the city sets its fees: ``fee_instrument`` names the act ("Resolution" in Nowthen, by its
    council; "Ordinance" in Lino Lakes, its fee schedule re-adopted yearly)."""

    street: str
    city_line: str
    phone: str
    fee_instrument: str
    source: str

    def lines(self, name: str) -> list[str]:
        """The letterhead's contact lines, the city's name first."""
        return [name, self.street, self.city_line, self.phone]


@dataclass(frozen=True)
class OrdinanceText:
    """The package's ordinance text (issue 27): its file, and how its sections are numbered:
    ``chapter`` (chapter-section, then letters and numbers after dots, as Nowthen's) or
    ``decimal`` (a decimal section number, subdivisions in parentheses, as Lino Lakes')."""

    text: Path
    numbering: str
    #: how a document names the code its sections are of ("the Nowthen City Code, chapter 3,
    #: section 2 (dogs)"); the package's name for it where not stated
    cited_as: str = ""


@dataclass(frozen=True)
class Incorporation:
    """The day the city came to be: no council of it adopted anything before (a fee resolution
    dated earlier is a slip)."""

    on: dt.date
    source: str


@dataclass(frozen=True)
class Extent:
    """The city's bounding box, with a margin, in a projected coordinate system in feet: parcel
    geometry outside it was drawn elsewhere, or read in the wrong coordinate system."""

    crs: str
    west: float
    south: float
    east: float
    north: float
    source: str

    def feet_outside(self, x: float, y: float) -> float:
        """How far (x, y) lies outside the box, in feet; 0 inside."""
        dx = max(self.west - x, 0.0, x - self.east)
        dy = max(self.south - y, 0.0, y - self.north)
        return float((dx * dx + dy * dy) ** 0.5)


@dataclass(frozen=True)
class Source:
    """Where a value comes from: an ordinance section, a resolution, a statute or a reading."""

    instrument: str
    kind: str
    section: str | None = None
    adopted: dt.date | None = None
    confidence: str | None = None
    note: str | None = None

    def cite(self) -> str:
        parts = [self.instrument]
        if self.section and self.section not in self.instrument:
            if self.kind == "statute":
                parts = [f"{self.instrument} {self.section}"]
            else:
                parts.append(f"§ {self.section}")
        if self.adopted:
            parts.append(f"adopted {self.adopted.isoformat()}")
        elif self.kind in ("ordinance", "resolution"):
            parts.append("adoption date not recorded")
        return ", ".join(parts)

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "instrument": self.instrument,
            "kind": self.kind,
            "section": self.section,
            "adopted": to_jsonable(self.adopted),
            "confidence": self.confidence,
            "note": self.note,
            "citation": self.cite(),
        }


@dataclass(frozen=True)
class DatedValue:
    effective: dt.date
    value: Any
    source: Source


@dataclass(frozen=True)
class ParameterDefinition:
    key: str  # qualified: "<jurisdiction>.<name>"
    jurisdiction: str
    name: str  # the key within its jurisdiction
    description: str
    type: str
    unit: str | None
    file: str
    values: tuple[DatedValue, ...]
    cap: str | None = None
    stricter: str | None = None
    choices: Mapping[str, str] | None = None
    note: str | None = None
    #: For a parameter with no value yet: who must set it (e.g. "the council, by resolution").
    awaiting: str | None = None
    #: For a parameter the city's law says does not apply there: why (its words or section).
    does_not_apply: str | None = None

    @property
    def first_effective(self) -> dt.date:
        """The first value's effective date; ``date.max`` while no value is set."""
        return self.values[0].effective if self.values else dt.date.max

    def value_on(self, on: dt.date) -> ParameterValue:
        if self.does_not_apply is not None:
            raise ParameterDoesNotApply(self.key, self.does_not_apply, self.file)
        chosen: DatedValue | None = None
        for dated in self.values:
            if dated.effective <= on:
                chosen = dated
            else:
                break
        if chosen is None:
            if not self.values:
                raise ParameterNotSet(self.key, on, self.awaiting or "no value", self.file)
            raise ParameterNotInForce(self.key, on, self.first_effective, self.file)
        return ParameterValue(self, chosen.effective, chosen.value, chosen.source)


@dataclass(frozen=True)
class ParameterValue:
    """A parameter's value in force on a date, with the date it took effect and its source."""

    definition: ParameterDefinition
    effective: dt.date
    value: Any
    source: Source

    @property
    def key(self) -> str:
        return self.definition.key

    @property
    def is_reading(self) -> bool:
        return self.definition.type == "reading"

    @property
    def decimal(self) -> Decimal:
        if not isinstance(self.value, Decimal):
            raise TypeError(f"{self.key} is a {self.definition.type}, not a decimal amount")
        return self.value

    @property
    def integer(self) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise TypeError(f"{self.key} is a {self.definition.type}, not an integer")
        return self.value

    @property
    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise TypeError(f"{self.key} is a {self.definition.type}, not a yes/no value")
        return self.value

    @property
    def choice(self) -> str:
        if not self.is_reading:
            raise TypeError(f"{self.key} is a {self.definition.type}, not a reading")
        return str(self.value)

    def display(self) -> str:
        """The value as a clerk would say it: "$3.00", "30 days", "2.5 acres"."""
        value, unit = self.value, self.definition.unit
        if self.definition.type == "money":
            return f"${value:,.2f}"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, dt.date):
            return value.isoformat()
        if self.is_reading and self.definition.choices:
            return f"{value} — {self.definition.choices[value]}"
        text = f"{value:,}" if isinstance(value, int) else str(value)
        if unit:
            if isinstance(value, int) and value == 1 and unit.endswith("s"):
                unit = unit[:-1]
            return f"{text} {unit}"
        return text

    def to_json(self) -> dict[str, JSONValue]:
        data: dict[str, JSONValue] = {
            "key": self.key,
            "description": self.definition.description,
            "value": to_jsonable(self.value),
            "display": self.display(),
            "unit": self.definition.unit,
            "effective": self.effective.isoformat(),
            "source": self.source.to_json(),
            "file": self.definition.file,
        }
        if self.is_reading and self.definition.choices:
            data["default"] = to_jsonable(self.definition.values[0].value)
            data["alternatives"] = {
                name: text for name, text in self.definition.choices.items() if name != self.value
            }
            data["chosen_meaning"] = self.definition.choices[self.value]
        return data


@dataclass(frozen=True)
class Closure:
    """A day the city offices are closed by decision (weather, emergency), not by statute."""

    day: dt.date
    reason: str
    source: Source
    file: str


class ParameterSet:
    """The parameters of one city together with those of its state."""

    def __init__(
        self,
        city: Jurisdiction,
        state: Jurisdiction | None,
        definitions: Mapping[str, ParameterDefinition],
        closures: Iterable[Closure],
        root: Path,
    ) -> None:
        self.city = city
        self.state = state
        self.definitions = dict(definitions)
        self.closures = {c.day: c for c in closures}
        self.root = root

    @property
    def jurisdictions(self) -> tuple[Jurisdiction, ...]:
        return (self.city, self.state) if self.state else (self.city,)

    @property
    def version(self) -> str:
        """The package version that decides: the city's id and a digest of every file of its
        package and its state's (parameters, text, sections), ``nowthen@3f2a…``. A stored
        decision keeps it, so one can tell which law decided it (issue 27)."""
        return f"{self.city.id}@{_digest(tuple(j.folder for j in self.jurisdictions))}"

    def qualify(self, key: str) -> str:
        """``fees.x`` means the city's ``fees.x``; ``minnesota.x`` names the state's explicitly."""
        prefix = key.split(".", 1)[0]
        if any(prefix == j.id for j in self.jurisdictions):
            return key
        return f"{self.city.id}.{key}"

    def definition(self, key: str) -> ParameterDefinition:
        """The city's definition of ``key``; a key the city does not state is inherited from its
        state (a city states only what it changes, or that a state's value does not apply)."""
        qualified = self.qualify(key)
        found = self.definitions.get(qualified)
        if found is None and self.state is not None and qualified.startswith(f"{self.city.id}."):
            found = self.definitions.get(f"{self.state.id}.{qualified.split('.', 1)[1]}")
        if found is None:
            raise UnknownParameter(qualified)
        return found

    def get(self, key: str, on: dt.date) -> ParameterValue:
        """The value of ``key`` in force on ``on``.

        The conflict rule: for a key the city and its state both set, with a ``stricter`` direction,
        an unqualified key gives the more restrictive of the two values in force (the city's on a
        tie); ``law.controlling_provision`` explains the choice. A qualified key (``nowthen.x``,
        ``minnesota.x``) gives that jurisdiction's own value.
        """
        definition = self.definition(key)
        city = definition.value_on(on)
        if definition.stricter is None or key == definition.key:
            return city
        state_definition = self.counterpart(key)[0]
        if state_definition is None or state_definition.first_effective > on:
            return city
        state = state_definition.value_on(on)
        if state.value == city.value or (state.value > city.value) != (
            definition.stricter == "higher"
        ):
            return city
        return state

    def __iter__(self) -> Iterator[ParameterDefinition]:
        return iter(sorted(self.definitions.values(), key=lambda d: d.key))

    def in_force(self, on: dt.date) -> list[ParameterValue]:
        """Every parameter with a value on ``on``; those not yet in force are left out."""
        return [d.value_on(on) for d in self if d.first_effective <= on]

    def with_values(
        self, additions: Iterable[tuple[str, dt.date, Any, Source]], *, file: str
    ) -> ParameterSet:
        """A copy with dated values added (a council resolution entered in Dogtag rather than in
        a file), checked like the files: the value's type, one value per effective date, caps.

        ``file`` names where the values come from, for error messages.
        """
        added: dict[str, list[DatedValue]] = {}
        for key, effective, raw, source in additions:
            definition = self.definition(key)
            where = f"{definition.name}.values.{effective.isoformat()}"
            value = _coerce(file, where, definition.type, raw, definition.choices)
            taken = {v.effective for v in definition.values} | {
                v.effective for v in added.get(definition.key, [])
            }
            if effective in taken:
                raise ParameterFileError(
                    file, where, f"{definition.key} already has a value effective {effective}"
                )
            added.setdefault(definition.key, []).append(DatedValue(effective, value, source))
        definitions = dict(self.definitions)
        for qualified, values in added.items():
            old = definitions[qualified]
            definitions[qualified] = dataclasses.replace(
                old,
                values=tuple(sorted((*old.values, *values), key=lambda v: v.effective)),
            )
        _check_caps(definitions, file_for_errors=file)
        return ParameterSet(self.city, self.state, definitions, self.closures.values(), self.root)

    def counterpart(
        self, key: str
    ) -> tuple[ParameterDefinition | None, ParameterDefinition | None]:
        """The state's and the city's definitions of the same key, for the conflict rule."""
        qualified = self.qualify(key)
        name = qualified.split(".", 1)[1]
        state = self.definitions.get(f"{self.state.id}.{name}") if self.state else None
        city = self.definitions.get(f"{self.city.id}.{name}")
        return state, city


# --------------------------------------------------------------------------------------- loading


def load(root: Path | str = DEFAULT_ROOT, jurisdiction: str = DEFAULT_JURISDICTION) -> ParameterSet:
    """Load and validate a city's parameter folder and its state's."""
    root = Path(root)
    city = _read_jurisdiction(root, jurisdiction)
    if city.kind != "city":
        raise ParameterFileError(
            _relative(root, city.folder / "jurisdiction.yaml"),
            "kind",
            f"{jurisdiction!r} is a {city.kind}; load a city, which names its state",
        )
    state = _read_jurisdiction(root, city.state) if city.state else None
    definitions: dict[str, ParameterDefinition] = {}
    closures: list[Closure] = []
    for juris in (state, city):
        if juris is None:
            continue
        for path in sorted(juris.folder.rglob("*.yaml")):
            # jurisdiction.yaml names the package; ordinance/ holds its text and sections map;
            # demo/ the synthetic town `make run` serves (dogtag.licensing.demo_town)
            parts = path.relative_to(juris.folder).parts
            if path.name == "jurisdiction.yaml" or "ordinance" in parts or "demo" in parts:
                continue
            file_defs, file_closures = _read_file(root, path, juris)
            for definition in file_defs:
                if definition.key in definitions:
                    raise ParameterFileError(
                        definition.file,
                        definition.name,
                        f"defined twice: also in {definitions[definition.key].file}",
                    )
                definitions[definition.key] = definition
            if juris is city:
                closures.extend(file_closures)
            elif file_closures:
                raise ParameterFileError(
                    file_closures[0].file, "closures", "closures belong to a city, not a state"
                )
    _check_closure_dates(closures)
    _check_caps(definitions)
    return ParameterSet(city, state, definitions, closures, root)


@functools.cache
def _digest(folders: tuple[Path, ...]) -> str:
    """The first twelve hex digits of the SHA-256 of the folders' files, by relative path."""
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            digest.update(f"{folder.name}/{path.relative_to(folder).as_posix()}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@functools.lru_cache(maxsize=8)
def _cached(root: str, jurisdiction: str) -> ParameterSet:
    return load(Path(root), jurisdiction)


def default() -> ParameterSet:
    """The parameters named by ``DOGTAG_PARAMS_DIR`` and ``DOGTAG_JURISDICTION``, loaded once."""
    root = os.environ.get("DOGTAG_PARAMS_DIR") or str(DEFAULT_ROOT)
    jurisdiction = os.environ.get("DOGTAG_JURISDICTION") or DEFAULT_JURISDICTION
    return _cached(root, jurisdiction)


def _relative(root: Path, path: Path) -> str:
    try:
        return str(path.relative_to(root.parent if root.name == "params" else root))
    except ValueError:
        return str(path)


def _load_yaml(root: Path, path: Path) -> Any:
    rel = _relative(root, path)
    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except FileNotFoundError:
        raise ParameterFileError(rel, "(file)", "file not found") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "(file)"
        problem = getattr(exc, "problem", None) or str(exc)
        raise ParameterFileError(rel, where, f"not valid YAML: {problem}") from None


def _read_jurisdiction(root: Path, ident: str) -> Jurisdiction:
    folder = root / ident
    path = folder / "jurisdiction.yaml"
    rel = _relative(root, path)
    if not folder.is_dir():
        raise ParameterFileError(rel, "(folder)", f"no parameter folder for jurisdiction {ident!r}")
    data = _load_yaml(root, path)
    if not isinstance(data, dict):
        raise ParameterFileError(rel, "(file)", "must be a mapping with id, name, kind")
    _only_keys(
        rel,
        "(file)",
        data,
        {
            "id",
            "name",
            "kind",
            "state",
            "code",
            "description",
            "incorporated",
            "extent",
            "ordinance",
            "office",
        },
    )
    if data.get("id") != ident:
        raise ParameterFileError(rel, "id", f"must be {ident!r}, the folder's name")
    kind = data.get("kind")
    if kind not in ("state", "city"):
        raise ParameterFileError(rel, "kind", "must be 'state' or 'city'")
    state = data.get("state")
    if kind == "city" and not isinstance(state, str):
        raise ParameterFileError(rel, "state", "a city must name the state folder it belongs to")
    return Jurisdiction(
        id=ident,
        name=_text(rel, "name", data.get("name")),
        kind=kind,
        state=state if kind == "city" else None,
        code=str(data.get("code") or ""),
        folder=folder,
        incorporated=_incorporation(rel, data.get("incorporated")),
        extent=_extent(rel, data.get("extent")),
        ordinance=_ordinance(rel, folder, data.get("ordinance")),
        office=_office(rel, data.get("office")),
    )


FEE_INSTRUMENTS = ("Resolution", "Ordinance")


def _office(file: str, data: Any) -> Office | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ParameterFileError(file, "office", "must be a mapping with street, city_line, phone")
    fields = ("street", "city_line", "phone", "fee_instrument", "source")
    _only_keys(file, "office", data, set(fields))
    values = {f: _text(file, f"office.{f}", data.get(f)) for f in fields}
    if values["fee_instrument"] not in FEE_INSTRUMENTS:
        raise ParameterFileError(
            file, "office.fee_instrument", f"must be one of {', '.join(FEE_INSTRUMENTS)}"
        )
    return Office(**values)


NUMBERINGS = ("chapter", "decimal")


def _ordinance(file: str, folder: Path, data: Any) -> OrdinanceText | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ParameterFileError(file, "ordinance", "must be a mapping with text and numbering")
    _only_keys(file, "ordinance", data, {"text", "numbering", "cited_as"})
    text = folder / _text(file, "ordinance.text", data.get("text"))
    if not text.is_file() or folder.resolve() not in text.resolve().parents:
        raise ParameterFileError(file, "ordinance.text", f"no file {text.name} in the package")
    numbering = data.get("numbering")
    if numbering not in NUMBERINGS:
        raise ParameterFileError(
            file, "ordinance.numbering", f"must be one of {', '.join(NUMBERINGS)}"
        )
    cited_as = data.get("cited_as")
    return OrdinanceText(
        text=text,
        numbering=str(numbering),
        cited_as=_text(file, "ordinance.cited_as", cited_as) if cited_as is not None else "",
    )


def _incorporation(file: str, data: Any) -> Incorporation | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ParameterFileError(file, "incorporated", "must be a mapping with date and source")
    _only_keys(file, "incorporated", data, {"date", "source"})
    on = data.get("date")
    if not isinstance(on, dt.date) or isinstance(on, dt.datetime):
        raise ParameterFileError(file, "incorporated.date", "must be a date (YYYY-MM-DD)")
    return Incorporation(on=on, source=_text(file, "incorporated.source", data.get("source")))


def _extent(file: str, data: Any) -> Extent | None:
    if data is None:
        return None
    sides = ("west", "south", "east", "north")
    if not isinstance(data, dict):
        raise ParameterFileError(file, "extent", "must be a mapping with crs, sides and source")
    _only_keys(file, "extent", data, {"crs", "source", *sides})
    values: list[float] = []
    for side in sides:
        value = data.get(side)
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise ParameterFileError(file, f"extent.{side}", "must be a number of feet")
        values.append(float(value))
    west, south, east, north = values
    if not (west < east and south < north):
        raise ParameterFileError(file, "extent", "west must be less than east, south than north")
    return Extent(
        crs=_text(file, "extent.crs", data.get("crs")),
        west=west,
        south=south,
        east=east,
        north=north,
        source=_text(file, "extent.source", data.get("source")),
    )


def _only_keys(file: str, key: str, data: Mapping[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(map(str, data)) - allowed)
    if unknown:
        raise ParameterFileError(
            file,
            key,
            f"unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}",
        )


def _text(file: str, key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ParameterFileError(file, key, "must be a non-empty text")
    return value.strip()


def _date(file: str, key: str, value: Any) -> dt.date:
    if isinstance(value, dt.datetime):
        raise ParameterFileError(file, key, f"{value} has a time; give a date (YYYY-MM-DD)")
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise ParameterFileError(file, key, f"{value!r} is not a date (YYYY-MM-DD)")


def _read_file(
    root: Path, path: Path, juris: Jurisdiction
) -> tuple[list[ParameterDefinition], list[Closure]]:
    rel = _relative(root, path)
    data = _load_yaml(root, path)
    if data is None:
        raise ParameterFileError(rel, "(file)", "the file is empty")
    if not isinstance(data, dict):
        raise ParameterFileError(rel, "(file)", "must be a mapping with 'parameters'")
    _only_keys(rel, "(file)", data, {"description", "parameters", "closures"})
    params = data.get("parameters") or {}
    if not isinstance(params, dict):
        raise ParameterFileError(rel, "parameters", "must be a mapping of key to parameter")
    definitions = [_read_parameter(rel, juris, str(name), body) for name, body in params.items()]
    closures = [_read_closure(rel, i, c) for i, c in enumerate(data.get("closures") or [])]
    return definitions, closures


def _read_parameter(file: str, juris: Jurisdiction, name: str, body: Any) -> ParameterDefinition:
    if not name.replace("_", "").replace(".", "").isalnum() or name != name.lower():
        raise ParameterFileError(file, name, "keys are lower-case words joined by '.' and '_'")
    if not isinstance(body, dict):
        raise ParameterFileError(file, name, "must be a mapping with description, type and values")
    _only_keys(
        file,
        name,
        body,
        {
            "description",
            "type",
            "unit",
            "values",
            "cap",
            "stricter",
            "choices",
            "note",
            "awaiting",
            "does_not_apply",
        },
    )
    ptype = body.get("type")
    if ptype not in TYPES:
        raise ParameterFileError(file, name, f"type {ptype!r} is not one of {', '.join(TYPES)}")
    choices = body.get("choices")
    if ptype == "reading":
        if not isinstance(choices, dict) or len(choices) < 2:
            raise ParameterFileError(
                file, name, "a reading lists at least two choices (name: meaning)"
            )
        choices = {str(k): _text(file, f"{name}.choices.{k}", v) for k, v in choices.items()}
    elif choices is not None:
        raise ParameterFileError(file, name, "only a reading has choices")
    stricter = body.get("stricter")
    if stricter not in (None, "higher", "lower"):
        raise ParameterFileError(file, f"{name}.stricter", "must be 'higher' or 'lower'")
    cap = body.get("cap")
    if cap is not None and (not isinstance(cap, str) or "." not in cap):
        raise ParameterFileError(
            file, f"{name}.cap", "must name a parameter with its jurisdiction, e.g. minnesota.x"
        )
    raw_values: Any = body.get("values")
    reason: str | None = None
    if body.get("does_not_apply") is not None:
        reason = _text(file, f"{name}.does_not_apply", body["does_not_apply"])
        if raw_values is not None or body.get("awaiting") is not None:
            raise ParameterFileError(
                file, name, "a parameter that does not apply has no values and awaits nothing"
            )
        if juris.kind != "city":
            raise ParameterFileError(file, name, "only a city says a parameter does not apply")
        raw_values = {}
    awaiting = body.get("awaiting")
    if awaiting is not None and (not isinstance(awaiting, str) or not awaiting.strip()):
        raise ParameterFileError(file, f"{name}.awaiting", "must say who sets the value")
    if reason is not None:
        pass
    elif raw_values == {} and awaiting is not None:
        if ptype != "money" or not name.startswith("fees."):
            raise ParameterFileError(
                file, f"{name}.awaiting", "only a fee may wait for a council resolution"
            )
    elif not isinstance(raw_values, dict) or not raw_values:
        raise ParameterFileError(
            file,
            f"{name}.values",
            "must map at least one effective date to a value (or, for a fee the council has not "
            "set yet, be {} with 'awaiting')",
        )
    values: list[DatedValue] = []
    for raw_date, entry in raw_values.items():
        effective = _date(file, f"{name}.values.{raw_date}", raw_date)
        where = f"{name}.values.{effective.isoformat()}"
        if not isinstance(entry, dict):
            raise ParameterFileError(file, where, "must be a mapping with 'value' and 'source'")
        _only_keys(file, where, entry, {"value", "source"})
        if "value" not in entry:
            raise ParameterFileError(file, where, "has no 'value'")
        value = _coerce(file, f"{where}.value", ptype, entry["value"], choices)
        source = _read_source(file, f"{where}.source", entry.get("source"))
        values.append(DatedValue(effective, value, source))
    values.sort(key=lambda v: v.effective)
    return ParameterDefinition(
        key=f"{juris.id}.{name}",
        jurisdiction=juris.id,
        name=name,
        description=_text(file, f"{name}.description", body.get("description")),
        type=ptype,
        unit=str(body["unit"]) if body.get("unit") is not None else None,
        file=file,
        values=tuple(values),
        cap=cap,
        stricter=stricter,
        choices=choices,
        note=str(body["note"]) if body.get("note") else None,
        awaiting=awaiting.strip() if awaiting else None,
        does_not_apply=reason,
    )


def _coerce(file: str, key: str, ptype: str, raw: Any, choices: Mapping[str, str] | None) -> Any:
    if ptype in ("money", "decimal"):
        if isinstance(raw, float):
            raise ParameterFileError(
                file, key, f'{raw!r} is a float; write amounts as quoted strings, e.g. "3.00"'
            )
        if isinstance(raw, bool) or not isinstance(raw, int | str):
            raise ParameterFileError(file, key, f"{raw!r} is not a number")
        try:
            number = Decimal(str(raw).strip())
        except InvalidOperation:
            raise ParameterFileError(file, key, f"{raw!r} is not a number") from None
        if not number.is_finite() or number < 0:
            raise ParameterFileError(file, key, f"{raw!r} must be a number of zero or more")
        if ptype == "money":
            if number != number.quantize(Decimal("0.01")):
                raise ParameterFileError(file, key, f"{raw!r} has fractions of a cent")
            number = number.quantize(Decimal("0.01"))
        return number
    if ptype == "integer":
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise ParameterFileError(file, key, f"{raw!r} is not a whole number")
        if raw < 0:
            raise ParameterFileError(file, key, f"{raw} is negative")
        return raw
    if ptype == "boolean":
        if not isinstance(raw, bool):
            raise ParameterFileError(file, key, f"{raw!r} is not true or false")
        return raw
    if ptype == "date":
        return _date(file, key, raw)
    if ptype == "text":
        return _text(file, key, raw)
    assert choices is not None  # ptype == "reading"
    if raw not in choices:
        raise ParameterFileError(
            file, key, f"{raw!r} is not one of the reading's choices: {', '.join(choices)}"
        )
    return raw


def _read_source(file: str, key: str, raw: Any) -> Source:
    if not isinstance(raw, dict):
        raise ParameterFileError(file, key, "every value must cite its source (instrument, kind)")
    _only_keys(file, key, raw, {"instrument", "kind", "section", "adopted", "confidence", "note"})
    kind = raw.get("kind")
    if kind not in SOURCE_KINDS:
        raise ParameterFileError(file, f"{key}.kind", f"must be one of {', '.join(SOURCE_KINDS)}")
    adopted_raw = raw.get("adopted")
    adopted: dt.date | None = None
    note = str(raw["note"]) if raw.get("note") else None
    if adopted_raw == NOT_RECORDED:
        if not note:
            raise ParameterFileError(
                file, f"{key}.adopted", "'not recorded' needs a note saying what is known"
            )
    elif adopted_raw is not None:
        adopted = _date(file, f"{key}.adopted", adopted_raw)
    elif kind in ("ordinance", "resolution"):
        raise ParameterFileError(
            file,
            f"{key}.adopted",
            f"a {kind} source needs its adoption date (or 'not recorded' with a note)",
        )
    confidence = raw.get("confidence")
    if confidence is not None and confidence not in CONFIDENCE:
        raise ParameterFileError(file, f"{key}.confidence", "must be V, C or ?")
    section = raw.get("section")
    return Source(
        instrument=_text(file, f"{key}.instrument", raw.get("instrument")),
        kind=kind,
        section=str(section) if section is not None else None,
        adopted=adopted,
        confidence=confidence,
        note=note,
    )


def _read_closure(file: str, index: int, raw: Any) -> Closure:
    key = f"closures[{index}]"
    if not isinstance(raw, dict):
        raise ParameterFileError(file, key, "must be a mapping with date, reason and source")
    _only_keys(file, key, raw, {"date", "reason", "source"})
    return Closure(
        day=_date(file, f"{key}.date", raw.get("date")),
        reason=_text(file, f"{key}.reason", raw.get("reason")),
        source=_read_source(file, f"{key}.source", raw.get("source")),
        file=file,
    )


def _check_closure_dates(closures: list[Closure]) -> None:
    seen: dict[dt.date, Closure] = {}
    for closure in closures:
        if closure.day in seen:
            raise ParameterFileError(
                closure.file,
                f"closures {closure.day.isoformat()}",
                f"listed twice (also in {seen[closure.day].file})",
            )
        seen[closure.day] = closure


def _check_caps(
    definitions: Mapping[str, ParameterDefinition], *, file_for_errors: str | None = None
) -> None:
    """A value above its statutory cap is an error at load time, not at use."""
    for definition in definitions.values():
        if definition.cap is None:
            continue
        cap = definitions.get(definition.cap)
        if cap is None:
            raise ParameterFileError(
                definition.file,
                f"{definition.name}.cap",
                f"names {definition.cap!r}, which is not defined",
            )
        for dated in definition.values:
            where = f"{definition.name}.values.{dated.effective.isoformat()}"
            try:
                limit = cap.value_on(dated.effective)
            except ParameterNotInForce:
                raise ParameterFileError(
                    file_for_errors or definition.file,
                    where,
                    f"the cap {cap.key} has no value in force on {dated.effective.isoformat()}",
                ) from None
            if dated.value > limit.value:
                raise ParameterFileError(
                    file_for_errors or definition.file,
                    where,
                    f"{dated.value} is above the statutory cap of {limit.value} "
                    f"({cap.key}, {limit.source.cite()})",
                )
