"""Staff browsing the site (issue 14: every staff page p95 < 300 ms with 20 concurrent staff
users): a clerk signs in and opens the pages of the day — search by name and by number, the due
list, complaints, dangerous dogs, kennels, parcels, a dog, an owner, a license, the fee schedule.
``tools/bench/load.py`` runs it headless against `dogtag serve`; the samples (names, numbers,
ids to open) come from the database, in the file LOAD_SAMPLES names."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

from locust import HttpUser, between, task

SAMPLES = json.loads(Path(os.environ["LOAD_SAMPLES"]).read_text(encoding="utf-8"))
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Clerk(HttpUser):
    wait_time = between(0.5, 2.0)

    def on_start(self) -> None:
        page = self.client.get("/accounts/login/", name="sign-in page")
        token = TOKEN.search(page.text)
        assert token, "no CSRF token on the sign-in page"
        with self.client.post(
            "/accounts/login/",
            data={
                "username": SAMPLES["username"],
                "password": SAMPLES["password"],
                "csrfmiddlewaretoken": token.group(1),
            },
            headers={"Referer": f"{self.host}/accounts/login/"},
            name="sign in",
            allow_redirects=False,
            catch_response=True,
        ) as answer:
            if answer.status_code == 302:
                answer.success()
            else:
                answer.failure(f"sign-in answered {answer.status_code}")

    @task(6)
    def search_by_name(self) -> None:
        self.client.get(
            "/search/", params={"q": random.choice(SAMPLES["names"])}, name="search: name"
        )

    @task(6)
    def search_by_number(self) -> None:
        self.client.get(
            "/search/", params={"q": random.choice(SAMPLES["numbers"])}, name="search: number"
        )

    @task(3)
    def dog(self) -> None:
        self.client.get(f"/dogs/{random.choice(SAMPLES['dogs'])}/", name="dog page")

    @task(3)
    def owner(self) -> None:
        self.client.get(f"/owners/{random.choice(SAMPLES['owners'])}/", name="owner page")

    @task(3)
    def license(self) -> None:
        self.client.get(f"/licenses/{random.choice(SAMPLES['licenses'])}/", name="license page")

    @task(2)
    def due_list(self) -> None:
        self.client.get("/due/", name="due list")

    @task(1)
    def home(self) -> None:
        self.client.get("/", name="home")

    @task(1)
    def complaints(self) -> None:
        self.client.get("/complaints/", name="complaints")

    @task(1)
    def dangerous_dogs(self) -> None:
        self.client.get("/dangerous-dogs/", name="dangerous dogs")

    @task(1)
    def kennels(self) -> None:
        self.client.get("/kennels/", name="kennels")

    @task(1)
    def parcels(self) -> None:
        self.client.get("/parcels/", name="parcels")

    @task(1)
    def fees(self) -> None:
        self.client.get("/fees/", name="fee schedule")
