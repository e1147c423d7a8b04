# The licensing desk's fixtures (a clerk, tag stock, an owner with a vaccinated dog, the day
# frozen on 2026-11-29), so a test here can issue a license as the desk does.
from tests.licensing.conftest import (  # noqa: F401
    clerk,
    dog,
    frozen_today,
    owner,
    rabies,
    stock,
)
