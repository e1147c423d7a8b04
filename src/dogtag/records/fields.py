"""Model fields the record apps share."""

from __future__ import annotations

import json
import zlib
from typing import Any

from django.db import models
from django.db.backends.base.base import BaseDatabaseWrapper

#: zlib's level 6 (its default) gives the same size as 9 on a decision's findings, faster.
LEVEL = 6


def deflate(value: Any) -> bytes:
    """``value`` as compact UTF-8 JSON, deflated with zlib (RFC 1950): what the column holds."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return zlib.compress(text.encode(), LEVEL)


def inflate(data: bytes | memoryview) -> Any:
    """The JSON value a column of ``DeflatedJSONField`` holds."""
    return json.loads(zlib.decompress(bytes(data)))


class DeflatedJSONField(models.BinaryField):
    """A JSON value stored as deflated JSON (a BLOB on SQLite, bytea on PostgreSQL).

    A decision's findings are written once and read whole, never searched inside; deflated, the
    compact findings of a license take about half the bytes (issue 14: storage per license). In
    Python the value is the JSON value itself (dict or list), as with ``JSONField``; any reader
    outside Django gets it back with ``zlib.decompress`` and a JSON parser.
    """

    description = "A JSON value, stored deflated"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def get_default(self) -> Any:
        # BinaryField turns a default into bytes; this field's default is a JSON value.
        return self._get_default()

    def from_db_value(self, value: Any, expression: Any, connection: BaseDatabaseWrapper) -> Any:
        return None if value is None else inflate(value)

    def to_python(self, value: Any) -> Any:
        if isinstance(value, bytes | memoryview):
            return inflate(value)
        if isinstance(value, str):  # a serialised dump (``value_to_string``)
            return json.loads(value)
        return value

    def get_db_prep_value(
        self, value: Any, connection: BaseDatabaseWrapper, prepared: bool = False
    ) -> Any:
        if value is None:
            return None
        return connection.Database.Binary(deflate(value))

    def value_to_string(self, obj: models.Model) -> str:
        return json.dumps(self.value_from_object(obj), ensure_ascii=False)
