"""The demo's kennels are written through the kennel services, from any town's parcels."""

from __future__ import annotations

from decimal import Decimal

from dogtag.kennels.demo import generate_kennels
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelCondition,
    NoticeRecipient,
    PrivateKennelLicense,
)
from dogtag.licensing import services as desk

from .conftest import TODAY, make_parcel, square


def test_generate_kennels_on_a_small_town(clerk, django_user_model):
    admin = django_user_model.objects.create_user("admin1", password="x" * 12)
    # a 5 x 5 grid of 10-acre parcels, one household on each; one household keeps 7 dogs
    for row in range(5):
        for column in range(5):
            parcel = make_parcel(
                f"R20-{row}{column}",
                square(column * 660, row * 660),
                acres=Decimal(10 + row + column),
            )
            owner = desk.register_owner(
                actor=clerk,
                name=f"Household {row}{column}",
                street=parcel.address,
                phone="763-555-0123",
                parcel=parcel,
            )
            if (row, column) == (2, 2):
                for i in range(7):
                    desk.register_dog(
                        owner=owner,
                        actor=clerk,
                        name=f"Dog {i}",
                        breed="Mixed",
                        color="Brown",
                        sex="male",
                        age_years=3,
                    )
    summary = generate_kennels(on=TODAY, actor_clerk=clerk, actor_admin=admin, seed=7)
    # the household with seven dogs got a private kennel license (renewed once)
    assert PrivateKennelLicense.objects.filter(
        holder__name="Household 22", status="active"
    ).exists()
    assert len(summary.private) == 1
    # one application through to its license, one waiting on its hearing
    assert CommercialKennelApplication.objects.count() == 2
    assert CommercialKennelLicense.objects.count() == 1
    assert KennelCondition.objects.filter(added_by_council=True).count() == 1
    waiting = CommercialKennelApplication.objects.get(status="hearing_noticed")
    assert waiting.notice_recipients.exists()
    assert NoticeRecipient.objects.count() > 0
    assert len(summary.lines()) == 3
