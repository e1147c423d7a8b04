"""Shared services: the parameters in force (files + resolutions entered), numbering, decisions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, models, transaction
from django.utils import timezone, translation

from dogtag.law import params as law_params
from dogtag.law.findings import Finding
from dogtag.law.licensing.fees import FEE_SCHEDULE
from dogtag.law.provisions import cite, sections_of
from dogtag.records.models import Decision, FeeResolution, FeeResolutionItem, NumberSequence
from dogtag.records.stored_findings import expand_findings as expand_findings
from dogtag.records.stored_findings import findings_to_store as findings_to_store

ENTERED = "council resolutions entered in Dogtag"


def today() -> dt.date:
    """Today in the city's time zone (America/Chicago), not the server's."""
    return timezone.localdate()


class ResolutionRefused(Exception):
    """A fee resolution could not be entered; nothing was written."""


def city_params() -> law_params.ParameterSet:
    """The parameters in force: the files, plus every fee resolution an administrator entered.

    One query reads the resolutions' items; the parameter set built from them is kept while they
    are unchanged, so every service call gets the same set (and the rules core's own caches,
    keyed on it, keep working) without re-checking the files' values each time (issue 14)."""
    base = law_params.default()
    rows = tuple(
        FeeResolutionItem.objects.filter(resolution__jurisdiction=base.city.id)
        .order_by("resolution_id", "id")
        .values_list(
            "parameter",
            "amount",
            "resolution__effective_on",
            "resolution__number",
            "resolution__adopted_on",
            "resolution__title",
        )
    )
    if not rows:
        return base
    key = (id(base), rows)
    cached = _WITH_RESOLUTIONS.get(key)
    if cached is None or cached[0] is not base:
        additions = [
            (
                parameter,
                effective_on,
                str(amount),
                _source_of(number, adopted_on, title),
            )
            for parameter, amount, effective_on, number, adopted_on, title in rows
        ]
        if len(_WITH_RESOLUTIONS) >= 8:
            _WITH_RESOLUTIONS.clear()
        cached = (base, base.with_values(additions, file=ENTERED))
        _WITH_RESOLUTIONS[key] = cached
    return cached[1]


#: (the files' set, the items read) -> (that set, the set with the resolutions added).
_WITH_RESOLUTIONS: dict[tuple[int, tuple[object, ...]], tuple[object, law_params.ParameterSet]] = {}


def in_force(
    key: str, on: dt.date | None = None, city: law_params.ParameterSet | None = None
) -> law_params.ParameterValue:
    """The parameter in force on ``on`` (default today): a fee from the files and the resolutions
    entered (one query), any other from the files alone. Prose shows values through this, with
    their source (``{% param %}``, dogtag.records.templatetags.law), never a number typed in."""
    if city is None:
        city = city_params() if key.startswith("fees.") else law_params.default()
    return city.get(key, on or today())


def source_note(value: law_params.ParameterValue) -> str:
    """Where a value shown in prose comes from, for its title or a footnote."""
    return (
        f"{value.source.cite()}; parameter {value.key}, "
        f"in force since {value.effective.isoformat()}"
    )


def _source(resolution: FeeResolution) -> law_params.Source:
    return _source_of(resolution.number, resolution.adopted_on, resolution.title)


def _source_of(number: str, adopted_on: dt.date | None, title: str) -> law_params.Source:
    return law_params.Source(
        instrument=f"{base_name()} {fee_instrument()} {number}",
        kind=fee_instrument().lower(),
        section=cite(FEE_SCHEDULE),
        adopted=adopted_on,
        note=title or None,
    )


def base_name() -> str:
    return law_params.default().city.name.removeprefix("City of ")


def cited_as(sections: str) -> str:
    """``sections`` (listed as the ordinance lists them) as the city in force names them in a
    sentence of the language active: its package's citation form (``ordinance/sections.yaml``,
    ``citation`` and ``citation_translations``). A translated sentence names them as
    ``%(citation)s``, so each city's form is its own ("City Code § …" in Lino Lakes)."""
    form = sections_of(law_params.default().city).citation_in(translation.get_language())
    return form.format(section=sections)


def fee_instrument() -> str:
    """The act by which the city sets its fees: "Resolution" (Nowthen) or "Ordinance" (Lino
    Lakes), from its package; a resolution where the package states no office."""
    office = law_params.default().city.office
    return office.fee_instrument if office else "Resolution"


def fee_parameters() -> list[law_params.ParameterDefinition]:
    """The parameters a fee resolution may set: the city's money parameters under ``fees.``."""
    city = law_params.default()
    return [
        d
        for d in city
        if d.jurisdiction == city.city.id and d.type == "money" and d.name.startswith("fees.")
    ]


