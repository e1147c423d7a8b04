"""Demo data for `make run`: loaded only into an empty database.

The demo login is printed by `dogtag serve --setup`. Later issues add a synthetic Nowthen (households,
dogs, licenses) here, generated from a fixed seed.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "nowthen-demo-2026"


def database_is_empty() -> bool:
    return not get_user_model().objects.exists()


@transaction.atomic
def load_demo_data() -> bool:
    """Create the demo administrator if the database holds no user yet. True if anything was made."""
    if not database_is_empty():
        return False
    get_user_model().objects.create_superuser(
        username=DEMO_USERNAME,
        password=DEMO_PASSWORD,
        email="demo@example.invalid",
        first_name="Demo",
        last_name="Clerk",
    )
    return True
