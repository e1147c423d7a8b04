"""The facts a question takes, described once: a frozen dataclass whose fields carry their metadata.

A facts class is declared beside the rules it feeds, decorated with :func:`facts`, each field with
:func:`fact` (a ``dataclasses.field`` whose ``metadata`` holds a :class:`FactInfo`: description,
unit, example, choices, minimum). A description names a provision as a concept
(``{§license.required}``), cited as the city in force does (``law.provisions.cited_in``)::

    @facts
    class LicenseRequiredFacts:
        born: dt.date = fact("The dog's date of birth", example="2026-06-15")
        on: dt.date = fact("The day asked about")

The JSON type comes from the annotation (``dt.date``, ``dt.datetime``, ``dt.time``, ``int``,
``Decimal``, ``bool``, ``str``, a shapely ``BaseGeometry``, a dated ``Event`` (a matter's log),
``tuple[X, ...]`` for a list, ``X | None`` for a fact that may be left out, ``tuple[X | None,
...]`` for a list whose items may each be left out, as null, in their place). A field without a
default is required. A field with a default other than ``None`` states it in the schema
(``"default"``), so that no default silently decides a legal question. :func:`fields_of` derives
the :class:`Field` list from which come the JSON Schema, the parser and its error messages (each
naming the field). A facts class may define ``problems()``, returning what is wrong between its
facts ("born: is after on"); the parser reports those too. :class:`Question` pairs a facts class
with the function that answers it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Generic, TypeVar, dataclass_transform, overload

import shapely.errors
import shapely.geometry
from shapely.geometry.base import BaseGeometry

from dogtag.law.event import Event, parse_event
from dogtag.law.findings import Finding
from dogtag.law.jsonable import JSONValue, to_jsonable
from dogtag.law.package_wording import question_summary
from dogtag.law.params import ParameterSet
from dogtag.law.params import default as city_in_force
from dogtag.law.provisions import cited_in
from dogtag.law.wording import fill, unfilled

FACT = "dogtag.fact"
"""The key of a field's ``metadata`` under which :func:`fact` stores its :class:`FactInfo`."""

T = TypeVar("T")
F = TypeVar("F")


@dataclass(frozen=True)
class FactInfo:
    """What a reader of the schema is told about one fact."""

    description: str
    unit: str | None = None
    example: JSONValue = None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    name: str | None = None  # the fact's name in JSON, where it is no Python name ("from")


@overload
def fact(
    description: str,
    *,
    default: T,
    unit: str | None = None,
    example: JSONValue = None,
    choices: tuple[str, ...] = (),
    minimum: int | None = None,
    name: str | None = None,
) -> T: ...


@overload
def fact(
    description: str,
    *,
    unit: str | None = None,
    example: JSONValue = None,
    choices: tuple[str, ...] = (),
    minimum: int | None = None,
    name: str | None = None,
) -> Any: ...