@transaction.atomic
def enter_fee_resolution(
    *,
    number: str,
    adopted_on: dt.date,
    effective_on: dt.date,
    title: str,
    amounts: dict[str, Decimal],
    actor: AbstractBaseUser,
) -> FeeResolution:
    """Enter a council fee resolution (or fee ordinance: the city's fee schedule,
    ``fees.schedule``). Checked like the parameter files: each amount against its type and any
    statutory cap; nothing is written if one fails."""
    if not amounts:
        raise ResolutionRefused("A fee resolution sets at least one fee.")
    if effective_on < adopted_on:
        raise ResolutionRefused(
            f"The effective date ({effective_on}) is before the adoption date ({adopted_on})."
        )
    incorporated = law_params.default().city.incorporated
    if incorporated is not None and min(adopted_on, effective_on) < incorporated.on:
        raise ResolutionRefused(
            f"{base_name()} was incorporated on {incorporated.on:%B} {incorporated.on.day}, "
            f"{incorporated.on.year}: its council adopted no resolution before that day "
            f"(adopted {adopted_on}, effective {effective_on})."
        )
    city = law_params.default().city.id
    if FeeResolution.objects.filter(jurisdiction=city, number=number).exists():
        raise ResolutionRefused(f"Resolution {number} is already entered.")
    known = {d.name for d in fee_parameters()}
    unknown = sorted(set(amounts) - known)
    if unknown:
        raise ResolutionRefused(f"Not a fee of the schedule: {', '.join(unknown)}.")
    resolution = FeeResolution(
        jurisdiction=city,
        number=number,
        adopted_on=adopted_on,
        effective_on=effective_on,
        title=title,
        entered_by=actor,
    )
    source = _source(resolution)
    try:
        city_params().with_values(
            [(key, effective_on, str(amount), source) for key, amount in amounts.items()],
            file=ENTERED,
        )
    except law_params.ParameterError as exc:
        raise ResolutionRefused(str(exc)) from None
    resolution.save()
    FeeResolutionItem.objects.bulk_create(
        FeeResolutionItem(resolution=resolution, parameter=key, amount=amount)
        for key, amount in sorted(amounts.items())
    )
    return resolution


def next_number(name: str, year: int) -> int:
    """The next number of a yearly sequence, drawn inside the caller's transaction.

    One statement (``UPDATE ... RETURNING``, on SQLite and PostgreSQL alike): the row it locks
    is held until the caller commits, which keeps the numbers gapless, so the services draw
    their numbers as late in the transaction as they can and this takes no longer than it must
    (issue 14: eight clerks issuing at once)."""
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        raise RuntimeError("next_number must run inside the transaction that uses the number")
    table = connection.ops.quote_name(NumberSequence._meta.db_table)
    draw = (
        f'UPDATE {table} SET "last" = "last" + 1 WHERE "jurisdiction" = %s AND "name" = %s'
        ' AND "year" = %s RETURNING "last"'
    )
    # each city its own series (issue 27: one database may later hold a county's cities)
    city = law_params.default().city.id
    with connection.cursor() as cursor:
        cursor.execute(draw, [city, name, year])
        row = cursor.fetchone()
        if row is None:  # the first number of its year
            try:
                with transaction.atomic():
                    NumberSequence.objects.create(jurisdiction=city, name=name, year=year, last=0)
            except IntegrityError:
                pass  # another clerk created it first: use theirs
            cursor.execute(draw, [city, name, year])
            row = cursor.fetchone()
    return int(row[0])


def reserve_id(model: type[models.Model]) -> int:
    """The id the next row of ``model`` gets, taken now, inside the service's transaction.

    A license's decision names the license it decided, and the license refers to its decision:
    with the license's id taken first, each row is written once, complete (no second write of
    the decision, which on PostgreSQL would leave a dead row and index entries behind; issue 14,
    storage). PostgreSQL's sequence hands the id out; on SQLite the transaction already holds
    the database's write lock (``BEGIN IMMEDIATE``), so the next id past the highest ever given
    (``sqlite_sequence``, as AUTOINCREMENT counts) is this transaction's alone.
    """
    connection = transaction.get_connection()
    assert connection.in_atomic_block, "reserve an id inside the service's transaction"
    table = model._meta.db_table
    column = model._meta.pk.column  # type: ignore[union-attr]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, %s))", [table, column])
        else:
            quoted = connection.ops.quote_name(table)
            cursor.execute(
                "SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = %s), 0),"
                f" COALESCE((SELECT MAX({connection.ops.quote_name(column)}) FROM {quoted}), 0))"
                " + 1",
                [table],
            )
        return int(cursor.fetchone()[0])


def record_decision(
    *,
    action: str,
    findings: Sequence[Finding],
    decided_on: dt.date,
    actor: AbstractBaseUser | None,
    subject: models.Model | None = None,
) -> Decision:
    """Store the findings behind an action that was carried out. A refused action writes
    nothing of itself; its findings go back to the clerk in the exception, and ``@service``
    (``records.refusals``) stores the refusal as a Decision of its own after the rollback."""
    sections = sorted({s for f in findings for s in f.sections})
    law = law_params.default()
    return Decision.objects.create(
        jurisdiction=law.city.id,
        package_version=law.version,
        action=action,
        outcome="done",
        decided_on=decided_on,
        actor=actor,
        subject_type=ContentType.objects.get_for_model(subject) if subject is not None else None,
        subject_id=subject.pk if subject is not None else None,
        sections=sections,
        stored_findings=findings_to_store(findings),
    )


def decisions_for(subject: models.Model) -> models.QuerySet[Decision]:
    return Decision.objects.filter(
        subject_type=ContentType.objects.get_for_model(subject), subject_id=subject.pk
    )
