"""A request body larger than the site accepts is refused before it is read (issue 25, item 2.9).

Real `dogtag serve` processes, Waitress and gunicorn, with DOGTAG_MAX_UPLOAD_MB=1: the largest
body either takes is that file plus the form text Django keeps in memory beside it
(DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB) plus 1 MB, so that a file a little over the limit still
gets the form's own message. One byte more is answered 413 as soon as the headers arrive."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.serving.live import PATIENCE, SERVERS, Visitor, clean_env, copy_var, serving
from tests.staff.test_production_mode import STRONG_KEY

MB = 1024 * 1024
LIMIT = 1 * MB + 2_621_440 + 1 * MB
BOUNDARY = "dogtag-body-limit"


def multipart(fields: dict[str, str], size: int) -> bytes:
    """A multipart/form-data body of exactly ``size`` bytes: the fields, then one file."""
    parts = b"".join(
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    )
    head = (
        parts
        + (
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="evidence"; filename="big.wav"\r\n'
            "Content-Type: audio/wav\r\n\r\n"
        ).encode()
    )
    tail = f"\r\n--{BOUNDARY}--\r\n".encode()
    return head + b"\0" * (size - len(head) - len(tail)) + tail


@pytest.mark.parametrize("server", SERVERS)
def test_a_body_over_the_limit_is_refused_before_it_is_read(
    city_var: Path, tmp_path: Path, server: str
) -> None:
    # given a site whose forms take files up to 1 MB
    var = copy_var(city_var, tmp_path / "var")
    env = clean_env(var, SECRET_KEY=STRONG_KEY, DOGTAG_MAX_UPLOAD_MB="1")
    with serving(env, *SERVERS[server], log=tmp_path / "serve.log") as served:
        visitor = Visitor(served.port, {})
        page = visitor.send("GET", "/accounts/login/")
        token = page.cookies["csrftoken"]
        form = {"csrfmiddlewaretoken": token, "username": "visitor", "password": "wrong"}
        # when a body of exactly the limit is sent, then Django reads it and answers the form
        answer = visitor.send(
            "POST",
            "/accounts/login/",
            multipart(form, LIMIT),
            **{"Content-Type": f"multipart/form-data; boundary={BOUNDARY}"},
        )
        assert answer.status == 200
        assert "Sign-in failed" in answer.text
        # when a client announces one byte more and sends only the headers
        with socket.create_connection(("127.0.0.1", served.port), timeout=PATIENCE) as sock:
            sock.sendall(
                (
                    f"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
                    f"Cookie: csrftoken={token}\r\n"
                    f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"
                    f"Content-Length: {LIMIT + 1}\r\n\r\n"
                ).encode()
            )
            received = b""
            while chunk := sock.recv(65536):
                received += chunk
        # then it is refused at once and the connection closed, the body never asked for
        assert received.split(b"\r\n", 1)[0] == b"HTTP/1.1 413 Request Entity Too Large"
