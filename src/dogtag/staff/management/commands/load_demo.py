from django.core.management.base import BaseCommand

from dogtag.staff.demo import DEMO_PASSWORD, DEMO_USERNAME, load_demo_data


class Command(BaseCommand):
    help = "Load the demo data if the database is empty (make run does this)."

    def handle(self, *args: object, **options: object) -> None:
        if load_demo_data():
            self.stdout.write(f"Demo data loaded. Demo login: {DEMO_USERNAME} / {DEMO_PASSWORD}")
        else:
            self.stdout.write("The database already has data; no demo data loaded.")
