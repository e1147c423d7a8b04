"""A synthetic parcel map of the demo town (Nowthen's unless another city is in force, its place
from ``dogtag.licensing.demo_town``): parcels, dwellings, roads and dog enclosures. Described
below as Nowthen's.

What it makes
    About 1,500 tax parcels (``DEFAULT_PARCELS``) on a rural grid in the working coordinate system
    (EPSG:26851, NAD83 / Minnesota South, US survey feet) around x ≈ 2,760,000, y ≈ 1,178,000 ftUS,
    where Nowthen lies. Public roads run on the half-section lines, every 2,640 ft, each in a 66 ft
    right-of-way: numbered avenues east–west (197th Ave NW near the middle, Viking Blvd NW among
    them), named streets north–south (Nowthen Blvd NW in the middle). Each half-mile block is cut
    into quarter-quarters (about 40 acres) and those into rural lots of 2 to 40 acres fronting a
    road: long strips off the street or the avenue, or a band of small lots along one road with
    deeper lots behind off the other. One or two blocks are subdivisions: a lane through the
    middle with lots of 0.5 to 2.5 acres on both sides. Every parcel's road centerline is the
    block edge it fronts, so the parcel's front, side and rear lot lines read as
    ``enclosure.placement`` expects.

    Each parcel has a dwelling (``main``, set back 50 to 250 ft from the road) and some an accessory
    building behind it; about 4% are vacant. Owners of record carry mailing addresses: most the site
    address, some absentee owners elsewhere in Minnesota (and some households rent). Site addresses
    follow the Anoka County grid: house numbers on a street from the avenue it is near (19400
    Nowthen Blvd NW lies at 194th Ave), on an avenue from the distance west; odd numbers east and
    north.

Who lives where
    Every demo household (``Owner``) gets a parcel: ``Owner.parcel`` is set and the parcel's site
    address becomes the owner's street (the parcel's address is changed, never the owner's).
    Owners sharing a street share the parcel. Their dogs count against that parcel's limit
    (``dog_limit.by_parcel_size``): up to ``OVER_LIMIT_HOUSEHOLDS`` households keeping four or more
    grown dogs are put on lots of 2.5 acres or less, so the list of parcels over their dog limit has
    something to show.

Dog enclosures (``enclosure.purpose``)
    A few households have a dog enclosure recorded (``recorded_by`` = ``actor``): behind the
    dwelling, 20+ ft from side and 35+ ft from rear lot lines, some built before January 1, 2004
    (``enclosure.applicability``), some after, some of unknown date; and ``MISPLACED`` of them too
    close to a side lot line, so the placement check has something to show.

How it is made
    From ``random.Random(seed)`` alone: the same seed, size and households give the same map. All
    rows are written with ``bulk_create`` (and their history rows, naming ``actor``); 1,500 parcels
    take a few seconds.
"""

from __future__ import annotations

import datetime as dt
import math
import random
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import pairwise
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from dogtag.law.computation_of_time import months_before
from dogtag.licensing import demo_town
from dogtag.licensing.demo import FIRST_NAMES, LAST_NAMES
from dogtag.licensing.models import Dog, Owner
from dogtag.parcels.models import SQUARE_FEET_PER_ACRE, Enclosure, Parcel, Structure
from dogtag.records.law_parts import law_has

