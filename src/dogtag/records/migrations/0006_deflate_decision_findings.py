"""A decision's stored findings are kept deflated (issue 14, storage: at most 3 KB per license).

The compact form of 0005 is unchanged; the column now holds it as zlib-deflated JSON
(``records.fields.DeflatedJSONField``). Every existing decision is copied into the new column and
the copy checked (it inflates to the very value it was made from). Reversible.
"""

from typing import Any

from django.db import migrations

import dogtag.records.fields
from dogtag.records.fields import deflate, inflate

BATCH = 2000


def _copy(apps: Any, source: str, target: str, convert: Any) -> None:
    Decision = apps.get_model("records", "Decision")
    last = 0
    while True:
        batch = list(
            Decision.objects.filter(pk__gt=last).order_by("pk").values_list("pk", source)[:BATCH]
        )
        if not batch:
            return
        for pk, value in batch:
            Decision.objects.filter(pk=pk).update(**{target: convert(value)})
        last = batch[-1][0]


def forward(apps: Any, schema_editor: Any) -> None:
    def checked(value: Any) -> Any:
        if inflate(deflate(value)) != value:  # pragma: no cover - JSON round trips exactly
            raise ValueError("a decision's findings did not survive deflating")
        return value

    _copy(apps, "stored_findings", "deflated", checked)


def backward(apps: Any, schema_editor: Any) -> None:
    _copy(apps, "deflated", "stored_findings", lambda value: value)


class Migration(migrations.Migration):
    dependencies = [("records", "0005_compact_decision_findings")]

    operations = [
        migrations.AddField(
            model_name="decision",
            name="deflated",
            field=dogtag.records.fields.DeflatedJSONField(default=list),
        ),
        migrations.RunPython(forward, backward, elidable=False),
        migrations.RemoveField(model_name="decision", name="stored_findings"),
        migrations.RenameField(
            model_name="decision", old_name="deflated", new_name="stored_findings"
        ),
    ]
