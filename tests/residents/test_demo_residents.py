"""Issue 12 Done-means: the demo has residents with e-mail to try the residents' site, listed
where `make run` prints the logins, and each can sign in with the link the demo mails."""

import pytest
from django.test import Client

from dogtag.licensing.models import Owner
from dogtag.staff.demo import demo_resident_logins, load_demo_data
from tests.residents.conftest import sign_in

pytestmark = pytest.mark.django_db


def test_the_demo_lists_residents_who_can_sign_in():
    assert load_demo_data(households=30) is True
    lines = demo_resident_logins()
    assert lines[0].startswith("Demo residents (residents' site at /residents/")
    emails = [line.split()[0] for line in lines[1:]]
    assert len(emails) == 4
    for email in emails:
        owner = Owner.objects.get(email=email)
        client = Client()
        sign_in(client, email)
        page = client.get("/residents/household/").content.decode()
        assert owner.name in page
        for dog in owner.dogs.all():
            assert dog.name in page
