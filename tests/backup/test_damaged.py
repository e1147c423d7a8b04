"""`dogtag restore` refuses a damaged archive, a full database, another engine and a clashing
file: exit status 2, a message saying why, and the target site exactly as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.backup import damage
from tests.backup.conftest import Prepared, Site, checksums, sqlite_counts, sqlite_site


def site_files(site: Site) -> dict[str, str]:
    """Every file of the site (database, media, var) with its checksum: the whole target."""
    return checksums(site.root)


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
    # when it is restored
    done = empty_target.dogtag("restore", str(archive))
    # then it is refused, saying why, and the site is exactly as it was (no staging left behind)
    assert done.returncode == 2
    assert (
        done.stderr == f"dogtag: error: cannot restore {archive}: {problem}. Nothing was written.\n"
    )
    assert site_files(empty_target) == before
    assert sorted(p.name for p in empty_target.var.iterdir()) == ["static"]
    assert not (tmp_path / "escaped.txt").exists()


def test_flipped_byte_in_the_compressed_file_is_refused(
    prepared: Prepared, empty_target: Site, tmp_path: Path
) -> None:
    # given a backup with one byte of its compressed stream flipped
    archive = damage.flip_compressed_byte(prepared.archive, tmp_path / "damaged.tar.gz")
    before = site_files(empty_target)
    # when it is restored, then it is refused (how depends on where the byte fell) and nothing changes
    done = empty_target.dogtag("restore", str(archive))
    assert done.returncode == 2
    assert done.stderr.startswith(f"dogtag: error: cannot restore {archive}: ")
    assert done.stderr.endswith(". Nothing was written.\n")
    assert site_files(empty_target) == before


def test_database_with_records_is_refused(prepared: Prepared, tmp_path: Path) -> None:
    # given a site whose database already holds records
    target = sqlite_site(tmp_path / "target")
    shutil.copyfile(prepared.source.sqlite_file, target.sqlite_file)
    before, counts = site_files(target), sqlite_counts(target.sqlite_file)
    # when a backup is restored into it
    done = target.dogtag("restore", str(prepared.archive))
    # then it is refused, naming tables that hold rows, and the database is unchanged
    assert done.returncode == 2
    assert done.stderr.startswith(
        f"dogtag: error: the target SQLite database {target.sqlite_file} is not empty: "
        f"auth_user ({counts['auth_user']} rows), "
    )
    assert done.stderr.endswith("Restore only into a new, empty database. Nothing was written.\n")
    assert site_files(target) == before


def test_other_engine_is_refused(prepared: Prepared, tmp_path: Path) -> None:
    # given a site configured for PostgreSQL (a server that is not even there)
    target = sqlite_site(tmp_path / "target")
    url = "postgres://dogtag@127.0.0.1:9/dogtag"
    # when the SQLite backup is restored into it
    done = target.dogtag("restore", str(prepared.archive), DATABASE_URL=url)
    # then it is refused before any connection, saying which engines differ
    assert done.returncode == 2
    assert done.stderr == (
        "dogtag: error: the archive holds a SQLite database but DATABASE_URL names a PostgreSQL "
        "database (PostgreSQL database dogtag on 127.0.0.1:9): restore into an empty SQLite "
        "database. Nothing was written.\n"
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
    # when the backup is restored
    done = empty_target.dogtag("restore", str(prepared.archive))
    # then it is refused before anything is written: the file and the database are unchanged
    assert done.returncode == 2
    assert done.stderr == (
        f"dogtag: error: {clash} exists and differs from the archive's copy: move it aside, or "
        f"restore into an empty MEDIA_ROOT. Nothing was written.\n"
    )
    assert site_files(empty_target) == before
