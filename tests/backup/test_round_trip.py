"""`dogtag backup` then `dogtag restore` into a new site: every table's row count and every
uploaded file's checksum come back equal (SQLite always; PostgreSQL when the suite runs on it)."""

from __future__ import annotations

import json
import re
import shutil
import stat
import tarfile
from pathlib import Path

import pytest

from dogtag.law import params
from tests.backup.conftest import Prepared, Site, checksums, sqlite_counts, sqlite_site


def test_backup_is_one_private_archive_with_a_manifest(prepared: Prepared) -> None:
    # given the source site and the backup the session made of it
    archive, source = prepared.archive, prepared.source
    # then it is named for the date and time, private, and alone in its folder (no leftovers)
    assert re.fullmatch(r"dogtag-backup-\d{4}-\d\d-\d\dT\d{6}\.tar\.gz", archive.name)
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600
    assert [p.name for p in archive.parent.iterdir()] == [archive.name]
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        manifest = json.load(tar.extractfile("manifest.json"))  # type: ignore[arg-type]
    # and it holds the database, every uploaded file, every parameter file, the manifest last
    media = checksums(source.media)
    shipped = checksums(params.DEFAULT_ROOT)
    shipped = {k: v for k, v in shipped.items() if "__pycache__" not in k}
    assert names == [
        "database/dogtag.sqlite3",
        *(f"media/{rel}" for rel in media),
        *(f"params/{rel}" for rel in shipped),
        "manifest.json",
    ]
    assert any(rel.startswith("evidence/") for rel in media)  # the demo's recording
    # and the manifest gives each member's checksum, the source's row counts and migrations
    assert {k: m["sha256"] for k, m in manifest["members"].items() if k[:6] == "media/"} == {
        f"media/{rel}": sha for rel, sha in media.items()
    }
    assert {k: m["sha256"] for k, m in manifest["members"].items() if k[:7] == "params/"} == {
        f"params/{rel}": sha for rel, sha in shipped.items()
    }
    assert manifest["tables"] == sqlite_counts(source.sqlite_file)
    assert manifest["tables"]["licensing_dog"] > 0
    assert "licensing.0001_initial" in manifest["migrations"]
    assert manifest["format"] == "dogtag-backup" and manifest["format_version"] == 1
    assert manifest["database"]["engine"] == "sqlite"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[56]:00", manifest["created_at"])


@pytest.mark.parametrize("target_state", ["never migrated", "migrated, no records"])
def test_sqlite_round_trip_restores_every_row_and_file(
    prepared: Prepared, empty_target: Site, tmp_path: Path, target_state: str
) -> None:
    # given a new site: its database file absent, or migrated and without records
    target = empty_target
    if target_state == "never migrated":
        target.sqlite_file.unlink()
    # when the backup is restored into it
    done = target.dogtag("restore", str(prepared.archive))
    # then every table has the source's row count, every file its checksum
    assert done.returncode == 0, done.stderr
    source_counts = sqlite_counts(prepared.source.sqlite_file)
    assert sqlite_counts(target.sqlite_file) == source_counts
    assert checksums(target.media) == checksums(prepared.source.media)
    # and the summary says so; the parameter files are those in force, so none is written
    assert done.stdout.splitlines()[1:4] == [
        f"  database: SQLite database {target.sqlite_file}, {len(source_counts)} tables, "
        f"{sum(source_counts.values()):,} rows, every table's count as in the manifest",
        f"  uploaded files: {len(checksums(prepared.source.media))} written to {target.media}",
        "  parameter files: the same as those in force; nothing to restore",
    ]
    assert not (target.var / "params").exists()
    if target_state == "never migrated":
        # and Django finds every migration applied: the site can start on it (checked once:
        # the other case replaces its database file whole just the same)
        check = target.dogtag("manage", "migrate", "--check")
        assert check.returncode == 0, check.stdout + check.stderr


def test_parameter_files_that_differ_are_restored_beside_those_in_force(
    prepared: Prepared, tmp_path: Path
) -> None:
    # given a new site whose parameters in force are not the archive's (a changed fee file)
    target = sqlite_site(tmp_path / "target")
    in_force = tmp_path / "city-params"
    shutil.copytree(params.DEFAULT_ROOT, in_force)
    fees = in_force / "nowthen" / "fees.yaml"
    fees.write_text(fees.read_text() + "\n# amended\n")
    # when the backup is restored
    done = target.dogtag("restore", str(prepared.archive), DOGTAG_PARAMS_DIR=str(in_force))
    # then the archive's parameter files are in var/params, and the command says how to use them
    assert done.returncode == 0, done.stderr
    restored = checksums(target.var / "params")
    assert restored == {
        k: v for k, v in checksums(params.DEFAULT_ROOT).items() if "__pycache__" not in k
    }
    assert (
        f"  parameter files: they differ from those in force, so they are in {target.var}/params; "
        f"to use them, set DOGTAG_PARAMS_DIR={target.var}/params" in done.stdout.splitlines()
    )
    # and the files in force are untouched
    assert fees.read_text().endswith("# amended\n")