DEFAULT_PARCELS = 1500
DEFAULT_SEED = 20110712
#: Parcels per household when the demo town is made smaller or larger than 550 households.
PARCELS_PER_HOUSEHOLD = DEFAULT_PARCELS / 550
BLOCK = 2640.0  # road centerlines every half mile
HALF_ROW = 33.0  # half of a 66 ft right-of-way
LANE_HALF_ROW = 30.0  # subdivision lanes: 60 ft right-of-way
FEET_PER_AVENUE = 660.0  # Anoka County grid: eight avenues to the mile
VACANT_SHARE = 0.04
ACCESSORY_SHARE = 0.35
ABSENTEE_SHARE = 0.12
RENTED_SHARE = 0.06
ENCLOSURES_PER_PARCEL = 1 / 125
MISPLACED = 2
OVER_LIMIT_HOUSEHOLDS = 3
SMALL_LOT_ACRES = Decimal("2.5")
ELSEWHERE_IN_MN = (
    ("Anoka", "55303"), ("Elk River", "55330"), ("Ramsey", "55303"), ("Blaine", "55434"),
    ("Coon Rapids", "55433"), ("Minneapolis", "55410"), ("St. Paul", "55105"),
    ("St. Cloud", "56301"), ("Brainerd", "56401"), ("Duluth", "55803"), ("Rochester", "55901"),
    ("Princeton", "55371"), ("Cambridge", "55008"), ("Maple Grove", "55369"),
)  # fmt: skip
STREET_WORDS = ("Oak", "Maple", "Pine", "Birch", "Cedar", "Elm", "Lake", "Park", "Hill", "Main")

Box = tuple[float, float, float, float]  # west, south, east, north


@dataclass
class Road:
    name: str
    line: tuple[tuple[float, float], tuple[float, float]]
    axis: str  # "x": the road runs north–south at a fixed x; "y": east–west at a fixed y
    at: float


@dataclass
class Lot:
    box: Box
    road: Road
    front: str  # which side of the box faces the road: W, E, S, N
    address: str = ""
    vacant: bool = False
    dwelling: Box | None = None
    accessory: Box | None = None
    parcel: Parcel | None = None

    @property
    def frontage(self) -> float:
        w, s, e, n = self.box
        return (n - s) if self.front in "WE" else (e - w)

    @property
    def depth(self) -> float:
        w, s, e, n = self.box
        return (e - w) if self.front in "WE" else (n - s)

    @property
    def acres(self) -> Decimal:
        w, s, e, n = self.box
        area = Decimal(str(round((e - w) * (n - s), 3)))
        return (area / SQUARE_FEET_PER_ACRE).quantize(Decimal("0.001"))


@dataclass
class ParcelMap:
    """What ``generate_parcels`` made."""

    parcels: int
    structures: int
    vacant: int
    households: int
    enclosures: int
    misplaced: int
    subdivisions: int
    seconds: float
    pins: list[str] = field(default_factory=list)

    def summary_line(self) -> str:
        return (
            f"Parcel map: {self.parcels} parcels ({self.subdivisions} subdivisions, "
            f"{self.vacant} vacant), {self.structures} buildings, {self.households} households "
            f"placed, {self.enclosures} dog enclosures ({self.misplaced} too close to a lot line), "
            f"made in {self.seconds:.1f} s."
        )


def parcels_for(households: int) -> int:
    """How many parcels a demo town of ``households`` households gets (1,500 for 550)."""
    return max(households + 12, round(households * PARCELS_PER_HOUSEHOLD))


def _rect(box: Box) -> dict[str, Any]:
    w, s, e, n = (round(v, 3) for v in box)
    return {"type": "Polygon", "coordinates": [[[w, s], [e, s], [e, n], [w, n], [w, s]]]}


