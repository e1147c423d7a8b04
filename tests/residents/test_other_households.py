"""Issue 12 item 8: a resident can never reach another household's records.

Every address of the residents' site is read from the URL resolver, so a new page is covered the
day it is added: an address with a parameter must be walked here with the other household's ids,
an address without one must be listed in ``NO_ID``; either way, or the first test fails.

Pat (A) signs in and asks for each of Lee's (B) records by its id: dogs, licenses, receipts,
rabies certificates, notices, applications, lost reports, complaints and hearing requests (their
numbers and ids typed where the address takes a signed token). Each answers exactly what an id
that does not exist answers (404), never a page with Lee's data; a POST changes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.files.base import ContentFile
from django.db import models
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from dogtag.applications.models import OnlineApplication
from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs import services as cases
from dogtag.dangerous_dogs.models import DangerousDogCase, FlaggedHearingRequest, Hearing
from dogtag.found import services as found
from dogtag.found.models import LostReport
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, Receipt
from dogtag.outbox.models import OutboxMessage
from dogtag.public_cases import hearing
from dogtag.public_cases import services as public_cases
from dogtag.records.models import Decision
from dogtag.residents.services import _account_for
from tests.applications.conftest import CERTIFICATE, NEW_HOUSEHOLD, apply_new, certificate_file
from tests.applications.conftest import services as applications
from tests.dangerous_dogs.conftest import designate
from tests.dangerous_dogs.conftest import officer as dd_officer  # noqa: F401  (fixture)
from tests.residents.conftest import sign_in

pytestmark = pytest.mark.django_db

#: Addresses that take no id of any record (their names in the resolver).
NO_ID = {
    "residents:home",
    "residents:set_language",
    "residents:sign_in",
    "residents:sign_in_sent",
    "residents:sign_in_link",
    "residents:sign_out",
    "residents:household",
    "residents:found_lookup",
    "residents:found_relay",
    "residents:found_sent",
    "residents:complaint_new",
    "residents:my_complaints",
    "residents:hearing_request",
    "residents:applications:application_index",
    "residents:applications:application_new",
}


def public_patterns() -> Iterator[tuple[str, URLPattern]]:
    """Every named address under the residents' site, with its full namespaced name."""

    def walk(patterns: list[Any], namespace: str) -> Iterator[tuple[str, URLPattern]]:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                inner = f"{namespace}:{entry.namespace}" if entry.namespace else namespace
                yield from walk(entry.url_patterns, inner)
            elif isinstance(entry, URLPattern):
                assert entry.name, f"an unnamed address on the residents' site: {entry.pattern}"
                yield f"{namespace}:{entry.name}", entry

    residents = next(
        e for e in get_resolver().url_patterns if getattr(e, "namespace", None) == "residents"
    )
    yield from walk(residents.url_patterns, "residents")


@dataclass(frozen=True)
class Lee:
    owner: Owner
    dog: Dog
    license: License
    receipt: Receipt
    vaccination: RabiesVaccination
    case: DangerousDogCase
    draft: OnlineApplication
    submitted: OnlineApplication
    lost: LostReport
    complaint: Complaint
    complaint_token: str
    hearing_token: str


@pytest.fixture
def lee_records(lee, dd_officer) -> Lee:  # noqa: F811
    """Lee's household with one of every record a resident can see."""
    owner, dog, license_ = lee
    account = _account_for("lee@example.org")
    account.owners.add(owner)
    vaccination = RabiesVaccination.objects.filter(dog=dog).latest("pk")
    vaccination.certificate_file.save("lee-cert.pdf", ContentFile(b"%PDF-1.4\n% Lee\n"))
    case = designate(dd_officer, dog, on=dt.date(2026, 11, 19))
    case = cases.issue_notice(case=case, on=dt.date(2026, 11, 19), actor=dd_officer)
    case = cases.record_service(
        case=case,
        served_on=dt.date(2026, 11, 20),
        method="personal",
        served_person="Lee",
        actor=dd_officer,
    )
    receipt_of_request = hearing.request_hearing(case=case, requested_by="Lee Okafor")
    submitted = apply_new(account, owner_name="Lee Okafor", dog_name="Comet")
    draft = applications.save_draft(
        account=account,
        data={**_draft_data()},
        upload=certificate_file(),
        kind="new",
    )
    lost = found.report_lost(
        account=account,
        dog=dog,
        last_seen_at=dt.datetime(2026, 11, 28, 15, 0, tzinfo=dt.UTC),
        last_seen_where="Viking Blvd NW",
        note="",
    )
    complaint = public_cases.submit_complaint(
        fields={
            "kind": "at_large",
            "occurred_at": dt.datetime(2026, 11, 28, 13, 30, tzinfo=dt.UTC),
            "address": "Viking Blvd NW",
            "narrative": "A dog ran loose.",
            "complainant_name": "Lee Okafor",
            "complainant_phone": "763-555-0142",
            "complainant_address": "19100 Nowthen Blvd NW",
            "complainant_email": "lee@example.org",
        },
        account=account,
    )
    return Lee(
        owner=owner,
        dog=dog,
        license=license_,
        receipt=Receipt.objects.get(license=license_),
        vaccination=vaccination,
        case=DangerousDogCase.objects.get(pk=case.pk),
        draft=draft,
        submitted=submitted,
        lost=lost,
        complaint=complaint,
        complaint_token=public_cases.tracking_token(complaint),
        hearing_token=receipt_of_request.token,
    )


