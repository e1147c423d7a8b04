"""What the scale benchmark measures (issue 14.2), each beside its raw-SQL floor.

Each measurement asks Dogtag the way a clerk's page does (the same functions), and then asks the
same question with one hand-written SQL statement (or, for issuing, the same rows written by hand)
through the same database driver, in the same run: the ratio says what Dogtag costs over the
least the database must do, whatever the machine's speed that day.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.http import QueryDict
from django.utils import timezone

from dogtag.law.provisions import cite
from dogtag.licensing import due_clocks, services
from dogtag.licensing.due import due_list, stored_clocks_fresh
from dogtag.licensing.models import Dog, License, Owner, Tag
from dogtag.licensing.queries import search
from dogtag.licensing.receipts import Payment
from dogtag.records.due import FAR_DAYS, NEAR_DAYS
from dogtag.records.fields import deflate
from dogtag.records.models import Decision
from dogtag.records.services import city_params

CLERK = "bench-clerk"


@dataclass
class Figure:
    """One operation: Dogtag's times and the floor's, in milliseconds."""

    name: str
    statistic: str  # which percentile the target is about: "p50", "p95", "p99"
    dogtag_ms: list[float]
    floor_ms: list[float]
    target_ms: float | None = None
    note: str = ""

    def at(self, times: list[float]) -> float:
        if not times:
            return float("nan")
        if self.statistic == "p50":
            return statistics.median(times)
        cut = {"p95": 95, "p99": 99}[self.statistic]
        ordered = sorted(times)
        return ordered[min(len(ordered) - 1, round(cut / 100 * (len(ordered) - 1)))]

    def to_json(self) -> dict[str, Any]:
        dogtag, floor = self.at(self.dogtag_ms), self.at(self.floor_ms)
        return {
            "operation": self.name,
            "statistic": self.statistic,
            "dogtag_ms": round(dogtag, 3),
            "dogtag_median_ms": round(statistics.median(self.dogtag_ms), 3),
            "floor_ms": round(floor, 3),
            "ratio": round(dogtag / floor, 2) if floor else None,
            "target_ms": self.target_ms,
            "meets_target": None if self.target_ms is None else dogtag < self.target_ms,
            "samples": len(self.dogtag_ms),
            "note": self.note,
        }


def timed(action: Callable[[], object], times: int, warmup: int = 3) -> list[float]:
    for _ in range(warmup):
        action()
    out = []
    for _ in range(times):
        start = time.perf_counter_ns()
        action()
        out.append((time.perf_counter_ns() - start) / 1e6)
    return out


def sql(statement: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchall() if cursor.description else []


def _cycle(values: Sequence[Any]) -> Callable[[], Any]:
    state = {"i": 0}

    def nxt() -> Any:
        state["i"] += 1
        return values[state["i"] % len(values)]

    return nxt


# ---------------------------------------------------------------------------- lookups, search


def lookup(on: dt.date, iterations: int) -> Figure:
    """A tag, license or microchip number typed at the desk: the staff search finds the one dog."""
    rng = random.Random(3)
    numbers: list[tuple[str, str]] = []
    tag_ids = list(Tag.objects.exclude(status="in_stock").values_list("serial", flat=True)[:5000])
    numbers += [("tag", s) for s in rng.sample(tag_ids, min(50, len(tag_ids)))]
    lic = list(License.objects.values_list("number", flat=True)[:5000])
    numbers += [("license", n) for n in rng.sample(lic, min(50, len(lic)))]
    chips = list(Dog.objects.exclude(microchip="").values_list("microchip", flat=True)[:5000])
    numbers += [("microchip", c) for c in rng.sample(chips, min(50, len(chips)))]
    rng.shuffle(numbers)
    nxt = _cycle(numbers)

    def dogtag() -> None:
        _kind, number = nxt()
        results = search(number, on)
        assert sum(g.total for g in results.groups) >= 1, number

    floors = {
        "tag": "SELECT d.id, d.name FROM licensing_tag t JOIN licensing_dog d ON d.id = t.dog_id"
        " WHERE t.serial = %s",
        "license": "SELECT d.id, d.name FROM licensing_license l"
        " JOIN licensing_dog d ON d.id = l.dog_id WHERE l.number = %s",
        "microchip": "SELECT d.id, d.name FROM licensing_dog d WHERE d.microchip = %s",
    }

    def floor() -> None:
        kind, number = nxt()
        assert sql(floors[kind], [number]), number

    return Figure(
        "lookup by tag, license or microchip number",
        "p99",
        timed(dogtag, iterations),
        timed(floor, iterations),
        target_ms=10,
    )


def staff_search(on: dt.date, iterations: int) -> Figure:
    """A name, a street, four digits of a phone, a dog's name: the desk's search box."""
    rng = random.Random(4)
    owners = list(Owner.objects.values_list("name", "street", "phone")[:2000])
    dogs = list(Dog.objects.values_list("name", flat=True)[:2000])
    terms = []
    for name, street, phone in rng.sample(owners, min(40, len(owners))):
        terms += [name.split()[-1], street.split()[0], phone[-4:]]
    terms += rng.sample(dogs, min(40, len(dogs)))
    rng.shuffle(terms)
    nxt = _cycle(terms)

    def dogtag() -> None:
        search(nxt(), on, address=QueryDict())  # as the search page asks it

    def floor() -> None:
        like = f"%{nxt()}%"
        sql(
            "SELECT id FROM licensing_owner WHERE name LIKE %s OR street LIKE %s OR phone LIKE %s"
            " ORDER BY name, id LIMIT 26",
            [like, like, like],
        )
        sql("SELECT id FROM licensing_dog WHERE name LIKE %s ORDER BY name, id LIMIT 26", [like])

    return Figure(
        "staff search by name, address, phone digits or dog",
        "p95",
        timed(dogtag, iterations),
        timed(floor, iterations),
        target_ms=100,
    )


# ------------------------------------------------------------------------------- the due list


#: The due list's question in hand-written SQL: the rows of its four licensing sections with the
#: columns each row is written from, in the list's order. Each part asks what ``licensing.due``'s
#: query for that section asks (the later license, the newer vaccination, licensed since, changed
#: owner since), so the floor is the same question, not a simpler one.
DUE_FLOOR = {
    "licenses expiring by the far window, or lapsed": (
        "SELECT l.number, l.issued_on, l.expires_on, r.vaccinated_on,"
        " (SELECT MAX(v.vaccinated_on) FROM licensing_rabiesvaccination v"
        "   WHERE v.dog_id = l.dog_id AND v.vaccinated_on > r.vaccinated_on),"
        " d.id, d.name, o.id, o.name"
        " FROM licensing_license l JOIN licensing_dog d ON d.id = l.dog_id"
        " JOIN licensing_owner o ON o.id = d.owner_id"
        " JOIN licensing_rabiesvaccination r ON r.id = l.rabies_id"
        " WHERE l.status = 'active' AND d.status = 'active' AND l.expires_on <= %(far)s"
        " AND NOT EXISTS (SELECT 1 FROM licensing_license x WHERE x.dog_id = l.dog_id"
        "   AND x.status <> 'void' AND x.id <> l.id AND (x.issued_on > l.issued_on"
        "   OR x.expires_on > l.expires_on OR (x.issued_on = l.issued_on"
        "   AND x.expires_on = l.expires_on AND x.id > l.id)))"
        " ORDER BY l.expires_on, d.name, l.id"
    ),
    "new residents' dogs": (
        "SELECT d.id, d.name, d.born, d.born_estimated, o.id, o.name, o.resident_since,"
        " EXISTS (SELECT 1 FROM licensing_license x WHERE x.dog_id = d.id AND x.status <> 'void')"
        " FROM licensing_dog d JOIN licensing_owner o ON o.id = d.owner_id"
        " WHERE d.status = 'active' AND o.resident_since IS NOT NULL"
        " AND o.resident_since <= %(on)s"
        " AND NOT EXISTS (SELECT 1 FROM licensing_license x WHERE x.dog_id = d.id"
        "   AND x.status <> 'void' AND x.issued_on >= o.resident_since)"
        " AND NOT EXISTS (SELECT 1 FROM licensing_ownershipchange c WHERE c.dog_id = d.id"
        "   AND c.to_owner_id = d.owner_id AND c.changed_on >= o.resident_since)"
        " ORDER BY o.resident_since, d.name, d.id"
    ),
    "new owners' dogs": (
        "SELECT d.id, d.name, d.born, d.born_estimated, o.id, o.name, c.changed_on, f.name,"
        " EXISTS (SELECT 1 FROM licensing_license x WHERE x.dog_id = d.id AND x.status <> 'void')"
        " FROM licensing_ownershipchange c JOIN licensing_dog d ON d.id = c.dog_id"
        " JOIN licensing_owner o ON o.id = c.to_owner_id"
        " JOIN licensing_owner f ON f.id = c.from_owner_id"
        " WHERE c.changed_on <= %(on)s AND d.status = 'active' AND d.owner_id = c.to_owner_id"
        " AND NOT (o.resident_since IS NOT NULL AND o.resident_since > c.changed_on)"
        " AND NOT EXISTS (SELECT 1 FROM licensing_ownershipchange n WHERE n.dog_id = c.dog_id"
        "   AND (n.changed_on > c.changed_on OR (n.changed_on = c.changed_on AND n.id > c.id)))"
        " AND NOT EXISTS (SELECT 1 FROM licensing_license x WHERE x.dog_id = c.dog_id"
        "   AND x.owner_id = c.to_owner_id AND x.status <> 'void' AND x.issued_on >= c.changed_on)"
        " ORDER BY c.changed_on, d.name, c.id"
    ),
    "dogs never licensed": (
        "SELECT d.id, d.name, d.born, d.born_estimated, o.id, o.name"
        " FROM licensing_dog d JOIN licensing_owner o ON o.id = d.owner_id"
        " WHERE d.status = 'active' AND d.born IS NOT NULL AND d.born <= %(on)s"
        " AND NOT (o.resident_since IS NOT NULL AND o.resident_since > %(on)s)"
        " AND NOT EXISTS (SELECT 1 FROM licensing_license x WHERE x.dog_id = d.id"
        "   AND x.status <> 'void')"
        " ORDER BY d.born, d.name, d.id"
    ),
}


def due_sweep(on: dt.date, iterations: int) -> Figure:
    """The whole due list: every clock of every dog (what a nightly digest reads), each row with
    its date, sections and sentences. The floor asks the same question of the database in
    hand-written SQL (``DUE_FLOOR``) and only reads the rows: what is left is the rules core
    (asked once per distinct set of facts, ``records.due.Clocks``) and writing each row."""
    rows = {"dogtag": 0, "floor": 0}

    def dogtag() -> None:
        rows["dogtag"] = due_list(on).count

    values = {"on": on, "far": on + dt.timedelta(days=60)}

    def floor() -> None:
        rows["floor"] = sum(len(sql(statement, values)) for statement in DUE_FLOOR.values())

    times = max(3, iterations // 20)
    figure = Figure(
        "the whole due list (every clock of every dog)",
        "p50",
        timed(dogtag, times, warmup=1),
        timed(floor, times, warmup=1),
    )
    figure.note = (
        f"{rows['dogtag']} rows; the floor read {rows['floor']} candidate rows"
        " (a six-month clock is listed only within 30 days)"
    )
    return figure


#: The due list's first page in hand-written SQL: for each of the six licensing sections, its
#: count and its first 25 rows from the stored clocks, each with the columns its sentences are
#: written from (the license, its vaccination, the dog and its owner).
DUE_PAGE_FLOOR_SECTIONS = {
    "expiring soon": "c.kind = 'license' AND c.date >= %(on)s AND c.date <= %(near)s",
    "expiring later": "c.kind = 'license' AND c.date > %(near)s AND c.date <= %(far)s",
    "overdue renewals": "c.kind = 'license' AND c.date < %(on)s",
    **{
        kind: f"c.kind = '{kind}' AND (c.enters_on IS NULL OR c.enters_on <= %(on)s)"
        " AND (c.leaves_on IS NULL OR c.leaves_on > %(on)s)"
        for kind in ("new_resident", "ownership_change", "six_months")
    },
}
DUE_PAGE_FLOOR_ROWS = (
    "SELECT c.id, d.id, d.name, d.born, o.id, o.name, o.resident_since, l.number, l.issued_on,"
    " l.expires_on, r.vaccinated_on FROM licensing_dueclock c"
    " JOIN licensing_dog d ON d.id = c.dog_id JOIN licensing_owner o ON o.id = d.owner_id"
    " LEFT JOIN licensing_license l ON l.id = c.license_id"
    " LEFT JOIN licensing_rabiesvaccination r ON r.id = l.rabies_id"
    " WHERE {where} ORDER BY c.date, c.dog_name, c.tiebreak, c.id LIMIT 26"
)


def due_first_page(on: dt.date, iterations: int) -> Figure:
    """The due list as a clerk opens it: each section counted in full and its first page, the
    rows computed by the rules core (``licensing.due``, from the stored clocks). The floor reads
    the same counts and rows from the same table in hand-written SQL (``DUE_PAGE_FLOOR_*``)."""
    params = city_params()
    if not stored_clocks_fresh(params, on):
        due_clocks.refresh_all(params, on)
    counts: dict[str, int] = {}

    def dogtag() -> None:
        listed = due_list(on, city_params(), address=QueryDict())
        for section in listed.sections:  # what the page prints of each row
            counts[section.key] = section.count
            for row in section.rows:
                (row.summary, *row.explanation, str(row.subject_url), str(row.owner_url))

    values = {
        "on": on,
        "near": on + dt.timedelta(days=NEAR_DAYS),
        "far": on + dt.timedelta(days=FAR_DAYS),
    }

    def floor() -> None:
        for where in DUE_PAGE_FLOOR_SECTIONS.values():
            sql(f"SELECT COUNT(*) FROM licensing_dueclock c WHERE {where}", values)
            sql(DUE_PAGE_FLOOR_ROWS.format(where=where), values)

    figure = Figure(
        "the due list's first page, every section counted",
        "p95",
        timed(dogtag, iterations),
        timed(floor, iterations),
        target_ms=200,
    )
    licensing = [counts.get(key, 0) for key in ("expiring_soon", "expiring_later",
                                               "overdue_renewals", "new_residents",
                                               "ownership_changes", "six_months")]  # fmt: skip
    figure.note = f"{sum(licensing):,} rows in the six licensing sections, 25 shown of each"
    return figure


# ------------------------------------------------------------------------ renewal reminders


def reminder_letters(on: dt.date, iterations: int, count: int = 1000) -> Figure:
    """Renewal reminders as one mail-merge PDF (issue 14: 1,000 letters in < 10 s): the letters
    of the licenses expiring from today on, as many owners as ``count`` (fewer in a town), read
    and rendered. The floor reads the same licenses with one SQL query (no PDF)."""
    from dogtag.documents import reminders

    end = on + dt.timedelta(days=30)
    while len(reminders.letters(on, end)) < count and end < on + dt.timedelta(days=3 * 366):
        end += dt.timedelta(days=30)
    shown = {"letters": 0, "pages": 0}

    def dogtag() -> None:
        batch = reminders.letters(on, end)[:count]
        content = reminders.render(on, end, batch)
        shown["letters"], shown["pages"] = len(batch), content.count(b"/Type /Page\n")

    def floor() -> None:
        sql(
            "SELECT l.number, l.expires_on, d.name, o.name, o.street FROM licensing_license l"
            " JOIN licensing_dog d ON d.id = l.dog_id JOIN licensing_owner o ON o.id = l.owner_id"
            " WHERE l.status = 'active' AND d.status = 'active' AND l.expires_on BETWEEN %s AND %s"
            " ORDER BY o.name, o.id, l.expires_on",
            [on, end],
        )

    times = max(1, iterations // 100)
    figure = Figure(
        f"renewal reminders: up to {count:,} letters as one PDF",
        "p50",
        timed(dogtag, times, warmup=0),
        timed(floor, times, warmup=1),
        target_ms=10_000 if shown["letters"] >= count else None,
    )
    figure.note = f"{shown['letters']:,} letters, expiring {on} to {end}"
    return figure


# ----------------------------------------------------------------------------------- issuing


def _licensable_dogs(count: int, on: dt.date, clerk: Any) -> list[tuple[Dog, Any, Decimal]]:
    """Households that came to the desk today: a puppy just six months old, vaccinated."""
    out = []
    with transaction.atomic():
        for n in range(count):
            owner = services.register_owner(
                actor=clerk,
                name=f"Bench Owner {n}",
                street=f"{n + 1} Bench St NW",
                phone="763-555-0100",
            )
            dog = services.register_dog(
                owner=owner,
                actor=clerk,
                name=f"Bench {n}",
                breed="Mixed",
                color="brown",
                sex="male",
                born=on - dt.timedelta(days=200),
            )
            rabies = services.record_rabies_vaccination(
                dog=dog,
                actor=clerk,
                vaccinated_on=on - dt.timedelta(days=3),
                expires_on=on + dt.timedelta(days=362),
                veterinarian="Dr. Bench",
            )
            due = services.evaluate_license(dog, rabies, "new", on)[-1].details["total"]
            out.append((dog, rabies, Decimal(str(due))))
    return out


def issue_one(on: dt.date, clerk: Any, dog: Any, rabies: Any, due: Any) -> None:
    """A new license issued at the desk through the service, paid in full in cash."""
    services.issue_license(
        dog=dog,
        rabies=rabies,
        kind="new",
        on=on,
        payment=Payment(method="cash", amount=due),
        actor=clerk,
    )


def issuing(on: dt.date, iterations: int) -> Figure:
    """A license issued at the desk: the service, with its rules, numbers, tag, receipt, decision,
    history; the floor writes the same rows by hand in one transaction."""
    clerk = get_user_model().objects.get(username=CLERK)
    prepared = _licensable_dogs(iterations + 3, on, clerk)
    nxt = _cycle(prepared)

    def dogtag() -> None:
        issue_one(on, clerk, *nxt())

    dogtag_ms = timed(dogtag, iterations, warmup=3)
    sample = Decision.objects.filter(action="license.issue.new").order_by("-id").first()
    assert sample is not None
    stored = deflate(sample.stored_findings)  # the column's own form, as the service wrote it
    floor_dogs = _licensable_dogs(iterations + 3, on, clerk)
    nxt_floor = _cycle(floor_dogs)
    now = timezone.now()
    law = city_params()
    city, version = law.city.id, law.version  # each city its own numbering (issue 27)
    sections = json.dumps([cite("license.required", law)])
    postgres = connection.vendor == "postgresql"

    def floor() -> None:
        dog, rabies, due = nxt_floor()
        with transaction.atomic(), connection.cursor() as c:
            c.execute(
                "UPDATE records_numbersequence SET last = last + 1 WHERE name = 'license'"
                " AND jurisdiction = %s AND year = %s RETURNING last",
                [city, on.year],
            )
            number = f"B{on.year}-{c.fetchone()[0]:06d}"
            c.execute(
                "INSERT INTO records_decision (action, outcome, decided_on, at, actor_id,"
                " subject_type_id, subject_id, sections, stored_findings, jurisdiction,"
                " package_version) VALUES ('license.issue.new', 'done', %s, %s, %s, NULL, NULL,"
                " %s, %s, %s, %s) RETURNING id",
                [on, now, clerk.pk, sections, stored, city, version],
            )
            decision = c.fetchone()[0]
            c.execute(
                "INSERT INTO licensing_license (jurisdiction, number, dog_id, owner_id, kind,"
                " issued_on, expires_on, tier_years, fee, penalty, status, rabies_id, decision_id,"
                " imported) VALUES (%s, %s, %s, %s, 'new', %s, %s, 1, %s, 0, 'active', %s, %s, %s)"
                " RETURNING id",
                [
                    city,
                    number,
                    dog.pk,
                    dog.owner_id,
                    on,
                    rabies.expires_on,
                    due,
                    rabies.pk,
                    decision,
                    False,
                ],
            )
            license_id = c.fetchone()[0]
            c.execute(
                "INSERT INTO licensing_historicallicense (jurisdiction, id, number, kind, issued_on,"
                " expires_on, tier_years, fee, penalty, status, dog_id, owner_id, rabies_id,"
                " decision_id, imported, history_date, history_type, history_user_id)"
                " VALUES (%s, %s, %s, 'new', %s, %s, 1, %s, 0, 'active', %s, %s, %s, %s, %s, %s,"
                " '+', %s)",
                [
                    city,
                    license_id,
                    number,
                    on,
                    rabies.expires_on,
                    due,
                    dog.pk,
                    dog.owner_id,
                    rabies.pk,
                    decision,
                    False,
                    now,
                    clerk.pk,
                ],
            )
            lock = " FOR UPDATE SKIP LOCKED" if postgres else ""
            c.execute(
                "SELECT id, serial FROM licensing_tag WHERE status = 'in_stock' ORDER BY serial"
                f" LIMIT 1{lock}"
            )
            tag_id, serial = c.fetchone()
            c.execute(
                "UPDATE licensing_tag SET status = 'issued', license_id = %s, dog_id = %s,"
                " issued_on = %s, status_changed_on = %s WHERE id = %s",
                [license_id, dog.pk, on, on, tag_id],
            )
            c.execute(
                "INSERT INTO licensing_historicaltag (jurisdiction, id, serial, status, issued_on,"
                " status_changed_on, license_id, dog_id, history_date, history_type,"
                " history_user_id) VALUES (%s, %s, %s, 'issued', %s, %s, %s, %s, %s, '~', %s)",
                [city, tag_id, serial, on, on, license_id, dog.pk, now, clerk.pk],
            )
            c.execute(
                "UPDATE records_numbersequence SET last = last + 1 WHERE name = 'receipt'"
                " AND jurisdiction = %s AND year = %s RETURNING last",
                [city, on.year],
            )
            receipt_number = f"RB{on.year}-{c.fetchone()[0]:07d}"
            c.execute(
                "INSERT INTO licensing_receipt (jurisdiction, number, issued_at, payer, owner_id,"
                " method, reference, cashier_id, total, void_reason, license_id)"
                " VALUES (%s, %s, %s, 'Bench', %s, 'cash', '', %s, %s, '', %s) RETURNING id",
                [city, receipt_number, now, dog.owner_id, clerk.pk, due, license_id],
            )
            receipt_id = c.fetchone()[0]
            c.execute(
                "INSERT INTO licensing_receiptline (receipt_id, description, parameter, section,"
                " source, amount) VALUES (%s, 'Dog license', 'fee', '3-2-2.B', 'resolution', %s)",
                [receipt_id, due],
            )
            # the dog's clock on the due list, as issuing writes it (due_clocks.store_issued)
            c.execute(
                "SELECT 1 FROM licensing_license WHERE dog_id = %s AND status <> 'void'"
                " AND id <> %s AND (issued_on > %s OR expires_on >= %s) LIMIT 1",
                [dog.pk, license_id, on, on],
            )
            c.execute("DELETE FROM licensing_dueclock WHERE dog_id = %s", [dog.pk])
            c.execute(
                "INSERT INTO licensing_dueclock (dog_id, kind, date, dog_name, tiebreak,"
                " license_id) VALUES (%s, 'license', %s, %s, %s, %s)",
                [dog.pk, on, dog.name, license_id, license_id],
            )

    floor_ms = timed(floor, iterations, warmup=3)
    _undo_floor()
    return Figure("issue a license", "p95", dogtag_ms, floor_ms, target_ms=10 if postgres else 5)


_START: Any = None


def _set_start(start: Any) -> None:
    global _START
    _START = start


def _desk(batch: list[tuple[int, int, str]], on: dt.date) -> tuple[list[str], str]:
    """One clerk (a process of its own, forked): issues its batch through the service."""
    from dogtag.licensing.models import RabiesVaccination

    clerk = get_user_model().objects.get(username=CLERK)
    work = [
        (Dog.objects.select_related("owner").get(pk=d), RabiesVaccination.objects.get(pk=r), a)
        for d, r, a in batch
    ]
    _START.wait()
    numbers: list[str] = []
    try:
        for dog, rabies, due in work:
            issued = services.issue_license(
                dog=dog,
                rabies=rabies,
                kind="new",
                on=on,
                payment=Payment(method="cash", amount=Decimal(due)),
                actor=clerk,
            )
            numbers.append(issued.receipt.number)
    except Exception as exc:  # reported in the figure, not raised
        return numbers, repr(exc)
    return numbers, ""


def concurrent_issuing(on: dt.date, clerks: int = 8, per_clerk: int = 25) -> dict[str, Any]:
    """Eight clerks issuing at once on PostgreSQL (issue 14: >= 200 issues per second, no
    duplicate number, receipt numbers gapless): each a process of its own (as each app server's
    worker is) with its own connection, issuing through the service."""
    import multiprocessing

    from django.db import connections

    clerk = get_user_model().objects.get(username=CLERK)
    prepared = [
        (dog.pk, rabies.pk, str(due))
        for dog, rabies, due in _licensable_dogs(clerks * per_clerk, on, clerk)
    ]
    batches = [prepared[i::clerks] for i in range(clerks)]
    connections.close_all()  # each forked clerk opens its own connection
    context = multiprocessing.get_context("fork")
    start = context.Barrier(clerks + 1)
    with context.Pool(clerks, initializer=_set_start, initargs=(start,)) as pool:
        pending = [pool.apply_async(_desk, (batch, on)) for batch in batches]
        start.wait()
        began = time.perf_counter()
        results = [p.get(timeout=600) for p in pending]
        seconds = time.perf_counter() - began
    receipts = [number for numbers, _ in results for number in numbers]
    failures = [failure for _, failure in results if failure]
    serials = sorted(int(number.rsplit("-", 1)[1]) for number in receipts)
    gapless = serials == list(range(serials[0], serials[0] + len(serials))) if serials else False
    return {
        "operation": f"{clerks} clerks issuing at once",
        "issued": len(receipts),
        "issues_per_second": round(len(receipts) / seconds, 1),
        "target_per_second": 200,
        "duplicates": len(receipts) - len(set(receipts)),
        "receipts_gapless": gapless,
        "failures": failures[:5],
    }


def _undo_floor() -> None:
    """Take back what the floor wrote by hand (its license numbers start with "B"), so the city
    holds only what the services (or the generator, checked against them) wrote."""
    with transaction.atomic():
        licenses = "SELECT id FROM licensing_license WHERE number LIKE 'B%%'"
        dogs = [row[0] for row in sql(f"SELECT DISTINCT dog_id FROM ({licenses}) b"
                                      " JOIN licensing_license l ON l.id = b.id")]  # fmt: skip
        sql(f"DELETE FROM licensing_dueclock WHERE license_id IN ({licenses})")
        sql(
            "DELETE FROM licensing_receiptline WHERE receipt_id IN"
            f" (SELECT id FROM licensing_receipt WHERE license_id IN ({licenses}))"
        )
        sql(f"DELETE FROM licensing_receipt WHERE license_id IN ({licenses})")
        sql(f"DELETE FROM licensing_historicaltag WHERE license_id IN ({licenses})")
        sql(
            "UPDATE licensing_tag SET status = 'in_stock', license_id = NULL, dog_id = NULL,"
            f" issued_on = NULL, status_changed_on = NULL WHERE license_id IN ({licenses})"
        )
        sql(f"DELETE FROM licensing_historicallicense WHERE id IN ({licenses})")
        decisions = "SELECT decision_id FROM licensing_license WHERE number LIKE 'B%%'"
        sql(f"CREATE TEMPORARY TABLE bench_undo AS {decisions}")
        sql("DELETE FROM licensing_license WHERE number LIKE 'B%%'")
        sql("DELETE FROM records_decision WHERE id IN (SELECT decision_id FROM bench_undo)")
        sql("DROP TABLE bench_undo")
        due_clocks.refresh(dogs)  # the clocks as the services keep them


# ----------------------------------------------------------------------------------- storage

LICENSE_TABLES = (
    "licensing_license",
    "licensing_historicallicense",
    "licensing_tag",
    "licensing_historicaltag",
    "licensing_receipt",
    "licensing_receiptline",
    "records_decision",
    "records_citedvalue",  # the cited parameter values decisions refer to, shared by all
    "licensing_dueclock",  # the due list's clock of the license's dog (licensing.due_clocks)
)


def storage() -> dict[str, Any]:
    """Bytes in the database per license: every row a license brings (license, tag, receipt and
    its line, decision, their history, and the share of the cited values its decision refers to),
    indexes included, over the number of licenses."""
    licenses = License.objects.count()
    if connection.vendor == "postgresql":
        by_table = {t: sql("SELECT pg_total_relation_size(%s)", [t])[0][0] for t in LICENSE_TABLES}
    else:
        pages = sql(
            "SELECT m.tbl_name, SUM(s.pgsize) FROM dbstat s JOIN sqlite_master m"
            " ON m.name = s.name GROUP BY m.tbl_name"
        )
        by_table = {t: n for t, n in pages if t in LICENSE_TABLES}
    total = sum(by_table.values())
    return {
        "licenses": licenses,
        "bytes_per_license": round(total / licenses) if licenses else None,
        "target_bytes_per_license": 3 * 1024,
        "by_table_bytes": by_table,
    }
