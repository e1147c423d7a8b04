"""What the complaint pages share: the permissions, a complaint by its number, the parcel's link
and which of the complainant's fields the City classifies private."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.urls import NoReverseMatch, reverse

from dogtag.complaints.models import Complaint
from dogtag.licensing.data_practices import PRIVATE, classification
from dogtag.licensing.models import Dog

RECEIVE = "records.receive_complaint"
INVESTIGATE = "records.investigate_complaint"
COMPLAINANT_FIELDS = {
    "complainant_name": "name",
    "complainant_phone": "phone number",
    "complainant_address": "address",
}


def parcel_url(pin: str) -> str:
    """The parcel's page; ``/parcels/<pin>/`` if the parcel pages are not wired yet."""
    try:
        return reverse("parcel_detail", args=[pin])
    except NoReverseMatch:
        return f"/parcels/{pin}/"


def _complaint(number: str) -> Complaint:
    return get_object_or_404(
        Complaint.objects.select_related(
            "parcel", "owner", "assigned_to", "received_by"
        ).prefetch_related(Prefetch("dogs", queryset=Dog.objects.select_related("owner"))),
        number=number,
    )


def complainant_practices() -> dict[str, Any]:
    """Which complainant fields the City classifies private (``data_practices.py``)."""
    table = classification()
    private = [
        word
        for name, word in COMPLAINANT_FIELDS.items()
        if table.get(f"complaint.{name}") and table[f"complaint.{name}"].classification == PRIVATE
    ]
    return {"private": private, "all_private": len(private) == len(COMPLAINANT_FIELDS)}
