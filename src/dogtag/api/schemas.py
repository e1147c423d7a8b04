"""The API's typed shapes (pydantic, through django-ninja): what each record looks like out, and
what each write takes in. The OpenAPI document is generated from these same types."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Annotated, Any, Generic, TypeVar

from ninja import Schema
from pydantic import Field

T = TypeVar("T")

#: A record's id: the database's integer key (a larger number is refused, never looked up).
RecordId = Annotated[int, Field(ge=1, le=2**31 - 1)]

#: Free text typed into a search box: no control characters, bounded.
TEXT = r"^[^\x00-\x1f\x7f]*$"


class Page(Schema, Generic[T]):
    count: int = Field(description="How many match in all.")
    limit: int
    offset: int
    items: list[T]


class FindingOut(Schema):
    """One finding of the rules core, as ``dogtag evaluate`` prints it."""

    rule: str
    outcome: str
    blocks: bool
    sections: list[str]
    message: str
    facts: dict[str, Any]
    parameters: list[dict[str, Any]]
    readings: list[dict[str, Any]]
    deadline: dict[str, Any] | None
    next_date: Any
    details: dict[str, Any]


class OwnerOut(Schema):
    id: int
    name: str
    street: str
    city: str
    state: str
    postal_code: str
    phone: str
    email: str
    resident_since: dt.date | None
    parcel_pin: str | None
    dog_ids: list[int]


class DogOut(Schema):
    id: int
    owner_id: int
    name: str
    breed: str
    color: str
    sex: str
    sterilized: bool
    born: dt.date | None
    born_estimated: bool
    microchip: str
    status: str
    status_changed_on: dt.date | None
    license_state: str = Field(description="The dog's license on today's date, in words.")


class VaccinationOut(Schema):
    id: int
    dog_id: int
    vaccinated_on: dt.date
    expires_on: dt.date
    duration_years: int
    veterinarian: str
    clinic: str
    certificate_number: str
    rabies_tag_number: str


class LicenseOut(Schema):
    number: str
    dog_id: int
    owner_id: int
    kind: str
    issued_on: dt.date
    expires_on: dt.date | None = Field(
        description="The last day the license is in force; none: for the dog's lifetime."
    )
    tier_years: int | None  # None where the city's fee is not by the term's tier
    fee: Decimal
    penalty: Decimal
    status: str
    state_today: str
    rabies_id: int
    previous: str | None
    decision_sections: list[str]
    #: Brought in from the city's earlier records (legacy import): no Decision is stored for it.
    imported: bool


class TagOut(Schema):
    serial: str
    status: str
    license_number: str | None
    dog_id: int | None
    issued_on: dt.date | None
    status_changed_on: dt.date | None


class ReceiptLineOut(Schema):
    description: str
    amount: Decimal


class ReceiptOut(Schema):
    number: str
    issued_at: dt.datetime
    payer: str
    owner_id: int | None
    method: str
    reference: str
    total: Decimal
    voids: str | None
    void_reason: str
    license_number: str | None
    lines: list[ReceiptLineOut]


class ParcelOut(Schema):
    pin: str
    address: str
    acres: Decimal | None
    owner_names: str
    mailing_street: str
    mailing_city: str
    mailing_state: str
    mailing_postal_code: str
    resident_owner_ids: list[int]


class KennelLicenseOut(Schema):
    number: str
    type: str = Field(
        description="private ({§private_kennel.license}) or commercial ({§commercial_kennel.license})"
    )
    kind: str
    holder_id: int
    parcel_pin: str
    dogs_licensed: int
    issued_on: dt.date
    starts_on: dt.date
    expires_on: dt.date
    status: str
    fee: Decimal


class ComplaintOut(Schema):
    number: str
    kind: str
    status: str
    received_at: dt.datetime
    occurred_at: dt.datetime
    occurred_until: dt.datetime | None
    parcel_pin: str | None
    address: str
    owner_id: int | None
    dog_ids: list[int]
    private_shown: bool = Field(
        description="Whether the complainant's identity and narrative are shown: only to the "
        "roles that may see them (Minn. Stat. 13.44 subd. 1)."
    )
    private_notice: str
    complainant_name: str | None
    complainant_phone: str | None
    complainant_address: str | None
    narrative: str | None


class DangerousDogCaseOut(Schema):
    number: str
    dog_id: int
    owner_id: int
    state: str
    designated_on: dt.date
    authority: str
    notice_issued_on: dt.date | None
    served_on: dt.date | None


class AnimalCaseEventOut(Schema):
    kind: str
    on: dt.date
    facts: dict[str, Any]


class AnimalDeadlineOut(Schema):
    due: dt.date | None
    overdue: bool
    message: str
    sections: list[str]


class DangerousAnimalCaseRowOut(Schema):
    """A dangerous-animal case in a list: where it stands today and its next deadline."""

    number: str
    animal: str
    description: str
    dog_id: int | None
    owner_id: int
    designated_on: dt.date
    state: str
    next_deadline: AnimalDeadlineOut | None


class DangerousAnimalCaseOut(Schema):
    number: str
    animal: str
    description: str
    dog_id: int | None
    owner_id: int
    designated_on: dt.date
    on: dt.date
    state: str
    deadlines: list[AnimalDeadlineOut]
    events: list[AnimalCaseEventOut]


class DueRowOut(Schema):
    section: str
    section_title: str
    subject_id: int
    subject_name: str
    owner_id: int
    owner_name: str
    date: dt.date | None
    overdue: bool
    sections: list[str]
    summary: str
    explanation: list[str]
    license_number: str
    note: str


class DuePage(Schema):
    on: dt.date
    count: int
    limit: int
    offset: int
    items: list[DueRowOut]


class QuestionOut(Schema):
    name: str
    summary: str
    rules: list[str]
    facts_schema: dict[str, Any]


class AnswerOut(Schema):
    question: str
    jurisdiction: str
    facts: dict[str, Any]
    findings: list[FindingOut]


class PublicTagOut(Schema):
    """What anyone may learn from a tag: the public fields only, no owner identity."""

    serial: str
    status: str
    license: dict[str, Any] | None
    dog: dict[str, Any] | None


# ------------------------------------------------------------------------------ writes in


class VaccinationIn(Schema):
    vaccinated_on: dt.date
    expires_on: dt.date
    duration_years: int = Field(1, description="1 or 3")
    veterinarian: str = Field(max_length=200, pattern=TEXT)
    clinic: str = Field("", max_length=200, pattern=TEXT)
    certificate_number: str = Field("", max_length=60, pattern=TEXT)
    rabies_tag_number: str = Field("", max_length=60, pattern=TEXT)


class LicenseIn(Schema):
    kind: str = Field(description="new, renewal, new_owner or new_resident", max_length=20)
    rabies_id: RecordId | None = None
    on: dt.date = Field(description="The day the application and the fee are received.")
    licensed_elsewhere: bool = False
    method: str = Field(description="cash, check or card", max_length=5)
    reference: str = Field("", max_length=60, pattern=TEXT)
    payer: str = Field("", max_length=200, pattern=TEXT)
    amount: Decimal = Field(ge=0, le=100_000, max_digits=8, decimal_places=2)


class IssuedOut(Schema):
    license: LicenseOut
    tag: str
    receipt: str
    findings: list[FindingOut]


class ComplaintIn(Schema):
    kind: str = Field(max_length=12)
    occurred_on: dt.date
    occurred_time: dt.time
    until_on: dt.date | None = None
    until_time: dt.time | None = None
    pin: str = Field("", max_length=30, pattern=TEXT)
    address: str = Field("", max_length=200, pattern=TEXT)
    complainant_name: str = Field("", max_length=200, pattern=TEXT)
    complainant_phone: str = Field("", max_length=20, pattern=TEXT)
    complainant_address: str = Field("", max_length=200, pattern=TEXT)
    owner_id: RecordId | None = None
    dog_ids: list[RecordId] = Field(default_factory=list, max_length=20)
    narrative: str = Field(min_length=1, max_length=5000)
