"""The stored clocks of the due list (``DueClock``): which dogs are on which licensing section of
the list (``license.required``, ``.term``, ``.minimum_age``, ``.new_resident``, ``.new_owner``),
and in which order, so that the list's first page is an
indexed range with an indexed count however large the city (issue 14, item 2).

The clocks are found by the very queries and rules of the whole list (``licensing.due``), asked
without an "as of" date: each row keeps the first date it is listed (``enters_on``), the first it
no longer is (``leaves_on``) and the first it is overdue (``overdue_from``), so one stored row
answers for any date while the parameters are unchanged (``due.clock_fingerprint``).

- ``refresh(dog_ids)``: the services call it in the transaction of every change to what the
  clocks depend on (a license issued, renewed, voided; a dog registered, edited, its status
  changed; an owner's arrival; a change of ownership). It replaces the dogs' rows.
- ``refresh_all()``: rebuilds the table a range of dogs at a time (after a bulk load, or when
  the parameters changed: the periodic task ``licensing.tasks.refresh_due_clocks``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from django.db import connection, transaction
from django.db.models import Max, QuerySet
from django.utils import timezone

from dogtag.law.computation_of_time import DeadlineError
from dogtag.law.licensing import SIX_MONTHS_READING, age_reached
from dogtag.law.params import ParameterError, ParameterSet
from dogtag.licensing import due
from dogtag.licensing.models import Dog, DueClock, DueClockState, License
from dogtag.records.due import NEAR_DAYS, Clocks
from dogtag.records.law_parts import law_has
from dogtag.records.services import city_params, today

#: The sort date of a clock the rules core could not date (``due._clock_row`` shows why).
NO_DATE = dt.date(9999, 12, 31)
#: Dogs read and written at a time by ``refresh_all``.
BATCH = 5000

Kind = DueClock.Kind


def refresh(dog_ids: Iterable[int | None]) -> None:
    """Replace the stored clocks of these dogs (in the caller's transaction), with the parameters
    in force today: if they differ from those the table was built with, the list computes every
    row until the periodic task has rebuilt it (``DueClockState``)."""
    ids = sorted({pk for pk in dog_ids if pk is not None})
    if not ids:
        return
    params, on = city_params(), today()
    with transaction.atomic():
        for start in range(0, len(ids), BATCH):
            some = ids[start : start + BATCH]
            # The dogs locked, in order: a service that does not lock the dog itself (voiding a
            # receipt, an owner's arrival) waits for one that does (issuing), so two never
            # replace the same dog's clocks at once.
            _lock_dogs(Dog.objects.filter(pk__in=some))
            DueClock.objects.filter(dog_id__in=some).delete()
            DueClock.objects.bulk_create(clocks_of(some, params, on))


def _lock_dogs(dogs: QuerySet[Dog]) -> None:
    """Lock these dogs' rows until the transaction ends, in the order of their ids (two
    transactions locking overlapping sets in one order cannot deadlock)."""
    list(dogs.select_for_update().order_by("pk").values_list("pk", flat=True))


def store_issued(license_: License, held: Sequence[License] | None = None) -> bool:
    """The clocks of a dog being licensed, written from what issuing knows (a delete and one
    insert, after one read of the dog's licenses unless ``held`` is given), before the license's
    numbers are drawn: issuing holds the numbering lock as briefly as it can. The license is not
    written yet.

    The dog is licensed, so it has no six-months clock (``license.minimum_age``), and every new resident's or
    new owner's clock that started by the day of issue is closed by this license (``license.new_resident``,
    ``license.new_owner``).
    The license is the one in force on the list when no other (not voided) was issued later or
    expires as late (``due._licenses``). Returns False, writing nothing, when that is not so, or
    the license is dated back, or the owner arrives after the day of issue: the caller then
    ``refresh``-es the dog once the license is written. ``held``: the dog's licenses not voided,
    when the caller has read them, instead of asking again."""
    dog = license_.dog
    on = license_.issued_on
    arrives = dog.owner.resident_since
    if on != today() or (arrives is not None and arrives > on):
        return False
    if held is None:
        held = list(License.objects.filter(dog_id=dog.pk).exclude(status=License.Status.VOID))
    if license_.expires_on is None:
        # for the dog's lifetime: the dog is licensed for good, and nothing is due for it
        DueClock.objects.filter(dog_id=dog.pk).delete()
        return True
    expires = license_.expires_on
    if any(
        other.issued_on > on or other.expires_on is None or other.expires_on >= expires
        for other in held
        if other.pk != license_.pk
    ):
        return False
    DueClock.objects.filter(dog_id=dog.pk).delete()
    DueClock.objects.create(
        dog_id=dog.pk,
        kind=Kind.LICENSE,
        date=license_.expires_on,
        dog_name=dog.name,
        tiebreak=license_.pk,
        license_id=license_.pk,
    )
    return True


def refresh_all(params: ParameterSet | None = None, on: dt.date | None = None) -> int:
    """Rebuild every stored clock with the parameters in force on ``on`` (today), a range of
    dogs at a time; returns the number of clocks. The list computes every row until the new
    state is written, in the last transaction."""
    params = params if params is not None else city_params()
    on = on if on is not None else today()
    DueClockState.objects.filter(pk=1).delete()
    last = Dog.objects.aggregate(last=Max("id"))["last"] or 0
    written = 0
    for start in range(0, last + 1, BATCH):
        dogs = range(start, start + BATCH)
        with transaction.atomic():
            # The batch's dogs locked, in order, as ``refresh`` locks them: a service that
            # replaces one of their clocks meanwhile waits for the batch, or the batch for it.
            # Unlocked, the one that came second inserted a clock the other had just written.
            _lock_dogs(Dog.objects.filter(pk__gte=start, pk__lt=start + BATCH))
            DueClock.objects.filter(dog_id__gte=start, dog_id__lt=start + BATCH).delete()
            written += len(DueClock.objects.bulk_create(clocks_of(dogs, params, on)))
    with connection.cursor() as cursor:  # the planner's statistics of the table just written
        cursor.execute(f"ANALYZE {DueClock._meta.db_table}")
    DueClockState.objects.update_or_create(
        pk=1,
        defaults={
            "fingerprint": due.clock_fingerprint(params, on),
            "refreshed_at": timezone.now(),
        },
    )
    return written


def refresh_if_stale(params: ParameterSet | None = None, on: dt.date | None = None) -> bool:
    """Rebuild the stored clocks if they were computed with other parameters than today's (or
    never); returns whether it rebuilt them."""
    params = params if params is not None else city_params()
    on = on if on is not None else today()
    if due.stored_clocks_fresh(params, on):
        return False
    refresh_all(params, on)
    return True


def mark_built_if_empty(params: ParameterSet | None = None, on: dt.date | None = None) -> bool:
    """A city with no dog yet has every clock stored (none): say so, so that the services keep
    the table from the first dog on. Returns whether it did."""
    if DueClockState.objects.filter(pk=1).exists() or Dog.objects.exists():
        return False
    params = params if params is not None else city_params()
    on = on if on is not None else today()
    DueClockState.objects.create(
        pk=1, fingerprint=due.clock_fingerprint(params, on), refreshed_at=timezone.now()
    )
    return True


# ------------------------------------------------------------------------------ computing


def clocks_of(dogs: due.DogSet, params: ParameterSet, on: dt.date) -> list[DueClock]:
    """The clocks of these dogs, found by the whole list's queries without an "as of" date; the
    six-months reading is the one in force on ``on`` (``due._puppy_at``). None in a city whose
    law states no dog license (``law_has``): no dog there is due for one."""
    if not law_has()["licensing"]:
        return []
    clocks = Clocks(params)
    found = _license_clocks(dogs)
    #: The first day each dog is listed as a new resident's or a new owner's: from then it is
    #: not listed as reaching six months (``due.due_list``: ``listed``).
    governed: dict[int, dt.date] = {}
    triggers = [
        (Kind.NEW_RESIDENT, "license.new_resident", dog, since, ever)
        for dog, since, ever in due._new_resident_dogs(None, dogs)
    ] + [
        (Kind.OWNERSHIP_CHANGE, "license.change_of_ownership", dog, changed_on, ever)
        for dog, changed_on, _from, ever in due._ownership_changes(None, dogs)
    ]
    for kind, clock_id, dog, start, ever_licensed in triggers:
        if due._puppy_at(clocks, on, dog.born, start, ever_licensed):
            continue
        due_on = _due_on(clocks, clock_id, start)
        found.append(
            DueClock(
                dog_id=dog.dog_id,
                kind=kind,
                date=due_on or NO_DATE,
                dog_name=dog.dog_name,
                tiebreak=dog.dog_id,
                enters_on=start,
                overdue_from=None if due_on is None else due_on + dt.timedelta(days=1),
            )
        )
        governed[dog.dog_id] = min(start, governed.get(dog.dog_id, start))
    found.extend(_six_months(clocks, params, on, dogs, governed))
    return found


def _license_clocks(dogs: due.DogSet) -> list[DueClock]:
    """``license.required``, ``license.term``: the license in force of each dog (its latest,
    active), ordered by expiry."""
    return [
        DueClock(
            dog_id=dog_id,
            kind=Kind.LICENSE,
            date=expires_on,
            dog_name=name,
            tiebreak=license_id,
            license_id=license_id,
        )
        for license_id, dog_id, expires_on, name in due._licenses(None, dogs).values_list(
            "id", "dog_id", "expires_on", "dog__name"
        )
    ]


def _due_on(clocks: Clocks, clock_id: str, start: dt.date) -> dt.date | None:
    try:
        finding = clocks.due(clock_id, start, "")
    except (DeadlineError, ParameterError):
        return None
    return finding.deadline.due if finding.deadline is not None else None


def _six_months(
    clocks: Clocks,
    params: ParameterSet,
    on: dt.date,
    dogs: due.DogSet,
    governed: dict[int, dt.date],
) -> Iterable[DueClock]:
    """``license.minimum_age``: never-licensed dogs, listed from thirty days before they reach six months (the
    near window) and once their owner is a resident, until a new owner's or new resident's
    clock governs them."""
    minimum_age = params.get("license.minimum_age_months", on).integer
    reading = params.get(SIX_MONTHS_READING, on).choice
    rows = due._never_licensed(dogs).values_list("id", "name", "born", "owner__resident_since")
    for dog_id, name, born, resident_since in rows:
        needed_from = clocks.remember(
            ("age reached", on, born), lambda b=born: age_reached(b, minimum_age, reading)
        )
        enters_on = max(needed_from - dt.timedelta(days=NEAR_DAYS), born)
        if resident_since is not None:
            enters_on = max(enters_on, resident_since)
        leaves_on = governed.get(dog_id)
        if leaves_on is not None and leaves_on <= enters_on:
            continue
        yield DueClock(
            dog_id=dog_id,
            kind=Kind.SIX_MONTHS,
            date=needed_from,
            dog_name=name,
            tiebreak=dog_id,
            enters_on=enters_on,
            leaves_on=leaves_on,
            overdue_from=needed_from,
        )


def on_post_migrate(**kwargs: object) -> None:
    """A new database (no dog yet) has every clock stored from the start (``mark_built_if_empty``);
    one with dogs is built by ``dogtag manage refresh_due_clocks`` or the periodic task."""
    if kwargs.get("using", "default") == "default":
        mark_built_if_empty()
