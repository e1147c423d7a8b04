"""records.office.form_action: one form, one service, for every office page that posts.

Given a form's validity and the action behind it, when the page posts, then valid input whose
service acts goes to the address the action names with its message; invalid input, or a service
that refuses (a ``ServiceError``: it wrote nothing), is answered by the page again, told of the
refusal, with no message. Any other exception is no refusal and is not caught."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse
from django.test import RequestFactory

from dogtag.law.findings import Finding
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.office import Done, form_action

NOT_LAW = ServiceError("The form is stale.")
LAW = Refused(
    [
        Finding(
            rule="kennel.step_in_order",
            outcome="refused",
            sections=("3-2-5.B.2",),
            message="The hearing is held before the council decides.",
            blocks=True,
        )
    ]
)


def post():
    request = RequestFactory().post("/kennels/K-1/step/x/")
    request._messages = CookieStorage(request)
    return request


def run(valid: bool, raises: Exception | None):
    """The page posted: what the service was asked, what the page was told, the answer."""
    request, called, told = post(), [], []

    def act() -> Done:
        called.append("service")
        if raises is not None:
            raise raises
        return Done("Hearing scheduled.", "/kennels/K-1/#timeline")

    def again(refused: ServiceError | None) -> HttpResponse:
        told.append(refused)
        return HttpResponse("the page with the form", status=200)

    response = form_action(request, valid=valid, act=act, again=again)
    return response, called, told, [m.message for m in get_messages(request)]


@pytest.mark.parametrize(
    "valid, raises, status, location, called, told, shown",
    [
        (True, None, 302, "/kennels/K-1/#timeline", ["service"], [], ["Hearing scheduled."]),
        (False, None, 200, None, [], [None], []),
        (True, NOT_LAW, 200, None, ["service"], [NOT_LAW], []),
        (True, LAW, 200, None, ["service"], [LAW], []),
    ],
    ids=["valid-acts", "invalid-not-asked", "refused-not-law", "refused-by-law"],
)
def test_a_valid_form_acts_and_anything_else_shows_the_page_again(
    valid, raises, status, location, called, told, shown
):
    # when the page posts a form that is valid or not, to a service that acts or refuses
    response, asked, page_told, messages = run(valid, raises)
    # then the service is asked only with valid input, and the answer is the redirect with its
    # message, or the page again told of the refusal (if any) and with no message
    assert response.status_code == status
    assert response.get("Location") == location
    assert asked == called
    assert page_told == told
    assert messages == shown


def test_an_error_that_is_no_refusal_is_not_caught():
    # given a service that fails for a reason that is not a refusal
    # when the page posts, then the failure propagates (a 500, not a form error) with no message
    with pytest.raises(ZeroDivisionError):
        run(True, ZeroDivisionError("a bug"))
