"""Issue 25 item 2.2: sign-in links that do not work are counted per address by the residents'
site, never in django-axes' shared count of sign-ins without a username.

A forged or altered link counts against the address it came from; past the limit that address is
paused (a page that says why, 429) and nothing is checked or spent; other addresses sign in as
before. A link the city did send, but that has expired or was already used, is what residents
click by mistake every day: it is answered "no longer works" and not counted at all.
"""

import datetime as dt
from urllib.parse import urlsplit

import pytest
import time_machine
from axes.models import AccessAttempt, AccessFailureLog
from django.test import Client

from dogtag.residents.models import Throttle
from tests.residents.conftest import follow, last_link

pytestmark = pytest.mark.django_db

LINK_PATH = "/residents/sign-in/link/"
#: Bad links from one address in an hour before it is paused (``services.BAD_LINK_LIMIT``).
LIMIT = 10


def ask_for_link(email: str, address: str) -> str:
    response = Client(REMOTE_ADDR=address).post("/residents/sign-in/", {"email": email})
    assert response.status_code == 302
    return last_link(email)


def token_of(link: str) -> str:
    return urlsplit(link).query.split("sesame=", 1)[1].split("&", 1)[0]


def forged(token: str, n: int = 0) -> str:
    """The token with its signature's last characters changed: the user's id and the time it
    carries are the real ones, only the city's signature is wrong."""
    return token[:-3] + f"{n:03d}".translate(str.maketrans("0123456789", "ABCDEFGHIJ"))


def post_token(token: str, address: str):
    return Client(REMOTE_ADDR=address).post(LINK_PATH, {"sesame": token})


def bad_link_count(address: str) -> int:
    throttle = Throttle.objects.filter(key=f"sign-in-link:ip:{address}").first()
    return 0 if throttle is None else throttle.count


def test_bad_links_from_many_addresses_do_not_lock_out_another_resident(pat, lee):
    # Given a link Lee asked for, and forged links (made from a real one of Pat's) sent from
    # five different addresses
    good = ask_for_link("lee@example.org", "198.51.100.20")
    real = token_of(ask_for_link("pat@example.org", "198.51.100.21"))
    bad = [post_token(forged(real, n), f"192.0.2.{n + 1}") for n in range(5)]

    # When Lee follows the good link from a sixth address
    client = Client(REMOTE_ADDR="203.0.113.7")
    signed_in = follow(client, good)

    # Then Lee is signed in
    assert signed_in.status_code == 302
    assert signed_in.url == "/residents/household/"
    assert client.get("/residents/household/").status_code == 200
    # and each bad link was answered "no longer works", counted for its own address only
    assert [response.status_code for response in bad] == [400] * 5
    assert all("This link no longer works" in r.content.decode() for r in bad)
    assert [bad_link_count(f"192.0.2.{n + 1}") for n in range(5)] == [1] * 5
    # and django-axes counted none of them (its count of sign-ins without a username is every
    # resident's at once)
    assert AccessAttempt.objects.count() == 0
    assert AccessFailureLog.objects.count() == 0


def test_one_address_sending_many_bad_links_is_paused_and_only_that_address(pat, lee):
    real = token_of(ask_for_link("pat@example.org", "198.51.100.21"))
    lees_link = ask_for_link("lee@example.org", "198.51.100.20")
    attacker = "203.0.113.66"
    # Given as many forged links from one address as the limit allows, each answered
    # "no longer works" (400)
    for n in range(LIMIT):
        assert post_token(forged(real, n), attacker).status_code == 400
    assert bad_link_count(attacker) == LIMIT

    # When that address sends one more, and then Lee's good link
    paused = post_token(forged(real, 99), attacker)
    lees_try = Client(REMOTE_ADDR=attacker).post(LINK_PATH, {"sesame": token_of(lees_link)})

    # Then both are refused with a page that says why (429, not a server error), the good link
    # is not checked nor spent, and the count stays where the limit stopped it
    for response in (paused, lees_try):
        assert response.status_code == 429
        page = response.content.decode()
        assert "<h1>Too many sign-in links that did not work</h1>" in page
        assert (
            "Sign-in links that did not work were sent from your connection 10 times in the last "
            "hour. To keep anyone from guessing a link, signing in by link from this connection "
            "is paused for an hour. Then ask for a new link, or call City Hall." in page
        )
    assert bad_link_count(attacker) == LIMIT
    # And from another address Lee's same link still signs in
    other = Client(REMOTE_ADDR="198.51.100.20")
    assert follow(other, lees_link).status_code == 302
    assert other.get("/residents/household/").status_code == 200


