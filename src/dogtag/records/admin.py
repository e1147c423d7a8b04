from django.contrib import admin
from django.http import HttpRequest

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
