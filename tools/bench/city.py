"""A synthetic city for the scale benchmark (issue 14.1), written in bulk.

The demo generator (``dogtag.licensing.demo``) replays a town's life through the services, one row
at a time: right for a demo of 550 households, hours for a state. This one writes the same records
the services would for each dog (owner, dog, rabies vaccinations, licenses with their tag, receipt,
receipt line and Decision, and the history rows django-simple-history writes), straight into the
tables in batches (``dogtag.records.bulk.Table``), with ids given out here so no row needs a round trip.

The findings stored with each license come from the rules core: ``may_issue`` is asked once for
each distinct set of legal facts (dates, kind, veterinarian) and the answer reused for every
license with the same facts, with that application's own facts (owner, dog) put in. ``check``
asks the rules core again for a sample of the licenses written, read back from the records
through the ORM, and compares the findings, the term, the fee and the receipt with what was
stored.

Each dog's story, drawn from a seeded random source (a size always makes the same city):
a dog born in the city gets its first license ("new") within 30 days of turning six months
(3-2-2.D); a dog of an owner who moved in is licensed as a new resident's within the 30 days of
3-2-2.E; each license expires with its rabies vaccination (3-2-2.B) and is renewed a week before,
except for one dog in twenty whose owner let it lapse (the due list's rows); one dog in thirty was
never licensed. Births and moves fall on the 1st of a month and licenses on it or two weeks
later, so that many licenses share
their legal facts and the rules core is asked thousands of times, not millions.
"""

from __future__ import annotations

import datetime as dt
import functools
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction
from django.utils import timezone

from dogtag.law.findings import Finding
from dogtag.law.jsonable import to_jsonable
from dogtag.licensing import due_clocks, services
from dogtag.licensing.models import (
    Dog,
    License,
    Owner,
    RabiesVaccination,
    Receipt,
    ReceiptLine,
    Tag,
)
from dogtag.licensing.receipts import receipt_line
from dogtag.records.bounds import years_after
from dogtag.records.bulk import Table, reset_sequences
from dogtag.records.fields import deflate
from dogtag.records.models import Decision, NumberSequence
from dogtag.records.services import findings_to_store

SIZES = {"town": 1_000, "county": 100_000, "state": 1_000_000}
BATCH = 5_000  # dogs between two writes
CLERK = "bench-clerk"
TAGS_LEFT_IN_STOCK = 2_000

FIRST = (
    "Ada Ben Cora Dale Edna Finn Gus Hana Ivy Jon Kai Lena Milo Nora Otto Pia Quinn Rosa Sam Tova"
)
LAST = (
    "Anderson Berg Carlson Dahl Eriksen Fischer Gustafson Hansen Isaacson Johnson Kowalski Larson"
    " Moua Nguyen Olson Peterson Quist Rasmussen Swanson Thao Ulrich Vang Weber Xiong Yang Zimmerman"
)
STREETS = "Viking Blvd,Nowthen Blvd,Alpine Dr,Baugh St,Cedar Dr,Roanoke St,Pleasant Ln,Iguana St"
TOWNS = "Nowthen,Anoka,Ramsey,Andover,Oak Grove,St. Francis,Elk River,Coon Rapids,Blaine,Ham Lake"
DOG_NAMES = "Rex Bella Max Luna Cooper Daisy Tucker Sadie Bear Molly Duke Maggie Zeus Rosie Finn"
BREEDS = "Labrador,German Shepherd,Golden Retriever,Beagle,Poodle,Boxer,Husky,Mixed,Corgi,Collie"
COLORS = "black,brown,yellow,white,brindle,tan,red,grey"
VETS = [
    ("Dr. Alma Reyes", "Nowthen Animal Hospital"),
    ("Dr. Bo Lindqvist", "Anoka Veterinary Clinic"),
    ("Dr. Chen Wu", "Elk River Pet Care"),
    ("Dr. Dana Okafor", "St. Francis Vet"),
    ("Dr. Eli Novak", "Ramsey Companion Animal"),
    ("Dr. Fay Moen", "Oak Grove Veterinary"),
]
# The facts of an application that name who, not what happened when: put back into the findings
# that state them (``Findings``); the sample check proves no other part of a finding reads them.
IDENTITY = {"owner_name", "owner_address", "owner_phone", "dog_name", "breed", "color", "sex"}
CERTIFICATE_IDENTITY = {"certificate_number", "clinic", "veterinarian"}


