"""Behind the city's TLS proxies, every client is itself (issue 25, item 2.1).

Real `dogtag serve` processes, with Waitress and with gunicorn (``--workers 2``), on a city set
up by `dogtag setup` (its own SQLite file), receive requests as one or two proxies in front of
them pass them on: X-Forwarded-For with the client's address (and whatever the client wrote there
before it), X-Forwarded-Proto: https, from 127.0.0.1. Failed sign-ins from one client must lock
out that client only, and both servers must record the same address for it. A peer that is not
the proxy cannot choose its address or claim HTTPS, and `dogtag serve` refuses a production setup
that could not tell clients apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dogtag.serving import edge
from tests.serving.conftest import ADMIN
from tests.serving.live import (
    SERVERS,
    Visitor,
    clean_env,
    copy_var,
    refused_to_start,
    rows,
    serving,
)
from tests.staff.test_production_mode import GOOD_PASSWORD, STRONG_KEY

HOST = "dogtag.nowthenmn.gov"
CLIENT_A = "203.0.113.7"
CLIENT_B = "2001:db8::b"
#: The proxies before the last one, each written into X-Forwarded-For by the proxy after it.
OUTER_PROXIES = ["10.0.0.2", "10.0.0.3"]

# its servers run on databases of their own (the var directories of serving/conftest.py)
pytestmark = pytest.mark.database_independent


def production_env(var: Path, **extra: str) -> dict[str, str]:
    return clean_env(
        var,
        SECRET_KEY=STRONG_KEY,
        ALLOWED_HOSTS=HOST,
        DOGTAG_HTTPS="1",
        DOGTAG_PUBLIC_URL=f"https://{HOST}",
        DOGTAG_LOGIN_FAILURE_LIMIT="3",
        **extra,
    )


def through_proxies(port: int, client: str, proxies: int, claimed: str = "") -> Visitor:
    """A request as ``proxies`` proxies pass it on: the outermost appends the client's address to
    whatever the client wrote in X-Forwarded-For (``claimed``), each later one the address of
    the proxy before it; the last connects from 127.0.0.1."""
    hops = [claimed] if claimed else []
    hops += [client, *OUTER_PROXIES[: proxies - 1]]
    return Visitor(
        port,
        {"Host": HOST, "X-Forwarded-Proto": "https", "X-Forwarded-For": ", ".join(hops)},
    )


@pytest.mark.parametrize("proxies", [1, 2])
@pytest.mark.parametrize("server", SERVERS)
def test_failed_sign_ins_lock_out_the_client_that_made_them_and_no_one_else(
    city_var: Path, tmp_path: Path, server: str, proxies: int
) -> None:
    # given the city's site behind `proxies` TLS proxies, the last on this machine
    var = copy_var(city_var, tmp_path / "var")
    env = production_env(var, DOGTAG_PROXY_COUNT=str(proxies))
    with serving(env, *SERVERS[server], log=tmp_path / "serve.log") as served:
        # when client A fails to sign in three times, each time claiming another address
        failed = [
            through_proxies(served.port, CLIENT_A, proxies, claimed=f"198.51.100.{n}").sign_in(
                f"visitor{n}", "wrong-password"
            )
            for n in range(3)
        ]
        # then A is locked out at the third, and stays so with the administrator's password
        assert failed == [200, 200, 429]
        assert through_proxies(served.port, CLIENT_A, proxies).sign_in(ADMIN, GOOD_PASSWORD) == 429
        # and B, through the same proxies, signs in
        assert through_proxies(served.port, CLIENT_B, proxies).sign_in(ADMIN, GOOD_PASSWORD) == 302
        # and a peer that is not the proxy cannot claim HTTPS: it is sent to the https address
        forged = Visitor(
            served.port,
            {"Host": HOST, "X-Forwarded-Proto": "https", "X-Forwarded-For": CLIENT_B},
            source="127.0.0.2",
        )
        answer = forged.send("GET", "/accounts/login/")
        assert (answer.status, answer.headers["location"]) == (
            301,
            f"https://{HOST}/accounts/login/",
        )
    # and the lock counted A's own address, the sign-in B's: the same under either server
    assert rows(var, "SELECT DISTINCT ip_address FROM axes_accessattempt") == [(CLIENT_A,)]
    assert rows(var, "SELECT ip_address, username FROM axes_accesslog") == [(CLIENT_B, ADMIN)]


@pytest.mark.parametrize("server", SERVERS)
def test_a_forwarded_for_written_by_a_peer_that_is_not_the_proxy_is_ignored(
    city_var: Path, tmp_path: Path, server: str
) -> None:
    # given a site that trusts the X-Forwarded-For of its one proxy on this machine
    var = copy_var(city_var, tmp_path / "var")
    env = clean_env(
        var, SECRET_KEY=STRONG_KEY, DOGTAG_PROXY_COUNT="1", DOGTAG_LOGIN_FAILURE_LIMIT="3"
    )
    with serving(env, *SERVERS[server], log=tmp_path / "serve.log") as served:
        # when another peer fails to sign in three times, writing a new X-Forwarded-For each time
        failed = [
            Visitor(
                served.port, {"X-Forwarded-For": f"198.51.100.{n}"}, source="127.0.0.2"
            ).sign_in(f"visitor{n}", "wrong-password")
            for n in range(3)
        ]
        # then that peer is locked out by its own address
        assert failed == [200, 200, 429]
        # and the proxy's clients are not
        client = Visitor(served.port, {"X-Forwarded-For": CLIENT_A})
        assert client.sign_in(ADMIN, GOOD_PASSWORD) == 302
    assert rows(var, "SELECT DISTINCT ip_address FROM axes_accessattempt") == [("127.0.0.2",)]
    assert rows(var, "SELECT ip_address, username FROM axes_accesslog") == [(CLIENT_A, ADMIN)]


@pytest.mark.parametrize("server", SERVERS)
def test_serve_refuses_a_tls_proxy_it_cannot_see_clients_through(
    city_var: Path, tmp_path: Path, server: str
) -> None:
    # given production behind a TLS proxy, but no count of proxies (the default, 0)
    var = copy_var(city_var, tmp_path / "var")
    log = tmp_path / "serve.log"
    # when `dogtag serve` starts, then it stops without serving and names the variable to set
    done = refused_to_start(production_env(var), *SERVERS[server], log=log)
    assert done.returncode == 2
    assert log.read_text() == (
        "dogtag: error: DOGTAG_HTTPS is on, so Dogtag is behind a TLS proxy, but "
        "DOGTAG_PROXY_COUNT is 0: every request would carry the proxy's address, and 3 failed "
        "sign-ins from anyone would lock out every staff member and resident. Set "
        "DOGTAG_PROXY_COUNT to the number of proxies in front of Dogtag that add to "
        "X-Forwarded-For (1 for one proxy, as in the README's Caddy and nginx examples).\n"
    )


@pytest.mark.parametrize(
    "proxies, peer, forwarded, expected",
    [
        (0, "127.0.0.1", "198.51.100.1", ("127.0.0.1", "http")),  # no proxy: the client's words
        (1, "127.0.0.1", "198.51.100.1", ("198.51.100.1", "https")),
        (1, "127.0.0.1", "6.6.6.6, 198.51.100.1", ("198.51.100.1", "https")),
        (2, "127.0.0.1", "6.6.6.6, 198.51.100.1, 10.0.0.2", ("198.51.100.1", "https")),
        # the outer proxy bypassed: the address the last proxy saw, not its own for everyone
        (2, "127.0.0.1", "198.51.100.1", ("198.51.100.1", "https")),
        (1, "127.0.0.1", "2001:db8::1", ("2001:db8::1", "https")),
        (1, "127.0.0.1", "", ("127.0.0.1", "https")),  # the proxy's own request
        (1, "10.1.1.1", "198.51.100.1", ("10.1.1.1", "http")),  # not the proxy: ignored
    ],
)
def test_the_edge_hands_the_application_the_client_address(
    settings: Any, proxies: int, peer: str, forwarded: str, expected: tuple[str, str]
) -> None:
    # given the proxies the city set up, the last at 127.0.0.1
    settings.DOGTAG_PROXY_COUNT = proxies
    settings.DOGTAG_TRUSTED_PROXY = "127.0.0.1"
    handed: dict[str, Any] = {}

    def application(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        handed.update(environ)  # what Django receives from either server
        start_response("204 No Content", [])
        return []

    environ = {"REQUEST_METHOD": "GET", "REMOTE_ADDR": peer, "wsgi.url_scheme": "http"}
    environ |= {"HTTP_X_FORWARDED_PROTO": "https"}
    environ |= {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    # when a request passes the edge
    edge(application)(environ, lambda status, headers: None)
    # then the application sees the client's address and the scheme the proxy vouched for
    assert (handed["REMOTE_ADDR"], handed["wsgi.url_scheme"]) == expected
    # and a header it did not believe is gone, so nothing after it can believe it either
    if expected[1] == "http":
        assert "HTTP_X_FORWARDED_FOR" not in handed and "HTTP_X_FORWARDED_PROTO" not in handed
