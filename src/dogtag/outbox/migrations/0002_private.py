import re

from django.db import migrations, models

#: As ``outbox.sending.RECIPIENT`` was when this was written.
RECIPIENT = "(the recipient)"


def make_complaint_mail_private(apps, schema_editor):
    """Mail about a complaint queued before this change becomes private, as its service now
    queues it, with its recipient's address taken out of the errors stored for it."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    OutboxMessage = apps.get_model("outbox", "OutboxMessage")
    OutboxEvent = apps.get_model("outbox", "OutboxEvent")
    complaint = ContentType.objects.filter(app_label="complaints", model="complaint").first()
    if complaint is None:  # a database that has never had a complaint's content type
        return
    for message in OutboxMessage.objects.filter(about_type=complaint).iterator():
        address = re.compile(re.escape(message.to), re.IGNORECASE)
        message.private = True
        message.last_error = address.sub(RECIPIENT, message.last_error)
        message.save(update_fields=["private", "last_error"])
        for event in OutboxEvent.objects.filter(message=message).exclude(detail=""):
            event.detail = address.sub(RECIPIENT, event.detail)
            event.save(update_fields=["detail"])


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("outbox", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="outboxmessage",
            name="private",
            field=models.BooleanField(
                default=False, help_text="Shown only to those who see complainants' identity."
            ),
        ),
        # Nothing to undo: going back drops the field.
        migrations.RunPython(make_complaint_mail_private, migrations.RunPython.noop),
    ]
