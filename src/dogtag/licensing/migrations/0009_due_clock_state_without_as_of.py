"""DueClockState.as_of was written and never read: the fingerprint decides whether the stored
clocks are fresh (licensing.due_clocks)."""

from django.db import migrations


def forget_the_state(apps, schema_editor):
    """Going back: the state row is forgotten before its column comes back (it has no value for
    it). The due list then computes every row until the clocks are rebuilt, as in a city whose
    clocks were never built."""
    apps.get_model("licensing", "DueClockState").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("licensing", "0008_due_clocks"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="dueclockstate",
            name="as_of",
        ),
        # Reversed first when going back, so the column comes back to an empty table.
        migrations.RunPython(migrations.RunPython.noop, forget_the_state),
    ]