def dogs_for(size: str) -> int:
    """--size town | county | state, or a number of dogs."""
    return SIZES[size] if size in SIZES else int(size)


def _history(model: type[models.Model]) -> type[models.Model]:
    return model.history.model  # type: ignore[attr-defined,no-any-return]


# Written in this order, so that every foreign key points at a row already there.
HISTORY = {model: _history(model) for model in (Owner, Dog, RabiesVaccination, License, Tag)}
MODELS: list[type[models.Model]] = [
    Owner,
    HISTORY[Owner],
    Dog,
    HISTORY[Dog],
    RabiesVaccination,
    HISTORY[RabiesVaccination],
    Decision,
    License,
    HISTORY[License],
    Tag,
    HISTORY[Tag],
    Receipt,
    ReceiptLine,
]


class Tables(dict[type[models.Model], Table]):
    """Each model's table and the next id to give out in it."""

    def __init__(self) -> None:
        super().__init__((model, Table(model)) for model in MODELS)
        self.next_id = {
            model: (model._default_manager.aggregate(m=models.Max("pk"))["m"] or 0) + 1
            for model in MODELS
        }

    def take(self, model: type[models.Model]) -> int:
        value = self.next_id[model]
        self.next_id[model] = value + 1
        return value

    def flush(self) -> int:
        return sum(table.flush() for table in self.values())


#: Stands for an application's own facts in the compact form kept for a set of legal facts.
OWN = {"owner_name": "\x00own facts"}


@dataclass
class Answer:
    """The rules core's answer for one set of legal facts, and its compact stored form
    (``findings_to_store``) with ``OWN`` where each application's own facts go."""

    findings: list[Finding]
    stored: list[dict[str, Any]]
    compact: dict[str, Any]
    own_at: int | None  # the place of ``OWN`` in the compact form's facts
    quoted: tuple[str, ...]  # the certificate's own words the stored messages quote


@dataclass
class Findings:
    """The rules core's answer for each distinct set of legal facts, asked once each, and its
    stored form, encoded once each: a license's decision is the cached form with the
    application's own facts (owner, dog, certificate) put in (``city.check`` reads a sample
    back and compares it with the rules core's answer, so a form built wrong is caught)."""

    params: Any
    cache: dict[tuple[object, ...], Answer] = field(default_factory=dict)
    asked: int = 0

    def for_application(self, application: Any) -> tuple[list[Finding], dict[str, Any]]:
        """The findings and the compact form to store for ``application``."""
        facts = application.facts()
        key = tuple(
            (k, repr(v if k != "rabies" else _without(v, CERTIFICATE_IDENTITY)))
            for k, v in sorted(facts.items())
            if k not in IDENTITY
        )
        # Who signed it is the application's own fact; that someone did is a legal one (3-2-2.G).
        key += (bool((facts.get("rabies") or {}).get("veterinarian")),)  # type: ignore[union-attr]
        answer = self.cache.get(key)
        if answer is None:
            findings = services.law.may_issue(application, self.params)
            stored = [f.to_json() for f in findings]
            template = [{**f, "facts": OWN} if "owner_name" in f["facts"] else f for f in stored]
            compact = findings_to_store(template)
            own_at = next((i for i, f in enumerate(compact["facts"]) if f == OWN), None)
            answer = Answer(findings, stored, compact, own_at, _quoted(facts))
            self.cache[key] = answer
            self.asked += 1
        own = to_jsonable(facts)
        if answer.own_at is None:
            return answer.findings, answer.compact
        compact, at = answer.compact, answer.own_at
        pairs = [(w, n) for w, n in zip(answer.quoted, _quoted(facts), strict=True) if w and w != n]
        return answer.findings, {
            **compact,
            "facts": [own if i == at else f for i, f in enumerate(compact["facts"])],
            "findings": [
                {**c, "m": _replaced(c["m"], pairs)} if pairs and c.get("f") == at else c
                for c in compact["findings"]
            ],
        }


def _quoted(facts: dict[str, Any]) -> tuple[str, str]:
    """What a finding about the application quotes of its certificate (3-2-2.G)."""
    rabies = facts.get("rabies")
    if not isinstance(rabies, dict):
        return "", ""
    number = rabies.get("certificate_number")
    vet = rabies.get("veterinarian")
    return (f"(certificate {number})" if number else "", f"by {vet} (" if vet else "")


def _replaced(message: str, pairs: list[tuple[str, str]]) -> str:
    for was, now in pairs:
        message = message.replace(was, now)
    return message


