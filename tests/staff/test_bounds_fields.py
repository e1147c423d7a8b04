"""The shared bounds of the forms that write (records/bounds.py; issue 10 item 5)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django import forms

from dogtag.records.bounds import AmountField, PlausibleDateTimeField


@pytest.fixture(autouse=True)
def frozen_today():
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


class Started(forms.Form):
    at = PlausibleDateTimeField(label="Started at", not_after_now=True)


@pytest.mark.parametrize("value", ["9999-12-31T23:59", "9999-12-31 23:59:59", "0001-01-01T00:00"])
def test_a_datetime_at_the_end_of_time_is_refused_before_it_is_made_aware(value):
    # Given 9999-12-31 23:59 in Central time, which is past year 9999 in UTC
    form = Started({"at": value})
    # When the form is checked, then it is refused with the window, not an OverflowError
    assert not form.is_valid()
    assert form.errors["at"] == [
        "Started at must be between January 1, 1950 and November 28, 2076."
    ]


def test_a_datetime_in_the_window_but_ahead_is_refused_as_future():
    form = Started({"at": "2027-01-01T10:00"})
    assert not form.is_valid()
    assert form.errors["at"] == ["Started at cannot be in the future."]


def test_a_datetime_in_the_window_is_taken():
    form = Started({"at": "2026-11-29T09:30"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["at"].isoformat() == "2026-11-29T09:30:00-06:00"


TOO_MUCH = "Amount paid must be at most $100,000.00: is there a slip in the figure?"


class Paid(forms.Form):
    amount = AmountField(label="Amount paid")
    cost = AmountField(label="Cost", minimum=Decimal("0.01"), required=False)


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"amount": "99999999.99"},
            "amount",
            TOO_MUCH,
        ),
        (
            {"amount": "1" + "0" * 30},
            "amount",
            TOO_MUCH,
        ),
        ({"amount": "-1"}, "amount", "Amount paid must be at least $0.00."),
        (
            {"amount": "1e308"},
            "amount",
            TOO_MUCH,
        ),
        ({"amount": "NaN"}, "amount", "Enter a number."),
        ({"amount": "1", "cost": "0"}, "cost", "Cost must be at least $0.01."),
        ({"amount": "1.005"}, "amount", "Ensure that there are no more than 2 decimal places."),
    ],
)
def test_an_implausible_sum_is_refused_with_its_bound(data, field, message):
    form = Paid(data)
    assert not form.is_valid()
    assert form.errors[field] == [message]


def test_the_largest_sum_is_taken():
    form = Paid({"amount": "100000.00"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["amount"] == Decimal("100000.00")
