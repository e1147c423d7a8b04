"""The Django admin's one read-only base for every dogtag record (issue 10: only services write).

Every write to a record goes through a service function, which asks the rules core, stores a
Decision and records who acted. The admin is for looking: ``ReadOnlyAdmin`` answers any POST to a
record's change, add, delete, changelist or history page with 405, whatever the user's permissions,
and ``ReadOnlyHistoryAdmin`` does the same for django-simple-history's per-version pages, whose
"Revert" form would otherwise save a row after checking only the view permission. Auth users and
groups are not records: they keep Django's own admin, since roles are assigned there.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from simple_history.admin import SimpleHistoryAdmin

from dogtag.records.models import CitedValue, Decision, FeeResolution, FeeResolutionItem

#: The methods that read: everything else is refused before any form is built.
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
REFUSAL = (
    "The admin is read-only for records. Make this change on the staff site, where the "
    "ordinance's rules are applied and the decision is recorded."
)


def refuse_writes(request: HttpRequest) -> HttpResponse | None:
    """A 405 for any request that is not a read; None for a read."""
    if request.method in SAFE_METHODS:
        return None
    return HttpResponseNotAllowed(SAFE_METHODS, REFUSAL, content_type="text/plain")


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """The admin shows records; every write goes through a service function (the staff site),
    which applies the rules and records who acted. Refused before Django checks permissions, so a
    superuser is refused too."""

    actions = None  # no "delete selected" on the changelist

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        return refuse_writes(request) or super().changeform_view(
            request, object_id, form_url, extra_context
        )

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return refuse_writes(request) or super().delete_view(request, object_id, extra_context)

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return refuse_writes(request) or super().changelist_view(request, extra_context)

    def history_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if refused := refuse_writes(request):
            return refused
        _key_or_404(self.model, object_id)
        return super().history_view(request, object_id, extra_context)


class ReadOnlyHistoryAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):  # type: ignore[misc]
    """For a model with a history (django-simple-history): each version can be read, never
    reverted. ``history_form_view`` saves on POST after checking only the view permission, so the
    POST is refused here, before it runs."""

    def history_form_view(
        self,
        request: HttpRequest,
        object_id: str,
        version_id: str,
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        if refused := refuse_writes(request):
            return refused
        _key_or_404(self.model, object_id)
        _key_or_404(self.model.history.model, version_id)
        return super().history_form_view(request, object_id, version_id, extra_context)

    def revert_disabled(self, request: HttpRequest, obj: Any = None) -> bool:
        return True  # no Revert button: the page only shows the version


def _key_or_404(model: Any, value: str) -> None:
    """An id that is not the model's key (/admin/licensing/dog/abc/history/) names no record:
    django-simple-history's history pages look it up as given and fail with a 500 (issue 10,
    item 5), so they answer 404 first."""
    try:
        model._meta.pk.to_python(value)
    except ValidationError:
        raise Http404(f"No {model._meta.verbose_name} has the id {value!r}.") from None


class ReadOnlyInline(admin.TabularInline):  # type: ignore[type-arg]
    """A record's parts shown on its page, never added, changed or deleted there."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    list_display = ("at", "action", "outcome", "decided_on", "actor", "sections")
    list_filter = ("action", "outcome")
    date_hierarchy = "at"


@admin.register(CitedValue)
class CitedValueAdmin(ReadOnlyAdmin):
    """The parameter and reading values decisions cite, each stored once (issue 14)."""

    list_display = ("key", "effective", "digest")
    search_fields = ("key",)


class FeeResolutionItemInline(ReadOnlyInline):
    model = FeeResolutionItem


@admin.register(FeeResolution)
class FeeResolutionAdmin(ReadOnlyAdmin):
    list_display = ("number", "adopted_on", "effective_on", "title", "entered_by")
    inlines = [FeeResolutionItemInline]
