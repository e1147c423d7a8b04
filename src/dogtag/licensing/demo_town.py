"""The place the synthetic demo town is set in (issue 27): its name, grid, streets, ZIP and area
codes and invented clinics, read from the package in force (``params/<city>/demo/town.yaml``), so
``make run CITY=lino-lakes`` serves a Lino Lakes and ``make run`` a Nowthen, from one generator
(``dogtag.licensing.demo``, ``dogtag.staff.parcels.demo``)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dogtag.law import params as law_params

FILE = Path("demo") / "town.yaml"


class DemoTownError(ValueError):
    """The package's demo town file is missing or malformed; the message names the field."""


@dataclass(frozen=True)
class DemoTown:
    town: str
    state: str
    password: str
    center: tuple[float, float]  # ftUS, EPSG:26851
    center_avenue: int
    grid_east_x: float
    avenue_suffix: str
    main_street: str
    cross_road: str
    avenues: tuple[int, int]
    house_numbers_on_avenues: tuple[int, int]
    parcel_streets: tuple[str, ...]
    household_streets: tuple[str, ...]
    postal_codes: tuple[tuple[str, int | None], ...]
    area_codes: tuple[tuple[str, float | None], ...]
    clinics: tuple[tuple[str, str, tuple[str, ...]], ...]
    #: where the demo's animals are left in parked vehicles (complaints of ``vehicle.animal_left``)
    parking_lots: tuple[str, ...]

    def postal_code(self, avenue: int) -> str:
        """The ZIP code of a place near ``avenue``: the first whose bound it is below."""
        for code, below in self.postal_codes:
            if below is None or avenue < below:
                return code
        return self.postal_codes[-1][0]

    def area_code(self, draw: float) -> str:
        """The area code for a uniform ``draw`` in [0, 1): the first while below its share."""
        first, share = self.area_codes[0]
        if len(self.area_codes) == 1 or (share is not None and draw < share):
            return first
        return self.area_codes[1][0]


def town() -> DemoTown:
    """The demo town of the city in force."""
    city = law_params.default().city
    return _read(city.folder, city.id)


@functools.cache
def _read(folder: Path, ident: str) -> DemoTown:
    path = folder / FILE
    where = f"params/{ident}/{FILE}"
    if not path.is_file():
        raise DemoTownError(f"{where}: the package has no demo town")
    data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise DemoTownError(f"{where}: must be a mapping")

    def get(key: str) -> Any:
        if key not in data:
            raise DemoTownError(f"{where}: {key} is missing")
        return data[key]

    try:
        return DemoTown(
            town=str(get("town")),
            state=str(get("state")),
            password=str(get("password")),
            center=(float(get("center")[0]), float(get("center")[1])),
            center_avenue=int(get("center_avenue")),
            grid_east_x=float(get("grid_east_x")),
            avenue_suffix=str(get("avenue_suffix")),
            main_street=str(get("main_street")),
            cross_road=str(get("cross_road")),
            avenues=(int(get("avenues")[0]), int(get("avenues")[1])),
            house_numbers_on_avenues=(
                int(get("house_numbers_on_avenues")[0]),
                int(get("house_numbers_on_avenues")[1]),
            ),
            parcel_streets=tuple(str(s) for s in get("parcel_streets")),
            household_streets=tuple(str(s) for s in get("household_streets")),
            postal_codes=tuple(
                (str(code), None if below is None else int(below))
                for code, below in get("postal_codes")
            ),
            area_codes=tuple(
                (str(code), None if share is None else float(share))
                for code, share in get("area_codes")
            ),
            clinics=tuple(
                (str(code), str(name), tuple(str(v) for v in vets))
                for code, name, vets in get("clinics")
            ),
            parking_lots=tuple(str(s) for s in get("parking_lots")),
        )
    except (TypeError, ValueError, IndexError) as exc:
        raise DemoTownError(f"{where}: {exc}") from exc
