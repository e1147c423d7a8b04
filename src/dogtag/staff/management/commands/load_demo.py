import datetime as dt

from django.core.management.base import BaseCommand, CommandParser

from dogtag.staff.demo import demo_logins, load_demo_data


class Command(BaseCommand):
    help = (
        "Load the demo data if the database is empty (make run does this): the demo users and a "
        "synthetic Nowthen of households, dogs and their licensing history."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--households", type=int, help="how many households (default 550)")
        parser.add_argument("--seed", type=int, help="the random seed (default 20110712)")
        parser.add_argument(
            "--as-of",
            type=dt.date.fromisoformat,
            help="the generation date, YYYY-MM-DD, not after today (default today)",
        )

    def handle(self, *args: object, **options: object) -> None:
        made = load_demo_data(
            households=options.get("households"),  # type: ignore[arg-type]
            seed=options.get("seed"),  # type: ignore[arg-type]
            as_of=options.get("as_of"),  # type: ignore[arg-type]
            out=self.stdout,  # type: ignore[arg-type]
        )
        if made:
            self.stdout.write("Demo data loaded.")
            for line in demo_logins():
                self.stdout.write(line)
        else:
            self.stdout.write("The database already has data; no demo data loaded.")
