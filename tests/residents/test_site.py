"""Issue 12: the residents' site is separate from the staff site (its own host when configured)
and speaks the resident's language (browser or switcher) while the staff site stays English."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_public_host_reaches_only_the_residents_site(settings):
    settings.DOGTAG_PUBLIC_HOST = "dogs.nowthen.example"
    settings.ALLOWED_HOSTS = ["dogs.nowthen.example", "testserver"]
    client = Client(HTTP_HOST="dogs.nowthen.example")
    assert client.get("/").url == "/residents/"
    assert client.get("/residents/").status_code == 200
    for staff in ("/accounts/login/", "/admin/", "/search/", "/due/", "/api/v1/openapi.json"):
        assert client.get(staff).status_code == 404, staff
    # The staff host is unchanged.
    assert Client().get("/accounts/login/").status_code == 200


def test_the_browser_language_chooses_spanish_on_the_residents_site_only():
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    public = client.get("/residents/")
    assert public["Content-Language"] == "es"
    assert '<html lang="es">' in public.content.decode()
    assert "Iniciar sesión" in public.content.decode()
    staff = client.get("/accounts/login/")
    assert '<html lang="en">' in staff.content.decode()


def test_the_switcher_chooses_the_language():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    switched = client.post("/residents/language/", {"language": "es", "next": "/residents/"})
    assert switched.status_code == 302
    assert '<html lang="es">' in client.get("/residents/").content.decode()
