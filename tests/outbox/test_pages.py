"""The outbox pages: counts by status, a message's page, "retry now" only for those allowed and
only for a failed message; and a job's page following its progress (issue 12 item 6)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django_tasks import task

from dogtag.jobs.models import Job
from dogtag.jobs.services import running, start_job
from dogtag.outbox import sending, services
from dogtag.outbox.models import OutboxEvent, OutboxMessage
from dogtag.records import roles


def user(django_user_model, name, role=None):
    person = django_user_model.objects.create_user(name, password="x" * 12)
    if role:
        person.groups.add(Group.objects.get(name=role))
    return person


def queue(n: int) -> OutboxMessage:
    return services.queue_message(
        to=f"owner{n}@example.org", subject=f"Notice {n}", body="Text.", kind="t", key=f"k{n}"
    )


@pytest.fixture
def outbox(db, smtp_port, clock):
    """Three messages, the SMTP server down: one retrying, one given up, one queued."""
    retrying, dead, _queued = queue(1), queue(2), queue(3)
    sending.send_message(retrying.pk)
    OutboxMessage.objects.filter(pk=dead.pk).update(status="dead", attempts=4)
    return {"retrying": retrying, "dead": dead}


@pytest.mark.parametrize(
    "role, list_status, can_retry",
    [
        (None, 302, False),
        (roles.HEARING_OFFICER, 403, False),
        (roles.CLERK, 200, False),
        (roles.ADMINISTRATOR, 200, True),
    ],
)
def test_who_sees_the_outbox_and_who_retries(
    client, django_user_model, outbox, role, list_status, can_retry
):
    if role is not None:
        client.force_login(user(django_user_model, "someone", role))
    page = client.get(reverse("outbox_list"))
    assert page.status_code == list_status
    dead = outbox["dead"]
    answer = client.post(reverse("outbox_retry", args=[dead.pk]))
    dead.refresh_from_db()
    if can_retry:
        assert answer.status_code == 302 and dead.status == "retrying"
        assert dead.events.filter(what=OutboxEvent.What.RETRY).count() == 1
    else:
        assert answer.status_code in (302, 403) and dead.status == "dead"
        assert not dead.events.filter(what=OutboxEvent.What.RETRY).exists()


def test_the_list_counts_by_status_and_filters(client, django_user_model, outbox):
    client.force_login(user(django_user_model, "ada", roles.ADMINISTRATOR))
    html = client.get(reverse("outbox_list")).content.decode()
    assert '<span id="count-queued">1</span>' in html
    assert '<span id="count-retrying">1</span>' in html
    assert '<span id="count-dead">1</span>' in html
    assert '<span id="count-sent">0</span>' in html
    only_dead = client.get(reverse("outbox_list"), {"status": "dead"}).content.decode()
    assert "Notice 2" in only_dead and "Notice 1" not in only_dead
    # a status that is none shows them all, never an error
    assert client.get(reverse("outbox_list"), {"status": "x" * 500}).status_code == 200


def test_a_sent_message_offers_no_retry_and_refuses_one(client, django_user_model, smtp, clock):
    client.force_login(user(django_user_model, "ada", roles.ADMINISTRATOR))
    message = queue(9)
    sending.send_message(message.pk)
    page = client.get(reverse("outbox_message", args=[message.pk])).content.decode()
    assert "Retry now" not in page and "sent" in page
    answer = client.post(reverse("outbox_retry", args=[message.pk]), follow=True)
    assert "nothing to retry" in answer.content.decode()
    assert not message.events.filter(what=OutboxEvent.What.RETRY).exists()


@task()
def count_to(job_id: int, up_to: int) -> None:
    with running(job_id) as progress:
        for n in range(1, up_to + 1):
            progress.advance(n, up_to, f"{n} of {up_to}")
        progress.finish({"url": "/", "label": "See the result"})


@pytest.mark.django_db(transaction=True)
def test_a_job_runs_in_the_background_and_its_page_shows_progress(client, django_user_model):
    from dogtag.jobs import worker

    clerk = user(django_user_model, "cora", roles.CLERK)
    client.force_login(clerk)
    # when a job is started, nothing runs inside the request's transaction
    job = start_job(task=count_to, title="Counting", actor=clerk, arguments={"up_to": 3})
    page = client.get(reverse("job_detail", args=[job.pk])).content.decode()
    assert "waiting to start" in page and 'hx-trigger="every 2s"' in page
    # when the worker runs it
    worker.run(once=True)
    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.message) == ("done", 3, 3, "3 of 3")
    # then its page (as htmx polls it: the fragment) shows it done, and stops polling
    fragment = client.get(reverse("job_detail", args=[job.pk]), HTTP_HX_REQUEST="true")
    html = fragment.content.decode()
    assert "<strong>done</strong>" in html and "See the result" in html
    assert "hx-trigger" not in html and "<html" not in html
    # and another member of staff cannot see it
    client.force_login(user(django_user_model, "other", roles.CLERK))
    assert client.get(reverse("job_detail", args=[job.pk])).status_code == 403
    assert Job.objects.count() == 1
