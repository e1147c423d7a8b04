"""The public base URL (issue 25, part 3): production says where it is reached, or is not served;
otherwise the links name the address `dogtag serve` serves (``records.links``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dogtag.dangerous_dogs.documents.notice import request_page_address
from dogtag.records import links
from dogtag.residents.links import absolute
from tests.serving.live import clean_env, copy_var, refused_to_start
from tests.staff.test_production_mode import STRONG_KEY


def test_production_without_a_public_address_is_not_served(city_var: Path, tmp_path: Path) -> None:
    # given production behind one TLS proxy, without DOGTAG_PUBLIC_URL
    var = copy_var(city_var, tmp_path / "var")
    env = clean_env(
        var,
        SECRET_KEY=STRONG_KEY,
        DOGTAG_HTTPS="1",
        ALLOWED_HOSTS="dogtag.nowthenmn.gov",
        DOGTAG_PROXY_COUNT="1",
    )
    log = tmp_path / "serve.log"
    # when `dogtag serve` starts, then it stops without serving and names the variable to set
    done = refused_to_start(env, log=log)
    assert done.returncode == 2
    assert log.read_text() == (
        "dogtag: error: DOGTAG_PUBLIC_URL is not set: the links in e-mail and documents "
        "(sign-in links, renewal reminders, the Notice of Dangerous Dog's hearing request "
        "address) would not lead to the site. Set DOGTAG_PUBLIC_URL to the address residents "
        "and staff reach the site at, e.g. https://dogtag.nowthenmn.gov.\n"
    )


@pytest.mark.parametrize(
    "value, problem",
    [
        ("https://dogtag.nowthenmn.gov", None),
        ("https://dogtag.nowthenmn.gov/", None),
        ("http://10.0.0.5:8080/dogtag", None),
        ("dogtag.nowthenmn.gov", "dogtag.E002"),  # no scheme: a link would be relative
        ("ftp://dogtag.nowthenmn.gov", "dogtag.E002"),
        ("https://", "dogtag.E002"),
        ("https://dogtag.nowthenmn.gov:port", "dogtag.E002"),
        ("https://dogtag.nowthenmn.gov/?city=nowthen", "dogtag.E002"),
        ("", "dogtag.E001"),
    ],
)
def test_the_public_address_is_checked(settings: Any, value: str, problem: str | None) -> None:
    settings.DOGTAG_PUBLIC_URL = value
    assert [m.id for m in links.check_public_url()] == ([problem] if problem else [])


@pytest.mark.parametrize(
    "host, port, url",
    [
        ("127.0.0.1", 8123, "http://127.0.0.1:8123"),
        ("dogtag.local", 8000, "http://dogtag.local:8000"),
        ("0.0.0.0", 8000, "http://127.0.0.1:8000"),  # every address: this machine's
        ("::", 8000, "http://127.0.0.1:8000"),
        ("::1", 8000, "http://[::1]:8000"),
    ],
)
def test_the_links_name_the_address_served(host: str, port: int, url: str) -> None:
    assert links.served_url(host, port) == url


def test_every_link_starts_from_the_one_public_address(settings: Any) -> None:
    # given the site's public address, with a trailing slash as people type it
    settings.DOGTAG_PUBLIC_URL = "https://dogtag.nowthenmn.gov/"
    # then the notice's hearing request address and the residents' links are on it
    assert request_page_address() == "https://dogtag.nowthenmn.gov/residents/hearing-request/"
    assert absolute("/residents/household/") == "https://dogtag.nowthenmn.gov/residents/household/"
