"""Several provisions cited at once (issue 27, ``law.provisions``): each section once
(``cite_each``), in one list as the ordinance writes one (``together``, and a run of
``{§concept}`` in a sentence); a concept the city does not map named as such where a text must
still show (``cited_in(..., lenient=True)``, a fact's description)."""

from __future__ import annotations

import pytest

from dogtag.law import provisions


@pytest.mark.parametrize(
    "sections, listed",
    [
        (["3-2-2.A", "3-2-2.D"], "3-2-2.A, D"),
        (["3-2-2.B", "3-2-2.C"], "3-2-2.B, C"),
        (["3-2-9.E.2", "3-2-9.E.4"], "3-2-9.E.2, E.4"),
        (["3-2-2.B", "3-2-3.A"], "3-2-2.B, 3-2-3.A"),
        (["3-2-2.A", "3-2-2.D", "3-2-3.A", "3-2-3.B"], "3-2-2.A, D, 3-2-3.A, B"),
        (["503.09(5)(c)", "503.09(5)(d)"], "503.09(5)(c), (5)(d)"),
        (["503.09(5)(c)", "503.09(3)"], "503.09(5)(c), (3)"),
        (["503.09(4)", "503.10(1)"], "503.09(4), 503.10(1)"),
        (["503.09(5)(b)", "503.09(5)(b)"], "503.09(5)(b)"),
        (["3-2-4"], "3-2-4"),
        # a code numbering subdivisions in words (regression: "6.40 subd. 4,  subd. 5")
        (["6.40 subd. 4", "6.40 subd. 5"], "6.40 subd. 4, subd. 5"),
        ([], ""),
    ],
)
def test_sections_in_one_list_drop_the_number_of_the_section_they_share(sections, listed):
    assert provisions.together(sections) == listed


@pytest.mark.parametrize(
    "city, each",
    [
        ("nowthen", ("3-2-2.B",)),
        ("lino-lakes", ("503.09(5)(c)", "503.09(5)(b)")),
    ],
)
def test_provisions_one_city_states_in_one_subsection_are_cited_once(in_force, city, each):
    # Nowthen's 3-2-2.B states the term, the fee and the renewal; Lino Lakes' (5)(b) and (c)
    found = in_force(city)
    assert provisions.cite_each("license.term", "license.fee", "license.renewal") == each
    assert provisions.cite_each("license.term", "license.fee", params=found) == each


@pytest.mark.parametrize(
    "city, text",
    [
        ("nowthen", "Expiry of the rabies vaccination (3-2-2.B, G), renewed per 3-2-2.B"),
        (
            "lino-lakes",
            "Expiry of the rabies vaccination (503.09(5)(c), (3)), renewed per 503.09(5)(c)",
        ),
    ],
)
def test_a_run_of_concepts_in_a_sentence_is_one_list(in_force, city, text):
    written = (
        "Expiry of the rabies vaccination ({§license.term}, {§license.rabies_required}), "
        "renewed per {§license.renewal}"
    )
    assert provisions.cited_in(written, in_force(city)) == text


def test_a_concept_the_city_does_not_map_is_an_error_unless_lenient(in_force):
    lino = in_force("lino-lakes")
    written = "Taken off the animal ({§tag.taken_from_animal})"
    with pytest.raises(provisions.UnknownProvision, match="'tag.taken_from_animal'"):
        provisions.cited_in(written, lino)
    assert provisions.cited_in(written, lino, lenient=True) == (
        "Taken off the animal ([tag.taken_from_animal: no section])"
    )
