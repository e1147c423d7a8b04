"""The residents' sentences name the city's sections in its own citation form (issue 27): the
package's ``citation`` ("City Code {section}" in Nowthen, "City Code § {section}" in Lino Lakes)
and its translation (``citation_translations``), never a form written in the sentence."""

from __future__ import annotations

import pytest
from django.utils import translation

from dogtag.complaints.models import Complaint
from dogtag.public_cases.services import KIND_LABELS


@pytest.mark.parametrize(
    "city, language, barking, at_large",
    [
        (
            "nowthen",
            "en",
            "Barking or other noise (City Code 3-2-7.A)",
            "A dog running at large (City Code 3-2-7.D)",
        ),
        (
            "nowthen",
            "es",
            "Ladridos u otro ruido (Código de la Ciudad 3-2-7.A)",
            "Un perro suelto (Código de la Ciudad 3-2-7.D)",
        ),
        (
            "lino-lakes",
            "en",
            "Barking or other noise (City Code § 503.12(5))",
            "A dog running at large (City Code § 503.12(1))",
        ),
        (
            "lino-lakes",
            "es",
            "Ladridos u otro ruido (Código de la Ciudad § 503.12(5))",
            "Un perro suelto (Código de la Ciudad § 503.12(1))",
        ),
    ],
)
def test_a_complaint_s_kind_cites_as_the_city_names_its_code(
    monkeypatch, city, language, barking, at_large
):
    monkeypatch.setenv("DOGTAG_JURISDICTION", city)
    with translation.override(language):
        assert str(KIND_LABELS[Complaint.Kind.BARKING]) == barking
        assert str(KIND_LABELS[Complaint.Kind.AT_LARGE]) == at_large
