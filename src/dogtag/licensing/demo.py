"""A synthetic City of Nowthen for the demo: households, dogs and their licensing history.

What it makes
    About 550 households (owners) and 900 dogs, with rabies vaccinations from clinics in Anoka
    County towns and the licenses, tags, receipts and decisions of their history. Every
    vaccination, license, duplicate tag, change of ownership, death, move and void is written by
    the licensing desk's own services (``dogtag.licensing.services``) with the date it happened,
    and every license is paid with exactly the amount the rules core asks: the fees, tiers,
    penalties, decisions and receipts are the ones the law computes, not invented numbers.

Who lives there
    Owner names are random pairings from lists of common Minnesota first and last names
    (Scandinavian, German and general US); no real person is meant. Streets are Nowthen-style
    (numbered avenues 181st to 237th Ave NW; named streets such as Viking Blvd NW, Nowthen Blvd NW
    or Baugh St NW) with five-digit house numbers, ZIP 55303 or 55330. Phone numbers are the
    fictional 555-0100 to 555-0199 in area codes 763 and 612 (only 200 exist, so some households
    share one); some owners have an email at example.com or example.org. Clinics and
    veterinarians are invented; any likeness to a real one is coincidence. Dogs get common dog
    names, breeds and colours in rough Minnesota proportions (mixed breeds and Labradors first),
    either sex, mostly sterilized once grown; about half have a microchip.

The mix, as of the generation date (``as_of``, by default today in Nowthen)
    About 60% of the dogs have a license in force with more than 60 days left, 10% a license
    expiring within 60 days, 12% a license that expired and was not renewed, 8% are puppies under
    six months (no license needed yet, ``license.minimum_age``) and 2.5% are over six months and
    not licensed (a few just turned six months, the rest never licensed). About 1% of the
    households moved in during the last 30 days (``Owner.resident_since``; their dogs are inside
    the 30 days of ``license.new_resident``), a few dogs changed owner in the last 30 days and wait
    for the new owner's license (``license.new_owner``), about 3.5% died, about 1% moved away with
    their household and a few went to an owner outside the city. Along the way: lost and stolen
    tags replaced (``license.duplicate_tag``), two receipts voided and re-entered, renewals and
    first licenses that paid the penalty, new residents' and new owners' licenses, one- and three-
    year vaccinations (the license runs with the vaccination and its fee tier follows,
    ``license.term``). Households are diligent, average or sloppy: boosters come on time or late, a
    renewal is sometimes late (and pays the penalty) or skipped for a term (more often in earlier
    years). Tag stock is added per year (``2024-00001`` ...) with ``SPARE_TAGS`` spare tags for the
    current year. ``Town.summary`` prints the counts.

How it is made
    Everything is drawn from ``random.Random`` seeded with ``seed`` (default 20110712, the day
    Ord. #15 was adopted), so the same seed, size and ``as_of`` give the same town: the same
    names, dogs, dates, license numbers and receipts. Each dog is first given its state on
    ``as_of`` (its share of the mix), then a life that ends in that state: a birth date, how it
    came to the household, the vaccinations and a license for each on an office day, retried
    until the life fits. The plan touches no database; it is then replayed in date order through
    the services, in one transaction, and ``census`` reads each dog's state back from the records.

    Receipts, decisions and history rows carry the time they were written (the day the demo is
    loaded) and receipt numbers that day's year, because the services stamp them so; license
    numbers and the dates of licenses, tags, vaccinations and status changes are historical. A
    void is dated the day it is recorded (``services.void_receipt`` takes no date), so the two
    voided licenses are issued on the last office day on or before ``as_of``.

How to run it
    ``make run`` (``dogtag serve --demo``) and ``dogtag manage load_demo`` load it into an empty
    database through ``dogtag.staff.demo.load_demo_data``. In code::

        generate_town(clerk=user, admin=other_user)                   # 550 households, today
        generate_town(clerk=user, admin=other_user, households=40,
                      as_of=dt.date(2026, 11, 29), seed=7)            # a small town

    ``as_of`` may not be after today (the services refuse a change of ownership in the future);
    tests freeze today with time-machine. The full size writes about 1,850 licenses; each costs
    the services some 20 ms on SQLite, so it takes 40 to 50 seconds on an idle two-core machine.
"""

from __future__ import annotations

import datetime as dt
import random
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TextIO, TypeVar

import holidays
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from dogtag.law import licensing as law
from dogtag.law.computation_of_time import add_months
from dogtag.law.params import ParameterNotSet, ParameterSet
from dogtag.law.provisions import cited_in
from dogtag.licensing import demo_town, services
from dogtag.licensing.models import (
    Dog,
    License,
    Owner,
    OwnershipChange,
    RabiesVaccination,
    Receipt,
    Tag,
)
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.services import city_params

DEFAULT_SEED = 20110712
DEFAULT_HOUSEHOLDS = 550
# No transaction before the ordinance (Ord. #15, adopted 2011-07-12) and its parameters.
EARLIEST = dt.date(2011, 8, 1)
EARLIEST_AS_OF = dt.date(2018, 1, 1)
SPARE_TAGS = 300
# A clock of N days may end up to four days later (weekend, holiday, closure, Minn. Stat.
# 645.15); a late payment is planned at least this many days after the clock's N days, so the
# penalty the generator plans is the penalty the rules core charges.
LATE_MARGIN = 6

CURRENT = "current"
EXPIRING = "expiring"
LAPSED = "lapsed"
PUPPY = "puppy"
UNLICENSED = "unlicensed"
NEW_RESIDENT = "new_resident"
TRANSFER_PENDING = "transfer_pending"
DECEASED = "deceased"
MOVED_AWAY = "moved_away"
TRANSFERRED = "transferred"

CATEGORIES: dict[str, str] = {
    CURRENT: "license in force, more than 60 days left",
    EXPIRING: "license expiring within 60 days",
    LAPSED: "license expired, not renewed",
    PUPPY: "puppies under six months ({§license.minimum_age})",
    UNLICENSED: "six months or older, never licensed",
    NEW_RESIDENT: "new residents' dogs, 30-day clock ({§license.new_resident})",
    TRANSFER_PENDING: "changed owner, new license pending ({§license.new_owner})",
    DECEASED: "deceased",
    MOVED_AWAY: "moved away",
    TRANSFERRED: "given to an owner outside the city",
}
# Shares of all dogs; CURRENT takes the rest. Households that moved in within 30 days or moved
# away are chosen as households (their dogs share the state).
DOG_SHARES: dict[str, float] = {
    EXPIRING: 0.10,
    LAPSED: 0.12,
    PUPPY: 0.08,
    UNLICENSED: 0.025,
    TRANSFER_PENDING: 0.007,
    DECEASED: 0.035,
    TRANSFERRED: 0.005,
}
NEW_RESIDENT_HOUSEHOLDS = 0.01
MOVED_AWAY_HOUSEHOLDS = 0.009
VOIDED_RECEIPTS = 2
DUPLICATE_TAG_SHARE = 0.025  # of dogs with a license in force
LATE_RENEWER_SHARE = 0.03  # dogs made to renew late at least once (others may too)
HISTORICAL_TRANSFER_SHARE = 0.02  # dogs that changed owner in town and were licensed again

# ------------------------------------------------------------------------------ name lists

