"""Form fields that ask a fact of the rules core take its definition from the facts dataclass.

A staff form that asks the same fact as a question of ``dogtag evaluate`` should not describe it a
second time: :func:`from_fact` gives a Django form field the fact's help text (its description,
with its unit), whether it is required, its lower bound and its choices, from the field metadata of
the facts class (``dogtag.law.facts``). The form keeps its own label and widget::

    licensed_elsewhere = forms.BooleanField(
        label="Has a license from another municipality",
        **from_fact(LicenseApplicationFacts, "licensed_elsewhere"),
    )
"""

from __future__ import annotations

from typing import Any

from dogtag.law.facts import fields_of


def from_fact(facts_class: type, name: str) -> dict[str, Any]:
    """Keyword arguments for a form field asking the fact ``name`` (its attribute) of a class."""
    by_attribute = {f.attribute or f.name: f for f in fields_of(facts_class)}
    try:
        fact = by_attribute[name]
    except KeyError:
        raise LookupError(f"{facts_class.__name__} has no fact {name!r}") from None
    help_text = fact.description + (f" ({fact.unit})" if fact.unit else "")
    kwargs: dict[str, Any] = {"help_text": help_text, "required": fact.required}
    if fact.minimum is not None:
        kwargs["min_value"] = fact.minimum
    if fact.choices:
        kwargs["choices"] = [(choice, choice) for choice in fact.choices]
    return kwargs