def _draft_data() -> dict[str, Any]:
    return {**NEW_HOUSEHOLD, **CERTIFICATE, "owner_name": "Lee Okafor", "dog_name": "Nova"}


#: The addresses walked with another household's ids (``lee_ids`` fills each).
WALKED = {
    "residents:household_license_pdf",
    "residents:household_receipt_pdf",
    "residents:household_rabies_certificate",
    "residents:household_case_document",
    "residents:found_answer",
    "residents:found_report_lost",
    "residents:found_found_again",
    "residents:complaint_track",
    "residents:hearing_request_received",
    "residents:hearing_request_pdf",
    "residents:applications:application_renew",
    "residents:applications:application_detail",
    "residents:applications:application_edit",
    "residents:applications:application_submit",
    "residents:applications:application_certificate",
    # (with a clinic's certificate on Lee's dog: tests/applications/test_clinic_renewal.py)
    "residents:applications:application_clinic_renewal",
}


def lee_ids(lee: Lee) -> dict[str, list[dict[str, Any]]]:
    """Each address with a parameter, filled with Lee's ids (every kind it could take)."""
    applications_ = [{"pk": lee.draft.pk}, {"pk": lee.submitted.pk}]
    ids_for_tokens = [
        {"token": str(lee.complaint.pk)},
        {"token": lee.complaint.number},
        {"token": lee.case.number},
        {"token": str(lee.lost.pk)},
        {"token": str(lee.dog.pk)},
    ]
    return {
        "residents:household_license_pdf": [{"number": lee.license.number}],
        "residents:household_receipt_pdf": [{"number": lee.receipt.number}],
        "residents:household_rabies_certificate": [{"pk": lee.vaccination.pk}],
        "residents:household_case_document": [
            {"number": lee.case.number, "document": document}
            for document in ("notice", "hearing-notice", "order")
        ],
        "residents:found_answer": ids_for_tokens,
        "residents:found_report_lost": [{"pk": lee.dog.pk}],
        "residents:found_found_again": [{"pk": lee.dog.pk}],
        "residents:complaint_track": ids_for_tokens,
        "residents:hearing_request_received": ids_for_tokens,
        "residents:hearing_request_pdf": ids_for_tokens,
        "residents:applications:application_renew": [{"number": lee.license.number}],
        "residents:applications:application_detail": applications_,
        "residents:applications:application_edit": applications_,
        "residents:applications:application_submit": applications_,
        "residents:applications:application_certificate": applications_,
        "residents:applications:application_clinic_renewal": [{"dog": lee.dog.pk}],
    }


#: An id of the same form that belongs to nobody.
NOBODY = {
    "pk": 987654,
    "dog": 987654,
    "number": "2026-98765",
    "token": "98765",
    "document": "notice",
}


def lee_secrets(lee: Lee) -> list[str]:
    """What Lee's records say that Pat must never see."""
    return [
        "Lee Okafor",
        "19100 Nowthen Blvd NW",
        "Rocket",
        "Comet",
        "Nova",
        lee.license.number,
        lee.receipt.number,
        lee.case.number,
        lee.complaint.number,
    ]


#: Everything a POST of the residents' site could write.
WRITTEN: list[type[models.Model]] = [
    OnlineApplication,
    LostReport,
    Dog,
    License,
    Owner,
    Receipt,
    RabiesVaccination,
    Complaint,
    Hearing,
    FlaggedHearingRequest,
    DangerousDogCase,
    Decision,
    OutboxMessage,
]


def state(lee: Lee) -> tuple[Any, ...]:
    counts = tuple(model.objects.count() for model in WRITTEN)
    rows = (
        OnlineApplication.objects.filter(pk__in=[lee.draft.pk, lee.submitted.pk])
        .order_by("pk")
        .values_list("status", "dog_name", "received_at", "certificate_file"),
        LostReport.objects.filter(pk=lee.lost.pk).values_list("found_again_at", "last_seen_where"),
        Dog.objects.filter(pk=lee.dog.pk).values_list("status", "owner_id", "name"),
        DangerousDogCase.objects.filter(pk=lee.case.pk).values_list("state"),
    )
    return counts, tuple(tuple(r) for r in rows)