FIRST_NAMES = (
    # Scandinavian
    "Anders", "Astrid", "Bjorn", "Britta", "Einar", "Erik", "Greta", "Gunnar", "Ingrid", "Inga",
    "Karin", "Kari", "Kirsten", "Lars", "Leif", "Linnea", "Marit", "Nils", "Per", "Sigrid",
    "Solveig", "Sven", "Signe", "Magnus", "Elin", "Thor", "Annika", "Henrik",
    # German
    "Karl", "Otto", "Heidi", "Gretchen", "Frieda", "Hans", "Elsa", "Fritz", "Walter", "Emma",
    "Anna", "Paul", "Liesl", "Ernst", "Frederick", "Hilda",
    # general US
    "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "David",
    "Elizabeth", "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas",
    "Sarah", "Christopher", "Karen", "Daniel", "Lisa", "Matthew", "Nancy", "Anthony", "Sandra",
    "Mark", "Ashley", "Steven", "Kimberly", "Andrew", "Emily", "Joshua", "Amanda", "Kevin",
    "Melissa", "Brian", "Stephanie", "Ryan", "Rebecca", "Jason", "Laura", "Justin", "Heather",
    "Tyler", "Megan", "Nathan", "Amy", "Kyle", "Rachel", "Adam", "Nicole", "Dustin", "Crystal",
    "Travis", "Tiffany", "Jacob", "Hannah", "Logan", "Madison", "Mason", "Olivia", "Noah",
    "Abigail", "Wyatt", "Avery", "Hunter", "Brooke", "Cody", "Kayla", "Derek", "Shannon",
    "Chad", "Jodi", "Troy", "Tammy", "Todd", "Kristin", "Scott", "Wendy", "Gary", "Deb", "Dale",
    "Lori", "Wayne", "Diane", "Dean", "Julie", "Maria", "Carlos", "Mai", "Tou", "Linh", "Sofia",
)  # fmt: skip
LAST_NAMES = (
    # Scandinavian
    "Anderson", "Johnson", "Peterson", "Olson", "Larson", "Nelson", "Hanson", "Carlson",
    "Swanson", "Gustafson", "Lindquist", "Lundgren", "Bergstrom", "Sandberg", "Halvorson",
    "Thorson", "Engstrom", "Nordin", "Dahl", "Lindgren", "Hagen", "Solberg", "Strand", "Berg",
    "Moen", "Haugen", "Lund", "Nygaard", "Rasmussen", "Christianson", "Erickson", "Jacobson",
    "Knutson", "Iverson", "Skoglund", "Wahlstrom", "Holm", "Sorenson", "Amundson", "Ostlund",
    # German
    "Schmidt", "Mueller", "Schultz", "Hoffman", "Becker", "Wagner", "Fischer", "Weber", "Meyer",
    "Kraus", "Koch", "Zimmerman", "Hartmann", "Vogel", "Schroeder", "Kuhn", "Schneider", "Klein",
    "Wolf", "Braun", "Lange", "Bauer", "Richter", "Krueger", "Schwartz", "Neumann", "Hahn",
    "Vogt", "Ziegler", "Baumgartner", "Eckert", "Gerber", "Reinke", "Steinke", "Tschida",
    "Kloster", "Pfeiffer",
    # general US
    "Smith", "Miller", "Brown", "Davis", "Wilson", "Taylor", "Thomas", "Moore", "Martin",
    "Jackson", "White", "Harris", "Clark", "Lewis", "Walker", "Young", "Allen", "King", "Wright",
    "Scott", "Hill", "Green", "Adams", "Baker", "Campbell", "Mitchell", "Roberts", "Carter",
    "Phillips", "Evans", "Turner", "Parker", "Collins", "Edwards", "Stewart", "Morris",
    "Murphy", "Cook", "Rogers", "Morgan", "Cooper", "Reed", "Bailey", "Bell", "Kelly", "Howard",
    "Ward", "Brooks", "Gray", "Hughes", "Price", "Foster", "Barnes", "Ross", "Henderson",
    "Jenkins", "Perry", "Powell", "Long", "Patterson", "Russell", "Griffin", "Hayes", "Myers",
    "Hamilton", "Graham", "Sullivan", "Wallace", "Cole", "West", "Reynolds", "Marshall",
    "Owens", "Ellis", "Garcia", "Martinez", "Lopez", "Nguyen", "Vang", "Xiong", "Thao", "Her",
)  # fmt: skip
DOG_NAMES = (
    "Bella", "Max", "Luna", "Charlie", "Cooper", "Daisy", "Bailey", "Sadie", "Tucker", "Lucy",
    "Molly", "Buddy", "Rocky", "Bear", "Duke", "Zeus", "Maggie", "Sophie", "Rosie", "Ruby",
    "Stella", "Penny", "Winnie", "Gus", "Murphy", "Moose", "Bentley", "Milo", "Oliver", "Teddy",
    "Finn", "Ollie", "Koda", "Otis", "Ranger", "Scout", "Rusty", "Sam", "Zoey", "Lola", "Nala",
    "Coco", "Roxy", "Gracie", "Lady", "Ginger", "Abby", "Chloe", "Hazel", "Willow", "Piper",
    "Maple", "Birdie", "Olive", "Jack", "Toby", "Buster", "Harley", "Riley", "Jake", "Sasha",
    "Dakota", "Shadow", "Blue", "Diesel", "Remi", "Louie", "Hank", "Walter", "Archie", "Leo",
    "Loki", "Odin", "Thor", "Freya", "Tikka", "Sven", "Lena", "Ole", "Kaia", "Nova", "Juniper",
    "Poppy", "Dixie", "Belle", "Annie", "Missy", "Sugar", "Pepper", "Oreo", "Biscuit", "Waffles",
    "Tater", "Walleye", "Loon", "Juno", "Mocha", "Cash", "Boomer", "Brutus", "Tank", "Kona",
    "Aspen", "Cedar", "Sage", "Maverick", "Ziggy", "Bruno", "Frankie", "Marley", "Mabel",
    "Ellie", "Izzy", "Honey", "Copper", "Chief", "Sarge", "Tilly", "Tessa", "Meeko", "Yogi",
)  # fmt: skip
# (breed, relative frequency, colours most common first)
BREEDS: tuple[tuple[str, float, tuple[str, ...]], ...] = (
    ("Mixed breed", 17, ("Black", "Brown", "Tan", "Black and white", "Brindle", "Tricolor",
                         "Brown and white", "Red", "Gray", "Cream")),
    ("Labrador retriever", 14, ("Black", "Yellow", "Chocolate")),
    ("Golden retriever", 8, ("Golden", "Light golden", "Red")),
    ("German shepherd", 6, ("Black and tan", "Sable", "Black")),
    ("Goldendoodle", 4, ("Cream", "Apricot", "Red", "Chocolate")),
    ("Australian shepherd", 4, ("Blue merle", "Black tricolor", "Red merle", "Red tricolor")),
    ("German shorthaired pointer", 3, ("Liver and white", "Liver roan", "Liver")),
    ("Siberian husky", 3, ("Black and white", "Gray and white", "Red and white")),
    ("Border collie", 3, ("Black and white", "Red and white", "Blue merle")),
    ("Beagle", 3, ("Tricolor", "Lemon and white", "Red and white")),
    ("Labradoodle", 2, ("Black", "Cream", "Chocolate")),
    ("Bernese mountain dog", 2, ("Tricolor",)),
    ("Australian cattle dog", 2, ("Blue", "Red")),
    ("Boxer", 2, ("Fawn", "Brindle", "White")),
    ("English springer spaniel", 2, ("Liver and white", "Black and white")),
    ("Pembroke Welsh corgi", 2, ("Red and white", "Sable", "Tricolor")),
    ("Shih tzu", 2, ("Gold and white", "Black and white", "Brindle")),
    ("Dachshund", 2, ("Red", "Black and tan", "Dapple")),
    ("Yorkshire terrier", 2, ("Black and tan", "Blue and tan")),
    ("Rottweiler", 2, ("Black and mahogany", "Black and rust")),
    ("Chihuahua", 1.5, ("Fawn", "Black", "Cream", "Chocolate")),
    ("Great Pyrenees", 1, ("White",)),
    ("Newfoundland", 1, ("Black", "Brown")),
    ("Chesapeake Bay retriever", 1, ("Brown", "Sedge", "Deadgrass")),
    ("Brittany", 1, ("Orange and white", "Liver and white")),
    ("Miniature schnauzer", 1, ("Salt and pepper", "Black and silver")),
    ("Shetland sheepdog", 1, ("Sable and white", "Tricolor")),
    ("Boston terrier", 1, ("Black and white", "Brindle and white")),
    ("Pug", 1, ("Fawn", "Black")),
    ("Cavalier King Charles spaniel", 1, ("Blenheim", "Tricolor")),
    ("Great Dane", 1, ("Fawn", "Harlequin", "Black")),
    ("American Staffordshire terrier", 1, ("Blue", "Brindle", "Fawn")),
    ("Standard poodle", 1, ("Black", "White", "Apricot")),
    ("Bichon frise", 1, ("White",)),
    ("Weimaraner", 1, ("Gray",)),
    ("Havanese", 1, ("Cream", "Black and white")),
    ("Doberman pinscher", 1, ("Black and rust", "Red")),
    ("English setter", 0.5, ("Blue belton", "Orange belton")),
)  # fmt: skip
# The place (streets, ZIP and area codes, invented clinics) is the package's demo town
# (dogtag.licensing.demo_town): Nowthen's unless another city is in force.
THREE_YEAR_SHARE = 0.88
# Dogs adopted as adults from outside the city (licensed at once, with the non-license penalty).
ADULT_ADOPTIONS = 0.05
HOUSEHOLD_SIZES = ((1, 55), (2, 30), (3, 11), (4, 3), (5, 1))
# Adult age bands at the reference date, in years, with weights.
ADULT_AGES = (
    (0.6, 1, 5), (1, 2, 10), (2, 3, 10), (3, 4, 9.5), (4, 5, 9), (5, 6, 8.5), (6, 7, 8),
    (7, 8, 7), (8, 9, 6), (9, 10, 5), (10, 11, 4), (11, 12, 3), (12, 13, 2), (13, 14, 1.2),
    (14, 15, 0.6),
)  # fmt: skip
DEATH_AGES = ((1, 5, 1), (5, 9, 2), (9, 12, 4), (12, 15.5, 4))
# How far from the old vaccination's expiry the booster is given: (share, from, to) in days.
BOOSTER_GAPS = {
    "diligent": ((0.88, -30, 3), (0.12, 4, 45)),
    "average": ((0.70, -30, 3), (0.24, 4, 90), (0.06, 91, 400)),
    "sloppy": ((0.45, -25, 5), (0.35, 6, 150), (0.20, 151, 500)),
}
LATE_RENEWAL = {"diligent": 0.02, "average": 0.06, "sloppy": 0.15}
# Renewals skipped (vaccinated, but no license that term): more often in earlier years.
SKIPPED_RENEWAL = {"diligent": 0.03, "average": 0.12, "sloppy": 0.3}
SKIPPED_RENEWAL_EARLIER = {"diligent": 0.3, "average": 0.6, "sloppy": 0.8}
RECENT_YEARS = 4
LATE_FIRST_LICENSE = {"diligent": 0.02, "average": 0.06, "sloppy": 0.15}
DILIGENCE = (("diligent", 50), ("average", 35), ("sloppy", 15))
METHODS = (("check", 45), ("cash", 35), ("card", 20))

