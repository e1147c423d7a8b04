"""Decisions store their findings compactly (issue 14, storage): the parameters and readings cited
by reference to a table of cited values, the facts once per decision (records.findings_codec).

Every existing decision is converted, and the conversion is checked: each one expands back to the
very list it held. Reversible: going back writes each decision's full list again.
"""

from typing import Any

from django.db import IntegrityError, migrations, models, transaction

import dogtag.records.models
from dogtag.records import findings_codec as codec

BATCH = 500


def _tables(apps: Any) -> tuple[Any, Any]:
    return apps.get_model("records", "Decision"), apps.get_model("records", "CitedValue")


def compact(apps: Any, schema_editor: Any) -> None:
    Decision, CitedValue = _tables(apps)
    ids = dict(CitedValue.objects.values_list("digest", "id"))
    values = dict(CitedValue.objects.values_list("id", "cited"))

    def reference(cited: Any) -> list[int]:
        out = []
        for value in cited:
            digest = codec.digest(value)
            if digest not in ids:
                with transaction.atomic():
                    try:
                        key, effective = codec.labels(value)
                        row = CitedValue.objects.create(
                            key=key,
                            effective=effective,
                            digest=digest,
                            cited=value,
                        )
                    except IntegrityError:  # pragma: no cover - one migration runs at a time
                        row = CitedValue.objects.get(digest=digest)
                ids[digest], values[row.pk] = row.pk, row.cited
            out.append(ids[digest])
        return out

    def cited(wanted: set[int]) -> dict[int, Any]:
        return {i: values[i] for i in wanted if i in values}

    _convert(Decision, lambda stored: codec.encode(stored, reference), cited, forward=True)


def expand(apps: Any, schema_editor: Any) -> None:
    Decision, CitedValue = _tables(apps)
    values = dict(CitedValue.objects.values_list("id", "cited"))

    def cited(wanted: set[int]) -> dict[int, Any]:
        return {i: values[i] for i in wanted if i in values}

    _convert(Decision, lambda stored: codec.decode(stored, cited), cited, forward=False)


def _convert(Decision: Any, change: Any, cited: Any, *, forward: bool) -> None:
    last = 0
    while True:
        batch = list(
            Decision.objects.filter(id__gt=last)
            .order_by("id")
            .only("id", "stored_findings")[:BATCH]
        )
        if not batch:
            return
        changed = []
        for decision in batch:
            stored = decision.stored_findings
            if codec.is_stored(stored) is not forward:
                new = change(stored)
                # The explanation must survive the conversion whole, or the migration stops.
                before, after = (stored, new) if forward else (new, stored)
                if codec.decode(after, cited) != before:
                    raise RuntimeError(f"decision {decision.id} would not expand to its findings")
                decision.stored_findings = new
                changed.append(decision)
        Decision.objects.bulk_update(changed, ["stored_findings"])
        last = batch[-1].id


class Migration(migrations.Migration):
    dependencies = [
        ("records", "0004_role_unlock_sign_ins"),
    ]

    operations = [
        migrations.CreateModel(
            name="CitedValue",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The parameter's key, or a heading's rule.", max_length=200
                    ),
                ),
                (
                    "effective",
                    models.CharField(help_text="The date the value took effect.", max_length=10),
                ),
                (
                    "digest",
                    models.CharField(
                        help_text="SHA-256 of the content.", max_length=64, unique=True
                    ),
                ),
                (
                    "cited",
                    models.JSONField(encoder=dogtag.records.models.CompactJSONEncoder),
                ),
            ],
            options={"ordering": ["key", "effective", "id"]},
        ),
        migrations.RenameField(
            model_name="decision", old_name="findings", new_name="stored_findings"
        ),
        migrations.AlterField(
            model_name="decision",
            name="stored_findings",
            field=models.JSONField(default=list, encoder=dogtag.records.models.CompactJSONEncoder),
        ),
        migrations.RunPython(compact, expand, elidable=False),
    ]
