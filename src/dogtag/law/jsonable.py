"""Plain JSON values: how dates, money and nested findings are written out (the bottom layer of law).

Decimals become strings ("3.00"), never floats, so that a reader gets exactly the amount the parameter
file states. Everything above this module (parameters, deadlines, findings) writes JSON through it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

JSONValue = Any
"""A value ``json.dumps`` accepts once passed through :func:`to_jsonable`."""


def to_jsonable(value: object) -> JSONValue:
    """Turn dates, decimals, tuples and nested findings into plain JSON values.

    Money and other decimals become strings ("3.00"), never floats, so that a reader gets exactly the
    amount the parameter file states.
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return [to_jsonable(v) for v in items]
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    raise TypeError(f"cannot express {type(value).__name__} as JSON")
