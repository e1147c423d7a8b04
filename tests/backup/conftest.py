"""Sites for the backup tests: each a database, a MEDIA_ROOT and a DOGTAG_VAR_DIR of its own,
driven through the `dogtag` command in subprocesses (pytest's own database is in memory).

Building a source site (migrate and a small demo town) is the slow part, so the session builds
one SQLite source, one backup of it and one migrated empty database, and the tests copy them.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

DOGTAG = [sys.executable, "-m", "dogtag.cli"]
# migrate, then a demo town of three households (evidence recordings land in MEDIA_ROOT)
SETUP = "import django; django.setup(); from django.core.management import call_command as c; "
# migrate; keep a copy of the migrated, empty database (sqlite3's backup API, as WAL needs);
# then a demo town of three households (its evidence recordings land in MEDIA_ROOT)
PREPARE = SETUP + (
    "import sqlite3, sys; c('migrate', verbosity=0); "
    "src, dst = sqlite3.connect(sys.argv[1]), sqlite3.connect(sys.argv[2]); src.backup(dst); "
    "dst.close(); src.close(); c('load_demo', households=3)"
)
PREPARE_POSTGRES = SETUP + "c('migrate', verbosity=0); c('load_demo', households=3)"
# Uploaded files besides the demo's: nested folders, a name outside ASCII, an empty file.
UPLOADS = {
    "dogs/photos/2026/rex.jpg": bytes(range(256)) * 40,
    "licensing/rabies/2026/certificat-öster.pdf": b"%PDF-1.4 rabies certificate\n" * 30,
    "complaints/empty.txt": b"",
}


@dataclass(frozen=True)
class Site:
    root: Path
    database_url: str

    @property
    def media(self) -> Path:
        return self.root / "media"

    @property
    def var(self) -> Path:
        return self.root / "var"

    @property
    def sqlite_file(self) -> Path:
        return Path(self.database_url.removeprefix("sqlite:///"))

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("DOGTAG_")}
        env.pop("DEBUG", None)
        env.update(
            DATABASE_URL=self.database_url,
            SECRET_KEY="backup-tests-secret-key-not-for-production-0123456789",
            DOGTAG_VAR_DIR=str(self.var),
            MEDIA_ROOT=str(self.media),
            DJANGO_SETTINGS_MODULE="dogtag.settings",
        )
        env.update(extra)
        return env

    def dogtag(self, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*DOGTAG, *args], env=self.env(**extra), capture_output=True, text=True, timeout=300
        )

    def python(self, code: str, *args: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-c", code, *args],
            env=self.env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )


def sqlite_site(root: Path) -> Site:
    root.mkdir(parents=True, exist_ok=True)
    return Site(root, f"sqlite:///{root / 'dogtag.sqlite3'}")


def finish(process: subprocess.Popen[str]) -> None:
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err or out


def add_uploads(site: Site) -> None:
    for rel, data in UPLOADS.items():
        path = site.media / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def checksums(root: Path) -> dict[str, str]:
    """Every file under ``root`` by relative path, with its SHA-256."""
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def sqlite_counts(path: Path) -> dict[str, int]:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        tables = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        # the FTS5 search index (a virtual table and its shadow tables) is no table of records
        virtual = [n for n, sql in tables if sql.startswith("CREATE VIRTUAL TABLE")]
        names = [n for n, _ in tables if not any(n == v or n.startswith(v + "_") for v in virtual)]
        assert len(names) < len(tables)  # the search index is there, and left out
        return {n: conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names}
    finally:
        conn.close()


@dataclass(frozen=True)
class Prepared:
    source: Site
    archive: Path
    empty_db: Path  # a migrated database without records, to copy into targets


@pytest.fixture(scope="session")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Prepared]:
    base = tmp_path_factory.mktemp("backup")
    source = sqlite_site(base / "source")
    empty_db = base / "empty.sqlite3"
    finish(source.python(PREPARE, str(source.sqlite_file), str(empty_db)))
    add_uploads(source)
    done = source.dogtag("backup", "--output", str(base / "backups"))
    assert done.returncode == 0, done.stderr
    (archive,) = (base / "backups").glob("dogtag-backup-*.tar.gz")
    yield Prepared(source, archive, empty_db)
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def empty_target(prepared: Prepared, tmp_path: Path) -> Site:
    """A site whose database is migrated and holds no records, with an empty MEDIA_ROOT."""
    site = sqlite_site(tmp_path / "target")
    shutil.copyfile(prepared.empty_db, site.sqlite_file)
    site.media.mkdir()
    return site
