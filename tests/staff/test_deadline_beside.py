"""The deadline calculator shows both registration clocks of a dangerous dog and which controls
(3-2-8; issue 26 item 4)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from dogtag.records import roles

pytestmark = pytest.mark.django_db


def test_the_calculator_shows_the_states_clock_beside_the_citys(client, django_user_model):
    roles.ensure_roles()
    user = django_user_model.objects.create_user("clerk", first_name="Clerk")
    user.groups.add(Group.objects.get(name=roles.CLERK))
    client.force_login(user)
    page = client.get(
        "/deadline/",
        {
            "trigger_date": "2026-10-26",
            "rule": "dangerous_dog.registration",
            "other_date": "2026-10-28",
        },
    ).content.decode()
    assert 'data-due="2026-11-25"' in page
    assert 'id="beside"' in page
    assert "within 14 days after the Notice of Dangerous Dog on Wed 2026-10-28" in page
    assert "the state&#x27;s, which ends first, is the more restrictive and controls" in page
