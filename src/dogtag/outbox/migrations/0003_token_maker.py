import re

from django.db import migrations, models
from django.utils import timezone

#: As ``outbox.tokens.PLACEHOLDER`` was when this was written.
PLACEHOLDER = "TOKEN-MADE-WHEN-SENT"
SIGN_IN_TOKEN = re.compile(r"(sesame=)[^&\s'\"]+")
UNSENT = ("queued", "retrying", "sending")


def take_out_sign_in_tokens(apps, schema_editor):
    """A sign-in e-mail queued before this change held its token: it is taken out of the text,
    the error and the events, and one not yet sent is given up (it has no token maker; the
    resident asks for a new link, as after the link's 15 minutes)."""
    OutboxMessage = apps.get_model("outbox", "OutboxMessage")
    OutboxEvent = apps.get_model("outbox", "OutboxEvent")
    now = timezone.now()
    for message in OutboxMessage.objects.filter(kind="resident_sign_in").iterator():
        message.body = SIGN_IN_TOKEN.sub(rf"\g<1>{PLACEHOLDER}", message.body)
        message.last_error = SIGN_IN_TOKEN.sub(rf"\g<1>{PLACEHOLDER}", message.last_error)
        if message.status in UNSENT:
            message.status, message.next_attempt_at, message.claimed_until = "dead", None, None
            OutboxEvent.objects.create(
                message=message,
                at=now,
                what="dead",
                detail="Given up: its sign-in link was taken out of the outbox, where tokens are "
                "no longer kept. The resident asks for a new link.",
            )
        message.save()
        for event in OutboxEvent.objects.filter(message=message).exclude(detail=""):
            event.detail = SIGN_IN_TOKEN.sub(rf"\g<1>{PLACEHOLDER}", event.detail)
            event.save(update_fields=["detail"])


class Migration(migrations.Migration):
    dependencies = [("outbox", "0002_private")]

    operations = [
        migrations.AddField(
            model_name="outboxmessage",
            name="token_maker",
            field=models.CharField(blank=True, max_length=40),
        ),
        # Nothing to undo: going back drops the field; the tokens taken out are not needed.
        migrations.RunPython(take_out_sign_in_tokens, migrations.RunPython.noop),
    ]