def _without(value: Any, keys: set[str]) -> Any:
    return {k: v for k, v in value.items() if k not in keys} if isinstance(value, dict) else value


@functools.lru_cache(maxsize=4096)
def _aware(day: dt.date, minute: int) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time(9)) + dt.timedelta(minutes=minute))


def _six_months(born: dt.date) -> dt.date:
    month = born.month + 5
    return dt.date(born.year + month // 12, month % 12 + 1, born.day)  # born on the 1st


def _month(day: dt.date) -> dt.date:
    return day.replace(day=1)


@dataclass
class City:
    """One generation run: its random source, tables, counters."""

    today: dt.date
    seed: int
    tables: Tables = field(default_factory=Tables)
    numbers: dict[tuple[str, int], int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    tag_serial: int = 0

    def __post_init__(self) -> None:
        self.random = random.Random(self.seed)
        self.clerk, _ = get_user_model().objects.get_or_create(username=CLERK)
        self.license_type = ContentType.objects.get_for_model(License)
        self.findings = Findings(services.city_params())
        self.law = services.city_params()
        for sequence in NumberSequence.objects.filter(jurisdiction=self.law.city.id):
            self.numbers[(sequence.name, sequence.year)] = sequence.last
        self.tag_serial = Tag.objects.filter(serial__startswith="B-").count()

    def number(self, name: str, year: int) -> int:
        value = self.numbers.get((name, year), 0) + 1
        self.numbers[(name, year)] = value
        return value

    def count(self, what: str, n: int = 1) -> None:
        self.counts[what] = self.counts.get(what, 0) + n

    def history(
        self, model: type[models.Model], values: dict[str, Any], kind: str, at: Any
    ) -> None:
        """The row django-simple-history writes when the service saves ``values``."""
        history = HISTORY[model]
        self.tables[history].add(
            **values,
            history_id=self.tables.take(history),
            history_date=at,
            history_type=kind,
            history_user_id=self.clerk.pk,
        )

    def saved(self, instance: models.Model, at: dt.datetime) -> None:
        table = self.tables[type(instance)]
        table.add_instance(instance)
        self.history(
            type(instance), dict(zip(table.attnames, table.rows[-1], strict=True)), "+", at
        )

    def household(self) -> None:
        r = self.random
        first, last = r.choice(FIRST.split()), r.choice(LAST.split())
        moved_in = _month(self.today - dt.timedelta(days=r.randint(40, 4 * 365)))
        owner = Owner(
            id=self.tables.take(Owner),
            name=f"{first} {last}",
            street=f"{r.randint(1000, 29999)} {r.choice(STREETS.split(','))} NW",
            city=r.choice(TOWNS.split(",")),
            postal_code=f"55{r.randint(300, 399)}",
            phone=f"+1763{r.randint(2000000, 9999999)}",
            email=f"{first}.{last}{r.randint(1, 999)}@example.org".lower()
            if r.random() < 0.6
            else "",
            # Most owners moved in within four years: their dogs were licensed as new residents'.
            resident_since=moved_in if r.random() < 0.6 else None,
        )
        owner.created_at = _aware(
            owner.resident_since or self.today - dt.timedelta(days=5 * 365), 0
        )
        self.saved(owner, owner.created_at)
        self.count("owners")
        for _ in range(1 if r.random() < 0.55 else r.choice((2, 2, 3))):
            self.dog(owner)

    def dog(self, owner: Owner) -> None:
        r = self.random
        # A dog older than four years came with an owner who moved in (its licenses start then),
        # so no dog's license history reaches back more than about four years.
        oldest = 12 * 365 if owner.resident_since else 4 * 365
        born = _month(self.today - dt.timedelta(days=r.randint(200, oldest)))
        dog = Dog(
            id=self.tables.take(Dog),
            owner=owner,
            name=r.choice(DOG_NAMES.split()),
            breed=r.choice(BREEDS.split(",")),
            color=r.choice(COLORS.split(",")),
            sex=r.choice(("male", "female")),
            sterilized=r.random() < 0.7,
            born=born,
            microchip=f"985{r.randint(10**11, 10**12 - 1)}" if r.random() < 0.7 else "",
            created_at=owner.created_at,
        )
        self.saved(dog, dog.created_at)
        self.count("dogs")
        if r.random() < 1 / 30:
            self.count("dogs never licensed")
            return
        if owner.resident_since and owner.resident_since > _six_months(born):
            kind, on = "new_resident", owner.resident_since + dt.timedelta(days=r.choice((0, 14)))
        else:
            kind, on = "new", _six_months(born) + dt.timedelta(days=r.choice((0, 14)))
        lapses = r.random() < 1 / 20
        previous: License | None = None
        vet, clinic = VETS[r.randrange(len(VETS))]
        while on <= self.today:
            rabies = RabiesVaccination(
                id=self.tables.take(RabiesVaccination),
                dog=dog,
                vaccinated_on=on,
                duration_years=r.choice((1, 3, 3)),
                veterinarian=vet,
                clinic=clinic,
                certificate_number=f"RC{r.randint(100000, 999999)}",
                rabies_tag_number=f"{r.randint(10000, 99999)}",
                recorded_at=_aware(on, 1),
            )
            rabies.expires_on = years_after(rabies.vaccinated_on, rabies.duration_years)
            self.saved(rabies, rabies.recorded_at)
            previous = self.license(
                dog, rabies, kind if previous is None else "renewal", on, previous
            )
            if lapses and previous.expires_on > self.today - dt.timedelta(days=400):
                self.count("dogs whose license lapsed")
                break
            on = previous.expires_on - dt.timedelta(days=7)
        if previous is not None:  # the dog's latest license: in force, or lapsed
            self.tables[License].add_instance(previous)
            self.tag(previous, Tag.Status.ISSUED, previous.issued_on, _aware(previous.issued_on, 2))

    def license(
        self, dog: Dog, rabies: RabiesVaccination, kind: str, on: dt.date, previous: License | None
    ) -> License:
        """What ``licensing.services.issue_license`` writes for one license."""
        application = services.application_for(dog, rabies, kind, on, previous=previous)
        findings, stored = self.findings.for_application(application)
        blocked = [f.message for f in findings if f.blocks]
        assert not blocked, blocked
        term = next(f for f in findings if f.rule == "license.term")
        penalty = next(f for f in findings if f.rule == "license.penalty")
        due = next(f for f in findings if f.rule == "license.amount_due")
        at = _aware(on, 2)
        decision_id = self.tables.take(Decision)
        license_ = License(
            id=self.tables.take(License),
            number=f"{on.year}-{self.number('license', on.year):05d}",
            dog=dog,
            owner=dog.owner,
            kind=kind,
            issued_on=on,
            expires_on=term.details["expires_on"],
            tier_years=term.details["tier_years"],
            fee=Decimal(str(term.details["fee"])),
            penalty=Decimal(str(penalty.details["penalty"])),
            status=License.Status.ACTIVE,
            previous=previous,
            rabies=rabies,
            decision_id=decision_id,
        )
        self.tables[Decision].add(
            id=decision_id,
            action=f"license.issue.{kind}",
            outcome="done",
            decided_on=on,
            at=at,
            actor_id=self.clerk.pk,
            subject_type_id=self.license_type.pk,
            subject_id=license_.pk,
            sections=sorted({s for f in findings for s in f.sections}),
            # The column's own form (records.fields.DeflatedJSONField), bytes as written.
            stored_findings=deflate(stored),
            jurisdiction=self.law.city.id,
            package_version=self.law.version,
        )
        table = self.tables[License]
        self.history(License, {a: getattr(license_, a) for a in table.attnames}, "+", at)
        if previous is not None:
            # The renewal supersedes the license it renews, and the old tag is replaced.
            previous.status, previous.status_changed_on = License.Status.SUPERSEDED, on
            self.history(License, {a: getattr(previous, a) for a in table.attnames}, "~", at)
            table.add_instance(previous)
            self.tag(previous, Tag.Status.REPLACED, on, at)
        self.count("licenses")
        lines = [
            receipt_line(f"Dog license, {license_.tier_years}-year tier, {dog.name}", term, "fee")
        ]
        if license_.penalty:
            lines.append(receipt_line("Penalty fee", penalty, "penalty"))
        receipt_id = self.tables.take(Receipt)
        total = Decimal(str(due.details["total"]))
        assert total == sum(line.amount for line in lines), (total, lines)
        self.tables[Receipt].add(
            id=receipt_id,
            number=f"R{on.year}-{self.number('receipt', on.year):06d}",
            issued_at=at,
            payer=dog.owner.name,
            owner_id=dog.owner.pk,
            method=self.random.choice(("cash", "check", "card")),
            cashier_id=self.clerk.pk,
            total=total,
            license_id=license_.pk,
        )
        for line in lines:
            self.tables[ReceiptLine].add(
                id=self.tables.take(ReceiptLine),
                receipt_id=receipt_id,
                description=line.description,
                parameter=line.parameter,
                section=line.section,
                source=line.source,
                amount=line.amount,
            )
        return license_

    def tag(self, license_: License, status: str, on: dt.date, at: dt.datetime) -> None:
        """The tag issued with ``license_`` (from stock, ``_assign_tag``), as it ends up."""
        self.tag_serial += 1
        values = {
            "id": self.tables.take(Tag),
            "serial": f"B-{self.tag_serial:07d}",
            "status": Tag.Status.ISSUED,
            "license_id": license_.pk,
            "dog_id": license_.dog_id,
            "issued_on": license_.issued_on,
            "status_changed_on": license_.issued_on,
        }
        self.history(Tag, values, "~", _aware(license_.issued_on, 2))
        if status != Tag.Status.ISSUED:
            values = {**values, "status": status, "status_changed_on": on}
            self.history(Tag, values, "~", at)
        self.tables[Tag].add(**values)

    def finish(self) -> None:
        """The numbering counters the services draw from next, and the tags left in stock."""
        for (name, year), last in self.numbers.items():
            NumberSequence.objects.update_or_create(
                jurisdiction=self.law.city.id, name=name, year=year, defaults={"last": last}
            )
        for n in range(1, TAGS_LEFT_IN_STOCK + 1):
            self.tables[Tag].add(
                id=self.tables.take(Tag), serial=f"B-{self.tag_serial + n:07d}", status="in_stock"
            )
        self.tables.flush()
        reset_sequences(MODELS)  # PostgreSQL's id sequences follow the ids written here


def generate(
    dogs: int,
    *,
    seed: int = 14,
    today: dt.date | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, int]:
    """Write a city of ``dogs`` dogs (a household's dogs are kept together, so a few more);
    returns what it wrote, by kind."""
    city = City(today=today or timezone.localdate(), seed=seed)
    written = 0
    with transaction.atomic():
        while city.counts.get("dogs", 0) < dogs:
            city.household()
            if city.counts["dogs"] - written >= BATCH:
                city.tables.flush()
                written = city.counts["dogs"]
                if progress:
                    progress(written)
        city.finish()
    # The due list's clocks, as the services keep them (written in bulk here: licensing.due_clocks).
    due_clocks.refresh_all(on=city.today)
    if progress:
        progress(city.counts["dogs"])
    return {**city.counts, "rules core asked": city.findings.asked}


def check(count: int = 200, seed: int = 1) -> list[str]:
    """Ask the rules core again, from the records, for a sample of the licenses written; every
    difference from what was stored is a problem (none: the generator wrote what the services
    would have)."""
    ids = list(License.objects.values_list("pk", flat=True))
    chosen = random.Random(seed).sample(ids, min(count, len(ids)))
    params = services.city_params()
    problems: list[str] = []
    for license_ in License.objects.filter(pk__in=chosen).select_related(
        "dog__owner", "rabies", "previous", "decision"
    ):
        application = services.application_for(
            license_.dog,
            license_.rabies,
            license_.kind,
            license_.issued_on,
            previous=license_.previous,
        )
        findings = services.law.may_issue(application, params)
        if [f.to_json() for f in findings] != license_.decision.findings:
            problems.append(f"{license_}: the stored findings differ from the rules core's")
            continue
        term = next(f for f in findings if f.rule == "license.term")
        due = next(f for f in findings if f.rule == "license.amount_due")
        if (license_.expires_on, license_.tier_years, license_.fee) != (
            term.details["expires_on"],
            term.details["tier_years"],
            Decimal(str(term.details["fee"])),
        ):
            problems.append(f"{license_}: term or fee differs from 3-2-2.B")
        receipt = license_.receipts.get()
        if receipt.total != Decimal(str(due.details["total"])):
            problems.append(f"{license_}: receipt {receipt.number} differs from the amount due")
        tags = list(license_.tags.values_list("status", flat=True))
        wanted = "issued" if license_.status == License.Status.ACTIVE else "replaced"
        if tags != [wanted]:
            problems.append(f"{license_}: tags {tags}, expected one {wanted}")
        if license_.decision.subject != license_:
            problems.append(f"{license_}: the decision is not about it")
    return problems
