"""`dogtag backup` refuses what would give a bad or misplaced archive, and leaves no file behind
(run in this process on small databases: no Django start-up per case)."""

from __future__ import annotations

import datetime as dt
import io
import re
import shutil
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from dogtag.backup import operations
from dogtag.backup.archive import BackupError
from dogtag.backup.database import Database
from dogtag.law import params
from tests.backup.conftest import Prepared

NOW = dt.datetime(2026, 12, 1, 12, 30, 5, tzinfo=ZoneInfo("America/Chicago"))


def site(database: Path, media: Path, var: Path) -> operations.Site:
    return operations.Site(
        database=Database.from_settings(
            {"ENGINE": "django.db.backends.sqlite3", "NAME": str(database)}
        ),
        media_root=media,
        var_dir=var,
        params_root=params.DEFAULT_ROOT,
        jurisdiction="nowthen",
    )


def test_missing_database_is_refused_and_no_file_left(tmp_path: Path) -> None:
    # given a site whose SQLite file does not exist
    missing = tmp_path / "missing.sqlite3"
    output = tmp_path / "backups"
    # when it is backed up, then it is refused (no empty database is created in its place)
    with pytest.raises(
        BackupError, match=rf"^the SQLite database {re.escape(str(missing))} does not exist$"
    ):
        operations.backup(output, io.StringIO(), NOW, site(missing, tmp_path / "m", tmp_path / "v"))
    assert not missing.exists()
    # and no partial archive or working folder is left in the output folder
    assert list(output.iterdir()) == []


def test_output_inside_media_root_is_refused(prepared: Prepared, tmp_path: Path) -> None:
    # given an output folder inside MEDIA_ROOT (each backup would hold the ones before it)
    media = tmp_path / "media"
    output = media / "backups"
    # when a backup is asked for there, then it is refused and nothing is created
    with pytest.raises(BackupError, match=r"is inside MEDIA_ROOT"):
        operations.backup(output, io.StringIO(), NOW, site(prepared.empty_db, media, tmp_path))
    assert not media.exists()


def test_an_archive_of_the_same_name_is_not_overwritten(prepared: Prepared, tmp_path: Path) -> None:
    # given a backup made at 12:30:05
    database = tmp_path / "dogtag.sqlite3"
    shutil.copyfile(prepared.empty_db, database)
    places = site(database, tmp_path / "media", tmp_path / "var")
    output = tmp_path / "backups"
    first = operations.backup(output, io.StringIO(), NOW, places)
    assert first.name == "dogtag-backup-2026-12-01T123005.tar.gz"
    before = first.read_bytes()
    # when another is asked for with the same name, then it is refused and the first is intact
    with pytest.raises(BackupError, match=r"already exists; not overwriting it$"):
        operations.backup(output, io.StringIO(), NOW, places)
    assert first.read_bytes() == before
    assert [p.name for p in output.iterdir()] == [first.name]
