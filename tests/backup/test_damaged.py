"""`dogtag restore` refuses a damaged archive, a full database, another engine and a clashing
file: a message saying why, and the target site exactly as it was.

One case goes through the command (exit status 2, the message on standard error); the others
call the restore in this process against the same kind of site, which is much faster.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from dogtag.backup import operations
from dogtag.backup.archive import BackupError
from dogtag.backup.database import Database
from dogtag.law import params
from tests.backup import damage
from tests.backup.conftest import Prepared, Site, checksums, sqlite_counts, sqlite_site


def site_files(site: Site) -> dict[str, str]:
    """Every file of the site (database, media, var) with its checksum: the whole target."""
    return checksums(site.root)


def places(site: Site, database: Database | None = None) -> operations.Site:
    """The restore's view of a test site, as its settings would give it."""
    return operations.Site(
        database=database
        or Database.from_settings(
            {"ENGINE": "django.db.backends.sqlite3", "NAME": str(site.sqlite_file)}
        ),
        media_root=site.media,
        var_dir=site.var,
        params_root=params.DEFAULT_ROOT,
        jurisdiction="nowthen",
    )


def refused(archive: Path, site: Site, database: Database | None = None) -> str:
    with pytest.raises(BackupError) as refusal:
        operations.restore(archive, io.StringIO(), places(site, database))
    return str(refusal.value)


def test_command_refuses_a_damaged_archive_with_status_2(
    prepared: Prepared, empty_target: Site, tmp_path: Path
) -> None:
    # given a backup with one byte of an uploaded file flipped, and a new site
    archive = damage.repack(damage.flip_member_byte)(prepared.archive, tmp_path / "bad.tar.gz")
    before = site_files(empty_target)
    # when `dogtag restore` is given it
    done = empty_target.dogtag("restore", str(archive))
    # then it exits with status 2, says why, and the site is exactly as it was
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"dogtag: error: cannot restore {archive}: the member "
        f"'media/evidence/2026/neighbour-yard-recording.wav' does not match its checksum in "
        f"the manifest. Nothing was written.\n"
    )
    assert site_files(empty_target) == before
    assert sorted(p.name for p in empty_target.var.iterdir()) == ["static"]  # no staging left


@pytest.mark.parametrize(
    "damaged, problem",
    [
        (
            damage.repack(damage.flip_member_byte),
            "the member 'media/evidence/2026/neighbour-yard-recording.wav' does not match "
            "its checksum in the manifest",
        ),
        (
            damage.repack(damage.drop_fee_file),
            "the member 'params/nowthen/fees.yaml' listed in the manifest is missing",
        ),
        (
            damage.truncate,
            "the archive is damaged or cut short (Compressed file ended before the "
            "end-of-stream marker was reached)",
        ),
        (
            damage.repack(damage.wrong_database_checksum),
            "the member 'database/dogtag.sqlite3' does not match its checksum in the manifest",
        ),
        (
            damage.repack(damage.path_traversal),
            "the archive holds an unexpected member 'media/../../escaped.txt'",
        ),
        (
            damage.repack(damage.symbolic_link),
            "the member 'media/dogs/passwd' is not a plain file (a link or device)",
        ),
    ],
    ids=["flipped byte", "missing member", "truncated", "wrong checksum", "traversal", "link"],
)
def test_damaged_archive_is_refused_and_nothing_written(
    prepared: Prepared, empty_target: Site, tmp_path: Path, damaged, problem: str
) -> None:
    # given a damaged copy of a good backup, and a new site to restore it into
    archive = damaged(prepared.archive, tmp_path / "damaged.tar.gz")
    before = site_files(empty_target)
    # when it is restored, then it is refused, saying why
    assert refused(archive, empty_target) == (
        f"cannot restore {archive}: {problem}. Nothing was written."
    )
    # and the site is exactly as it was: no staging left behind, nothing outside it either
    assert site_files(empty_target) == before
    assert list(empty_target.var.iterdir()) == []
    assert (
        not (tmp_path / "escaped.txt").exists() and not (empty_target.root / "escaped.txt").exists()
    )


def test_flipped_byte_in_the_compressed_file_is_refused(
    prepared: Prepared, empty_target: Site, tmp_path: Path
) -> None:
    # given a backup with one byte of its compressed stream flipped
    archive = damage.flip_compressed_byte(prepared.archive, tmp_path / "damaged.tar.gz")
    before = site_files(empty_target)
    # when it is restored, then it is refused (how depends on where the byte fell) and nothing changes
    message = refused(archive, empty_target)
    assert message.startswith(f"cannot restore {archive}: ")
    assert message.endswith(". Nothing was written.")
    assert site_files(empty_target) == before


def test_database_with_records_is_refused(prepared: Prepared, tmp_path: Path) -> None:
    # given a site whose database already holds records
    target = sqlite_site(tmp_path / "target")
    shutil.copyfile(prepared.source.sqlite_file, target.sqlite_file)
    before, counts = site_files(target), sqlite_counts(target.sqlite_file)
    # when a backup is restored into it, then it is refused, naming tables that hold rows
    message = refused(prepared.archive, target)
    assert message.startswith(
        f"the target SQLite database {target.sqlite_file} is not empty: "
        f"auth_user ({counts['auth_user']} rows), "
    )
    assert message.endswith("Restore only into a new, empty database. Nothing was written.")
    # and the database is unchanged
    assert site_files(target) == before


def test_other_engine_is_refused(prepared: Prepared, tmp_path: Path) -> None:
    # given a site configured for PostgreSQL (a server that is not even there)
    target = sqlite_site(tmp_path / "target")
    database = Database.from_settings(
        {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": "dogtag",
            "HOST": "127.0.0.1",
            "PORT": 9,
        }
    )
    # when the SQLite backup is restored into it, then it is refused before any connection
    assert refused(prepared.archive, target, database) == (
        "the archive holds a SQLite database but DATABASE_URL names a PostgreSQL "
        "database (PostgreSQL database dogtag on 127.0.0.1:9): restore into an empty SQLite "
        "database. Nothing was written."
    )
    assert not target.media.exists()


def test_different_file_in_media_root_is_not_overwritten(
    prepared: Prepared, empty_target: Site
) -> None:
    # given a new site whose MEDIA_ROOT already has a different file at a path the archive holds
    clash = empty_target.media / "dogs/photos/2026/rex.jpg"
    clash.parent.mkdir(parents=True)
    clash.write_bytes(b"another dog")
    before = site_files(empty_target)
    # when the backup is restored, then it is refused before anything is written
    assert refused(prepared.archive, empty_target) == (
        f"{clash} exists and differs from the archive's copy: move it aside, or "
        f"restore into an empty MEDIA_ROOT. Nothing was written."
    )
    # and the file and the database are unchanged
    assert site_files(empty_target) == before


def test_target_that_is_not_a_database_is_refused(prepared: Prepared, tmp_path: Path) -> None:
    # given a site whose DATABASE_URL names a file that is not a SQLite database
    target = sqlite_site(tmp_path / "target")
    target.sqlite_file.write_bytes(b"a clerk's notes, not a database\n" * 10)
    before = site_files(target)
    # when a backup is restored into it, then it is refused with SQLite's reason, changing nothing
    assert refused(prepared.archive, target) == (
        f"the SQLite database {target.sqlite_file} cannot be used: file is not a database"
    )
    assert site_files(target) == before