FORM = {
    "last_seen_at": "2026-11-28T15:00",
    "last_seen_where": "Nowhere",
    "note": "",
    "dog_name": "Taken",
    "breed": "Beagle",
    "color": "Brown",
    "sex": "male",
    "vaccinated_on": "2026-11-10",
    "expires_on": "2027-11-10",
    "duration_years": "1",
    "veterinarian": "Dr. X",
    "website": "",
}


def test_every_address_with_an_id_is_walked_and_every_other_listed():
    walked = WALKED
    seen = dict(public_patterns())
    taking_ids = {name for name, p in seen.items() if p.pattern.converters}
    assert taking_ids - walked == set(), "walk these with another household's ids"
    assert set(seen) - taking_ids - NO_ID == set(), "list these in NO_ID (they take no id)"
    assert NO_ID & taking_ids == set()
    assert walked - set(seen) == set(), "these addresses no longer exist"


def requests(
    lee: Lee,
) -> Iterator[tuple[str, str, Callable[[Client], Any], Callable[[Client], Any]]]:
    """(name, address, ask with Lee's id, ask with nobody's id) for GET and POST of each."""

    ids = lee_ids(lee)
    for name, _pattern in public_patterns():
        if name not in ids:
            continue
        for kwargs in ids[name]:
            address = reverse(name, kwargs=kwargs)
            nobody = reverse(name, kwargs={k: NOBODY[k] for k in kwargs})
            if "document" in kwargs:
                nobody = reverse(name, kwargs={**kwargs, "number": NOBODY["number"]})
            for method in ("get", "post"):
                yield (
                    f"{method.upper()} {name}",
                    address,
                    lambda c, m=method, a=address: getattr(c, m)(a, FORM),
                    lambda c, m=method, a=nobody: getattr(c, m)(a, FORM),
                )


def test_pat_reaches_none_of_lees_records_by_their_ids(pat, lee_records):
    # Given Pat signed in, and Lee's household with one of every record
    client = Client()
    sign_in(client, "pat@example.org")
    before = state(lee_records)
    secrets = lee_secrets(lee_records)
    asked = 0
    for label, address, with_lees, with_nobodys in requests(lee_records):
        # When Pat asks for Lee's record by its id
        response = with_lees(client)
        # Then the answer is the one for an id of nobody: not found (or the method is not
        # allowed there at all), with none of Lee's data
        assert response.status_code in (404, 405), (label, address, response.status_code)
        assert with_nobodys(client).status_code == response.status_code, (label, address)
        page = response.content.decode(errors="replace")
        # (the 404 page may repeat the address Pat typed: that is not Lee's data)
        assert [s for s in secrets if s in page and s not in address] == [], (label, address)
        asked += 1
    # And nothing was written by any of it
    assert state(lee_records) == before
    assert set(lee_ids(lee_records)) == WALKED
    assert asked == 2 * sum(len(v) for v in lee_ids(lee_records).values())


def test_lee_reaches_each_of_the_same_records(lee_records):
    """The walk is not vacuous: signed in as Lee, the same addresses (GET) open Lee's records."""
    client = Client()
    sign_in(client, "lee@example.org")
    ids = lee_ids(lee_records)

    own = {
        "residents:household_license_pdf": ids["residents:household_license_pdf"],
        "residents:household_receipt_pdf": ids["residents:household_receipt_pdf"],
        "residents:household_rabies_certificate": ids["residents:household_rabies_certificate"],
        "residents:household_case_document": [{"number": lee_records.case.number,
                                               "document": "notice"}],
        "residents:found_report_lost": ids["residents:found_report_lost"],
        "residents:complaint_track": [{"token": lee_records.complaint_token}],
        "residents:hearing_request_received": [{"token": lee_records.hearing_token}],
        "residents:hearing_request_pdf": [{"token": lee_records.hearing_token}],
        "residents:applications:application_renew": ids[
            "residents:applications:application_renew"
        ],
        "residents:applications:application_detail": ids[
            "residents:applications:application_detail"
        ],
        "residents:applications:application_edit": [{"pk": lee_records.draft.pk}],
        "residents:applications:application_certificate": ids[
            "residents:applications:application_certificate"
        ],
    }  # fmt: skip
    for name, kwargs_list in own.items():
        for kwargs in kwargs_list:
            response = client.get(reverse(name, kwargs=kwargs))
            assert response.status_code == 200, (name, kwargs, response.status_code)