def _line(road: Road) -> dict[str, Any]:
    (x0, y0), (x1, y1) = road.line
    return {"type": "LineString", "coordinates": [[round(x0, 3), round(y0, 3)], [x1, y1]]}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class Layout:
    """Draws the grid, the lots and their buildings. Touches no database."""

    def __init__(self, target: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.target = target
        self.town = place = demo_town.town()
        self.center = place.center
        blocks = max(1, math.ceil(target / 22))
        self.cols = max(1, math.ceil(math.sqrt(blocks * 5 / 3)))
        self.rows = max(1, math.ceil(blocks / self.cols))
        self.x0 = round(self.center[0] - self.cols * BLOCK / 2, -1)
        self.y0 = round(self.center[1] - self.rows * BLOCK / 2, -1)
        self.lots: list[Lot] = []
        self.subdivisions = 0
        middle_col = self.cols // 2
        names = list(place.parcel_streets)
        self.rng.shuffle(names)
        self.street_names = [
            place.main_street if i == middle_col else names[i % len(names)]
            for i in range(self.cols + 1)
        ]
        cross = self.rng.randrange(self.rows + 1)
        self.avenue_names = [
            place.cross_road
            if j == cross
            else f"{_ordinal(self.avenue_at(self.y(j)))} {place.avenue_suffix}"
            for j in range(self.rows + 1)
        ]
        n_blocks = self.cols * self.rows
        self.subdivision_blocks: set[int] = set()
        if n_blocks >= 8:
            self.subdivision_blocks = set(self.rng.sample(range(n_blocks), 2))
        elif n_blocks >= 4:
            self.subdivision_blocks = {self.rng.randrange(n_blocks)}

    def x(self, i: int) -> float:
        return self.x0 + i * BLOCK

    def y(self, j: int) -> float:
        return self.y0 + j * BLOCK

    def avenue_at(self, y: float) -> int:
        return self.town.center_avenue + round((y - self.center[1]) / FEET_PER_AVENUE)

    def street(self, i: int, j: int) -> Road:
        x = self.x(i)
        return Road(self.street_names[i], ((x, self.y(j)), (x, self.y(j + 1))), "x", x)

    def avenue(self, i: int, j: int) -> Road:
        y = self.y(j)
        return Road(self.avenue_names[j], ((self.x(i), y), (self.x(i + 1), y)), "y", y)

    # ------------------------------------------------------------------ lots

    def draw(self) -> None:
        order = [(i, j) for j in range(self.rows) for i in range(self.cols)]
        for index, (i, j) in enumerate(order):
            if len(self.lots) >= self.target:
                break
            if index in self.subdivision_blocks and len(self.lots) + 20 <= self.target:
                self.subdivision(i, j)
                self.subdivisions += 1
                continue
            w, s = self.x(i) + HALF_ROW, self.y(j) + HALF_ROW
            e, n = self.x(i + 1) - HALF_ROW, self.y(j + 1) - HALF_ROW
            mx, my = self.x(i) + BLOCK / 2, self.y(j) + BLOCK / 2
            quarters = [
                ((w, s, mx, my), "W", "S"),
                ((mx, s, e, my), "E", "S"),
                ((w, my, mx, n), "W", "N"),
                ((mx, my, e, n), "E", "N"),
            ]
            for box, ns_side, ew_side in quarters:
                if len(self.lots) >= self.target:
                    break
                street = self.street(i if ns_side == "W" else i + 1, j)
                avenue = self.avenue(i, j if ew_side == "S" else j + 1)
                self.quarter(box, street, ns_side, avenue, ew_side)
        for lot in self.lots:
            lot.vacant = self.rng.random() < VACANT_SHARE
            if not lot.vacant:
                self.buildings(lot)

    def quarter(self, box: Box, street: Road, ns: str, avenue: Road, ew: str) -> None:
        """A quarter-quarter section (about 40 acres): strips off one road, or a band of small lots
        along one road with deeper lots behind off the other."""
        rng = self.rng
        pattern = rng.choices(("street", "avenue", "mixed"), weights=(3, 3, 4))[0]
        if pattern == "street":
            self.strips(box, street, ns, rng.choice((1, 2, 3, 4, 4, 6, 8)))
        elif pattern == "avenue":
            self.strips(box, avenue, ew, rng.choice((1, 2, 3, 4, 4, 6, 8)))
        else:
            band = rng.choice((330.0, 400.0, 440.0))
            along_street = rng.random() < 0.5
            road, side, other, other_side = (
                (street, ns, avenue, ew) if along_street else (avenue, ew, street, ns)
            )
            band_box, rest = self.split(box, side, band)
            self.strips(band_box, road, side, rng.choice((2, 3, 4)))
            self.strips(rest, other, other_side, rng.choice((2, 3, 4, 6)))

    @staticmethod
    def split(box: Box, side: str, depth: float) -> tuple[Box, Box]:
        """The band ``depth`` deep along ``side`` of ``box``, and the rest."""
        w, s, e, n = box
        if side == "W":
            return (w, s, w + depth, n), (w + depth, s, e, n)
        if side == "E":
            return (e - depth, s, e, n), (w, s, e - depth, n)
        if side == "S":
            return (w, s, e, s + depth), (w, s + depth, e, n)
        return (w, n - depth, e, n), (w, s, e, n - depth)

    def strips(self, box: Box, road: Road, front: str, count: int) -> None:
        """``count`` lots side by side, each running from ``road`` the full depth of ``box``."""
        w, s, e, n = box
        along = (s, n) if front in "WE" else (w, e)
        edges = self.cuts(along[0], along[1], count)
        for a, b in pairwise(edges):
            lot_box = (w, a, e, b) if front in "WE" else (a, s, b, n)
            self.lots.append(Lot(lot_box, road, front))

    def cuts(self, start: float, end: float, count: int) -> list[float]:
        """Cut points for ``count`` lots of slightly uneven frontage, at whole feet."""
        weights = [self.rng.uniform(0.85, 1.15) for _ in range(count)]
        total, length = sum(weights), end - start
        points, acc = [start], start
        for weight in weights[:-1]:
            acc += length * weight / total
            points.append(float(round(acc)))
        points.append(end)
        return points

    def subdivision(self, i: int, j: int) -> None:
        """A block with a lane through the middle and small lots (0.5 to 2.5 acres) on both
        sides; the rest of the block in rural lots off the avenues."""
        rng = self.rng
        w, s = self.x(i) + HALF_ROW, self.y(j) + HALF_ROW
        e, n = self.x(i + 1) - HALF_ROW, self.y(j + 1) - HALF_ROW
        lane_y = self.y(j) + BLOCK / 2
        number = self.avenue_at(lane_y)
        name = f"{_ordinal(number)} Ln NW"
        lane = Road(name, ((self.x(i), lane_y), (self.x(i + 1), lane_y)), "y", lane_y)
        depth = rng.choice((250.0, 300.0, 330.0))
        for side, box in (
            ("S", (w, lane_y + LANE_HALF_ROW, e, lane_y + LANE_HALF_ROW + depth)),
            ("N", (w, lane_y - LANE_HALF_ROW - depth, e, lane_y - LANE_HALF_ROW)),
        ):
            x, lots = w, []
            while e - x > 0:
                frontage = rng.uniform(90.0, 330.0)
                if e - x - frontage < 90.0:
                    frontage = e - x
                lots.append((x, min(e, float(round(x + frontage)))))
                x = lots[-1][1]
            for a, b in lots:
                lot_box = (a, box[1], b, box[3])
                self.lots.append(Lot(lot_box, lane, side))
        north = (w, lane_y + LANE_HALF_ROW + depth, e, n)
        south = (w, s, e, lane_y - LANE_HALF_ROW - depth)
        self.strips(north, self.avenue(i, j + 1), "N", rng.choice((5, 6, 8)))
        self.strips(south, self.avenue(i, j), "S", rng.choice((5, 6, 8)))

    # ------------------------------------------------------------------ buildings

    def buildings(self, lot: Lot) -> None:
        """A dwelling set back from the road, centred on the frontage give or take; sometimes an
        accessory building behind it."""
        rng = self.rng
        width = min(rng.uniform(40.0, 72.0), lot.frontage - 40.0)
        deep = rng.uniform(28.0, 48.0)
        setback = rng.uniform(50.0, max(55.0, min(250.0, lot.depth * 0.35)))
        if width < 20 or setback + deep + 40 > lot.depth:
            lot.vacant = True
            return
        slack = (lot.frontage - width) / 2 - 20.0
        offset = rng.uniform(-slack, slack) * 0.6
        lot.dwelling = self.place(lot, setback, deep, offset, width)
        behind = setback + deep + rng.uniform(50.0, 150.0)
        barn_w, barn_d = rng.uniform(30.0, 48.0), rng.uniform(40.0, 72.0)
        if (
            rng.random() < ACCESSORY_SHARE
            and behind + barn_d + 40.0 < lot.depth
            and barn_w + 50.0 < lot.frontage
        ):
            slack = (lot.frontage - barn_w) / 2 - 25.0
            lot.accessory = self.place(lot, behind, barn_d, rng.uniform(-slack, slack), barn_w)

    @staticmethod
    def place(lot: Lot, setback: float, deep: float, offset: float, width: float) -> Box:
        """A rectangle ``setback`` ft behind the front lot line, ``deep`` ft deep, ``width`` ft
        along the frontage, its centre ``offset`` ft from the middle of the frontage."""
        w, s, e, n = lot.box
        if lot.front in "WE":
            centre = (s + n) / 2 + offset
            lo, hi = centre - width / 2, centre + width / 2
            if lot.front == "W":
                return (w + setback, lo, w + setback + deep, hi)
            return (e - setback - deep, lo, e - setback, hi)
        centre = (w + e) / 2 + offset
        lo, hi = centre - width / 2, centre + width / 2
        if lot.front == "S":
            return (lo, s + setback, hi, s + setback + deep)
        return (lo, n - setback - deep, hi, n - setback)

    # ------------------------------------------------------------------ addresses

    def number(self, lot: Lot) -> int:
        """The Anoka County grid number of the lot's frontage: on a street, hundreds from the
        avenue it is near; on an avenue, from the distance west. Odd east and north."""
        w, s, e, n = lot.box
        if lot.road.axis == "x":
            y = (s + n) / 2
            value = round((self.town.center_avenue + (y - self.center[1]) / FEET_PER_AVENUE) * 100)
            odd = lot.front == "W"  # the lot lies east of the street
        else:
            x = (w + e) / 2
            value = round((self.town.grid_east_x - x) / 6.6)
            odd = lot.front == "S"  # the lot lies north of the avenue
        value = max(100, value - value % 2)
        return value + 1 if odd else value


def _owner_name(rng: random.Random, lot: Lot) -> str:
    last = rng.choice(LAST_NAMES).upper()
    first = rng.choice(FIRST_NAMES).upper()
    roll = rng.random()
    if lot.acres >= Decimal(20) and roll < 0.3:
        return f"{last} FARMS LLC"
    if roll < 0.08:
        return f"{last} FAMILY TRUST"
    if roll < 0.45:
        return f"{last} {first} & {rng.choice(FIRST_NAMES).upper()}"
    return f"{last} {first}"


def _pin(rng: random.Random, used: set[str]) -> str:
    """An Anoka County style PIN: section, township, range and a parcel number."""
    while True:
        section = rng.randint(1, 36)
        pin = f"{section:02d}-33-25-{rng.randint(11, 44)}-{rng.randint(1, 120):04d}"
        if pin not in used:
            used.add(pin)
            return pin


def _keeping_many_dogs(streets: dict[str, list[Owner]]) -> list[str]:
    """The addresses whose households keep four or more active dogs over seven months old."""
    grown = months_before(timezone.localdate(), 7)
    counts = Counter(
        Dog.objects.filter(
            owner__in=[o for owners in streets.values() for o in owners],
            status=Dog.Status.ACTIVE,
            born__lte=grown,
        ).values_list("owner__street", flat=True)
    )
    return sorted(street for street, n in counts.items() if n >= 4)


def _households(households: Any) -> list[Owner]:
    if households is None:
        return list(Owner.objects.order_by("pk"))
    if hasattr(households, "households"):  # a licensing.demo.Town
        return sorted(
            (hh.record for hh in households.households if hh.record is not None),
            key=lambda o: o.pk,
        )
    return sorted(households, key=lambda o: o.pk)


@transaction.atomic
def generate_parcels(
    *,
    actor: AbstractBaseUser,
    households: Iterable[Owner] | Any = None,
    parcels: int = DEFAULT_PARCELS,
    seed: int = DEFAULT_SEED,
) -> ParcelMap:
    """Make the synthetic parcel map (see the module docstring) and place ``households`` (the
    Owners, or a ``licensing.demo.Town``; by default every Owner) on it, one parcel per street
    address. Raises ValueError if there are more addresses than parcels with a dwelling."""
    started = time.perf_counter()
    owners = _households(households)
    layout = Layout(parcels, seed)
    layout.draw()
    rng = layout.rng
    lots = layout.lots
    streets: dict[str, list[Owner]] = {}
    for owner in owners:
        streets.setdefault(owner.street, []).append(owner)
    homes = [lot for lot in lots if not lot.vacant]
    if len(streets) > len(homes):
        raise ValueError(
            f"{len(streets)} household addresses but only {len(homes)} parcels with a dwelling; "
            "ask for more parcels"
        )
    placed: dict[int, list[Owner]] = {}
    # A few households keeping four or more grown dogs live on a small lot (2.5 acres or less),
    # so the dog limit list has parcels to show.
    many = _keeping_many_dogs(streets)
    small = [lot for lot in homes if lot.acres <= SMALL_LOT_ACRES]
    for street in rng.sample(many, min(OVER_LIMIT_HOUSEHOLDS, len(many), len(small))):
        lot = small.pop(rng.randrange(len(small)))
        placed[id(lot)] = streets.pop(street)
    free = [lot for lot in homes if id(lot) not in placed]
    chosen = rng.sample(range(len(free)), len(streets))
    for street_owners, index in zip(streets.values(), chosen, strict=True):
        placed[id(free[index])] = street_owners
    # Site addresses: the household's street where one lives, else the grid's, all distinct.
    used = set(streets)
    for lot in lots:
        living = placed.get(id(lot))
        if living is not None:
            lot.address = living[0].street
            continue
        number = layout.number(lot)
        while f"{number} {lot.road.name}" in used:
            number += 2
        lot.address = f"{number} {lot.road.name}"
        used.add(lot.address)

    pins: set[str] = set()
    records: list[Parcel] = []
    for lot in lots:
        living = placed.get(id(lot))
        place = layout.town
        owner_names, street, city, state, postal = "", lot.address, place.town, place.state, ""
        postal = place.postal_code(layout.avenue_at((lot.box[1] + lot.box[3]) / 2))
        if living is not None and rng.random() >= RENTED_SHARE:
            first = living[0]
            owner_names = " & ".join(o.name for o in living).upper()
            city, state = first.city or place.town, first.state or place.state
            postal = first.postal_code or postal
        else:
            owner_names = _owner_name(rng, lot)
            if living is not None or lot.vacant or rng.random() < ABSENTEE_SHARE:
                city, postal = rng.choice(ELSEWHERE_IN_MN)
                street = f"{rng.randint(100, 9999)} {rng.choice(STREET_WORDS)} St"
                if rng.random() < 0.3:
                    street = f"PO Box {rng.randint(10, 999)}"
        parcel = Parcel(
            pin=_pin(rng, pins),
            address=lot.address,
            acres=lot.acres,
            acres_from_map=False,
            owner_names=owner_names[:300],
            mailing_street=street,
            mailing_city=city,
            mailing_state=state,
            mailing_postal_code=postal,
            boundary=_rect(lot.box),
            road_centerline=_line(lot.road),
        )
        lot.parcel = parcel
        records.append(parcel)
    bulk_create_with_history(records, Parcel, batch_size=500, default_user=actor)
    if not all(p.pk for p in records):
        ids = dict(Parcel.objects.filter(pin__in=pins).values_list("pin", "pk"))
        for p in records:
            p.pk = ids[p.pin]

    structures: list[Structure] = []
    for lot in lots:
        assert lot.parcel is not None
        if lot.dwelling is not None:
            structures.append(
                Structure(
                    parcel_id=lot.parcel.pk,
                    kind=Structure.Kind.DWELLING,
                    main=True,
                    label="House",
                    footprint=_rect(lot.dwelling),
                )
            )
        if lot.accessory is not None:
            structures.append(
                Structure(
                    parcel_id=lot.parcel.pk,
                    kind=Structure.Kind.ACCESSORY,
                    main=False,
                    label=rng.choice(("Pole barn", "Detached garage", "Shed")),
                    footprint=_rect(lot.accessory),
                )
            )
    bulk_create_with_history(structures, Structure, batch_size=500, default_user=actor)

    moved: list[Owner] = []
    for lot in lots:
        for owner in placed.get(id(lot), []):
            owner.parcel = lot.parcel
            moved.append(owner)
    if moved:
        bulk_update_with_history(moved, Owner, ["parcel"], batch_size=500, default_user=actor)

    # dog enclosures only where the city's law has them (Nowthen's; not Lino Lakes')
    enclosures = (
        _enclosures(rng, [lot for lot in lots if id(lot) in placed], actor)
        if law_has()["enclosures"]
        else []
    )
    return ParcelMap(
        parcels=len(records),
        structures=len(structures),
        vacant=sum(1 for lot in lots if lot.vacant),
        households=len(moved),
        enclosures=len(enclosures),
        misplaced=min(MISPLACED, len(enclosures)),
        subdivisions=layout.subdivisions,
        seconds=time.perf_counter() - started,
        pins=[p.pin for p in records],
    )


def _enclosures(rng: random.Random, lots: list[Lot], actor: AbstractBaseUser) -> list[Enclosure]:
    """Dog enclosures behind the dwellings of some households; the first ``MISPLACED`` stand
    within 20 ft of a side lot line (``enclosure.placement``)."""
    candidates = [
        lot
        for lot in lots
        if lot.dwelling is not None and lot.frontage >= 200.0 and lot.depth >= 500.0
    ]
    wanted = min(len(candidates), max(MISPLACED + 1, round(len(lots) * 3 * ENCLOSURES_PER_PARCEL)))
    chosen = rng.sample(candidates, wanted)
    made = []
    for number, lot in enumerate(chosen):
        assert lot.dwelling is not None and lot.parcel is not None
        w, s, e, n = lot.box
        dw, ds, de, dn = lot.dwelling
        size_a, size_b = rng.choice(((16.0, 24.0), (20.0, 30.0), (12.0, 20.0), (24.0, 40.0)))
        misplaced = number < MISPLACED
        gap = rng.uniform(45.0, 80.0)  # behind the dwelling
        side_gap = rng.choice((6.0, 12.0)) if misplaced else None
        if lot.front in "WE":
            x0 = de + gap if lot.front == "W" else dw - gap - size_a
            if side_gap is not None:
                y0 = s + side_gap
            else:
                y0 = min(max((ds + dn) / 2 - size_b / 2, s + 30.0), n - 30.0 - size_b)
            box = (x0, y0, x0 + size_a, y0 + size_b)
        else:
            y0 = dn + gap if lot.front == "S" else ds - gap - size_a
            if side_gap is not None:
                x0 = w + side_gap
            else:
                x0 = min(max((dw + de) / 2 - size_b / 2, w + 30.0), e - 30.0 - size_b)
            box = (x0, y0, x0 + size_b, y0 + size_a)
        era = rng.random()
        if era < 0.35:
            built: dt.date | None = dt.date(rng.randint(1988, 2003), rng.randint(4, 10), 1)
        elif era < 0.85:
            built = dt.date(rng.randint(2005, 2025), rng.randint(4, 10), rng.randint(1, 28))
        else:
            built = None
        if misplaced:
            built = dt.date(2019 + number, 6, 15)
        enclosure = Enclosure(
            parcel=lot.parcel,
            label=rng.choice(("Dog run", "Kennel run", "Dog enclosure")),
            location=_rect(box),
            constructed_on=built,
            floor_area_square_feet=Decimal(rng.choice((32, 48, 64, 80, 120))),
            shaded=rng.random() < 0.7,
            recorded_by=actor,
        )
        made.append(enclosure)
    bulk_create_with_history(made, Enclosure, default_user=actor)
    return made
