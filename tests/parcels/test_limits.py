"""3-2-5 dog limits per parcel: the dogs over six months of the owners living on each parcel,
against what its acres allow, with or without a private kennel license (3-2-5.A)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from dogtag.kennels.limits import parcel_dog_limits, parcels_over_limit
from dogtag.kennels.models import PrivateKennelLicense
from dogtag.licensing.models import Dog, Owner
from dogtag.records.models import Decision
from dogtag.staff.parcels.views_import import over_limit_view
from tests.staff.test_site import doc

from .conftest import TODAY, X0, Y0, D

ADULT = D(2023, 4, 1)
#: Five months old today: not yet counted (3-2-5: "dogs over six (6) months of age").
PUPPY = D(2026, 6, 29)


def household(parcel, name, births):
    owner = Owner.objects.create(
        name=name, street=parcel.address, phone="+17635550100", parcel=parcel
    )
    for number, born in enumerate(births, start=1):
        Dog.objects.create(
            owner=owner, name=f"Dog {number}", breed="Mixed", color="Brown", sex="male", born=born
        )
    return owner


ISSUED, EXPIRES = D(2026, 3, 1), D(2027, 2, 28)


def kennel_license(parcel, holder, dogs, *, issued=ISSUED, expires=EXPIRES, **kw):
    decision = Decision.objects.create(
        action="kennel.private_license", outcome="done", decided_on=issued
    )
    return PrivateKennelLicense.objects.create(
        number=f"PK-{parcel.pin}",
        holder=holder,
        parcel=parcel,
        dogs_licensed=dogs,
        kind=PrivateKennelLicense.Kind.NEW,
        issued_on=issued,
        starts_on=issued,
        expires_on=expires,
        fee=Decimal("25.00"),
        decision=decision,
        **kw,
    )


def row_for(pin, on=TODAY):
    [row] = [r for r in parcel_dog_limits(on) if r.parcel.pin == pin]
    return row


def test_three_dogs_are_allowed_on_two_and_a_half_acres(make_parcel):
    # Given a 2.5-acre parcel whose household keeps three grown dogs
    parcel = make_parcel("SMALL-3", "2.5")
    household(parcel, "Pat Lund", [ADULT] * 3)
    # When its dog limit is found for today
    row = row_for("SMALL-3")
    # Then the three dogs are allowed (3-2-5)
    assert (row.dogs_over_six_months, row.over_limit, row.limit.outcome) == (3, False, "allowed")
    assert row.limit.message == (
        "Allowed: 3 dogs over six months on 2.500 acres; a parcel of 2.5 acres or less may keep "
        "up to 3 dogs (3-2-5)."
    )


def test_four_dogs_on_two_and_a_half_acres_need_a_private_kennel_license(make_parcel):
    # Given a 2.5-acre parcel whose two households keep four grown dogs between them
    parcel = make_parcel("SMALL-4", "2.5")
    household(parcel, "Pat Lund", [ADULT] * 2)
    household(parcel, "Kim Lund", [ADULT] * 2)
    # When its dog limit is found
    row = row_for("SMALL-4")
    # Then it is over the limit: a private kennel license is required (reading §6.3: the
    # private kennel path is open to small parcels)
    assert (row.dogs_over_six_months, row.over_limit, row.limit.outcome) == (
        4,
        True,
        "private_kennel_license_required",
    )
    assert [o.name for o in row.residents] == ["Kim Lund", "Pat Lund"]
    assert [r.parcel.pin for r in parcels_over_limit(TODAY)] == ["SMALL-4"]


def test_six_dogs_on_three_acres_need_a_private_kennel_license(make_parcel):
    # Given a 3-acre parcel with six grown dogs and no kennel license
    parcel = make_parcel("LARGE-6", "3")
    household(parcel, "Gail Nordin", [ADULT] * 6)
    # When its dog limit is found
    row = row_for("LARGE-6")
    # Then the six dogs are over the five a parcel over 2.5 acres may keep
    assert (row.over_limit, row.allowed) == (True, 5)
    assert row.limit.message == (
        "Private kennel license required: 6 dogs over six months on 3.000 acres is over the 5 "
        "dogs a parcel of over 2.5 acres may keep; a private kennel license allows up to 10 dogs "
        "(3-2-5.A)."
    )
    assert row.limit.sections == ("3-2-5.A",)


def test_six_dogs_on_three_acres_with_a_private_kennel_license_for_six_are_allowed(make_parcel):
    # Given a 3-acre parcel with six grown dogs and a private kennel license for six in force
    parcel = make_parcel("LARGE-6K", "3")
    owner = household(parcel, "Gail Nordin", [ADULT] * 6)
    kennel_license(parcel, owner, 6)
    # When its dog limit is found
    row = row_for("LARGE-6K")
    # Then the license covers them (3-2-5.A.2: the set number of dogs)
    assert (row.over_limit, row.allowed, row.private_kennel_license.dogs_licensed) == (False, 6, 6)
    assert row.limit.message.endswith("A private kennel license for 6 dogs is held.")
    assert parcels_over_limit(TODAY) == []


def test_a_license_that_ended_or_expired_does_not_count(make_parcel):
    # Given six dogs on 3 acres, a license for six surrendered last month and one expired
    parcel = make_parcel("LARGE-6X", "3")
    owner = household(parcel, "Gail Nordin", [ADULT] * 6)
    kennel_license(
        parcel,
        owner,
        6,
        status=PrivateKennelLicense.Status.SURRENDERED,
        ended_on=D(2026, 10, 31),
    )
    # When its dog limit is found today, and on a day before the surrender
    # Then today it is over the limit, but not on 2026-10-15 when the license was in force
    assert row_for("LARGE-6X").over_limit is True
    assert row_for("LARGE-6X", D(2026, 10, 15)).over_limit is False


def test_a_five_month_old_puppy_is_not_counted(make_parcel):
    # Given a 2.5-acre parcel with three grown dogs and a five-month-old puppy
    parcel = make_parcel("PUPPY", "2.5")
    household(parcel, "Pat Lund", [ADULT, ADULT, ADULT, PUPPY])
    # When its dog limit is found today
    row = row_for("PUPPY")
    # Then the puppy does not count: three dogs, allowed; it counts from the day after it turns
    # six months (LEGAL-NOTES §6.6), and then the parcel is over the limit
    assert (len(row.dogs), row.dogs_over_six_months, row.over_limit) == (4, 3, False)
    assert row.counted.message == (
        "3 dogs of 4 count against the limit: only dogs over 6 months of age count (3-2-5). "
        "The next dog counts from December 30, 2026."
    )
    assert row_for("PUPPY", D(2026, 12, 30)).over_limit is True


def test_dogs_that_died_or_moved_and_dogs_of_other_parcels_are_not_counted(make_parcel):
    # Given a 2.5-acre parcel with four dogs, one of them deceased, and a neighbour with five
    parcel = make_parcel("MIXED", "2.5")
    owner = household(parcel, "Pat Lund", [ADULT] * 4)
    Dog.objects.filter(owner=owner).filter(name="Dog 4").update(status=Dog.Status.DECEASED)
    household(make_parcel("NEXT", "10", x=X0 + 5000, y=Y0), "Kim Berg", [ADULT] * 5)
    # When the limits are found
    # Then three dogs count on the first, five on the neighbour; neither is over
    assert (row_for("MIXED").dogs_over_six_months, row_for("NEXT").dogs_over_six_months) == (3, 5)
    assert parcels_over_limit(TODAY) == []


@pytest.mark.parametrize("parcels", [3, 30])
def test_the_number_of_queries_does_not_grow_with_the_parcels(
    make_parcel, django_assert_max_num_queries, parcels
):
    # Given parcels each with a household of four dogs and a kennel license on one
    for n in range(parcels):
        parcel = make_parcel(f"P-{n:03d}", "2.5", x=X0 + n * 500)
        owner = household(parcel, f"Owner {n}", [ADULT] * 4)
    kennel_license(parcel, owner, 4)
    # When every parcel's limit is found
    # Then it takes the same few queries whatever the number of parcels
    with django_assert_max_num_queries(5):
        rows = parcel_dog_limits(TODAY)
    assert len(rows) == parcels
    assert sum(r.over_limit for r in rows) == parcels - 1


def test_the_over_limit_page_lists_the_parcels_with_their_finding(make_parcel, clerk):
    # Given a parcel over its limit and one within it
    over = make_parcel("OVER", "2.5", address="19400 Nowthen Blvd NW")
    resident = household(over, "Pat Lund", [ADULT] * 4)
    household(make_parcel("WITHIN", "2.5", x=X0 + 1000), "Kim Berg", [ADULT] * 3)
    # When a clerk opens the page (its URL is wired in urls_pages.py)
    page = doc(over_limit_view(_request(clerk, "/parcels/over-limit/")))
    # Then only the parcel over its limit is listed, with the finding, its citation and the
    # resident, as of today
    [header, row] = page.tables()["Parcels over the dog limit as of 2026-11-29"]
    assert header == [
        "PIN",
        "Site address",
        "Acres",
        "Dogs over six months",
        "Allowed",
        "Finding",
        "Residents",
    ]
    assert row[:5] == ["OVER", "19400 Nowthen Blvd NW", "2.500", "4", "3"]
    assert row[5] == (
        "Private kennel license required: 4 dogs over six months on 2.500 acres is over the 3 "
        "dogs a parcel of 2.5 acres or less may keep; a private kennel license allows up to 10 "
        "dogs (3-2-5.A). 3-2-5.A Which dogs count 4 dogs of 4 count against the limit: only dogs "
        "over 6 months of age count (3-2-5)."
    )
    assert row[6] == "Pat Lund"
    table = page.by_id("over-limit-table")
    links = [
        a.attrs["href"]
        for i, a in enumerate(page.nodes)
        if a.tag == "a" and page._within(i, page.nodes.index(table), "html")
    ]
    assert links == ["/parcels/OVER/", reverse("owner_detail", args=[resident.pk])]
    assert page.by_id("as-of").attrs["data-on"] == "2026-11-29"


def test_the_over_limit_page_answers_as_of_another_day(make_parcel, clerk):
    # Given a parcel whose fourth dog is a puppy turning six months on 2026-12-29
    household(make_parcel("SOON", "2.5"), "Pat Lund", [ADULT, ADULT, ADULT, PUPPY])
    # When the page is asked about today and about 2026-12-30
    today = doc(over_limit_view(_request(clerk, "/parcels/over-limit/")))
    later = doc(over_limit_view(_request(clerk, "/parcels/over-limit/?on=2026-12-30")))
    # Then it is listed only from 2026-12-30
    assert today.by_id("none-over").text == (
        "No parcel keeps more dogs than 3-2-5 allows on 2026-11-29."
    )
    assert later.by_id("parcels").text == "1 parcel over the limit"


def test_the_over_limit_page_needs_a_signed_in_user_with_view_records(db, user_in):
    # Given a signed-in user with no role, and an anonymous visitor
    from django.contrib.auth.models import AnonymousUser
    from django.core.exceptions import PermissionDenied

    # When each asks for the page
    # Then the one without the permission is refused, the anonymous one sent to sign in
    with pytest.raises(PermissionDenied):
        over_limit_view(_request(user_in("nobody"), "/parcels/over-limit/"))
    response = over_limit_view(_request(AnonymousUser(), "/parcels/over-limit/"))
    assert (response.status_code, response["Location"]) == (
        302,
        "/accounts/login/?next=/parcels/over-limit/",
    )


def _request(user, url):
    from django.test import RequestFactory

    request = RequestFactory().get(url)
    request.user = user
    request.session = {}
    request._messages = []  # read by the layout's message block
    return request


def test_the_query_count_is_measured_not_guessed(make_parcel):
    # Given two parcels with dogs
    for n in range(2):
        household(make_parcel(f"Q-{n}", "3", x=X0 + n * 500), f"Owner {n}", [ADULT])
    # When the limits are found
    with CaptureQueriesContext(connection) as queries:
        parcel_dog_limits(TODAY)
    # Then: parcels, residents, dogs, kennel licenses, fee resolutions
    assert len(queries) == 5


def test_no_acreage_and_no_permit_mean_the_same_on_every_page(make_parcel):
    # given a parcel whose acreage is recorded as 0, with three grown dogs, and a 20-acre parcel
    # with eleven under a ten-dog private kennel license (no conditional use permit is recorded)
    from dogtag.kennels import services as kennel_services
    from dogtag.records.errors import ServiceError
    from dogtag.records.services import city_params
    from dogtag.staff.parcels.queries import dog_limit_findings

    zero = make_parcel("ZERO-1", "1")
    type(zero).objects.filter(pk=zero.pk).update(acres=Decimal(0))
    zero.refresh_from_db()
    holder = household(zero, "Sam Berg", [ADULT] * 3)
    big = make_parcel("BIG-11", "20", x=X0 + 5000)
    kennel_license(big, household(big, "Kim Lind", [ADULT] * 11), 10)
    # when the parcel page, the list of parcels over their limit and the kennel desk look at them
    page_findings, page_note = dog_limit_findings(zero, TODAY, city_params())
    [listed] = parcel_dog_limits(TODAY, parcels=[zero])
    # then the parcel without acreage has its dogs counted and no dog limit, everywhere
    assert [f.rule for f in page_findings] == ["kennel.dogs_counted"]
    assert page_note == "No dog limit: the parcel's acreage on record is 0.000."
    assert (listed.limit, listed.over_limit, listed.dogs_over_six_months) == (None, False, 3)
    assert "ZERO-1" not in [r.parcel.pin for r in parcels_over_limit(TODAY)]
    with pytest.raises(ServiceError, match="Parcel ZERO-1 has no acreage recorded"):
        kennel_services.private_license_findings(
            holder=holder,
            parcel=zero,
            dogs_licensed=6,
            kind="new",
            on=TODAY,
            previous=None,
            params=city_params(),
        )
    # and the eleven dogs need a conditional use permit, which no parcel is taken to hold
    big_findings, _ = dog_limit_findings(big, TODAY, city_params())
    assert [(f.outcome, f.facts.get("conditional_use_permit")) for f in big_findings[1:]] == [
        ("conditional_use_permit_required", False)
    ]
    assert [r.parcel.pin for r in parcels_over_limit(TODAY)] == ["BIG-11"]
