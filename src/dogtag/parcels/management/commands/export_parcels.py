"""``export_parcels PATH``: write every parcel as GeoJSON in the working CRS (feet)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from dogtag.parcels import geojson
from dogtag.parcels.importing import export_collection


class Command(BaseCommand):
    help = (
        "Export the parcel map as a GeoJSON FeatureCollection in the working coordinate system "
        "(with its crs member), with dwellings, structures and road centerlines; it re-imports "
        "unchanged."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="the file to write ('-' for standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        collection = export_collection()
        text = geojson.dumps(collection)
        if str(path) == "-":
            self.stdout.write(text, ending="")
            return
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot write {path}: {exc.strerror}.") from exc
        self.stdout.write(f"Exported {len(collection['features'])} parcels to {path}.")
