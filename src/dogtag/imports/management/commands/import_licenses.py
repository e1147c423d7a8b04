"""``import_licenses FILE.csv [--mapping MAP.toml|json] [--dry-run] [--user USERNAME]
[--report REPORT.csv]``: bring in an existing city's owners, dogs, vaccinations and licenses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from dogtag.imports.layout import LayoutError, load_mapping
from dogtag.imports.report import problems_csv
from dogtag.imports.services import import_licenses


class Command(BaseCommand):
    help = (
        "Import owners, dogs, rabies vaccinations and licenses (with their history) from a legacy "
        "CSV file in the layout of docs/imports/legacy-licenses.md. Every row is checked by the "
        "rules core; a refused row is listed (row, column, value, reason, sections) and not "
        "imported. Running the same file again changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="the CSV file")
        parser.add_argument(
            "--mapping", type=Path, help="a TOML or JSON file naming the file's own columns"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="check every row and report; write nothing"
        )
        parser.add_argument("--user", help="the username the import is recorded as made by")
        parser.add_argument("--report", type=Path, help="also write every problem to this CSV")

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
            mapping_path: Path | None = options.get("mapping")
            mapping = (
                load_mapping(mapping_path.read_bytes(), mapping_path.name) if mapping_path else None
            )
        except OSError as exc:
            raise CommandError(f"Cannot read {exc.filename}: {exc.strerror}.") from exc
        except LayoutError as exc:
            raise CommandError(f"{exc} Nothing was imported.") from exc
        console = Console(file=self.stdout._out, width=120, highlight=False)
        bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
        )
        stages: dict[str, Any] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in stages:
                stages[stage] = bar.add_task(stage, total=total)
            bar.update(stages[stage], completed=done, total=total)

        try:
            with bar:
                report = import_licenses(
                    data,
                    filename=path.name,
                    actor=actor,
                    mapping=mapping,
                    dry_run=options["dry_run"],
                    keep_report=False,
                    progress=progress,
                )
        except LayoutError as exc:
            raise CommandError(f"{exc} Nothing was imported.") from exc
        console.print(("Dry run, nothing written. " if report.dry_run else "") + report.summary())
        if options.get("report"):
            options["report"].write_text(problems_csv(report.problems), encoding="utf-8")
            console.print(f"Every problem is listed in {options['report']}.")
        for level, title in (("refused", "Refused, not imported"), ("warning", "Warnings")):
            rows = [p for p in report.problems if p.level == level]
            if not rows:
                continue
            table = Table(title=f"{title} ({len(rows)})")
            for name, justify in (("Row", "right"), ("Column", "left"), ("Value", "left")):
                table.add_column(name, justify=justify)  # type: ignore[arg-type]
            table.add_column("Reason", overflow="fold")
            table.add_column("Sections")
            for p in rows:
                table.add_row(str(p.row), p.column, p.value, p.reason, ", ".join(p.sections))
            console.print(table)
