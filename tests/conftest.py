import pytest

from dogtag.law import params


@pytest.fixture(scope="session")
def nowthen() -> params.ParameterSet:
    """Nowthen's parameter files as shipped."""
    return params.load()
