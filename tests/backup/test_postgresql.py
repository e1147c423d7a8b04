"""The round trip on PostgreSQL (pg_dump and pg_restore), run when the suite runs on PostgreSQL:
a source database with a small demo town and uploads, backed up, restored into a new database
that was never migrated; every table's row count and every file's checksum equal."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.backup.conftest import PREPARE_POSTGRES, Site, add_uploads, checksums, finish

SERVER = "postgres://postgres@127.0.0.1:5432"
# Names of our own, so that parallel runs of other suites on the same server do not collide
# (each run, each xdist worker, has its own).
_RUN = uuid.uuid4().hex[:10]
SOURCE, TARGET = f"h_backup_src_{_RUN}", f"h_backup_dst_{_RUN}"

pytestmark = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="the PostgreSQL round trip runs when the suite runs on PostgreSQL",
)


def admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def counts(name: str) -> dict[str, int]:
    import psycopg

    with psycopg.connect(f"{SERVER}/{name}") as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            )
        ]
        return {t: conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}


@pytest.fixture
def databases() -> Iterator[None]:
    for name in (SOURCE, TARGET):
        admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin(f"CREATE DATABASE {name}")
    yield
    for name in (SOURCE, TARGET):
        admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_postgresql_round_trip_restores_every_row_and_file(databases: None, tmp_path: Path) -> None:
    # given a PostgreSQL site with a small demo town and some uploads
    source = Site(tmp_path / "source", f"{SERVER}/{SOURCE}")
    finish(source.python(PREPARE_POSTGRES))
    add_uploads(source)
    # when it is backed up, and restored into a new site whose database was never migrated
    done = source.dogtag("backup", "--output", str(tmp_path / "backups"))
    assert done.returncode == 0, done.stderr
    (archive,) = (tmp_path / "backups").glob("dogtag-backup-*.tar.gz")
    target = Site(tmp_path / "target", f"{SERVER}/{TARGET}")
    restored = target.dogtag("restore", str(archive))
    # then every table has the source's row count and every file its checksum
    assert restored.returncode == 0, restored.stderr
    source_counts = counts(SOURCE)
    assert source_counts["licensing_dog"] > 0
    assert counts(TARGET) == source_counts
    assert checksums(target.media) == checksums(source.media)
    assert (
        f"  database: PostgreSQL database {TARGET} on 127.0.0.1:5432, {len(source_counts)} "
        f"tables, {sum(source_counts.values()):,} rows, every table's count as in the manifest"
        in restored.stdout.splitlines()
    )
    # and a second restore into the now full database is refused, changing nothing
    again = target.dogtag("restore", str(archive))
    assert again.returncode == 2
    assert (
        f"dogtag: error: the target PostgreSQL database {TARGET} on 127.0.0.1:5432 is not empty"
        in again.stderr
    )
    assert counts(TARGET) == source_counts
    shutil.rmtree(tmp_path / "backups")
