"""The outbox pages for staff: every message with its status, one message, and "retry now".

A private message (mail to a complainant) is shown through ``need_to_know``: its recipient,
subject, text and attachments only to those who may see complainants, each such page logged."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from dogtag.outbox import need_to_know, services
from dogtag.outbox.models import OutboxMessage
from dogtag.records.errors import ServiceError
from dogtag.records.office import office_page
from dogtag.records.pagination import record_page

VIEW_OUTBOX = "outbox.view_outbox"
RETRY = "outbox.retry_outbox_message"
PAGE_SIZE = 50


@require_GET
@office_page(VIEW_OUTBOX)
def outbox_list(request: HttpRequest) -> HttpResponse:
    counts = dict(OutboxMessage.objects.values_list("status").annotate(n=Count("id")).order_by())
    statuses = [
        (value, label, counts.get(value, 0)) for value, label in OutboxMessage.Status.choices
    ]
    status = request.GET.get("status", "")
    rows = OutboxMessage.objects.order_by("-queued_at", "-id")
    if status in counts or status in OutboxMessage.Status.values:
        rows = rows.filter(status=status)
    else:
        status = ""
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    shown = need_to_know.all_for_user(list(page.object_list), request.user)
    need_to_know.log_view(request, shown)
    return render(
        request,
        "outbox/list.html",
        {
            "statuses": statuses,
            "total": sum(counts.values()),
            "status": status,
            "page": page,
            "rows": shown,
            "query": f"status={status}" if status else "",
        },
    )


@require_GET
@office_page(VIEW_OUTBOX)
def outbox_message(request: HttpRequest, pk: int) -> HttpResponse:
    message = get_object_or_404(OutboxMessage, pk=pk)
    shown = need_to_know.Shown.for_user(message, request.user)
    need_to_know.log_view(request, [shown])
    about = message.about if message.about_type_id else None
    attachments = message.attachments.defer("content")
    return render(
        request,
        "outbox/detail.html",
        {
            "mail": message,
            "shown": shown,
            "about": about,
            "about_url": getattr(about, "get_absolute_url", lambda: None)(),
            # a private message's files are counted only: their names can name who complained
            "attachments": [] if shown.hidden else list(attachments),
            "attachments_hidden": attachments.count() if shown.hidden else 0,
            "events": record_page(request, message.events.select_related("actor"), "events"),
            "retryable": message.status in services.RETRYABLE,
        },
    )


@require_POST
@office_page(VIEW_OUTBOX, RETRY)
def outbox_retry(request: HttpRequest, pk: int) -> HttpResponse:
    message = get_object_or_404(OutboxMessage, pk=pk)
    try:
        services.retry_now(message=message, actor=request.user)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "The message will be sent again in a moment.")
    return redirect("outbox_message", pk=message.pk)
