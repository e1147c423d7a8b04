"""The office's read-only lists beside the due list: the fee schedule and council resolutions
(``fees.schedule``), tag stock (``tag.section``), and roles."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.db.models import Count
from django.http import QueryDict

from dogtag.law.params import ParameterError, ParameterSet
from dogtag.licensing.models import Tag
from dogtag.licensing.queries import money
from dogtag.records.due import dog_url, license_url, owner_url
from dogtag.records.models import FeeResolution, Role
from dogtag.records.pagination import Listing, paginate
from dogtag.records.roles import ROLE_PERMISSIONS
from dogtag.records.services import fee_parameters


@dataclass(frozen=True)
class ScheduledValue:
    effective: dt.date
    amount: str
    source: str


@dataclass(frozen=True)
class FeeRow:
    """A fee parameter (``fees.schedule``) and the amount in force on a day."""

    name: str  # the key a resolution sets, e.g. "fees.dog_license.one_year"
    key: str  # qualified, e.g. "nowthen.fees.dog_license.one_year"
    description: str
    amount: str  # "$3.00", or "" when no amount is in force yet
    effective: dt.date | None
    source: str
    note: str
    unverified: bool
    cap: str  # e.g. "at most $500.00 (Minn. Stat. 347.51 subd. 2)"
    scheduled: tuple[ScheduledValue, ...] = ()
    #: For a fee the council has not set yet: who must set it.
    awaiting: str = ""


def fee_rows(params: ParameterSet, on: dt.date) -> list[FeeRow]:
    """Every fee a resolution may set, with its amount in force on ``on`` and later changes."""
    rows = []
    for base in fee_parameters():
        definition = params.definition(base.key)
        current = definition.value_on(on) if definition.first_effective <= on else None
        cap = ""
        if definition.cap:
            try:
                limit = params.get(definition.cap, on)
            except ParameterError:
                cap = ""
            else:
                cap = f"at most {limit.display()} ({limit.source.cite()})"
        rows.append(
            FeeRow(
                name=definition.name,
                key=definition.key,
                description=definition.description,
                amount=current.display() if current else "",
                effective=current.effective if current else None,
                source=current.source.cite() if current else "",
                note=(current.source.note or "") if current else "",
                unverified=bool(current and current.source.confidence not in (None, "V")),
                cap=cap,
                scheduled=tuple(
                    ScheduledValue(v.effective, money(v.value), v.source.cite())
                    for v in definition.values
                    if v.effective > on
                ),
                awaiting=definition.awaiting or "" if not definition.values else "",
            )
        )
    return rows


@dataclass(frozen=True)
class ResolutionRow:
    number: str
    adopted_on: dt.date
    effective_on: dt.date
    title: str
    entered_by: str
    entered_at: dt.datetime
    items: tuple[tuple[str, str], ...]  # (fee description, amount)


def resolution_rows(descriptions: dict[str, str]) -> list[ResolutionRow]:
    """The council resolutions entered in Dogtag, latest effective first, with their amounts
    (``descriptions``: fee name -> description). Two queries."""
    resolutions = FeeResolution.objects.select_related("entered_by").prefetch_related("items")
    return [
        ResolutionRow(
            number=r.number,
            adopted_on=r.adopted_on,
            effective_on=r.effective_on,
            title=r.title,
            entered_by=r.entered_by.get_username(),
            entered_at=r.entered_at,
            items=tuple(
                (descriptions.get(item.parameter, item.parameter), money(item.amount))
                for item in sorted(r.items.all(), key=lambda i: i.parameter)
            ),
        )
        for r in resolutions
    ]


@dataclass(frozen=True)
class TagCount:
    status: str
    label: str
    count: int


@dataclass(frozen=True)
class MissingTag:
    serial: str
    status: str
    reported_on: dt.date | None
    dog_name: str
    dog_url: str
    owner_name: str
    owner_url: str
    license_number: str
    license_url: str


@dataclass(frozen=True)
class TagStock:
    counts: tuple[TagCount, ...]
    total: int
    next_serial: str | None
    missing: tuple[MissingTag, ...]
    #: The page of lost and stolen tags shown, when asked with the page's address.
    missing_listing: Listing[MissingTag] | None = None


def tag_stock(address: QueryDict | None = None) -> TagStock:
    """Tags by status, the next to be issued (the lowest serial in stock, as the desk issues
    them), and the tags reported lost or stolen (``license.duplicate_tag``): all of them, or given the page's
    ``address``, one page (``?missing_page=``) and their count. Three queries (four paged)."""
    by_status = {
        row["status"]: row["n"]
        for row in Tag.objects.order_by().values("status").annotate(n=Count("id"))
    }
    counts = tuple(TagCount(s.value, s.label, by_status.get(s.value, 0)) for s in Tag.Status)
    next_serial = (
        Tag.objects.filter(status=Tag.Status.IN_STOCK)
        .order_by("serial")
        .values_list("serial", flat=True)
        .first()
    )
    reported = (
        Tag.objects.filter(status__in=(Tag.Status.LOST, Tag.Status.STOLEN))
        .select_related("dog__owner", "license")
        .order_by("-status_changed_on", "serial")
    )
    listing: Listing[Tag] | None = None
    if address is not None:
        listing = paginate(address, reported, param="missing_page", anchor="missing")
    missing = tuple(
        MissingTag(
            serial=tag.serial,
            status=tag.get_status_display(),
            reported_on=tag.status_changed_on,
            dog_name=tag.dog.name if tag.dog else "",
            dog_url=dog_url(tag.dog.pk) if tag.dog else "",
            owner_name=tag.dog.owner.name if tag.dog else "",
            owner_url=owner_url(tag.dog.owner.pk) if tag.dog else "",
            license_number=tag.license.number if tag.license else "",
            license_url=license_url(tag.license.number) if tag.license else "",
        )
        for tag in (listing.rows if listing is not None else reported)
    )
    return TagStock(
        counts,
        sum(c.count for c in counts),
        next_serial,
        missing,
        listing.with_rows(missing) if listing is not None else None,
    )


@dataclass(frozen=True)
class Member:
    username: str
    full_name: str
    active: bool


@dataclass(frozen=True)
class RoleRow:
    name: str
    slug: str
    permissions: tuple[tuple[str, str], ...]  # (codename, what it allows)
    members: tuple[Member, ...] = field(default=())


def _member(user: Any) -> Member:
    return Member(user.get_username(), user.get_full_name(), user.is_active)


def role_rows() -> tuple[list[RoleRow], list[Member]]:
    """The four roles (auth groups) with what each may do and who holds it; the superusers."""
    words: dict[str, str] = dict(Role._meta.permissions)
    # another app's permissions ("outbox.view_outbox") are named by their own models' Meta
    for app, code, text in Permission.objects.exclude(
        content_type__app_label="records"
    ).values_list("content_type__app_label", "codename", "name"):
        words[f"{app}.{code}"] = text
    groups = {
        g.name: g
        for g in Group.objects.filter(name__in=ROLE_PERMISSIONS).prefetch_related("user_set")
    }
    rows = []
    for name, codenames in ROLE_PERMISSIONS.items():
        group = groups.get(name)
        users = sorted(group.user_set.all(), key=lambda u: u.get_username()) if group else []
        rows.append(
            RoleRow(
                name=name,
                slug="role-" + name.lower().replace(" ", "-"),
                permissions=tuple((c, words.get(c, c)) for c in codenames),
                members=tuple(_member(u) for u in users),
            )
        )
    superusers = get_user_model().objects.filter(is_superuser=True).order_by("username")
    return rows, [_member(u) for u in superusers]
