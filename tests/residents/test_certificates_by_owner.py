"""Issue 25 item 2.7: a household sees the rabies certificates recorded while it owned the dog.

A certificate names the owner who brought the dog to the vet. After a change of owner (3-2-2.F,
``licensing.services.transfer_ownership``, stored as ``OwnershipChange`` rows) the new owner
sees only the certificates of the dog's time with them, and the previous owner keeps theirs.
"""

import datetime as dt
import re

import pytest
import time_machine
from django.core.files.base import ContentFile
from django.test import Client

from dogtag.licensing import services as desk
from dogtag.licensing.models import RabiesVaccination
from tests.licensing.conftest import D, cash
from tests.residents.conftest import sign_in

pytestmark = pytest.mark.django_db

CHICAGO = dt.timezone(dt.timedelta(hours=-6))


def at(day: dt.date, hour: int = 10):
    return time_machine.travel(
        dt.datetime(day.year, day.month, day.day, hour, tzinfo=CHICAGO), tick=False
    )


def vaccinate(dog, clerk, on: dt.date, name: str) -> RabiesVaccination:
    """A vaccination recorded at the desk on its day, with its certificate's scan."""
    return desk.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=on,
        expires_on=on.replace(year=on.year + 1),
        duration_years=1,
        veterinarian="Dr. Ana Lindqvist, DVM",
        certificate_number=name,
        certificate_file=ContentFile(f"%PDF-1.4\n% {name}\n".encode(), name=f"{name}.pdf"),
    )


def certificate_links(client: Client) -> list[int]:
    page = client.get("/residents/household/").content.decode()
    return [int(pk) for pk in re.findall(r"/residents/household/rabies-certificates/(\d+)/", page)]


def opens(client: Client, vaccination: RabiesVaccination) -> int:
    return client.get(f"/residents/household/rabies-certificates/{vaccination.pk}/").status_code


@pytest.fixture
def biscuit_changes_hands(pat, lee, clerk):
    """Biscuit: Pat's certificate of 2026-11-20; sold to Lee on 2026-12-01 (recorded that day);
    Lee's certificate of 2026-12-05."""
    _pat_owner, biscuit, _license = pat
    lee_owner, _rocket, _lees_license = lee
    with at(D(2026, 11, 20)):
        pats = vaccinate(biscuit, clerk, D(2026, 11, 20), "PAT-1")
    with at(D(2026, 12, 1)):
        desk.transfer_ownership(
            dog=biscuit, to_owner=lee_owner, changed_on=D(2026, 12, 1), actor=clerk
        )
    with at(D(2026, 12, 5)):
        lees = vaccinate(biscuit, clerk, D(2026, 12, 5), "LEE-1")
    return biscuit, pats, lees


def test_the_new_owner_sees_only_the_certificates_of_the_dogs_time_with_them(
    biscuit_changes_hands,
):
    _biscuit, pats, lees = biscuit_changes_hands
    with at(D(2026, 12, 6)):
        # Given Lee, Biscuit's owner since 2026-12-01, signed in
        client = Client()
        sign_in(client, "lee@example.org")
        # When Lee opens the household page and each of Biscuit's certificates
        links = certificate_links(client)
        # Then the page lists Lee's certificate and not Pat's, and Pat's answers 404 as a
        # certificate of another household does
        assert lees.pk in links
        assert pats.pk not in links
        assert opens(client, lees) == 200
        assert opens(client, pats) == 404
        # and of Biscuit's vaccinations the page lists Lee's alone (Pat's first one, of
        # 2026-10-01, had no scan: it is not listed either)
        page = client.get("/residents/household/").content.decode()
        assert page.count('<li class="dogtag-vaccination">Biscuit:') == 1


def test_the_previous_owner_keeps_their_own_certificates_and_not_the_new_owners(
    biscuit_changes_hands,
):
    _biscuit, pats, lees = biscuit_changes_hands
    with at(D(2026, 12, 6)):
        # Given Pat, Biscuit's owner until 2026-12-01, signed in
        client = Client()
        sign_in(client, "pat@example.org")
        # Then her household page still lists her certificate of Biscuit, and not Lee's
        links = certificate_links(client)
        assert pats.pk in links
        assert lees.pk not in links
        assert opens(client, pats) == 200
        assert opens(client, lees) == 404


def test_a_dog_sold_back_shows_each_household_its_own_periods(biscuit_changes_hands, pat, clerk):
    biscuit, pats, lees = biscuit_changes_hands
    pat_owner = pat[0]
    # Given Biscuit back with Pat from 2027-02-01, vaccinated again then
    with at(D(2027, 2, 1)):
        desk.transfer_ownership(
            dog=biscuit, to_owner=pat_owner, changed_on=D(2027, 2, 1), actor=clerk
        )
    with at(D(2027, 2, 10)):
        pats_again = vaccinate(biscuit, clerk, D(2027, 2, 10), "PAT-2")
    with at(D(2027, 2, 11)):
        pat_client, lee_client = Client(), Client()
        sign_in(pat_client, "pat@example.org")
        sign_in(lee_client, "lee@example.org")
        # Then Pat sees both of her periods' certificates, Lee only the one of his
        assert certificate_links(pat_client) == [pats_again.pk, pats.pk]
        assert certificate_links(lee_client) == [lees.pk]


def test_a_certificate_of_the_previous_owner_recorded_late_is_not_the_new_owners(pat, lee, clerk):
    """A certificate given before the change but recorded after it (a clinic's, sent late)
    names the previous owner: the new owner does not see it."""
    _pat_owner, biscuit, _license = pat
    lee_owner = lee[0]
    with at(D(2026, 12, 1)):
        desk.transfer_ownership(
            dog=biscuit, to_owner=lee_owner, changed_on=D(2026, 12, 1), actor=clerk
        )
    with at(D(2026, 12, 3)):
        late = vaccinate(biscuit, clerk, D(2026, 11, 25), "PAT-LATE")
    with at(D(2026, 12, 4)):
        client = Client()
        sign_in(client, "lee@example.org")
        assert late.pk not in certificate_links(client)
        assert opens(client, late) == 404


def test_the_new_owners_renewal_is_not_prefilled_from_the_previous_owners_certificate(
    pat, lee, clerk
):
    """The renewal form opens with the dog's latest certificate: the household's own only."""
    _pat_owner, biscuit, _license = pat
    lee_owner = lee[0]
    with at(D(2026, 11, 20)):
        pats = vaccinate(biscuit, clerk, D(2026, 11, 20), "PAT-1")
    # Given Biscuit sold to Lee, and licensed to Lee on Pat's certificate, still current
    with at(D(2026, 12, 1)):
        desk.transfer_ownership(
            dog=biscuit, to_owner=lee_owner, changed_on=D(2026, 12, 1), actor=clerk
        )
        lees_license = desk.issue_license(
            dog=biscuit,
            rabies=pats,
            kind="change_of_ownership",
            on=D(2026, 12, 1),
            payment=cash("3.00"),
            actor=clerk,
        ).license
    # When Lee opens the renewal of that license
    with at(D(2027, 11, 1)):
        client = Client()
        sign_in(client, "lee@example.org")
        page = client.get(f"/residents/applications/renew/{lees_license.number}/")
    # Then the form is not filled from Pat's certificate
    assert page.status_code == 200
    text = page.content.decode()
    assert "Renew the license of Biscuit" in text
    assert "PAT-1" not in text
    assert 'value="2026-11-20"' not in text