def fact(
    description: str,
    *,
    default: Any = dataclasses.MISSING,
    unit: str | None = None,
    example: JSONValue = None,
    choices: tuple[str, ...] = (),
    minimum: int | None = None,
    name: str | None = None,
) -> Any:
    """A fact of a question: a dataclass field carrying its description, unit and example."""
    info = FactInfo(description, unit, example, tuple(choices), minimum, name)
    return dataclasses.field(default=default, metadata={FACT: info})


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(fact,))
def facts(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen, keyword-only dataclass of facts (fields declared with :func:`fact`)."""
    return dataclass(frozen=True, kw_only=True)(cls)


class FactsError(ValueError):
    """The facts given do not fit the question; ``problems`` lists each, naming the field."""

    def __init__(self, question: str, problems: list[str]) -> None:
        self.question, self.problems = question, problems
        super().__init__(f"facts for {question!r}: " + "; ".join(problems))


_ITEM_SCHEMA: dict[str, dict[str, JSONValue]] = {
    "date": {"type": "string", "format": "date"},
    "datetime": {"type": "string", "format": "date-time"},
    "time": {"type": "string", "format": "time"},
    "decimal": {"type": ["number", "string"], "pattern": r"^\d+(\.\d+)?$"},
    "geometry": {
        "type": "object",
        "required": ["type", "coordinates"],
        "description": "GeoJSON geometry, coordinates in feet (state plane)",
    },
    "event": {
        "type": "object",
        "required": ["kind", "on"],
        "properties": {
            "kind": {"type": "string"},
            "on": {"type": "string", "format": "date"},
            "facts": {"type": "object"},
        },
        "additionalProperties": False,
        "description": "a dated event of the matter: its kind, its day and its facts",
    },
}


@dataclass(frozen=True)
class Field:
    """One fact as the schema and the parser see it, derived from a facts class by :func:`fields_of`."""

    name: str
    type: str  # date, datetime, integer, decimal, string, boolean, geometry, or "<type>_list"
    description: str
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    unit: str | None = None
    example: JSONValue = None
    default: Any = None  # the value taken when the fact is left out, stated in the schema
    attribute: str = ""  # the facts class's attribute, when not the name
    nullable_items: bool = False  # a list whose items may each be null (``tuple[X | None, ...]``)

    def schema(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"description": self.description}
        if self.type == "geometry":
            # the field's own description first, then what a geometry is
            note = _ITEM_SCHEMA["geometry"]["description"]
            out.update(_ITEM_SCHEMA["geometry"], description=f"{self.description}; {note}")
        elif self.type in _ITEM_SCHEMA:
            out.update(_ITEM_SCHEMA[self.type])
        elif self.type.endswith("_list"):
            base = self.type.removesuffix("_list")
            items = dict(_ITEM_SCHEMA.get(base, {"type": base}))
            if self.choices and base == "event":  # each event's kind is one of the choices
                items["properties"] = {
                    **items["properties"],
                    "kind": {"type": "string", "enum": list(self.choices)},
                }
            elif self.choices:  # each item is one of the choices, not the list itself
                items["enum"] = list(self.choices)
            if self.nullable_items:
                items["type"] = [items["type"], "null"]
            out.update(type="array", items=items)
        else:
            out["type"] = self.type
        if self.choices and not self.type.endswith("_list"):
            out["enum"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.unit is not None:
            out["unit"] = self.unit
        if self.default is not None:
            out["default"] = to_jsonable(self.default)
        if self.example is not None:
            out["examples"] = [self.example]
        return out

    def parse(self, raw: Any) -> tuple[Any, str | None]:
        if self.type.endswith("_list"):
            if not isinstance(raw, list):
                return None, f"{self.name}: {raw!r} is not a list"
            single = Field(
                self.name,
                self.type.removesuffix("_list"),
                self.description,
                choices=self.choices,
                minimum=self.minimum,
            )
            values: list[Any] = []
            for index, element in enumerate(raw):
                if element is None and self.nullable_items:
                    values.append(None)
                    continue
                value, problem = single.parse(element)
                if problem:
                    return None, problem.replace(self.name, f"{self.name}[{index}]", 1)
                values.append(value)
            return values, None
        if self.type == "decimal":
            if isinstance(raw, bool) or not isinstance(raw, int | float | str):
                return None, f"{self.name}: {raw!r} is not a number"
            try:
                number = Decimal(str(raw).strip())
            except InvalidOperation:
                return None, f"{self.name}: {raw!r} is not a number"
            if not number.is_finite() or number < 0:
                return None, f"{self.name}: {raw!r} must be a number of zero or more"
            return number, None
        if self.type == "geometry":
            return _geometry(self.name, raw)
        if self.type == "event":
            return parse_event(self.name, raw, self.choices)
        if self.type == "datetime":
            if isinstance(raw, str):
                try:
                    return dt.datetime.fromisoformat(raw), None
                except ValueError:
                    pass
            return None, f"{self.name}: {raw!r} is not a date and time (YYYY-MM-DDTHH:MM:SS)"
        if self.type == "time":
            if isinstance(raw, str):
                try:
                    return dt.time.fromisoformat(raw), None
                except ValueError:
                    pass
            return None, f"{self.name}: {raw!r} is not a time (HH:MM)"
        if self.type == "date":
            if isinstance(raw, str):
                try:
                    return dt.date.fromisoformat(raw), None
                except ValueError:
                    pass
            return None, f"{self.name}: {raw!r} is not a date (YYYY-MM-DD)"
        if self.type == "boolean":
            if not isinstance(raw, bool):
                return None, f"{self.name}: {raw!r} is not true or false"
            return raw, None
        if self.type == "integer":
            if isinstance(raw, bool) or not isinstance(raw, int):
                return None, f"{self.name}: {raw!r} is not a whole number"
            if self.minimum is not None and raw < self.minimum:
                return None, f"{self.name}: {raw} is less than {self.minimum}"
            return raw, None
        if not isinstance(raw, str) or not raw.strip():
            return None, f"{self.name}: {raw!r} is not a text"
        if self.choices and raw not in self.choices:
            return None, f"{self.name}: {raw!r} is not one of {', '.join(self.choices)}"
        return raw.strip(), None


def _geometry(name: str, raw: Any) -> tuple[Any, str | None]:
    if not isinstance(raw, Mapping) or "type" not in raw or "coordinates" not in raw:
        return None, f"{name}: not a GeoJSON geometry (type and coordinates)"
    try:
        geometry = shapely.geometry.shape(raw)
    except (ValueError, TypeError, AttributeError, IndexError, shapely.errors.ShapelyError) as exc:
        return None, f"{name}: not a valid GeoJSON geometry ({exc})"
    if geometry.is_empty or not geometry.is_valid:
        return None, f"{name}: the geometry is empty or invalid"
    return geometry, None


_SCALARS: dict[object, str] = {
    dt.datetime: "datetime",
    dt.date: "date",
    dt.time: "time",
    bool: "boolean",
    int: "integer",
    Decimal: "decimal",
    str: "string",
    BaseGeometry: "geometry",
    Event: "event",
}


def _nullable_items(annotation: object) -> bool:
    """Whether an annotation is a list whose items may be ``None`` (``tuple[X | None, ...]``)."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        annotation = members[0] if len(members) == 1 else annotation
    if typing.get_origin(annotation) is not tuple:
        return False
    item = typing.get_args(annotation)[0]
    is_union = isinstance(item, types.UnionType) or typing.get_origin(item) is typing.Union
    return is_union and type(None) in typing.get_args(item)


def _json_type(owner: type, name: str, annotation: object) -> tuple[str, bool]:
    """The JSON type of an annotation, and whether ``None`` is allowed."""
    optional = False
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional = len(members) < len(typing.get_args(annotation))
        if len(members) != 1:
            raise TypeError(f"{owner.__name__}.{name}: a fact has one type, not {annotation}")
        annotation = members[0]
    if typing.get_origin(annotation) is tuple:
        item, *rest = typing.get_args(annotation)
        if rest != [Ellipsis]:
            raise TypeError(f"{owner.__name__}.{name}: a list of facts is tuple[X, ...]")
        return _json_type(owner, name, item)[0] + "_list", optional
    if annotation in _SCALARS:
        return _SCALARS[annotation], optional
    raise TypeError(f"{owner.__name__}.{name}: no JSON type for {annotation}")


def fields_of(cls: type) -> tuple[Field, ...]:
    """The facts of a facts class, as the schema and the parser see them, in declaration order."""
    hints = typing.get_type_hints(cls)
    out = []
    for spec in dataclasses.fields(cls):
        info = spec.metadata.get(FACT)
        if not isinstance(info, FactInfo):
            raise TypeError(f"{cls.__name__}.{spec.name}: declare each fact with fact(...)")
        kind, _optional = _json_type(cls, spec.name, hints[spec.name])
        out.append(
            Field(
                info.name or spec.name,
                kind,
                cited_in(info.description, lenient=True),
                required=spec.default is dataclasses.MISSING,
                choices=info.choices,
                minimum=info.minimum,
                unit=info.unit,
                example=info.example,
                default=None if spec.default is dataclasses.MISSING else spec.default,
                attribute=spec.name,
                nullable_items=_nullable_items(hints[spec.name]),
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class Question(Generic[F]):
    """A question ``dogtag evaluate`` answers: its facts class and the function that answers it.

    ``answer`` takes an instance of ``facts`` and the parameters in force, and returns the findings
    the question is about (and no others). ``example`` is the schema's example; left empty, it is
    made of the fields' examples.
    """

    name: str
    summary: str
    rules: tuple[str, ...]
    facts: type[F]
    answer: Callable[[F, ParameterSet], list[Finding]]
    example: Mapping[str, JSONValue] = dataclasses.field(default_factory=dict)
    #: rules of ``rules`` the question offers as choices: one not law in a city is not offered
    #: there, and does not keep the question from being law (the deadline question's clocks)
    choices: tuple[str, ...] = ()

    @property
    def fields(self) -> tuple[Field, ...]:
        return fields_of(self.facts)

    def worded(self, params: ParameterSet, on: dt.date) -> Question[F]:
        """The question with its summary worded from the parameters in force on ``on`` (a summary
        names a value only as ``{key:style}``, :mod:`dogtag.law.wording`) and each provision as
        ``params``' city numbers it (``{§concept}``, ``law.provisions.cited_in``). A provision the
        city's law does not state is an error: such a question is not law there, and is not listed
        (``questions.not_in_law``)."""
        summary = question_summary(self.name, self.summary, params)
        return dataclasses.replace(self, summary=fill(cited_in(summary, params), params, on)[0])

    @property
    def examples(self) -> dict[str, JSONValue]:
        if self.example:
            return dict(self.example)
        return {f.name: f.example for f in self.fields if f.example is not None}

    def schema(self) -> dict[str, JSONValue]:
        fields = self.fields
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"Facts for the question {self.name!r}",
            # lenient, as a fact's description: the schema shows in any city, never another's section
            "description": unfilled(
                cited_in(question_summary(self.name, self.summary, city_in_force()), lenient=True)
            ),
            "type": "object",
            "properties": {f.name: f.schema() for f in fields},
            "required": [f.name for f in fields if f.required],
            "additionalProperties": False,
            "examples": [self.examples],
        }

    def parse(self, raw: Any) -> F:
        """The facts as an instance of the facts class; every problem reported, naming its field."""
        if not isinstance(raw, Mapping):
            raise FactsError(self.name, ["the facts must be a JSON object"])
        fields = self.fields
        known = {f.name for f in fields}
        problems = [f"{name}: not a fact of this question" for name in raw if name not in known]
        given: dict[str, Any] = {}
        for f in fields:
            if f.name not in raw or raw[f.name] is None:
                if f.required:
                    problems.append(f"{f.name}: missing ({f.description})")
                continue
            value, problem = f.parse(raw[f.name])
            if problem:
                problems.append(problem)
            else:
                given[f.attribute or f.name] = tuple(value) if isinstance(value, list) else value
        if problems:
            raise FactsError(self.name, problems)
        instance = self.facts(**given)
        check = getattr(instance, "problems", None)
        problems = check() if callable(check) else []
        if problems:
            raise FactsError(self.name, problems)
        return instance

    def evaluate(self, raw: Any, params: ParameterSet) -> list[Finding]:
        return self.answer(self.parse(raw), params)
