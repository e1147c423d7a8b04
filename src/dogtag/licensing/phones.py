"""Phone numbers: parsed and stored in E.164 with ``phonenumbers``, shown in national form."""

from __future__ import annotations

import phonenumbers


class PhoneError(ValueError):
    pass


def normalise(text: str, region: str = "US") -> str:
    """'763 555 0142' -> '+17635550142'; a number that cannot be a real number is an error."""
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        raise PhoneError(f"{text!r} is not a phone number") from None
    if not phonenumbers.is_possible_number(number):
        raise PhoneError(f"{text!r} is not a possible phone number")
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def display(stored: str) -> str:
    if not stored:
        return ""
    try:
        number = phonenumbers.parse(stored, "US")
    except phonenumbers.NumberParseException:
        return stored
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
