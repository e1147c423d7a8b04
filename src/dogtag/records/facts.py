"""Form fields that ask a fact of the rules core take its definition from the facts dataclass.

A staff form that asks the same fact as a question of ``dogtag evaluate`` should not describe it a
second time: :func:`from_fact` gives a Django form field the fact's help text (its description,
with its unit), whether it is required, its bounds and its choices, from the field metadata of
the facts class (``dogtag.law.facts``). The facts class is named directly or by the question that
takes it (``"dangerous-dog-case"``). The form keeps its own label and widget::

    licensed_elsewhere = forms.BooleanField(
        label="Has a license from another municipality",
        **from_fact(LicenseApplicationFacts, "licensed_elsewhere"),
    )

What the form asks may be narrower than the question's fact: a date the question takes as "left
out: not yet" is required for the step that records it (``required=True``). Such a keyword
overrides what the fact gives. A checkbox whose label would say the fact again takes the
description as its label (``as_label=True``). Choices keep the fact's values, in its order, with the form's
labels (``labels={"death": "the death of the dog"}``); a label for a value the fact does not
have, or a value without a label, is an error, so the form cannot offer another set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dogtag.law.facts import Field, fields_of
from dogtag.law.questions import question

#: Units that name a kind of value, not a measure: the help text does not repeat them.
_KINDS = {"date", "datetime", "choice", "text", "boolean"}


def fact_field(asked: type | str, name: str) -> Field:
    """The fact ``name`` (its attribute) of a facts class, or of the question named ``asked``."""
    facts_class = question(asked).facts if isinstance(asked, str) else asked
    by_attribute = {f.attribute or f.name: f for f in fields_of(facts_class)}
    try:
        return by_attribute[name]
    except KeyError:
        raise LookupError(f"{facts_class.__name__} has no fact {name!r}") from None


def from_fact(
    asked: type | str,
    name: str,
    *,
    labels: Mapping[str, str] | None = None,
    as_label: bool = False,
    **overrides: Any,
) -> dict[str, Any]:
    """Keyword arguments for a form field asking the fact ``name`` (its attribute) of a class;
    ``as_label=True`` makes the description the field's label (a checkbox that says the fact)
    instead of its help text."""
    fact = fact_field(asked, name)
    shown_unit = fact.unit if fact.unit and fact.unit not in _KINDS else None
    described = fact.description + (f" ({shown_unit})" if shown_unit else "")
    # A checkbox left unticked answers a yes-or-no fact ("no"): it is never a missing answer.
    required = fact.required and fact.type != "boolean"
    kwargs: dict[str, Any] = {"label" if as_label else "help_text": described, "required": required}
    if fact.minimum is not None:
        kwargs["min_value"] = fact.minimum
    if fact.choices:
        kwargs["choices"] = _choices(fact, labels)
    elif labels is not None:
        raise ValueError(f"{fact.name} has no choices to label")
    kwargs.update(overrides)
    return kwargs


def _choices(fact: Field, labels: Mapping[str, str] | None) -> list[tuple[str, str]]:
    if labels is None:
        return [(choice, choice) for choice in fact.choices]
    if set(labels) != set(fact.choices):
        raise ValueError(
            f"{fact.name}: the form's choices {sorted(labels)} are not the fact's "
            f"{sorted(fact.choices)}"
        )
    return [(choice, labels[choice]) for choice in fact.choices]