def test_the_pause_ends_after_the_hour(pat):
    real = token_of(ask_for_link("pat@example.org", "198.51.100.21"))
    attacker = "203.0.113.66"
    for n in range(LIMIT):
        post_token(forged(real, n), attacker)
    assert post_token(forged(real, 50), attacker).status_code == 429
    # an hour and a minute later the address may try again (and its count starts over)
    with time_machine.travel(dt.datetime(2026, 11, 29, 17, 1, tzinfo=dt.UTC), tick=False):
        pats_link = ask_for_link("pat@example.org", attacker)
        client = Client(REMOTE_ADDR=attacker)
        assert follow(client, pats_link).status_code == 302
        assert post_token(forged(real, 51), attacker).status_code == 400
    assert bad_link_count(attacker) == 1


def test_used_and_expired_links_are_not_counted_as_forged(pat):
    address = "198.51.100.21"
    # Given a link Pat used, and another she asked for and left until it expired
    used = ask_for_link("pat@example.org", address)
    assert follow(Client(REMOTE_ADDR=address), used).status_code == 302
    late = ask_for_link("pat@example.org", address)
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 16, tzinfo=dt.UTC), tick=False):
        # When she clicks each of them, again and again, more times than the limit
        answers = [
            follow(Client(REMOTE_ADDR=address), link).status_code for link in [used, late] * LIMIT
        ]
    # Then each says the link no longer works, none is counted, nothing is paused
    assert answers == [400] * (2 * LIMIT)
    assert bad_link_count(address) == 0
    assert AccessAttempt.objects.count() == 0
    # and a new link from the same address signs her in
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 20, tzinfo=dt.UTC), tick=False):
        fresh = ask_for_link("pat@example.org", address)
        assert follow(Client(REMOTE_ADDR=address), fresh).status_code == 302


def test_a_link_spent_by_a_later_sign_in_is_not_counted_either(pat):
    # Given two links Pat asked for, five minutes apart, the second one used: signing in
    # revokes the first
    address = "198.51.100.21"
    first = ask_for_link("pat@example.org", address)
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 5, tzinfo=dt.UTC), tick=False):
        second = ask_for_link("pat@example.org", address)
        assert second != first
        assert follow(Client(REMOTE_ADDR=address), second).status_code == 302
    # When she clicks the first one, still within its fifteen minutes
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 6, tzinfo=dt.UTC), tick=False):
        response = follow(Client(REMOTE_ADDR=address), first)
    # Then it no longer works, and is not counted
    assert response.status_code == 400
    assert bad_link_count(address) == 0


def test_a_forged_link_is_counted_even_when_it_looks_old(pat):
    """A forger can write any time into a link (only the signature is the city's): a link that
    claims to be old, for a real resident, but that the city did not sign, counts as forged."""
    address = "198.51.100.21"
    real = token_of(ask_for_link("pat@example.org", address))
    assert (
        follow(Client(REMOTE_ADDR=address), ask_for_link("pat@example.org", address)).status_code
        == 302
    )
    with time_machine.travel(dt.datetime(2026, 12, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        response = post_token(forged(real), "192.0.2.200")
    assert response.status_code == 400
    assert bad_link_count("192.0.2.200") == 1


@pytest.mark.parametrize("token", ["", "x", "not a token at all", "A" * 500])
def test_garbage_is_counted_and_answered_as_a_link_that_no_longer_works(token):
    response = post_token(token, "192.0.2.9")
    assert response.status_code == 400
    assert "This link no longer works" in response.content.decode()
    assert bad_link_count("192.0.2.9") == 1
    assert AccessAttempt.objects.count() == 0