DAY = dt.timedelta(days=1)
T = TypeVar("T")


def days(n: int) -> dt.timedelta:
    return dt.timedelta(days=n)


# ------------------------------------------------------------------------------ the plan


@dataclass
class Vaccination:
    dog: DogPlan
    on: dt.date
    years: int
    clinic: int
    veterinarian: str
    certificate: str = ""
    tag: str = ""
    record: RabiesVaccination | None = None

    @property
    def expires(self) -> dt.date:
        return add_months(self.on, 12 * self.years)


@dataclass
class Licensing:
    on: dt.date
    kind: str
    vaccination: Vaccination
    late: bool  # a penalty is due
    method: str = "check"
    reference: str = ""
    voided_first: bool = False  # entered wrongly, voided and re-entered (on the last office day)
    record: License | None = None


@dataclass
class Move:
    on: dt.date
    to: Household


@dataclass
class DogPlan:
    index: int
    household: Household
    category: str
    name: str = ""
    breed: str = ""
    color: str = ""
    sex: str = ""
    sterilized: bool = False
    born: dt.date = EARLIEST
    born_estimated: bool = False
    microchip: str = ""
    vaccinations: list[Vaccination] = field(default_factory=list)
    licenses: list[Licensing] = field(default_factory=list)
    move: Move | None = None  # a change of ownership inside the city
    moves_in_town: bool = False  # changed owner inside the city and licensed again
    status: tuple[str, dt.date] | None = None  # deceased / moved_away / transferred, and when
    duplicate: tuple[dt.date, str, str] | None = None  # day, lost/stolen, payment method
    late_renewer: bool = False
    record: Dog | None = None


@dataclass
class Household:
    index: int
    kind: str  # regular, new_resident, moved_away, void
    name: str = ""
    street: str = ""
    postal_code: str = ""
    phone: str = ""
    email: str = ""
    resident_since: dt.date | None = None
    moved_on: dt.date | None = None
    diligence: str = "average"
    three_year: bool = True
    clinic: int = 0
    dogs: list[DogPlan] = field(default_factory=list)
    record: Owner | None = None


@dataclass
class Town:
    """What ``generate_town`` made: the plan, each dog's state read back from the records, and
    the counts printed in the summary."""

    as_of: dt.date
    seed: int
    households: list[Household]
    dogs: list[DogPlan]
    census: dict[int, str]  # Dog.pk -> category, read from the records
    counts: dict[str, int]
    seconds: float
    repriced: int  # payments the plan got wrong and the rules core corrected (expected: 0)

    def summary(self) -> list[str]:
        c, dogs = self.counts, len(self.dogs)
        by = Counter(self.census.values())
        lines = [
            f"Synthetic {demo_town.town().town} as of {self.as_of.isoformat()} (seed {self.seed}), made in "
            f"{self.seconds:.1f} s:",
            f"  {len(self.households):>5} households, {dogs} dogs",
        ]
        for category, label in CATEGORIES.items():
            n = by.get(category, 0)
            worded = cited_in(label, lenient=True)  # the sections of the city in force
            lines.append(f"  {n:>5} {worded} ({100 * n / max(dogs, 1):.0f}%)")
        lines += [
            f"  {c['licenses']:>5} licenses: {c['license.new']} new, {c['license.renewal']} "
            f"renewals, {c['license.new_resident']} new residents', "
            f"{c['license.change_of_ownership']} new owners' (and {c['voided']} voided)",
            f"  {c['penalties']:>5} paid the penalty: {c['penalty.renewal']} late renewals, "
            f"{c['penalties'] - c['penalty.renewal']} late first licenses",
            f"  {c['receipts']:>5} receipts, {c['voided']} of them voided and re-entered",
            f"  {c['duplicates']:>5} duplicate tags ({c['lost']} lost, {c['stolen']} stolen); "
            f"{c['tags_in_stock']} tags in stock",
            f"  {c['vaccinations']:>5} rabies vaccinations, {c['ownership_changes']} changes of "
            f"ownership",
        ]
        if self.repriced:
            lines.append(f"  {self.repriced:>5} payments corrected by the rules core")
        return lines


