"""``import_parcels PATH [--user USERNAME]``: import a county parcel file (GeoJSON)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from dogtag.parcels.importing import GeoJSONError, import_parcels, summary


class Command(BaseCommand):
    help = (
        "Import a county parcel file (GeoJSON FeatureCollection, WGS 84 or a projected CRS in "
        "feet or metres): parcels are created or updated by PIN; features with a problem are "
        "listed and not imported."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="the GeoJSON file")
        parser.add_argument("--user", help="the username the import is recorded as made by")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        actor = None
        if options.get("user"):
            model = get_user_model()
            try:
                actor = model.objects.get(**{model.USERNAME_FIELD: options["user"]})
            except model.DoesNotExist:
                raise CommandError(f"No user {options['user']!r}.") from None
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}.") from exc
        console = Console(file=self.stdout._out, width=100, highlight=False)
        progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
        )
        tasks: dict[str, Any] = {}

        def report_progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = progress.add_task(stage, total=total)
            progress.update(tasks[stage], completed=done)

        try:
            with progress:
                report = import_parcels(
                    data, filename=path.name, actor=actor, progress=report_progress
                )
        except GeoJSONError as exc:
            raise CommandError(f"{path.name}: {exc} Nothing was imported.") from exc
        console.print(summary(report), soft_wrap=True)
        if report.rejected:
            table = Table(title=f"Rejected features ({len(report.rejected)}), not imported")
            table.add_column("Row", justify="right")
            table.add_column("PIN")
            table.add_column("Problem", overflow="fold")
            for item in report.rejected:
                table.add_row(str(item.row), item.pin or "—", item.problem)
            console.print(table)
