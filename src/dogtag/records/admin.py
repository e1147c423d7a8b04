from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse

from dogtag.records.models import Decision, FeeResolution, FeeResolutionItem


class ReadOnlyAdmin(admin.ModelAdmin):
    """The admin shows records; every write goes through a service function (the staff site),
    which applies the rules and records who acted."""

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    # An id that is not the model's key (/admin/licensing/dog/abc/history/) names no record.
    # django-simple-history's history pages look it up as given and fail with a 500 (issue 10,
    # item 5): these answer 404 first.

    def history_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, object] | None = None
    ) -> HttpResponse:
        _key_or_404(self.model, object_id)
        return super().history_view(request, object_id, extra_context)

    def history_form_view(
        self,
        request: HttpRequest,
        object_id: str,
        version_id: str,
        extra_context: dict[str, object] | None = None,
    ) -> HttpResponse:
        _key_or_404(self.model, object_id)
        _key_or_404(self.model.history.model, version_id)  # type: ignore[attr-defined]
        return super().history_form_view(  # type: ignore[misc]
            request, object_id, version_id, extra_context
        )


def _key_or_404(model: type, value: str) -> None:
    try:
        model._meta.pk.to_python(value)  # type: ignore[attr-defined]
    except ValidationError:
        name = model._meta.verbose_name  # type: ignore[attr-defined]
        raise Http404(f"No {name} has the id {value!r}.") from None


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    list_display = ("at", "action", "outcome", "decided_on", "actor", "sections")
    list_filter = ("action", "outcome")
    date_hierarchy = "at"


class FeeResolutionItemInline(admin.TabularInline):
    model = FeeResolutionItem
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(FeeResolution)
class FeeResolutionAdmin(ReadOnlyAdmin):
    list_display = ("number", "adopted_on", "effective_on", "title", "entered_by")
    inlines = [FeeResolutionItemInline]