class Planner:
    """Draws the town: households, dogs and each dog's dated history. Touches no database."""

    def __init__(self, *, as_of: dt.date, households: int, seed: int, params: ParameterSet):
        self.as_of = as_of
        self.size = households
        self.seed = seed
        self.rng = random.Random(seed)
        self.params = params
        self.place = demo_town.town()
        self.min_age = params.get("license.minimum_age_months", as_of).integer
        self.age_reading = params.get(law.SIX_MONTHS_READING, as_of).choice
        self.renewal_reading = params.get(law.RENEWAL_READING, as_of).choice
        # a late first license pays the penalty unless the city's reading says never (Lino Lakes)
        self.non_license_penalty = params.get(law.NON_LICENSE_READING, as_of).choice != "never"
        self.renewal_days = params.get("license.renewal_days", as_of).integer
        self.resident_days = params.get("license.new_resident_days", as_of).integer
        self.owner_days = params.get("license.change_of_ownership_days", as_of).integer
        years = range(EARLIEST.year - 1, as_of.year + 2)
        self.closed = set(holidays.country_holidays("US", subdiv="MN", years=years))
        self.last_office_day = self.office_on_or_before(as_of)
        self.households: list[Household] = []
        self.dogs: list[DogPlan] = []

    # -------------------------------------------------------------------- calendar helpers

    def office_on_or_after(self, day: dt.date) -> dt.date:
        while day.weekday() >= 5 or day in self.closed:
            day += DAY
        return day

    def office_on_or_before(self, day: dt.date) -> dt.date:
        while day.weekday() >= 5 or day in self.closed:
            day -= DAY
        return day

    def vet_day(self, day: dt.date) -> dt.date:
        """Clinics see dogs Monday to Saturday."""
        while day.weekday() == 6 or day in self.closed:
            day += DAY
        return day

    def six_months(self, born: dt.date) -> dt.date:
        return law.age_reached(born, self.min_age, self.age_reading)

    def settle(self, day: dt.date, start: dt.date, period: int) -> tuple[dt.date, bool]:
        """The office day on or after ``day``, kept clear of the days a clock of ``period`` days
        from ``start`` may stretch to; and whether the application is late (a penalty)."""
        day = self.office_on_or_after(day)
        if start + days(period) < day < start + days(period + LATE_MARGIN):
            day = self.office_on_or_after(start + days(period + LATE_MARGIN))
        return day, day > start + days(period)

    # ------------------------------------------------------------------------- the draw

    def pick(self, weighted: Iterable[tuple[T, float]]) -> T:
        items = list(weighted)
        return self.rng.choices([i for i, _ in items], [w for _, w in items])[0]

    def age_days(self, rng: random.Random, bands: Iterable[tuple[float, float, float]]) -> int:
        bands = list(bands)
        low, high, _ = rng.choices(bands, [w for *_, w in bands])[0]
        return rng.randint(int(low * 365.25), int(high * 365.25) - 1)

    def plan(self) -> None:
        self.draw_households()
        self.assign_categories()
        for dog in self.dogs:
            self.draw_dog(dog)
        for dog in self.dogs:
            self.draw_life(dog)
        self.draw_duplicates()
        self.keep_to_the_fees_priced()
        self.number_certificates()

    def priced(self, fee: str) -> bool:
        """The city's package sets ``fee``'s amount (Lino Lakes' late penalty and duplicate-tag
        fee are known to exist but not found: ``awaiting``)."""
        try:
            self.params.get(fee, self.as_of)
        except ParameterNotSet:
            return False
        return True

    def keep_to_the_fees_priced(self) -> None:
        """Where the package cannot price the late-renewal penalty, the desk refuses a late
        renewal (``fee_not_set``): the town's late renewals come in on the last office day of
        their 30 days instead. Where it cannot price a duplicate tag, no tag is replaced. Nowthen
        prices both: its plan is unchanged."""
        if not self.priced("fees.license_penalty"):
            for dog in self.dogs:
                for x in dog.licenses:
                    if x.late and x.kind == "renewal":
                        v = x.vaccination
                        last = v.on + days(self.renewal_days - LATE_MARGIN)
                        x.on = max(self.office_on_or_before(last), self.office_on_or_after(v.on))
                        x.late = False
        if not self.priced("fees.duplicate_tag"):
            for dog in self.dogs:
                dog.duplicate = None

    def draw_households(self) -> None:
        rng, a, place = self.rng, self.as_of, self.place
        n = self.size
        kinds = ["regular"] * n
        order = list(range(n))
        rng.shuffle(order)
        special = [
            ("void", VOIDED_RECEIPTS if n >= 10 else 1),
            ("new_resident", max(1, round(n * NEW_RESIDENT_HOUSEHOLDS))),
            ("moved_away", max(1, round(n * MOVED_AWAY_HOUSEHOLDS))),
        ]
        for kind, count in special:
            for _ in range(min(count, len(order) - 1)):  # leave one ordinary household
                kinds[order.pop()] = kind
        used_names: set[str] = set()
        used_addresses: set[str] = set()
        used_emails: set[str] = set()
        for index in range(n):
            hh = Household(index=index, kind=kinds[index])
            while True:
                first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
                if f"{first} {last}" not in used_names:
                    break
            hh.name = f"{first} {last}"
            used_names.add(hh.name)
            while True:
                if rng.random() < 0.5:
                    avenue = rng.randint(*place.avenues)
                    suffix = {1: "st", 2: "nd", 3: "rd"}.get(avenue % 10, "th")
                    street = f"{avenue}{suffix} {place.avenue_suffix}"
                    number = rng.randint(*place.house_numbers_on_avenues) * 100 + rng.choice(
                        (0, 10, 20, 40, 50, 60, 80)
                    )
                    band = avenue
                else:
                    street = rng.choice(place.household_streets)
                    band = rng.randint(*place.avenues)
                    number = band * 100 + rng.randint(0, 99)
                address = f"{number} {street}"
                if address not in used_addresses:
                    break
            used_addresses.add(address)
            hh.street = address
            hh.postal_code = place.postal_code(band)
            area = place.area_code(rng.random())
            line = f"555-01{rng.randint(0, 99):02d}"
            hh.phone = rng.choice(
                (f"{area}-{line}", f"({area}) {line}", f"{area}{line.replace('-', '')}")
            )
            if rng.random() < 0.45:
                local = ascii_name(f"{first}.{last}")
                domain = rng.choice(("example.com", "example.org"))
                email, k = f"{local}@{domain}", 2
                while email in used_emails:
                    email, k = f"{local}{k}@{domain}", k + 1
                used_emails.add(email)
                hh.email = email
            hh.diligence = self.pick(DILIGENCE)
            hh.three_year = rng.random() < THREE_YEAR_SHARE
            hh.clinic = rng.randrange(len(place.clinics))
            if hh.kind == "new_resident":
                hh.resident_since = a - days(rng.randint(1, 25))
            elif hh.kind == "void":
                hh.resident_since = self.last_office_day - days(rng.randint(5, 18))
            elif rng.random() < 0.45:
                earliest = max(EARLIEST, a - days(14 * 365))
                hh.resident_since = earliest + days(rng.randint(0, (a - earliest).days - 45))
            if hh.kind == "moved_away":
                hh.moved_on = self.office_on_or_before(a - days(rng.randint(10, 700)))
                if hh.resident_since is not None and hh.resident_since > hh.moved_on - days(400):
                    hh.resident_since = None
            size = self.pick(HOUSEHOLD_SIZES)
            if hh.kind == "void":
                size = min(size, 2)
            for _ in range(size):
                dog = DogPlan(index=len(self.dogs), household=hh, category="")
                hh.dogs.append(dog)
                self.dogs.append(dog)
            self.households.append(hh)

    def assign_categories(self) -> None:
        rng = self.rng
        free: list[DogPlan] = []
        for dog in self.dogs:
            kind = dog.household.kind
            if kind == "void":
                dog.category = CURRENT
            elif kind == "new_resident":
                dog.category = NEW_RESIDENT
            elif kind == "moved_away":
                dog.category = MOVED_AWAY
            else:
                free.append(dog)
        rng.shuffle(free)
        total = len(self.dogs)
        settled_since = self.as_of - days(730)
        for category, share in DOG_SHARES.items():
            # a lapse, a death or a move needs a household that has been here a while
            pool = [
                d
                for d in free
                if not d.category
                and (
                    category in (PUPPY, EXPIRING)
                    or d.household.resident_since is None
                    or d.household.resident_since <= settled_since
                )
            ]
            for dog in pool[: max(1, round(total * share))]:
                dog.category = category
        for dog in free:
            dog.category = dog.category or CURRENT
        # habits on top of the state
        current = [d for d in free if d.category == CURRENT]
        for dog in rng.sample(
            current, min(len(current), max(1, round(total * LATE_RENEWER_SHARE)))
        ):
            dog.late_renewer = True
        movable = [d for d in free if d.category in (CURRENT, EXPIRING, LAPSED)]
        count = min(len(movable), max(1, round(total * HISTORICAL_TRANSFER_SHARE)))
        for dog in rng.sample(movable, count):
            dog.moves_in_town = True

    def draw_dog(self, dog: DogPlan) -> None:
        rng = self.rng
        breed, _, colors = rng.choices(BREEDS, [w for _, w, _ in BREEDS])[0]
        dog.breed = breed
        dog.color = rng.choices(colors, [len(colors) - i + 1 for i in range(len(colors))])[0]
        dog.sex = rng.choice(("male", "female"))
        siblings = {d.name for d in dog.household.dogs if d is not dog}
        while True:
            dog.name = rng.choice(DOG_NAMES)
            if dog.name not in siblings:
                break
        if rng.random() < 0.5:
            dog.microchip = f"985{rng.randrange(10**12):012d}"

    def regulars(self, dog: DogPlan, on: dt.date) -> list[Household]:
        return [
            h
            for h in self.households
            if h.kind == "regular"
            and h is not dog.household
            and (h.resident_since is None or h.resident_since < on - days(30))
        ]

    def draw_life(self, dog: DogPlan) -> None:
        """Draw a history that leaves the dog in its category on ``as_of`` (retrying)."""
        rng = random.Random(f"{self.seed}:{self.as_of.isoformat()}:{dog.index}")
        for attempt in range(900):
            if attempt == 300:  # a late renewal or a move may not fit this dog's life: drop them
                dog.late_renewer = dog.moves_in_town = False
            if attempt == 600:  # nor its state: the dog has a license in force
                dog.category = CURRENT
            if self.try_life(rng, dog):
                break
        else:  # pragma: no cover - the draws above always find a history
            raise RuntimeError(f"no history found for dog {dog.index} ({dog.category})")
        end = dog.status[1] if dog.status else self.as_of
        age = (end - dog.born).days
        dog.sterilized = rng.random() < (0.82 if age > 365 else 0.45 if age > 180 else 0.04)
        for licensing in dog.licenses:
            licensing.method = self.pick(METHODS)
            if licensing.method == "check":
                licensing.reference = f"Check {rng.randint(1001, 9899)}"
            elif licensing.method == "card":
                licensing.reference = f"Card ending {rng.randint(0, 9999):04d}"

    def try_life(self, rng: random.Random, dog: DogPlan) -> bool:
        a, hh, category = self.as_of, dog.household, dog.category
        dog.vaccinations, dog.licenses, dog.status, dog.move = [], [], None, None
        dog.born_estimated = False
        if category in (NEW_RESIDENT, CURRENT) and hh.kind in ("new_resident", "void"):
            return self.try_newcomer(rng, dog)
        end = a
        if category == PUPPY:
            dog.born = a - days(rng.randint(56, 175))
            if self.six_months(dog.born) <= a:
                return False
        elif category == UNLICENSED and rng.random() < 0.4:
            # turned six months in the last few weeks: inside the grace period, not yet licensed
            six = a - days(rng.randint(0, 25))
            dog.born = six - days(183)
            while self.six_months(dog.born) > six:
                dog.born -= DAY
        elif category in (DECEASED, TRANSFERRED):
            end = self.office_on_or_before(
                a - days(rng.randint(3, 1000 if category == DECEASED else 700))
            )
            bands = DEATH_AGES if category == DECEASED else ADULT_AGES
            dog.born = end - days(self.age_days(rng, bands))
            dog.status = (category, end)
        elif category == MOVED_AWAY:
            assert hh.moved_on is not None
            end = hh.moved_on
            dog.born = end - days(self.age_days(rng, ADULT_AGES))
            dog.status = (MOVED_AWAY, end)
        elif category == TRANSFER_PENDING:
            end = self.office_on_or_before(a - days(rng.randint(2, 25)))
            dog.born = end - days(self.age_days(rng, ADULT_AGES))
        else:
            dog.born = a - days(self.age_days(rng, ADULT_AGES))
        if dog.born < EARLIEST:
            return False
        # how the dog came to the household
        acquired = dog.born + days(rng.randint(56, 84))
        adult = rng.random() < ADULT_ADOPTIONS and (end - dog.born).days > 500
        if adult:
            acquired = dog.born + days(rng.randint(365, min((end - dog.born).days - 60, 8 * 365)))
        arrived = hh.resident_since
        if acquired > end or (arrived is not None and arrived > end):
            return False
        transfer: Move | None = None
        if dog.moves_in_town:
            on = a - days(rng.randint(100, 4 * 365))
            choices = self.regulars(dog, on)
            if on < acquired + days(300) or not choices:
                return False
            transfer = Move(on=on, to=rng.choice(choices))
        ends_before = dog.status is not None or category == TRANSFER_PENDING
        vaccinations, licenses, moved = self.chain(
            rng, dog, acquired, end - DAY if ends_before else end, transfer
        )
        if licenses is None:
            return False
        if adult and rng.random() < 0.6:
            # the age was given, not the birth date (the application asks the age): estimated
            dog.born = years_before(acquired, (acquired - dog.born).days // 365)
            dog.born_estimated = True
        return self.finish(rng, dog, vaccinations, licenses, moved, end)

    def try_newcomer(self, rng: random.Random, dog: DogPlan) -> bool:
        """A dog of a household that moved in during the last 30 days: unlicensed yet, or (the
        two void households) licensed on the last office day."""
        hh, a = dog.household, self.as_of
        assert hh.resident_since is not None
        dog.born = a - days(self.age_days(rng, ADULT_AGES[1:]))
        years = 3 if hh.three_year else 1
        if hh.kind == "void" or rng.random() < 0.85:
            on = self.vet_day(hh.resident_since - days(rng.randint(10, 250 if years == 1 else 900)))
            if on < dog.born + days(98):
                return False
            dog.vaccinations = [self.vaccination(rng, dog, on, years)]
        if hh.kind == "void":
            vaccination = dog.vaccinations[0]
            if vaccination.expires <= a + days(60):
                return False
            dog.licenses = [
                Licensing(
                    on=self.last_office_day,
                    kind="new_resident",
                    vaccination=vaccination,
                    late=False,
                    voided_first=dog is hh.dogs[0],
                )
            ]
        return True

    def vaccination(self, rng: random.Random, dog: DogPlan, on: dt.date, years: int) -> Vaccination:
        clinics = self.place.clinics
        clinic = dog.household.clinic if rng.random() < 0.85 else rng.randrange(len(clinics))
        return Vaccination(
            dog=dog, on=on, years=years, clinic=clinic, veterinarian=rng.choice(clinics[clinic][2])
        )

    def chain(
        self,
        rng: random.Random,
        dog: DogPlan,
        acquired: dt.date,
        end: dt.date,
        transfer: Move | None,
    ) -> tuple[list[Vaccination], list[Licensing] | None, Move | None]:
        """The dog's vaccinations and licenses up to ``end``, from its first license on."""
        hh = dog.household
        six = self.six_months(dog.born)
        arrived = hh.resident_since
        present = acquired if arrived is None else max(acquired, arrived)
        years = 3 if hh.three_year else 1
        p_late = 0.6 if dog.late_renewer else LATE_RENEWAL[hh.diligence]
        p_late_first = LATE_FIRST_LICENSE[hh.diligence]
        p_skip = SKIPPED_RENEWAL[hh.diligence]
        p_skip_earlier = SKIPPED_RENEWAL_EARLIER[hh.diligence]
        recent = years_before(self.as_of, RECENT_YEARS)
        vaccinations: list[Vaccination] = []
        licenses: list[Licensing] = []

        def vaccinate(on: dt.date, duration: int) -> Vaccination:
            v = self.vaccination(rng, dog, self.vet_day(on), duration)
            vaccinations.append(v)
            return v

        # the first license
        if present <= six:  # raised here from a puppy
            first = vaccinate(
                max(dog.born + days(rng.randint(98, 140)), acquired + days(rng.randint(0, 14))), 1
            )
            late = rng.random() < p_late_first
            target = six + days(rng.randint(36, 120) if late else rng.randint(0, 24))
            kind, start, period = "new", six, self.renewal_days
        elif arrived is not None and acquired < arrived:  # came with a household moving in
            if rng.random() < 0.85:
                back = rng.randint(10, 330 if years == 1 else 1000)
                first = vaccinate(arrived - days(back), years)
                if first.on < dog.born + days(98) or first.expires < arrived + days(60):
                    return vaccinations, None, None
            else:
                first = vaccinate(arrived + days(rng.randint(1, 12)), years)
            late = rng.random() < p_late_first
            target = max(arrived, first.on) + days(
                rng.randint(36, 90) if late else rng.randint(1, 20)
            )
            kind, start, period = "new_resident", arrived, self.resident_days
        else:  # an adult brought in from outside the city: licensed at once, over six months
            first = vaccinate(acquired + days(rng.randint(0, 10)), years)
            target = first.on + days(rng.randint(0, 20))
            kind, start, period = "new", six, self.renewal_days
        on, late = self.settle(target, start, period)
        if on < first.on or on > first.expires:
            return vaccinations, None, None
        if on > end:
            return [v for v in vaccinations if v.on <= end], [], None
        licenses.append(Licensing(on, kind, first, late))
        current, last, moved = first, on, None
        while True:
            booster = self.vet_day(max(current.expires + days(self.gap(rng, hh)), last + DAY))
            if transfer is not None and moved is None and last < transfer.on <= booster:
                moved = transfer
                late = rng.random() < 0.12
                target = transfer.on + days(rng.randint(36, 80) if late else rng.randint(2, 22))
                if not current.on <= target <= current.expires - days(10):
                    current = vaccinate(transfer.on + days(rng.randint(1, 10)), years)
                    target = max(target, current.on)
                elif current not in vaccinations:  # the new owner shows the certificate
                    vaccinations.append(current)
                on, late = self.settle(target, transfer.on, self.owner_days)
                if on > end or on > current.expires:
                    return vaccinations, None, None
                licenses.append(Licensing(on, "change_of_ownership", current, late))
                last = on
                continue
            if booster > end:
                break
            if rng.random() < (p_skip if booster >= recent else p_skip_earlier):
                # vaccinated, but the license was not renewed this term: the certificate never
                # reached the city, and the dog went unlicensed until the next one
                current = self.vaccination(rng, dog, booster, years)
                continue
            current = vaccinate(booster, years)
            late = rng.random() < p_late
            target = current.on + days(rng.randint(36, 100) if late else rng.randint(0, 24))
            start = current.on
            if self.renewal_reading != "after_new_vaccination":
                start = licenses[-1].vaccination.expires
            on, late = self.settle(target, start, self.renewal_days)
            if on > current.expires:
                return vaccinations, None, None
            if on > end:
                break
            licenses.append(Licensing(on, "renewal", current, late))
            last = on
        return vaccinations, licenses, moved

    def gap(self, rng: random.Random, hh: Household) -> int:
        bands = BOOSTER_GAPS[hh.diligence]
        _, low, high = rng.choices(bands, [s for s, *_ in bands])[0]
        return rng.randint(low, high)

    def finish(
        self,
        rng: random.Random,
        dog: DogPlan,
        vaccinations: list[Vaccination],
        licenses: list[Licensing],
        moved: Move | None,
        end: dt.date,
    ) -> bool:
        """Cut the history so that it ends in the dog's category; False if it cannot."""
        a, category = self.as_of, dog.category
        keep = len(licenses)
        pending: Move | None = None
        if category == CURRENT:
            if not licenses or not covers(licenses[-1], a) or expires(licenses[-1]) <= a + days(60):
                return False
        elif category == EXPIRING:
            fits = [
                i for i, x in enumerate(licenses) if x.on <= a and a <= expires(x) <= a + days(60)
            ]
            if not fits:
                return False
            keep = fits[-1] + 1
        elif category == LAPSED:
            fits = [i for i, x in enumerate(licenses) if a - days(730) <= expires(x) < a]
            if not fits:
                return False
            keep = rng.choice(fits[-2:]) + 1
        elif category in (PUPPY, UNLICENSED):
            keep = 0
            if category == UNLICENSED and self.six_months(dog.born) > a:
                return False
        elif category == TRANSFER_PENDING:
            if not licenses or (rng.random() < 0.75 and not covers(licenses[-1], end)):
                return False
            choices = self.regulars(dog, end)
            if not choices:
                return False
            pending = Move(on=end, to=rng.choice(choices))
        elif (
            category in (DECEASED, TRANSFERRED, MOVED_AWAY) and not licenses and rng.random() < 0.8
        ):
            return False
        if dog.late_renewer and not any(x.late and x.kind == "renewal" for x in licenses[:keep]):
            return False
        kept = licenses[:keep]
        if dog.moves_in_town:
            # a change of ownership inside the city, licensed by the new owner
            if moved is None or not any(x.kind == "change_of_ownership" for x in kept):
                return False
        elif moved is not None:
            return False
        if keep < len(licenses):
            # the owner has not renewed (yet): keep a booster given since, now and then
            cut = licenses[keep - 1].on if keep else a
            later = [v for v in vaccinations if v.on > cut]
            vaccinations = [v for v in vaccinations if v.on <= cut]
            if later and rng.random() < 0.35:
                vaccinations.append(later[0])
        if category == UNLICENSED and dog.born < a - days(300) and rng.random() < 0.5:
            vaccinations = []
        dog.vaccinations, dog.licenses = vaccinations, kept
        dog.move = pending if category == TRANSFER_PENDING else moved
        return True

    def draw_duplicates(self) -> None:
        rng, a = self.rng, self.as_of
        candidates = [
            d
            for d in self.dogs
            if d.category in (CURRENT, EXPIRING)
            and d.licenses
            and d.licenses[-1].on <= a - days(30)
            and d.household.kind == "regular"
        ]
        count = min(len(candidates), max(1, round(len(candidates) * DUPLICATE_TAG_SHARE)))
        for dog in sorted(rng.sample(candidates, count), key=lambda d: d.index):
            issued = dog.licenses[-1].on
            on = self.office_on_or_before(issued + days(rng.randint(14, (a - issued).days)))
            reason = "lost" if rng.random() < 0.75 else "stolen"
            dog.duplicate = (max(on, issued), reason, "cash" if rng.random() < 0.7 else "card")

    def number_certificates(self) -> None:
        every = sorted(
            (v for d in self.dogs for v in d.vaccinations), key=lambda v: (v.on, v.dog.index)
        )
        counters: Counter[tuple[int, int]] = Counter()
        for v in every:
            counters[(v.clinic, v.on.year)] += 1
            n = counters[(v.clinic, v.on.year)]
            code = self.place.clinics[v.clinic][0]
            v.certificate = f"{code}-{v.on.year}-{n:04d}"
            v.tag = f"{code}{v.on.year % 100:02d}-{n + 100:04d}"


def covers(licensing: Licensing, day: dt.date) -> bool:
    return licensing.on <= day <= expires(licensing)


def expires(licensing: Licensing) -> dt.date:
    return licensing.vaccination.expires


def years_before(day: dt.date, years: int) -> dt.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return dt.date(day.year - years, 2, 28)


def ascii_name(text: str) -> str:
    return (
        unicodedata.normalize("NFKD", text)
        .encode("ascii", "ignore")
        .decode()
        .lower()
        .replace(" ", "")
    )


# ------------------------------------------------------------------------------ the replay


class Replay:
    """Writes the plan through the licensing services, in date order."""

    def __init__(
        self, planner: Planner, *, clerk: AbstractBaseUser, admin: AbstractBaseUser
    ) -> None:
        self.plan = planner
        self.clerk = clerk
        self.admin = admin
        self.params = planner.params
        self.repriced = 0

    def run(self) -> None:
        self.register()
        self.stock_tags()
        events: list[tuple[dt.date, int, int, int, Callable[[], None]]] = []
        for dog in self.plan.dogs:
            for i, v in enumerate(dog.vaccinations):
                events.append((v.on, 0, dog.index, i, lambda v=v: self.vaccinate(v)))
            if dog.move is not None:
                events.append((dog.move.on, 1, dog.index, 0, lambda d=dog: self.transfer(d)))
            for i, x in enumerate(dog.licenses):
                events.append((x.on, 2, dog.index, i, lambda d=dog, x=x: self.license(d, x)))
            if dog.duplicate is not None:
                on = dog.duplicate[0]
                events.append((on, 3, dog.index, 0, lambda d=dog: self.duplicate(d)))
            if dog.status is not None:
                events.append((dog.status[1], 4, dog.index, 0, lambda d=dog: self.end(d)))
        events.sort(key=lambda e: e[:4])
        for *_, action in events:
            action()

    def register(self) -> None:
        for hh in self.plan.households:
            hh.record = services.register_owner(
                actor=self.clerk,
                name=hh.name,
                street=hh.street,
                postal_code=hh.postal_code,
                phone=hh.phone,
                email=hh.email,
                email_consent=bool(hh.email),  # the demo's addresses agree to notices by e-mail
                resident_since=hh.resident_since,
            )
        for dog in self.plan.dogs:
            assert dog.household.record is not None
            dog.record = services.register_dog(
                owner=dog.household.record,
                actor=self.clerk,
                name=dog.name,
                breed=dog.breed,
                color=dog.color,
                sex=dog.sex,
                sterilized=dog.sterilized,
                born=dog.born,
                born_estimated=dog.born_estimated,
                microchip=dog.microchip,
            )

    def stock_tags(self) -> None:
        """One batch of tags per year, numbered for the year, exactly as many as the year uses
        (tags are handed out lowest number first), and spare tags for this year."""
        per_year: Counter[int] = Counter()
        for dog in self.plan.dogs:
            for x in dog.licenses:
                per_year[x.on.year] += 2 if x.voided_first else 1
            if dog.duplicate is not None:
                per_year[dog.duplicate[0].year] += 1
        this_year = self.plan.as_of.year
        per_year[this_year] += SPARE_TAGS
        for year in sorted(per_year):
            services.add_tag_stock(
                prefix=f"{year}-", first=1, last=per_year[year], actor=self.admin
            )

    def vaccinate(self, v: Vaccination) -> None:
        assert v.dog.record is not None
        clinic = self.plan.place.clinics[v.clinic][1]
        v.record = services.record_rabies_vaccination(
            dog=v.dog.record,
            actor=self.clerk,
            vaccinated_on=v.on,
            expires_on=v.expires,
            duration_years=v.years,
            veterinarian=v.veterinarian,
            clinic=clinic,
            certificate_number=v.certificate,
            rabies_tag_number=v.tag,
        )

    def due(self, x: Licensing) -> Decimal:
        """The amount the rules core will ask: the term's fee (``license.term``), and the penalty when the
        plan made the application late (dates are kept clear of a clock's last days)."""
        v = x.vaccination
        asks = law.fee_asks_sterilization(self.params, x.on)
        application = law.LicenseApplication(
            on=x.on,
            kind=x.kind,
            rabies=law.RabiesCertificate(vaccinated_on=v.on, expires_on=v.expires),
            sterilized=v.dog.sterilized if asks else None,
        )
        term = law.license_term(application, self.params)
        fee = Decimal(str(term.details["fee"]))
        if x.late and (x.kind == "renewal" or self.plan.non_license_penalty):
            fee += self.params.get("fees.license_penalty", x.on).decimal
        return fee

    def license(self, dog: DogPlan, x: Licensing) -> None:
        assert dog.record is not None and x.vaccination.record is not None
        amount = self.due(x)
        if x.voided_first:
            wrong = self.issue(dog, x, Payment(method="cash", amount=amount))
            services.void_receipt(
                receipt=wrong.receipt,
                reason="Recorded as cash; the owner paid by check. Re-entered.",
                actor=self.admin,
            )
            x.method, x.reference = "check", f"Check {1000 + dog.index % 9000}"
        payment = Payment(method=x.method, amount=amount, reference=x.reference)
        x.record = self.issue(dog, x, payment).license

    def issue(self, dog: DogPlan, x: Licensing, payment: Payment) -> services.Issued:
        assert dog.record is not None
        try:
            return services.issue_license(
                dog=dog.record,
                rabies=x.vaccination.record,
                kind=x.kind,
                on=x.on,
                payment=payment,
                actor=self.clerk,
            )
        except Refused:
            raise
        except ServiceError as exc:
            due = [f for f in exc.findings if f.rule == "license.amount_due"]
            if not due:
                raise
            # The plan misjudged the penalty: pay what the rules core asks, and count it.
            self.repriced += 1
            amount = Decimal(str(due[0].details["total"]))
            return services.issue_license(
                dog=dog.record,
                rabies=x.vaccination.record,
                kind=x.kind,
                on=x.on,
                payment=Payment(payment.method, amount, reference=payment.reference),
                actor=self.clerk,
            )

    def duplicate(self, dog: DogPlan) -> None:
        assert dog.duplicate is not None and dog.licenses[-1].record is not None
        on, reason, method = dog.duplicate
        services.issue_duplicate_tag(
            license_=dog.licenses[-1].record,
            reason=reason,
            on=on,
            payment=Payment(
                method=method, amount=self.params.get("fees.duplicate_tag", on).decimal
            ),
            actor=self.clerk,
        )

    def transfer(self, dog: DogPlan) -> None:
        assert dog.move is not None and dog.record is not None and dog.move.to.record is not None
        services.transfer_ownership(
            dog=dog.record, to_owner=dog.move.to.record, changed_on=dog.move.on, actor=self.clerk
        )

    def end(self, dog: DogPlan) -> None:
        assert dog.status is not None and dog.record is not None
        status, on = dog.status
        services.record_dog_status(dog=dog.record, status=status, on=on, actor=self.clerk)


# ------------------------------------------------------------------------------ entry points


def generate_town(
    *,
    clerk: AbstractBaseUser,
    admin: AbstractBaseUser,
    as_of: dt.date | None = None,
    households: int = DEFAULT_HOUSEHOLDS,
    seed: int = DEFAULT_SEED,
    out: TextIO | None = None,
) -> Town:
    """Make the synthetic town (see the module docstring) and return what was made.

    ``clerk`` acts at the desk (registrations, vaccinations, licenses, tags, statuses), ``admin``
    adds tag stock and voids receipts. Writes into the current database in one transaction.
    """
    today = timezone.localdate()
    as_of = as_of or today
    if as_of > today:
        raise ValueError(f"as_of {as_of.isoformat()} is after today ({today.isoformat()})")
    if as_of < EARLIEST_AS_OF:
        raise ValueError(f"as_of must be on or after {EARLIEST_AS_OF.isoformat()}")
    if households < 1:
        raise ValueError("a town needs at least one household")
    started = time.perf_counter()
    if out is not None:
        out.write(
            f"Generating a synthetic {demo_town.town().town}: {households} households as of "
            f"{as_of.isoformat()}, seed {seed} ...\n"
        )
        out.flush()
    params = city_params()
    planner = Planner(as_of=as_of, households=households, seed=seed, params=params)
    planner.plan()
    replay = Replay(planner, clerk=clerk, admin=admin)
    with transaction.atomic():
        replay.run()
    town = Town(
        as_of=as_of,
        seed=seed,
        households=planner.households,
        dogs=planner.dogs,
        census=census(as_of),
        counts=record_counts(),
        seconds=time.perf_counter() - started,
        repriced=replay.repriced,
    )
    if out is not None:
        out.write("\n".join(town.summary()) + "\n")
        out.flush()
    return town


def census(on: dt.date) -> dict[int, str]:
    """Each dog's category on ``on``, read from the records (not from the plan)."""
    params = city_params()
    months = params.get("license.minimum_age_months", on).integer
    reading = params.get(law.SIX_MONTHS_READING, on).choice
    resident_days = params.get("license.new_resident_days", on).integer
    owner_days = params.get("license.change_of_ownership_days", on).integer
    licenses: dict[int, list[tuple[str, dt.date, dt.date]]] = defaultdict(list)
    for dog_id, status, issued, expires_on in License.objects.exclude(
        status=License.Status.VOID
    ).values_list("dog_id", "status", "issued_on", "expires_on"):
        licenses[dog_id].append((status, issued, expires_on))
    changes: dict[tuple[int, int], dt.date] = {}
    for dog_id, to_owner, changed_on in OwnershipChange.objects.values_list(
        "dog_id", "to_owner_id", "changed_on"
    ):
        key = (dog_id, to_owner)
        changes[key] = max(changed_on, changes.get(key, changed_on))
    result: dict[int, str] = {}
    for dog_id, status, born, owner_id, resident_since in Dog.objects.values_list(
        "id", "status", "born", "owner_id", "owner__resident_since"
    ):
        mine = licenses.get(dog_id, [])
        in_force = [x for x in mine if x[0] == License.Status.ACTIVE and x[1] <= on <= x[2]]
        changed = changes.get((dog_id, owner_id))
        if status != Dog.Status.ACTIVE:
            category = status
        elif in_force:
            category = EXPIRING if max(x[2] for x in in_force) <= on + days(60) else CURRENT
        elif changed is not None and on - days(owner_days) <= changed <= on:
            category = TRANSFER_PENDING
        elif resident_since is not None and on - days(resident_days) <= resident_since <= on:
            category = NEW_RESIDENT
        elif born is not None and law.age_reached(born, months, reading) > on:
            category = PUPPY
        elif mine:
            category = LAPSED
        else:
            category = UNLICENSED
        result[dog_id] = category
    return result


def record_counts() -> dict[str, int]:
    """What the records hold, for the summary."""
    counts: dict[str, int] = {
        "licenses": License.objects.exclude(status=License.Status.VOID).count(),
        "receipts": Receipt.objects.filter(voids__isnull=True).count(),
        "voided": Receipt.objects.filter(voids__isnull=False).count(),
        "tags_in_stock": Tag.objects.filter(status=Tag.Status.IN_STOCK).count(),
        "lost": Tag.objects.filter(status=Tag.Status.LOST).count(),
        "stolen": Tag.objects.filter(status=Tag.Status.STOLEN).count(),
        "vaccinations": RabiesVaccination.objects.count(),
        "ownership_changes": OwnershipChange.objects.count(),
    }
    counts["duplicates"] = counts["lost"] + counts["stolen"]
    valid = License.objects.exclude(status=License.Status.VOID)
    for kind in law.LICENSE_KINDS:
        counts[f"license.{kind}"] = valid.filter(kind=kind).count()
    counts["penalties"] = valid.filter(penalty__gt=0).count()
    counts["penalty.renewal"] = valid.filter(penalty__gt=0, kind="renewal").count()
    return counts
